// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "editor/commands.hpp"
#include "panels/ui.hpp"

namespace pickray::app {

/// The Inspector's gizmo buttons (move, rotate, scale, local, frame) and what Ctrl snaps to.
void gizmoBar(UiState& state, const UiView& view, std::vector<Command>& out);

}  // namespace pickray::app
