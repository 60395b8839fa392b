// SPDX-License-Identifier: MIT
#pragma once
// An independent reference for the camera: where a world point is drawn, and the picking ray under
// a cursor, in long double, from the camera's own definition (eye, target, up, vertical field of
// view or orthographic height, near plane) and the window's size in pixels.
//
// It shares no code with engine/ or app/ and includes no pickray or GLM header, and it takes a
// different route than pickray::cursorRay: no matrix is built or inverted. The view is the
// orthonormal camera basis (forward f = target − eye, right s = f × up, up' = s × f, each
// normalised, the right-handed convention of gluLookAt). A pixel's centre (x, y) (origin at the
// top-left corner, y down) is at normalised device coordinates nx = 2x/W − 1, ny = 1 − 2y/H, and
//   * perspective: the ray leaves the eye along f + nx·tan(fov/2)·(W/H)·s + ny·tan(fov/2)·up';
//     its origin is where that line crosses the near plane (distance `near` along f);
//   * orthographic: the ray runs along f, from eye + nx·(h·W/H)·s + ny·h·up' + near·f, with h half
//     the orthographic height.
// That is the ray pickray's contract promises (origin on the near plane under the cursor, unit
// direction towards the far plane point under it); the clip-depth convention does not change it.
// Projection is the same map backwards. Accuracy: long double throughout (about 1e-19 relative),
// far below any float the application computes.

#include <cmath>
#include <optional>
#include <utility>

#include "reference/reference.hpp"

namespace pickref {

struct Camera {
    Vec eye;
    Vec target;
    Vec up{0, 1, 0};
    bool perspective = true;
    Real fovYDegrees = 45;
    Real orthoHeight = 10;
    Real near = 0.1L;
    Real width = 1;  ///< the window (drawable) in pixels
    Real height = 1;
};

namespace camera_detail {
[[nodiscard]] inline Vec unit(Vec v) noexcept { return (1 / std::sqrt(dot(v, v))) * v; }
struct Basis {
    Vec forward, right, up;
};
[[nodiscard]] inline Basis basis(const Camera& c) noexcept {
    const Vec f = unit(c.target - c.eye);
    const Vec s = unit(cross(f, c.up));
    return {f, s, cross(s, f)};
}
// Half the view's width and height: at unit distance (perspective) or in world units (orthographic).
[[nodiscard]] inline std::pair<Real, Real> halfExtent(const Camera& c) noexcept {
    const Real aspect = c.width / c.height;
    const Real h =
        c.perspective ? std::tan(c.fovYDegrees * 3.14159265358979323846264338327950288L / 360) : c.orthoHeight / 2;
    return {h * aspect, h};
}
}  // namespace camera_detail

/// The picking ray under the screen point (x, y) in pixels (a pixel (i, j)'s centre is
/// (i + 0.5, j + 0.5)): origin on the near plane, unit direction.
[[nodiscard]] inline Ray cursorRay(const Camera& c, Real x, Real y) noexcept {
    const auto [f, s, u] = camera_detail::basis(c);
    const auto [hw, hh] = camera_detail::halfExtent(c);
    const Real nx = 2 * x / c.width - 1;
    const Real ny = 1 - 2 * y / c.height;
    if (c.perspective) {
        const Vec through = f + (nx * hw) * s + (ny * hh) * u;  // unit distance along f
        return {c.eye + c.near * through, camera_detail::unit(through)};
    }
    return {c.eye + (nx * hw) * s + (ny * hh) * u + c.near * f, f};
}

/// Where `p` is drawn: x, y in pixels (top-left origin, y down) and its distance in front of the
/// eye along the view direction as z; nothing for a point on or behind the eye's plane in a
/// perspective view.
[[nodiscard]] inline std::optional<Vec> project(const Camera& c, Vec p) noexcept {
    const auto [f, s, u] = camera_detail::basis(c);
    const auto [hw, hh] = camera_detail::halfExtent(c);
    const Vec d = p - c.eye;
    const Real depth = dot(d, f);
    if (c.perspective && !(depth > 0)) return std::nullopt;
    const Real scale = c.perspective ? depth : 1;
    const Real nx = dot(d, s) / (scale * hw);
    const Real ny = dot(d, u) / (scale * hh);
    return Vec{(1 + nx) * c.width / 2, (1 - ny) * c.height / 2, depth};
}

}  // namespace pickref
