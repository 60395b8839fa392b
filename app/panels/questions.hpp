// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "editor/commands.hpp"
#include "panels/ui.hpp"

namespace pickray::app {

/// The file browser and the questions (overwrite, discard, quit), when open.
void fileWindows(UiState& state, const UiView& view, std::vector<Command>& out);

}  // namespace pickray::app
