// SPDX-License-Identifier: MIT
#pragma once
// The part of the view the panels leave free, for framing (F, Home): the largest rectangle centred
// on the window's centre that no docked panel covers. Pure arithmetic on the panels' rectangles.

#include <vector>

#include <glm/vec2.hpp>

#include "editor/commands.hpp"
#include "panels/drawn_panels.hpp"

namespace pickray::app {

/// A rectangle centred on the window's centre (window units): its half width and half height.
struct FreeView {
    glm::vec2 center{0.0f};
    glm::vec2 half{0.0f};
};

/// The centred rectangle no docked panel (PanelRect::docked) covers, for a sphere's silhouette: of
/// the rectangles that avoid every panel, the one with the largest narrower half side (a circle
/// round the centre fits it), then the largest area. Each panel is avoided by a centred rectangle
/// when its half width stops at the panel's nearest x or its half height at the panel's nearest y.
[[nodiscard]] FreeView freeView(const std::vector<PanelRect>& panels, glm::vec2 window);

/// Frame (F, Home) in `window` with `free` the part the panels leave: the view's aspect ratio, and
/// the free rectangle as parts of the view's half extents.
[[nodiscard]] command::Frame frameCommand(bool all, glm::vec2 window, const FreeView& free);

}  // namespace pickray::app
