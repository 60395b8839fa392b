// SPDX-License-Identifier: MIT
#pragma once
// The collision sources share the helpers the inline ray routines use.
#include "pickray/collision/detail/common.hpp"
