// SPDX-License-Identifier: MIT
#pragma once
// The source articles' constructions drawn in the view (View > Constructions): the lines
// and dots of a ShownConstruction (analysis/construction.hpp) for the renderer, and the labels the
// articles give the points ("Q1", "R2", "cap A", "t_max", ...) placed at their window points for
// the panels to write. Every point drawn is one the library computed (or the shape's own axis and
// radius); the construction is drawn over everything, since most of it lies inside the solid.

#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "analysis/construction.hpp"
#include "editor/pick.hpp"
#include "render/renderer.hpp"

namespace pickray::app {

/// Colours (docs/DEMO.md): the cross-section circles and R–Q radii, the axis, a cap plane's
/// crossing on its cap and off it, the slab intervals along x, y, z of the box's frame, and the
/// span they leave (the slabs' intersection, or the capped cylinder's enter..exit).
inline constexpr glm::vec3 kCircleColor{1.0f, 0.6f, 0.15f};
inline constexpr glm::vec3 kAxisColor{0.75f, 0.6f, 1.0f};
inline constexpr glm::vec3 kOnCapColor{1.0f, 0.9f, 0.2f};
inline constexpr glm::vec3 kOffCapColor{0.6f, 0.6f, 0.66f};
inline constexpr glm::vec3 kSlabColors[3] = {{1.0f, 0.4f, 0.4f}, {0.4f, 0.95f, 0.4f}, {0.45f, 0.65f, 1.0f}};
inline constexpr glm::vec3 kSpanColor{1.0f, 1.0f, 1.0f};
/// A slab's interval is drawn beside the ray, (axis + 1) · kSlabOffsetPixels to its side (720p
/// pixels), so the three and the ray do not cover each other.
inline constexpr float kSlabOffsetPixels = 9.0f;

/// A point the construction names, in the world.
struct ConstructionLabel {
    std::string text;
    glm::vec3 at{0.0f};
    glm::vec3 color{1.0f};
};

struct ConstructionDrawing {
    render::DebugDraw draw;  ///< lines (over everything) and dots
    std::vector<ConstructionLabel> labels;
};

/// What the view draws of `construction` in `frame` (sizes in 720p pixels, as the overlay's).
[[nodiscard]] ConstructionDrawing drawConstruction(const ShownConstruction& construction, const FrameMatrices& frame);

/// A label at its window point (window units, top-left origin): where the named point is drawn.
struct ScreenLabel {
    std::string text;
    glm::vec2 at{0.0f};
    glm::vec3 color{1.0f};
};
/// The labels of the points in front of the eye and within the view's depth range.
[[nodiscard]] std::vector<ScreenLabel> screenLabels(const std::vector<ConstructionLabel>& labels,
                                                    const FrameMatrices& frame);

}  // namespace pickray::app
