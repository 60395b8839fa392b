// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "editor/commands.hpp"
#include "panels/panel_layout.hpp"

namespace pickray::app {

/// The Inspector panel: the selected object's colour and shape fields, and its size warning.
void inspector(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out);

}  // namespace pickray::app
