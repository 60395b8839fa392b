// SPDX-License-Identifier: MIT
#pragma once
// Overlap tests between round shapes (capsules as swept spheres: Ericson, Real-Time Collision
// Detection, §4.5.1), built on distance.hpp.
//
// Contract:
//   * Touching counts as overlapping (distance == sum of radii).
//   * Symmetric: overlaps(x, y) == overlaps(y, x) for every pair, including sphere–capsule.
//   * A zero-length capsule behaves as a sphere; zero radii are points and segments.
//   * Negative or NaN radii, or NaN coordinates, give false.

#include "pickray/collision/shapes.hpp"

namespace pickray {

[[nodiscard]] bool overlaps(const Sphere& first, const Sphere& second) noexcept;
[[nodiscard]] bool overlaps(const Sphere& sphere, const Capsule& capsule) noexcept;
[[nodiscard]] bool overlaps(const Capsule& capsule, const Sphere& sphere) noexcept;
[[nodiscard]] bool overlaps(const Capsule& first, const Capsule& second) noexcept;

/// Closest points between the two capsules' core segments, and the gap between their surfaces:
/// gap = segment distance − both radii (negative when they overlap, by the penetration depth).
/// A capsule validity() refuses (a negative, NaN or infinite radius, an end not finite) has no
/// surface: the gap is then NaN, and `axes` the segments' closest points as closestPoints gives.
struct CapsuleProximity {
    ClosestPoints axes;
    float gap = 0.0f;
};
[[nodiscard]] CapsuleProximity proximity(const Capsule& first, const Capsule& second) noexcept;

}  // namespace pickray
