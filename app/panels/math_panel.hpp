// SPDX-License-Identifier: MIT
#pragma once
// The Math panel (View > Math panel, M): the last pick's or the hovered pixel's unprojection step
// by step, the Direct3D way.

#include <glm/vec2.hpp>

#include "panels/ui.hpp"

namespace pickray::app {

/// Draws the panel when state.mathPanel is on, at its default place `at` and `size` (top: the
/// menu bar's height).
void mathPanel(UiState& state, const UiView& view, glm::vec2 at, glm::vec2 size, float top);

}  // namespace pickray::app
