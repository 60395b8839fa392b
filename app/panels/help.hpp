// SPDX-License-Identifier: MIT
#pragma once

#include "panels/ui.hpp"

namespace pickray::app {

/// Help > Shortcuts and mouse (F1): every key and what the mouse does in the view.
void helpWindow(UiState& state);

}  // namespace pickray::app
