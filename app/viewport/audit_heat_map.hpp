// SPDX-License-Identifier: MIT
#pragma once
// The pick audit's heat map (View > Pick audit): what is drawn over the view once a
// frame is audited. The scene is dimmed, and every mismatch pixel gets a square marker
// (kAuditMarkerRadius pixels about it) in a bright colour: robust mismatches (the picture is
// wrong there) in one, non-robust ones (an edge's float rounding) in another. A mismatch is a
// pixel of a silhouette, so alone it would be a 1-px speck; the markers make each one visible
// at 1280x720. Data only: the renderer draws the rectangles (Renderer::drawOverScene).

#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "render/renderer.hpp"

namespace pickray::app {

/// The scene under the heat map: black at this alpha over it (the picture stays recognisable,
/// the markers are brighter than anything left of it).
inline constexpr glm::vec4 kAuditDim{0.0f, 0.0f, 0.0f, 0.5f};
/// Robust mismatches: magenta, a hue no object of the demo's palette has, nor its outlines.
inline constexpr glm::vec4 kAuditRobustColor{1.0f, 0.2f, 1.0f, 1.0f};
/// Non-robust mismatches (on an edge, within the probes' 1e-3 px): yellow.
inline constexpr glm::vec4 kAuditEdgeColor{1.0f, 0.9f, 0.2f, 1.0f};
/// A mismatch pixel's marker covers the pixels within this Chebyshev distance of it (radius 1:
/// 3x3 pixels).
inline constexpr int kAuditMarkerRadius = 1;

/// The rectangles of the heat map of `classes` (AuditCounts::classes, `size` pixels, top row
/// first), in drawing order: the dimming over the whole view, the non-robust markers, then the
/// robust ones on top (where markers overlap the robust colour shows). A horizontal run of
/// mismatch pixels of one kind is one rectangle. Empty when `classes` is not `size`'s.
[[nodiscard]] std::vector<render::ScreenRect> auditHeatMap(std::span<const std::uint8_t> classes, glm::ivec2 size);

}  // namespace pickray::app
