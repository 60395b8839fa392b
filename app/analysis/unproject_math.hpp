// SPDX-License-Identifier: MIT
#pragma once
// A pick's unprojection shown step by step: the Direct3D viewport and its matrix, the
// cursor's near and far points through window, NDC, clip, view and world space, both clip-depth
// conventions' projections, and the hit's depth in each. The Math panel and the report's
// `unproject` show these values; they are the library's own (Unprojection::steps), not a second
// unprojection written here.

#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include "editor/pick.hpp"
#include "pickray/picking.hpp"

namespace pickray::app {

/// Where a hit is drawn in depth, in both conventions: NDC depth (OpenGL's −1..1, Direct3D's 0..1)
/// and window depth in the viewport's [MinZ, MaxZ] (the same number in both, up to rounding: the
/// conventions differ in NDC only).
struct HitDepth {
    double ndcGl = 0.0;
    double windowGl = 0.0;
    double ndcD3d = 0.0;
    double windowD3d = 0.0;
};

struct UnprojectMath {
    glm::vec2 pixel{0.0f};  ///< the drawable point unprojected: the cursor's pixel centre
    Viewport viewport;      ///< D3DVIEWPORT9: X, Y, Width, Height, MinZ, MaxZ
    ClipDepth clipDepth = ClipDepth::NegativeOneToOne;
    glm::mat4 viewportMatrix{1.0f};  ///< GLM's column form in the active convention (M · v)
    glm::mat4 projection{1.0f};      ///< the active convention's: the one inverted
    glm::mat4 projectionGl{1.0f};    ///< the same camera's −1..1 projection
    glm::mat4 projectionD3d{1.0f};   ///< ... and 0..1 projection
    glm::mat4 view{1.0f};            ///< the frame's view (lookAt(eye, target, up))
    /// The near and far points under the cursor and the ray: pick.ray bit for bit.
    Unprojection::Steps steps;
    std::optional<HitDepth> hitDepth;  ///< for the pick's nearest hit; none for a miss
};

/// The math of `pick` in the frame it was made in (pick.frame). The frame must be pickable.
[[nodiscard]] UnprojectMath unprojectMath(const Pick& pick);

/// Where `world` is drawn in depth (HitDepth), from the frame's view and both projections, in double.
[[nodiscard]] HitDepth hitDepth(glm::vec3 world, const FrameMatrices& frame);

/// Whether entry (column, row) differs between the two projections (only depth entries can).
[[nodiscard]] bool projectionsDiffer(const UnprojectMath& math, int column, int row) noexcept;

}  // namespace pickray::app
