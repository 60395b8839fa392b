// SPDX-License-Identifier: MIT
#pragma once
// The contract every ray query in pickray follows. It is stated once, here; each shape's header
// adds only what is particular to that shape.
//
// raycast(ray, solid, tMax) -> std::optional<RayHit>
//   * The first point where the ray crosses the solid's surface with 0 <= t <= tMax.
//   * t is in units of ray.direction, which need not be unit length. hit.point is computed as
//     origin + t·direction; hit.normal is the outward unit normal of the surface at that point.
//   * A ray that starts inside the solid gets its exit point (with the outward normal there).
//     A ray that starts exactly on the surface gets t = 0 if it enters the solid there (or
//     leaves it there).
//   * Every zero a result reports is +0, never −0: t, the point and the normal here, the bounds
//     of intersectLine, and likewise ClosestPoints, distances and the batch lanes' answers.
//     -ffast-math or -fno-signed-zeros in a build that compiles these headers lets the compiler
//     drop the step that makes −0 into +0: there a zero may come out as −0.
//   * Crossings behind the origin (t < 0) are never returned; neither is anything beyond tMax.
//     tMax < 0 or NaN gives no hit. Nor is a crossing whose t or point overflows float.
//   * Invalid input gives no hit (std::nullopt), never a NaN inside a hit: a NaN or infinite
//     coordinate anywhere, a direction whose squared length is zero, subnormal or overflows
//     (roughly |direction| outside [1e-19, 1e19]), a negative or NaN radius, a box with min > max,
//     and each shape's own degenerate cases documented in its header.
//
// raycastT(ray, solid, tMax) -> std::optional<float>
//   * raycast(ray, solid, tMax)->t without forming the point and normal, for loops over many
//     shapes that need the winner's normal only. Always the same answer as raycast: the same t,
//     bit for bit, and no value exactly when raycast has no hit.
//
// intersectLine(ray, solid) -> std::optional<LineSpan>
//   * The whole infinite line origin + t·direction, t of any sign: the interval [enter, exit]
//     where it lies inside the solid (surface included). This is the "both penetration points"
//     query of the source articles, for every shape.
//   * enter <= exit; an unbounded side is ±infinity (a line inside an infinite cylinder and
//     parallel to its axis), and so is a bound beyond the float range. A line that only touches
//     the surface gets enter == exit.
//   * Invalid input as for raycast gives std::nullopt.
//
// Floating point, on every CPU: the routines are inline here and compute in float and double
// with every product rounded before it is added (no fused multiply-add). pickray::collision's
// CMake target passes -ffp-contract=off to every target that links it, users' included, because
// GCC and Clang would otherwise fuse a*b+c where the CPU has FMA (aarch64 always, x86-64 with
// -mfma or -march=native) and round once instead of twice. So the same inputs give the same
// bits on x86-64 and aarch64, in the scalar routines and the batch lanes alike (tested under
// emulation for aarch64). Code compiled without that option (another build system, or
// -ffp-contract=fast after it) may differ in the last bit where a fused form rounds differently;
// the stated error bounds hold either way.

#include <limits>

#include "pickray/collision/shapes.hpp"

namespace pickray {

inline constexpr float kInfinity = std::numeric_limits<float>::infinity();

/// True when `ray` can be queried: finite origin and a direction whose squared length is a
/// finite, normal float (so that t stays well defined).
[[nodiscard]] inline bool isValidRay(const Ray& ray) noexcept {
    // x − x is +0 for every finite x and NaN for ±inf and NaN, and a NaN makes a sum NaN: adding
    // the origin's three to |direction|² leaves it as it is for a finite origin and makes it NaN
    // otherwise, and both comparisons are false for NaN. One pass, no library calls, two
    // comparisons: every query runs this first.
    const glm::vec3 zero = ray.origin - ray.origin;
    const float lengthSquared =
        ray.direction.x * ray.direction.x + ray.direction.y * ray.direction.y + ray.direction.z * ray.direction.z;
    const float checked = lengthSquared + (zero.x + zero.y + zero.z);
    return checked >= std::numeric_limits<float>::min() && checked <= std::numeric_limits<float>::max();
}

/// Point on the ray (or its line) at parameter t.
[[nodiscard]] inline glm::vec3 pointAt(const Ray& ray, float t) noexcept { return ray.origin + t * ray.direction; }

}  // namespace pickray
