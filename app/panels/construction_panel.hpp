// SPDX-License-Identifier: MIT
#pragma once
// View > Constructions (C): the source articles' constructions for the last pick (editor/
// construction.hpp), listed with the library's numbers, and article 001's (s, t) square for the
// last two selected capsules as a heat map; and the labels of the points drawn in the view.

#include <vector>

#include <glm/vec2.hpp>

#include "panels/panel_layout.hpp"
#include "viewport/constructions.hpp"
#include "viewport/view_drawing.hpp"

namespace pickray::app {

/// The (s, t) square's side in cells (PairMap), and in pixels at UI scale 1.
inline constexpr int kPairMapCells = 48;
inline constexpr float kPairMapPixels = 150.0f;

/// Draws the panel when state.constructions is on, at its place in the band (`layout`); records
/// what it explains even when another band panel is in front of it.
void constructionPanel(UiState& state, const UiView& view, const Layout& layout, float top);

/// Writes the view's labels beside their window points, each in a dark box placed off the lines,
/// the gizmo's handles, this frame's docked panels and the labels before it (placeLabels), under the
/// panels (state.constructions on); records them and what they kept off (DrawnPanels::viewLabels,
/// viewLines, gizmoHandles). Call once a frame, after buildUi.
void drawViewLabels(UiState& state, const ViewLabels& labels, DrawnPanels& drawn);

}  // namespace pickray::app
