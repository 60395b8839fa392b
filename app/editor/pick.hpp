// SPDX-License-Identifier: MIT
#pragma once
// One frame's matrices and what a cursor picks with them.

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>

#include "pickray/picking.hpp"
#include "scene/scene.hpp"
#include "scene/scene_index.hpp"

namespace pickray::app {

/// Everything a frame is drawn and picked with, computed once per frame.
struct FrameMatrices {
    scene::Camera camera;  ///< the camera the matrices were made from
    glm::mat4 view{1.0f};
    /// The rays' camera (clickRay): the view's rotation alone (the camera moved to the origin) and
    /// the eye, so that rays far from the world origin are not built through a float translation.
    glm::mat4 rotationView{1.0f};
    glm::vec3 eye{0.0f};
    /// World size of a drawable pixel at the camera's target distance (scene::worldPerPixel there):
    /// the unit the pick audit's probe is measured in.
    float pixelAtTarget = 0.0f;
    glm::mat4 projection{1.0f};          ///< in `clipDepth`'s convention: the matrix picking inverts
    glm::mat4 drawViewProjection{1.0f};  ///< glClipRemap(clipDepth) · projection · view, for GL 3.3
    Viewport viewport;                   ///< drawable pixels, depth 0..1 (D3DVIEWPORT9 defaults)
    ClipDepth clipDepth = ClipDepth::NegativeOneToOne;
    glm::vec2 pixelsPerWindowUnit{1.0f};  ///< HiDPI scale: drawable size / window size
    /// False for a window with no pixels (minimised, 0 wide or high): its matrices are not finite,
    /// so nothing may be picked, dragged or drawn with them (isValidPickingSetup).
    bool pickable = false;
};

[[nodiscard]] FrameMatrices frameMatrices(const scene::Camera& camera, glm::ivec2 windowSize, glm::ivec2 drawableSize);

/// Window coordinates (SDL mouse: integer units, top-left origin) -> drawable pixel position of
/// that point's centre, the cursor cursorRay expects.
[[nodiscard]] glm::vec2 cursorPixel(glm::ivec2 window, const FrameMatrices& frame) noexcept;

/// The ray a click, hover, gizmo drag or the pick audit gets at drawable point `cursor`: the one
/// route of every pick (cursorRayFromEye with the frame's rotation and eye).
[[nodiscard]] Ray clickRay(glm::vec2 cursor, const FrameMatrices& frame) noexcept;
/// The frame's clicks for many cursors: clickUnprojection(frame).ray(cursor) is clickRay(cursor,
/// frame) bit for bit (clickRay is that), the inverses worked out once (the pick audit's millions).
[[nodiscard]] Unprojection clickUnprojection(const FrameMatrices& frame) noexcept;

/// A pick: the ray under a cursor and what it meets in the scene.
struct Pick {
    glm::ivec2 cursorWindow{0};
    glm::vec2 cursor{0.0f};  ///< drawable pixels
    Ray ray;
    /// The far plane's t along the ray: hits beyond it are left out of `hits`, as the GPU clips
    /// them there (a click picks what it sees). Infinite for a ray with no far plane.
    float tFar = std::numeric_limits<float>::infinity();
    std::vector<scene::ObjectHit> hits;    ///< each object's first hit up to tFar, by t
    std::vector<scene::ObjectSpan> spans;  ///< every object the line crosses, by enter
    double queryMs = 0.0;                  ///< time the scene queries took (hits and spans)
    FrameMatrices frame;                   ///< the frame the ray was made in (the Math panel shows it)
    /// The object a drag carries: the pick stays on it while the ray meets it, even behind another
    /// object the drag brought it under (the pick is the dragged object, as editors keep it).
    std::optional<std::size_t> holding;

    /// The first hit along the ray.
    [[nodiscard]] std::optional<scene::ObjectHit> nearest() const {
        return hits.empty() ? std::nullopt : std::optional(hits.front());
    }
    /// The hit the pick names: the held object's when the ray meets it, else the nearest.
    [[nodiscard]] std::optional<scene::ObjectHit> picked() const {
        if (holding)
            for (const scene::ObjectHit& h : hits)
                if (h.object == *holding) return h;
        return nearest();
    }
};

/// The t along `ray` (the ray through drawable point `cursor`) of the far plane's point under the
/// same cursor: the GPU draws nothing beyond it.
[[nodiscard]] float farPlaneT(const Ray& ray, glm::vec2 cursor, const FrameMatrices& frame) noexcept;
/// The same with the far plane's point under the cursor relative to the eye, as the frame's
/// clickUnprojection gives it (screenToWorld or rayAndFarPoint), and the eye: bit for bit
/// (farPlaneT above is this).
[[nodiscard]] float farPlaneT(const Ray& ray, glm::vec3 farFromEye, glm::dvec3 eye) noexcept;

/// The ray under the cursor and what it meets up to the far plane, from the scene's BVH index.
[[nodiscard]] Pick pickAt(const scene::SceneIndex& index, const FrameMatrices& frame, glm::ivec2 cursorWindow);

/// The same for a point of the drawable (pixels) rather than of the window; cursorWindow is the
/// window point it lies in.
[[nodiscard]] Pick pickAtPixel(const scene::SceneIndex& index, const FrameMatrices& frame, glm::vec2 cursor);

/// Recomputes hits (up to pick.tFar) and spans of the same ray after the scene changed (the ray itself stays, so it
/// can be looked at from elsewhere after orbiting).
void refresh(Pick& pick, const scene::SceneIndex& index);

/// A click as it was handled; names are taken at click time, since the scene may change after.
struct ClickRecord {
    Pick pick;
    bool onUi = false;                  ///< the click landed on an ImGui window, so it picked nothing
    bool onGizmo = false;               ///< ... on a gizmo handle, whose it is: it picked nothing either
    std::vector<std::string> hitNames;  ///< name of the object of each of pick.hits
    std::optional<Shape> nearestShape;  ///< the shape of pick.nearest()'s object at click time (the report's precision)
};

[[nodiscard]] ClickRecord makeClickRecord(const Pick& pick, bool onUi, const scene::Scene& scene);

}  // namespace pickray::app
