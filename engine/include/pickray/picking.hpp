// SPDX-License-Identifier: MIT
#pragma once
// Screen cursor -> world ray, the Direct3D way (D3DXVec3Unproject):
// world = inverse(viewport · projection · view) applied to the screen point (x, y, z), where the
// viewport matrix is built explicitly from a D3DVIEWPORT9-style rectangle. Every function here is
// pure and may run on several threads at once.
//
// Conventions:
//   * Matrices are GLM's: column vectors, clip = proj · view · world. Any invertible view and any
//     invertible perspective or orthographic projection work (near plane mapped to the near NDC
//     depth of `depth`), including an infinite far plane.
//   * ClipDepth says which NDC depth range `proj` produces: OpenGL's −1..1 (glm::perspective) or
//     Direct3D's 0..1 (glm::perspectiveZO / GLM_FORCE_DEPTH_ZERO_TO_ONE). The viewport matrix maps
//     that range to [minZ, maxZ], so screen z = minZ is the near plane and maxZ the far plane
//     either way, and the same cursor gives the same ray in both modes.
//   * Screen coordinates are in pixels with the origin at the top-left corner and y going down,
//     like the mouse. Pixel (i, j) covers [i, i+1) × [j, j+1): its centre is (i + 0.5, j + 0.5).
//   * Unlike the source article, Height / 2 is not truncated to an integer: for odd heights that
//     matrix is half a pixel off.
//   * The inverse is never formed as one float matrix. Each stage is undone separately in double
//     (viewport analytically, projection and view by their own inverses), and the ray direction is
//     taken from the homogeneous points before the perspective divide. This keeps the direction
//     accurate (< 1e-6 rad) for far/near ratios up to 1e6 and cameras far from the world origin,
//     where unprojecting two float points and subtracting them is not.
//   * A non-finite or singular matrix, or a viewport with non-positive or non-finite width or
//     height, has no inverse: the functions then return NaN coordinates. Check with
//     isValidPickingSetup() first if the inputs come from a user.

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/shapes.hpp"
#include "pickray/collision/validity.hpp"

namespace pickray {

enum class ClipDepth {
    NegativeOneToOne,  ///< OpenGL: near plane at NDC z = −1
    ZeroToOne,         ///< Direct3D: near plane at NDC z = 0
};

/// D3DVIEWPORT9: a rectangle of the render target in pixels (top-left origin, y down) and the
/// depth range that the near and far planes map to.
struct Viewport {
    float x = 0.0f;
    float y = 0.0f;
    float width = 1.0f;
    float height = 1.0f;
    float minZ = 0.0f;
    float maxZ = 1.0f;
};

/// The matrix taking NDC to screen coordinates (GLM column form of Direct3D 9's row-vector
/// viewport matrix): x_s = x + (1 + x_ndc)·width/2, y_s = y + (1 − y_ndc)·height/2, and z_ndc's range
/// (per `depth`) onto [minZ, maxZ].
[[nodiscard]] glm::mat4 viewportMatrix(const Viewport& viewport, ClipDepth depth) noexcept;

/// The world point drawn at screen position (x, y) at screen depth z (z = minZ: near plane,
/// z = maxZ: far plane).
[[nodiscard]] glm::vec3 screenToWorld(glm::vec3 screen, const glm::mat4& view, const glm::mat4& proj,
                                      const Viewport& viewport, ClipDepth depth) noexcept;

/// The inverse of screenToWorld: where `world` is drawn (x, y in pixels, z in [minZ, maxZ] for
/// points between the near and far planes).
[[nodiscard]] glm::vec3 worldToScreen(glm::vec3 world, const glm::mat4& view, const glm::mat4& proj,
                                      const Viewport& viewport, ClipDepth depth) noexcept;

/// The picking ray under a cursor: origin on the near plane under the cursor, unit direction
/// towards the far plane point under it. For a perspective projection every point the frame
/// drew under that cursor lies on the ray at t >= 0.
[[nodiscard]] Ray cursorRay(glm::vec2 cursor, const glm::mat4& view, const glm::mat4& proj, const Viewport& viewport,
                            ClipDepth depth) noexcept;

/// The picking ray under a cursor built relative to the camera, for views far from the world
/// origin: `rotationView` is the view matrix of the camera moved to the origin (glm::lookAt from
/// (0, 0, 0) towards target − eye: the rotation alone, no translation) and `eye` the camera's
/// position. The ray is cursorRay's with the view lookAt(eye, target, up) worked out exactly:
///   * the direction is cursorRay(cursor, rotationView, proj, viewport, depth)'s, bit for bit (the
///     translation never changes a direction);
///   * the origin is the near-plane point under the cursor relative to the eye (worked out in
///     double from the rotation and the projection, as cursorRay does), plus `eye`, the sum in
///     double and rounded to float once: within half a float step per coordinate of the exact
///     point for these matrices (plus the double arithmetic's ~1e-16 relative), where cursorRay
///     with the full view matrix first rounds the view's translation −R·eye to float (half a
///     step of |eye|) and then cancels it against the eye in its inverse.
///   * `rotationView` may be any invertible matrix: the result is then `eye` plus the ray that
///     view gives. A non-finite `eye`, or matrices and viewport isValidPickingSetup() refuses,
///     give NaN coordinates, as cursorRay.
[[nodiscard]] Ray cursorRayFromEye(glm::vec2 cursor, glm::dvec3 eye, const glm::mat4& rotationView,
                                   const glm::mat4& proj, const Viewport& viewport, ClipDepth depth) noexcept;

/// One frame's unprojection, for many cursors: the inverses of `proj` and `view` worked out once
/// (in double), where each free function above works them out again for its one point. Its answers
/// are theirs bit for bit, by construction: cursorRay, cursorRayFromEye and screenToWorld are an
/// Unprojection's answer for one point.
///   * ray(cursor) is cursorRayFromEye(cursor, eye, view, proj, viewport, depth); without an eye
///     it is cursorRay(cursor, view, proj, viewport, depth) (the default eye is −0, which double
///     addition leaves every value as it is, −0 included: −0 + x is x exactly).
///   * screenToWorld(screen) is screenToWorld(screen, view, proj, viewport, depth): the point in
///     `view`'s world, the eye not added (relative to the eye when `view` is a rotation alone).
///   * rayAndFarPoint(cursor) is ray(cursor) and screenToWorld({cursor, viewport.maxZ}) (the far
///     plane's point under the cursor) at once: the ray's far point is that point (NDC depth 1),
///     worked out once.
///   * Matrices and a viewport that isValidPickingSetup() refuses give NaN coordinates, as the
///     free functions.
class Unprojection {
public:
    /// One point under the cursor at every stage of its unprojection, in double: the values
    /// ray() works with, so that the steps shown are the ones taken.
    struct Stages {
        glm::dvec3 window;  ///< x, y in pixels (the cursor), z: minZ (near) or maxZ (far)
        glm::dvec3 ndc;     ///< in the convention's range: z −1 or 0 near, 1 far
        /// proj · (view, 1): ndc · w with w = 1 / (inverse(proj) · (ndc, 1)).w. Not finite for a far
        /// point of an infinite projection.
        glm::dvec4 clip;
        glm::dvec3 view;   ///< the camera's space: inverse(proj) · (ndc, 1), divided by its w
        glm::dvec3 world;  ///< inverse(view) · that, divided by its w, plus the eye
    };
    /// The cursor's near point (window z = minZ) and far point (window z = maxZ), and the ray:
    /// ray is ray(cursor) bit for bit, and glm::vec3(nearPoint.world) is its origin bit for bit.
    struct Steps {
        Stages nearPoint;
        Stages farPoint;
        Ray ray;
    };

    Unprojection(const glm::mat4& view, const glm::mat4& proj, const Viewport& viewport, ClipDepth depth,
                 glm::dvec3 eye = glm::dvec3(-0.0)) noexcept;
    [[nodiscard]] Ray ray(glm::vec2 cursor) const noexcept;
    [[nodiscard]] glm::vec3 screenToWorld(glm::vec3 screen) const noexcept;
    struct RayAndFarPoint {
        Ray ray;
        glm::vec3 farPoint;  ///< in `view`'s world, the eye not added (as screenToWorld)
    };
    [[nodiscard]] RayAndFarPoint rayAndFarPoint(glm::vec2 cursor) const noexcept;
    /// ray(cursor) with every stage of its near and far points (for showing the math).
    [[nodiscard]] Steps steps(glm::vec2 cursor) const noexcept;
    [[nodiscard]] glm::dvec3 eye() const noexcept { return eye_; }
    [[nodiscard]] const Viewport& viewport() const noexcept { return viewport_; }

private:
    /// NDC (homogeneous) to world (homogeneous), undoing projection and view separately in double;
    /// one combined float inverse is what loses precision at large far/near ratios.
    [[nodiscard]] glm::dvec4 toWorld(glm::dvec4 ndc) const noexcept;
    /// The ray through NDC point `ndc` whose far-plane point (NDC depth 1) is `farPoint` = toWorld(ndc, 1, 1).
    [[nodiscard]] Ray rayThrough(glm::dvec2 ndc, glm::dvec4 farPoint) const noexcept;
    /// The ray from the homogeneous world points (relative to the eye) at the near and far planes.
    [[nodiscard]] Ray rayBetween(glm::dvec4 nearPoint, glm::dvec4 farPoint) const noexcept;
    /// The stages of the point at NDC `ndc` (w = 1) drawn at `window`.
    [[nodiscard]] Stages stagesOf(glm::dvec3 window, glm::dvec4 ndc) const noexcept;

    glm::dmat4 inverseProjection_;
    glm::dmat4 inverseView_;
    Viewport viewport_;
    ClipDepth depth_;
    glm::dvec3 eye_;
};

/// True when the matrices are finite and invertible and the viewport has a finite, positive size.
[[nodiscard]] bool isValidPickingSetup(const glm::mat4& view, const glm::mat4& proj, const Viewport& viewport) noexcept;

/// Where `proj` puts its clip planes when used with `depth`: the eye-space distances along the
/// view axis of the points it maps to the near NDC depth (−1 or 0, as `depth` says) and to 1.
/// +infinity for a far plane at infinity; NaN when `proj` maps no point there.
struct ClipPlanes {
    double near = 0.0;
    double far = 0.0;
};
[[nodiscard]] ClipPlanes clipPlanes(const glm::mat4& proj, ClipDepth depth) noexcept;

/// Why these inputs are refused, or nothing (collision/validity.hpp): isValidPickingSetup's rules
/// (view, proj, viewport), and the projection checked against the convention it is used with:
/// clipPlanes(proj, depth) must put the near plane in front of the eye and the far plane beyond
/// it. A reversed-depth projection, or one whose planes the other convention puts behind the
/// eye, is refused. The matrix alone cannot always tell the conventions apart: an OpenGL
/// projection (glm::perspective) read as ZeroToOne keeps both planes in front, its near plane
/// moved to 2·far·near/(far + near), about twice as far; compare clipPlanes().near with the near
/// the projection was made with.
[[nodiscard]] Validity pickingSetupValidity(const glm::mat4& view, const glm::mat4& proj, const Viewport& viewport,
                                            ClipDepth depth) noexcept;

}  // namespace pickray
