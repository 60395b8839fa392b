// SPDX-License-Identifier: MIT
#pragma once

#include "panels/ui.hpp"

namespace pickray::app {

/// The messages (toasts) at the bottom of the view, fading as their time runs out.
void toastWindow(UiState& state, const UiView& view);

}  // namespace pickray::app
