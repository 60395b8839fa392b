// SPDX-License-Identifier: MIT
#pragma once

#include "panels/ui.hpp"

namespace pickray::app {

/// With the panels hidden by the user: "H: show the panels" in the view's bottom-left corner.
void panelsHint(UiState& state, const UiView& view);

}  // namespace pickray::app
