// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "editor/commands.hpp"
#include "panels/panel_layout.hpp"

namespace pickray::app {

/// The Pick panel: timings, the last pick's ray and hit, and the spans of the line through it.
void pickPanel(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out);

}  // namespace pickray::app
