// SPDX-License-Identifier: MIT
#pragma once
// Where the constructions' labels go on the screen: the lines over the view projected to window
// units (clipped at the near plane, as the frame draws them), the gizmo's handles as thick
// segments, and for each label the first of a few places round its point whose box crosses none
// of them, no panel and no label placed before it. Pure functions; the panels measure the text
// and draw the boxes.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "editor/pick.hpp"
#include "render/renderer.hpp"
#include "viewport/gizmo.hpp"

namespace pickray::app {

/// A line on the screen (window units, top-left origin): its ends and half its drawn width.
struct ScreenSegment {
    glm::vec2 a{0.0f};
    glm::vec2 b{0.0f};
    float halfWidth = 0.0f;
};

/// A rectangle on the screen (window units): its top-left corner and its size.
struct ScreenBox {
    glm::vec2 pos{0.0f};
    glm::vec2 size{0.0f};
    [[nodiscard]] glm::vec2 max() const { return pos + size; }
};

/// `lines` as `frame` draws them: each clipped at the near plane (the part behind the eye is not
/// drawn) and projected; its width, in 720p pixels as the renderer takes it, in window units.
[[nodiscard]] std::vector<ScreenSegment> screenSegments(std::span<const render::DebugLine> lines,
                                                        const FrameMatrices& frame);

/// The gizmo's handles on the screen: each capsule or cylinder of handleShapes as its axis with
/// its radius, any other shape as the diagonals of its bounds' screen rectangle.
[[nodiscard]] std::vector<ScreenSegment> gizmoSegments(const Gizmo& gizmo, const FrameMatrices& frame);

/// Whether the box meets the segment's band (the segment widened by its half width).
[[nodiscard]] bool crosses(const ScreenBox& box, const ScreenSegment& segment);
[[nodiscard]] bool overlaps(const ScreenBox& a, const ScreenBox& b);

/// What a label keeps off, and where it may go (the window's rectangle).
struct LabelObstacles {
    std::span<const ScreenSegment> lines;
    std::span<const ScreenSegment> gizmo;
    std::span<const ScreenBox> panels;
    ScreenBox window;
};

/// A label's box where it was placed, and whether that place is clear of every obstacle.
struct LabelPlace {
    ScreenBox box;
    bool clear = false;
};

/// How near (window units) a line's band must pass a label's point to be one the label names.
inline constexpr float kThroughPoint = 1.5f;

/// The places tried round a label's point `at` for a box of `size`, nearest first: right, left,
/// above, below, the diagonals, above and below with an end of the box over the point, `gap` from it, then the same 2, 4, 6, 8 and 12 gaps out.
[[nodiscard]] std::vector<ScreenBox> labelCandidates(glm::vec2 at, glm::vec2 size, float gap);

/// Each label's box (its point and box size, in order): the first candidate clear of the
/// obstacles and of the boxes placed before it; where none is, the least bad: never under a panel,
/// off the window or over another label when another place is not, then over the fewest lines
/// through its point (kThroughPoint), then the fewest other lines and handles. A point with no
/// candidate inside the window (at or past its edge) has its candidates moved inside it.
[[nodiscard]] std::vector<LabelPlace> placeLabels(std::span<const glm::vec2> points, std::span<const glm::vec2> sizes,
                                                  const LabelObstacles& obstacles, float gap);

}  // namespace pickray::app
