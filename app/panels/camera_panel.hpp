// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "editor/commands.hpp"
#include "panels/panel_layout.hpp"

namespace pickray::app {

/// The Camera panel: projection, depth range, field of view, near, far and ortho height.
void cameraPanel(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out);

}  // namespace pickray::app
