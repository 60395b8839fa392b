// SPDX-License-Identifier: MIT
#pragma once
// The interval of t over which a ray's line lies inside a box, worked out independently of the
// BVH's float and double slab tests, and the one exception to "the BVH answers as brute force"
// that query/bvh.hpp states, judged from it. Used by the BVH tests and fuzz_collision.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "pickray/query/shape.hpp"

namespace pickray::test {

/// [enter, exit] of the line origin + t·direction inside `box` (any sign of t), each bound exact
/// but for one rounding to long double's 64 bits; nothing when the line misses the box.
inline std::optional<std::pair<long double, long double>> lineInBox(const Ray& ray, const Aabb& box) {
    long double lo = -std::numeric_limits<long double>::infinity();
    long double hi = std::numeric_limits<long double>::infinity();
    for (int k = 0; k < 3; ++k) {
        const long double o = ray.origin[k], d = ray.direction[k], a = box.min[k], b = box.max[k];
        if (d == 0) {
            if (o < a || o > b) return std::nullopt;
            continue;
        }
        const long double t0 = (a - o) / d, t1 = (b - o) / d;
        lo = std::max(lo, std::min(t0, t1));
        hi = std::min(hi, std::max(t0, t1));
    }
    if (!(lo <= hi)) return std::nullopt;
    return std::pair{lo, hi};
}

/// False exactly for the answers query/bvh.hpp lets the tree leave out: [enter, exit] (a hit's t
/// twice, or a span) does not meet the interval of t where the ray's line is inside the shape's
/// bounds, widened to the floats around its ends. Shapes without finite bounds are never culled.
inline bool meetsBounds(const Ray& ray, const Shape& shape, float enter, float exit) {
    const Aabb box = bounds(shape);
    if (!isFiniteBox(box)) return true;
    const auto inside = lineInBox(ray, box);
    constexpr float kInf = std::numeric_limits<float>::infinity();
    // The float below enter ... the float above exit, against the exact interval.
    return inside && static_cast<long double>(std::nextafter(exit, kInf)) > inside->first &&
           static_cast<long double>(std::nextafter(enter, -kInf)) < inside->second;
}

}  // namespace pickray::test
