// SPDX-License-Identifier: MIT
#pragma once
// pickray's queries over collections of mixed shapes: the Shape variant and the BVH.

#include "pickray/query/bvh.hpp"
#include "pickray/query/parallel.hpp"
#include "pickray/query/shape.hpp"
