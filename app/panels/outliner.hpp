// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "editor/commands.hpp"
#include "panels/panel_layout.hpp"

namespace pickray::app {

/// The Scene panel: the objects, filtered by name, and the buttons that add, change and generate them.
void outliner(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out);

}  // namespace pickray::app
