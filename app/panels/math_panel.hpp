// SPDX-License-Identifier: MIT
#pragma once
// The Math panel (View > Math panel, M): the last pick's or the hovered pixel's unprojection step
// by step, the Direct3D way.

#include "panels/panel_layout.hpp"

namespace pickray::app {

/// Draws the panel when state.mathPanel is on, at its place in the band (`layout`; top: the menu
/// bar's height).
void mathPanel(UiState& state, const UiView& view, const Layout& layout, float top);

}  // namespace pickray::app
