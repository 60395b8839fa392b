// SPDX-License-Identifier: MIT
#pragma once
// The BVH's box test: a ray against the eight child boxes of a node at once, conservative so that
// rounding never culls a box a hit lies in (Ize, "Robust BVH Ray Traversal", JCGT 2013). The
// ray prepared once (SlabRay), the double-precision test for rays float cannot take, and the
// portable float test (two SSE halves on x86-64, lane by lane elsewhere); box_test_avx.hpp has
// the same arithmetic in one AVX instruction per row.

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/ray.hpp"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace pickray::detail {

// Ize, "Robust BVH Ray Traversal" (JCGT 2013): scaling the slab distances outward makes the float
// slab test conservative. Each distance (plane − origin) · (inverse · scale) has four roundings, so
// it is within (1 ± 2^-24)^4 of the exact one times the scale. With the scales 1 ∓ 2^-21 the near
// distance of a box at t >= 0 is at most its exact value times 1 − 2^-22, which is below the exact
// value rounded down to float, and the far one above the exact value rounded up. So a box is culled
// against a limit only when even the float just below its exact entry lies beyond the limit: a
// shape whose raycast() t, rounded to float, lies within the box's span along the ray is never
// culled (query/bvh.hpp). Ize's own near scale is 1, which culls a box whose rounded entry exceeds the
// limit by one float step while its shape's correctly rounded t equals the limit.
inline constexpr float kRobustNearScale = 1.0f - 0x1p-21f;
inline constexpr float kRobustFarScale = 1.0f + 0x1p-21f;

/// The ray prepared for many box tests: origin, inverse direction, and which bounds row holds the
/// near plane on each axis (min for a positive direction, max for a negative one).
/// Rays the float test cannot take get the slower double-precision test instead (needsDouble):
///   * a direction component so small that 1/d overflows float (|d| < ~3e-39) would make the
///     float test treat the ray as parallel to that axis although it does move along it;
///   * (plane − origin) overflows float when both are large and of opposite signs, and the box
///     would seem infinitely far (a sphere at z = 8e37 hit by a ray from z = −2.7e38), so rays
///     whose origin plus the tree's largest plane coordinate on an axis reaches FLT_MAX.
struct SlabRay {
    glm::vec3 origin;
    glm::vec3 inverse;
    glm::vec3 inverseNear;  // inverse · kRobustNearScale, for the near planes (see PortableBoxTest)
    glm::vec3 inverseFar;   // inverse · kRobustFarScale, for the far planes
    glm::dvec3 direction;
    glm::vec3 unitDirection;  // the direction normalised in double, then rounded (sphere_run.hpp's filter)
    int nearRow[3];
    int farRow[3];
    float nearSign[3];  // −0 where the near plane is the max one (a negative direction), else +0
    bool needsDouble = false;
#if defined(__SSE2__)
    __m128 originSplat[3];  // each coordinate in all four lanes, set up once per ray
    __m128 inverseNearSplat[3];
    __m128 inverseFarSplat[3];
    __m128 unitDirectionSplat[3];
#endif
    SlabRay(const Ray& ray, const float (&planeMagnitude)[3])
        : origin(ray.origin),
          inverse(1.0f / ray.direction),
          inverseNear(inverse * kRobustNearScale),
          inverseFar(inverse * kRobustFarScale),
          direction(ray.direction),
          unitDirection(glm::normalize(direction)) {
        for (int i = 0; i < 3; ++i) {
            const bool negative = std::signbit(inverse[i]);
            nearRow[i] = negative ? 3 + i : i;
            farRow[i] = negative ? i : 3 + i;
            nearSign[i] = negative ? -0.0f : 0.0f;
            if (ray.direction[i] != 0.0f && !std::isfinite(inverse[i])) needsDouble = true;
            const double largest = std::abs(static_cast<double>(origin[i])) + static_cast<double>(planeMagnitude[i]);
            if (largest >= static_cast<double>(std::numeric_limits<float>::max())) needsDouble = true;
#if defined(__SSE2__)
            originSplat[i] = _mm_set1_ps(origin[i]);
            inverseNearSplat[i] = _mm_set1_ps(inverseNear[i]);
            inverseFarSplat[i] = _mm_set1_ps(inverseFar[i]);
            unitDirectionSplat[i] = _mm_set1_ps(unitDirection[i]);
#endif
        }
    }
};

// The box tests below take one node's eight child boxes (BvhTree::Node::bounds).
inline constexpr int kLanes = 8;
using NodeBounds = float[6][kLanes];

/// enterDistances in double, lane by lane, for rays the float test cannot take. Each slab's
/// interval is exact but for one rounding, and the result is widened to float outward.
inline unsigned enterDistancesDouble(const SlabRay& r, const NodeBounds& b, float tMin, float tMax,
                                     float (&enter)[kLanes]) {
    unsigned mask = 0;
    for (int lane = 0; lane < kLanes; ++lane) {
        double lo = static_cast<double>(tMin), hi = static_cast<double>(tMax);
        bool empty = false;
        for (int axis = 0; axis < 3; ++axis) {
            const double minPlane = static_cast<double>(b[axis][lane]),
                         maxPlane = static_cast<double>(b[3 + axis][lane]);
            const double o = static_cast<double>(r.origin[axis]), d = r.direction[axis];
            if (!(minPlane <= maxPlane)) empty = true;  // an empty slot's inverted box
            if (d == 0.0) {
                if (o < minPlane || o > maxPlane) empty = true;
                continue;
            }
            const double t0 = (minPlane - o) / d, t1 = (maxPlane - o) / d;
            lo = std::max(lo, std::min(t0, t1));
            hi = std::min(hi, std::max(t0, t1));
        }
        // Compared as floats rounded outward: the exact routines accept a t that rounds to at
        // most tMax, so a box entered a hair past tMax in double must not be culled (t = 1e-55,
        // which rounds to 0, against tMax = 0).
        const float entry = std::nextafter(static_cast<float>(lo), -kInfinity);
        const float limit = std::nextafter(static_cast<float>(hi), kInfinity);
        enter[lane] = entry;
        if (!empty && entry <= limit) mask |= 1u << lane;
    }
    return mask;
}

// Entry distances of the ray into a node's eight child boxes within [tMin, tMax]: a bit mask of
// the children it meets (an empty slot's inverted box never is) and their entries.
//   * The distances are (plane − origin) · (inverse · kRobustNearScale) for the near planes and
//     likewise with kRobustFarScale for the far ones: conservative for t >= 0 (see the scales), so
//     the traversals start at tMin >= 0 (lineSpans() walks the line as two rays). Scaling the
//     inverse once per ray costs nothing per box.
//   * The three axes are combined as a tree, max(max(x, tMin), max(y, z)) (min likewise), which
//     is shorter than a chain. MAXPS and MINPS return their second operand when either is NaN
//     (0·inf: a parallel ray in a face plane): x NaN gives tMin, y NaN gives z, z NaN gives NaN,
//     which the outer max replaces with max(x, tMin). Every case leaves out only axes, never
//     culls more than the exact slab test: conservative. (The boxes are the shapes' bounds
//     rounded outward, so a ray in one of their planes touches nothing inside anyway.)
// Two versions with the same arithmetic, so the same answers: PortableBoxTest (two SSE halves on
// x86-64, where SSE is always there; lane by lane elsewhere) and AvxBoxTest (box_test_avx.hpp: one
// AVX instruction per row, used when the CPU has AVX; no FMA, so every rounding is the same).

struct PortableBoxTest {
    static unsigned enterDistances(const SlabRay& r, const NodeBounds& b, float tMin, float tMax,
                                   float (&enter)[kLanes]) {
#if defined(__SSE2__)
        unsigned mask = 0;
        for (int half = 0; half < kLanes; half += 4) {
            __m128 tNear[3], tFar[3];
            for (int axis = 0; axis < 3; ++axis) {
                const __m128 o = r.originSplat[axis];
                tNear[axis] =
                    _mm_mul_ps(_mm_sub_ps(_mm_load_ps(b[r.nearRow[axis]] + half), o), r.inverseNearSplat[axis]);
                tFar[axis] = _mm_mul_ps(_mm_sub_ps(_mm_load_ps(b[r.farRow[axis]] + half), o), r.inverseFarSplat[axis]);
            }
            const __m128 lo = _mm_max_ps(_mm_max_ps(tNear[1], tNear[2]), _mm_max_ps(tNear[0], _mm_set1_ps(tMin)));
            const __m128 hi = _mm_min_ps(_mm_min_ps(tFar[1], tFar[2]), _mm_min_ps(tFar[0], _mm_set1_ps(tMax)));
            _mm_storeu_ps(enter + half, lo);
            mask |= static_cast<unsigned>(_mm_movemask_ps(_mm_cmple_ps(lo, hi))) << half;
        }
        return mask;
#else
        const auto maxps = [](float x, float y) { return x > y ? x : y; };  // MAXPS, NaN included
        const auto minps = [](float x, float y) { return x < y ? x : y; };
        unsigned mask = 0;
        for (int lane = 0; lane < kLanes; ++lane) {
            float tNear[3], tFar[3];
            for (int axis = 0; axis < 3; ++axis) {
                tNear[axis] = (b[r.nearRow[axis]][lane] - r.origin[axis]) * r.inverseNear[axis];
                tFar[axis] = (b[r.farRow[axis]][lane] - r.origin[axis]) * r.inverseFar[axis];
            }
            const float lo = maxps(maxps(tNear[1], tNear[2]), maxps(tNear[0], tMin));
            const float hi = minps(minps(tFar[1], tFar[2]), minps(tFar[0], tMax));
            enter[lane] = lo;
            if (lo <= hi) mask |= 1u << lane;
        }
        return mask;
#endif
    }
};

}  // namespace pickray::detail
