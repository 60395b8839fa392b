// SPDX-License-Identifier: MIT
#include "pickray/picking.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>

namespace pickray {
namespace {

/// NDC depth of the near and far planes for each convention.
double nearNdcDepth(ClipDepth depth) noexcept { return depth == ClipDepth::ZeroToOne ? 0.0 : -1.0; }
constexpr double kFarNdcDepth = 1.0;

/// The viewport matrix undone analytically: screen (pixels, y down, z in [minZ, maxZ]) to NDC.
glm::dvec4 screenToNdc(glm::dvec3 screen, const Viewport& vp, ClipDepth depth) noexcept {
    const double x = (screen.x - static_cast<double>(vp.x)) / (0.5 * static_cast<double>(vp.width)) - 1.0;
    const double y = 1.0 - (screen.y - static_cast<double>(vp.y)) / (0.5 * static_cast<double>(vp.height));
    const double unitDepth = (screen.z - static_cast<double>(vp.minZ)) /
                             (static_cast<double>(vp.maxZ) - static_cast<double>(vp.minZ));  // 0..1
    const double z = depth == ClipDepth::ZeroToOne ? unitDepth : 2.0 * unitDepth - 1.0;
    return {x, y, z, 1.0};
}

/// The cursor's NDC x, y (the depth-independent part of screenToNdc).
glm::dvec2 cursorToNdc(glm::vec2 cursor, const Viewport& vp) noexcept {
    const glm::dvec4 ndc =
        screenToNdc(glm::dvec3(cursor.x, cursor.y, static_cast<double>(vp.minZ)), vp, ClipDepth::ZeroToOne);
    return {ndc.x, ndc.y};
}

/// A homogeneous point divided by its w, rounded to float.
glm::vec3 pointOf(glm::dvec4 p) noexcept { return glm::vec3(glm::dvec3(p) / p.w); }

bool isFinite(const glm::mat4& m) noexcept {
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
            if (!std::isfinite(m[c][r])) return false;
        }
    }
    return true;
}

bool isInvertible(const glm::mat4& m) noexcept {
    if (!isFinite(m)) return false;
    const double determinant = glm::determinant(glm::dmat4(m));
    return determinant != 0.0 && std::isfinite(determinant);
}

}  // namespace

glm::mat4 viewportMatrix(const Viewport& vp, ClipDepth depth) noexcept {
    const float depthRange = vp.maxZ - vp.minZ;
    const float zScale = depth == ClipDepth::ZeroToOne ? depthRange : 0.5f * depthRange;
    const float zOffset = depth == ClipDepth::ZeroToOne ? vp.minZ : vp.minZ + 0.5f * depthRange;
    glm::mat4 m(1.0f);
    m[0][0] = 0.5f * vp.width;
    m[1][1] = -0.5f * vp.height;  // screen y goes down
    m[2][2] = zScale;
    m[3] = glm::vec4(vp.x + 0.5f * vp.width, vp.y + 0.5f * vp.height, zOffset, 1.0f);
    return m;
}

glm::vec3 screenToWorld(glm::vec3 screen, const glm::mat4& view, const glm::mat4& proj, const Viewport& vp,
                        ClipDepth depth) noexcept {
    return Unprojection(view, proj, vp, depth).screenToWorld(screen);
}

glm::vec3 worldToScreen(glm::vec3 world, const glm::mat4& view, const glm::mat4& proj, const Viewport& vp,
                        ClipDepth depth) noexcept {
    const glm::dvec4 clip = glm::dmat4(proj) * (glm::dmat4(view) * glm::dvec4(glm::dvec3(world), 1.0));
    const glm::dvec3 ndc = glm::dvec3(clip) / clip.w;
    const double unitDepth = depth == ClipDepth::ZeroToOne ? ndc.z : 0.5 * (ndc.z + 1.0);
    return glm::vec3(
        static_cast<double>(vp.x) + (1.0 + ndc.x) * 0.5 * static_cast<double>(vp.width),
        static_cast<double>(vp.y) + (1.0 - ndc.y) * 0.5 * static_cast<double>(vp.height),
        static_cast<double>(vp.minZ) + unitDepth * (static_cast<double>(vp.maxZ) - static_cast<double>(vp.minZ)));
}

Unprojection::Unprojection(const glm::mat4& view, const glm::mat4& proj, const Viewport& viewport, ClipDepth depth,
                           glm::dvec3 eye) noexcept
    : inverseProjection_(glm::inverse(glm::dmat4(proj))),
      inverseView_(glm::inverse(glm::dmat4(view))),
      viewport_(viewport),
      depth_(depth),
      eye_(eye) {}

glm::dvec4 Unprojection::toWorld(glm::dvec4 ndc) const noexcept { return inverseView_ * (inverseProjection_ * ndc); }

Ray Unprojection::ray(glm::vec2 cursor) const noexcept {
    const glm::dvec2 ndc = cursorToNdc(cursor, viewport_);
    return rayThrough(ndc, toWorld({ndc, kFarNdcDepth, 1.0}));
}

Unprojection::RayAndFarPoint Unprojection::rayAndFarPoint(glm::vec2 cursor) const noexcept {
    // screenToWorld's NDC point: its x, y are the cursor's (cursorToNdc is the same arithmetic),
    // its depth 1 for any finite viewport with maxZ != minZ ((maxZ − minZ) / (maxZ − minZ)), so
    // the ray's far point is this point; otherwise (NaN) it is worked out on its own.
    const glm::dvec4 farNdc = screenToNdc(glm::dvec3(glm::vec3(cursor, viewport_.maxZ)), viewport_, depth_);
    const glm::dvec2 ndc(farNdc.x, farNdc.y);
    const glm::dvec4 farPoint = toWorld({ndc, kFarNdcDepth, 1.0});
    return {rayThrough(ndc, farPoint), pointOf(farNdc.z == kFarNdcDepth ? farPoint : toWorld(farNdc))};
}

Ray Unprojection::rayThrough(glm::dvec2 ndc, glm::dvec4 farPoint) const noexcept {
    return rayBetween(toWorld({ndc, nearNdcDepth(depth_), 1.0}), farPoint);
}

Ray Unprojection::rayBetween(glm::dvec4 nearPoint, glm::dvec4 farPoint) const noexcept {
    // far/far.w − near/near.w over a common denominator: no division by a tiny w, and an infinite
    // far plane (far.w = 0) still gives its direction.
    glm::dvec3 direction = glm::dvec3(farPoint) * nearPoint.w - glm::dvec3(nearPoint) * farPoint.w;
    if (nearPoint.w * farPoint.w < 0.0) direction = -direction;
    // Scaled by its largest component before normalising: with extreme matrices |direction|²
    // overflows double and glm::normalize returns zero.
    const double largest = std::max(std::abs(direction.x), std::max(std::abs(direction.y), std::abs(direction.z)));
    direction /= largest;
    // The near-plane point relative to the eye, plus the eye in double, rounded to float once.
    const glm::dvec3 origin = glm::dvec3(nearPoint) / nearPoint.w;
    return Ray{glm::vec3(eye_ + origin), glm::vec3(direction / glm::length(direction))};
}

Unprojection::Stages Unprojection::stagesOf(glm::dvec3 window, glm::dvec4 ndc) const noexcept {
    const glm::dvec4 view = inverseProjection_ * ndc;  // toWorld's two steps, one at a time
    const glm::dvec4 world = inverseView_ * view;
    // The origin's sum as rayBetween forms it, so that the near point rounds to the origin.
    return {window, glm::dvec3(ndc), ndc / view.w, glm::dvec3(view) / view.w, eye_ + glm::dvec3(world) / world.w};
}

Unprojection::Steps Unprojection::steps(glm::vec2 cursor) const noexcept {
    const glm::dvec2 ndc = cursorToNdc(cursor, viewport_);
    const glm::dvec4 nearNdc(ndc, nearNdcDepth(depth_), 1.0), farNdc(ndc, kFarNdcDepth, 1.0);
    const glm::dvec2 window(cursor);
    return {stagesOf({window, viewport_.minZ}, nearNdc), stagesOf({window, viewport_.maxZ}, farNdc),
            rayBetween(toWorld(nearNdc), toWorld(farNdc))};
}

glm::vec3 Unprojection::screenToWorld(glm::vec3 screen) const noexcept {
    return pointOf(toWorld(screenToNdc(glm::dvec3(screen), viewport_, depth_)));
}

Ray cursorRay(glm::vec2 cursor, const glm::mat4& view, const glm::mat4& proj, const Viewport& vp,
              ClipDepth depth) noexcept {
    return Unprojection(view, proj, vp, depth).ray(cursor);
}

Ray cursorRayFromEye(glm::vec2 cursor, glm::dvec3 eye, const glm::mat4& rotationView, const glm::mat4& proj,
                     const Viewport& vp, ClipDepth depth) noexcept {
    return Unprojection(rotationView, proj, vp, depth, eye).ray(cursor);
}

bool isValidPickingSetup(const glm::mat4& view, const glm::mat4& proj, const Viewport& vp) noexcept {
    const bool viewportOk = std::isfinite(vp.x) && std::isfinite(vp.y) && std::isfinite(vp.width) &&
                            std::isfinite(vp.height) && vp.width > 0.0f && vp.height > 0.0f && std::isfinite(vp.minZ) &&
                            std::isfinite(vp.maxZ);
    return viewportOk && isInvertible(view) && isInvertible(proj);
}

}  // namespace pickray
