// SPDX-License-Identifier: MIT
#pragma once
// A sphere run: a leaf of up to eight spheres (tree_layout.hpp) that the traversal opens as it
// opens a node, testing a box around each sphere, eight at once, and then visiting the spheres
// whose boxes the ray meets, nearest first, as leaves of one. Spheres are the commonest picking
// target and their box is worked out from four floats, so the run is the node: its 128 bytes of
// spheres take the place of a 256-byte node of their boxes (and of the spheres read after it),
// which about halves the memory of a tree of spheres and the bytes a ray reads.
//
// The box test is the node's (box_test.hpp: the same SlabRay, the same robust scales, the same
// arithmetic in the portable and the AVX version) on a box worked out in float:
//     c ∓ reach on every axis, reach = r + e, e = (max |c_i| + r) · 2^-20 + FLT_MIN.
// That box contains the sphere's bounds() (query/shape.hpp), so query/bvh.hpp's contract holds as
// it is. Why: bounds() lies within c ∓ r ∓ 2^-21.5·M of the exact values (its 2^-40·M margin plus
// at most two and a half float steps of M = max |c_i| + r, rounding outward). Here the roundings
// are max |c_i| + r (which reaches the planes only through the 2^-20), + FLT_MIN, r + e and
// c ∓ reach, each at most 2^-24 of a value below M + e, so the planes lie at least about
// (2^-20 − 2^-23)·M > 2^-21.5·M outside the exact ones. FLT_MIN covers the subnormal range, where
// float steps are absolute (a point sphere at the origin). A plane that overflows is infinite,
// which still contains the bounds; it cannot be NaN (the centre is finite).
//
// The box is loose (a ray through its corners passes the sphere by), so a sphere whose box the ray
// meets is kept only if the ray's line may pass within its radius: in float, with x = c − o and w
// the unit direction (SlabRay::unitDirection),
//     off = (x·x − (x·w)²) − r²,   dropped when off > slack = (x·x + r²) · 2^-16 + 2^-122.
// Why it drops no sphere raycast() hits: a hit needs the line's squared distance from the centre,
// q = |X|² − (X·D)² for the exact X and unit D, to be at most r² (up to raycast()'s own rounding in
// double, below 2^-48 · |X|²). With u = 2^-24 and M = |X|² + r², each float rounding above moves its
// result by at most u times a value below 2M, and w is within about u of D, so off differs from
// q − r² by under 20u · M, plus what underflow loses: under u · M more with gradual underflow,
// and at most 2^-126 for each of the dozen operations in a process that flushes subnormals to zero (a
// library built with -ffast-math sets that for the whole process). slack is above 250u · M +
// 2^-123. Overflow only keeps spheres: an infinite x·x makes slack infinite, an infinite
// (x·w)² or r² makes off −∞ or NaN, and NaN compares as "not greater". It drops about half the
// spheres the boxes let through (docs/PERFORMANCE.md), and with them their exact tests.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "box_test.hpp"
#include "box_test_avx.hpp"
#include "pickray/collision/shapes.hpp"
#include "pickray/config.hpp"

namespace pickray::detail {

// The loads below take a sphere as four floats: centre x, y, z, then the radius.
static_assert(sizeof(Sphere) == 16 && offsetof(Sphere, radius) == 12);

inline constexpr float kSphereBoxRelative = 0x1p-20f;
inline constexpr float kSphereBoxAbsolute = std::numeric_limits<float>::min();
inline constexpr float kSphereLineRelative = 0x1p-16f;
inline constexpr float kSphereLineAbsolute = 0x1p-122f;

/// k when k < count, else 0, without a branch.
PICKRAY_FORCE_INLINE std::uint32_t within(std::uint32_t k, std::uint32_t count) {
    return k & (0u - static_cast<std::uint32_t>(k < count));
}

/// Entry distances of the ray into the boxes of spheres[0, count) (count <= 8) within [tMin,
/// tMax], as enterDistances (box_test.hpp) gives them for a node's children: a bit mask of the
/// spheres whose boxes it meets and whose line filter (above) keeps them, and their box entries.
/// Lanes past count are never set.
/// Rays the float test cannot take (SlabRay::needsDouble) meet every sphere, at tMin.
struct PortableSphereRun {
    static unsigned enterDistances(const SlabRay& r, const Sphere* spheres, std::uint32_t count, float tMin, float tMax,
                                   float (&enter)[kLanes]) {
        const unsigned all = (1u << count) - 1u;
        if (r.needsDouble) {
            for (float& e : enter) e = tMin;
            return all;
        }
#if defined(__SSE2__)
        unsigned mask = 0;
        for (std::uint32_t half = 0; half < 8; half += 4) {
            // Spheres past count repeat sphere 0 (never read past the array); masked off below.
            __m128 x = _mm_loadu_ps(&spheres[within(half, count)].center.x),
                   y = _mm_loadu_ps(&spheres[within(half + 1, count)].center.x),
                   z = _mm_loadu_ps(&spheres[within(half + 2, count)].center.x),
                   radius = _mm_loadu_ps(&spheres[within(half + 3, count)].center.x);
            _MM_TRANSPOSE4_PS(x, y, z, radius);  // a row per coordinate, a lane per sphere
            const __m128 magnitude = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
            const __m128 largest =
                _mm_max_ps(_mm_max_ps(_mm_and_ps(x, magnitude), _mm_and_ps(y, magnitude)), _mm_and_ps(z, magnitude));
            const __m128 margin = _mm_add_ps(_mm_mul_ps(_mm_add_ps(largest, radius), _mm_set1_ps(kSphereBoxRelative)),
                                             _mm_set1_ps(kSphereBoxAbsolute));
            const __m128 reach = _mm_add_ps(radius, margin);
            const __m128 centre[3] = {x, y, z};
            __m128 tNear[3], tFar[3];
            for (int axis = 0; axis < 3; ++axis) {
                const __m128 towardRay = _mm_xor_ps(reach, _mm_set1_ps(r.nearSign[axis]));
                tNear[axis] = _mm_mul_ps(_mm_sub_ps(_mm_sub_ps(centre[axis], towardRay), r.originSplat[axis]),
                                         r.inverseNearSplat[axis]);
                tFar[axis] = _mm_mul_ps(_mm_sub_ps(_mm_add_ps(centre[axis], towardRay), r.originSplat[axis]),
                                        r.inverseFarSplat[axis]);
            }
            const __m128 lo = _mm_max_ps(_mm_max_ps(tNear[1], tNear[2]), _mm_max_ps(tNear[0], _mm_set1_ps(tMin)));
            const __m128 hi = _mm_min_ps(_mm_min_ps(tFar[1], tFar[2]), _mm_min_ps(tFar[0], _mm_set1_ps(tMax)));
            _mm_storeu_ps(enter + half, lo);
            // The line filter.
            __m128 toCentre[3];
            for (int axis = 0; axis < 3; ++axis) toCentre[axis] = _mm_sub_ps(centre[axis], r.originSplat[axis]);
            const __m128 along = _mm_add_ps(_mm_add_ps(_mm_mul_ps(toCentre[0], r.unitDirectionSplat[0]),
                                                       _mm_mul_ps(toCentre[1], r.unitDirectionSplat[1])),
                                            _mm_mul_ps(toCentre[2], r.unitDirectionSplat[2]));
            const __m128 xx =
                _mm_add_ps(_mm_add_ps(_mm_mul_ps(toCentre[0], toCentre[0]), _mm_mul_ps(toCentre[1], toCentre[1])),
                           _mm_mul_ps(toCentre[2], toCentre[2]));
            const __m128 rr = _mm_mul_ps(radius, radius);
            const __m128 off = _mm_sub_ps(_mm_sub_ps(xx, _mm_mul_ps(along, along)), rr);
            const __m128 slack = _mm_add_ps(_mm_mul_ps(_mm_add_ps(xx, rr), _mm_set1_ps(kSphereLineRelative)),
                                            _mm_set1_ps(kSphereLineAbsolute));
            const __m128 kept = _mm_andnot_ps(_mm_cmpgt_ps(off, slack), _mm_cmple_ps(lo, hi));
            mask |= static_cast<unsigned>(_mm_movemask_ps(kept)) << half;
        }
        return mask & all;
#else
        const auto maxps = [](float a, float b) { return a > b ? a : b; };  // MAXPS, NaN included
        const auto minps = [](float a, float b) { return a < b ? a : b; };
        unsigned mask = 0;
        for (std::uint32_t k = 0; k < count; ++k) {
            const Sphere& s = spheres[k];
            const float largest = maxps(maxps(std::fabs(s.center.x), std::fabs(s.center.y)), std::fabs(s.center.z));
            const float margin = (largest + s.radius) * kSphereBoxRelative + kSphereBoxAbsolute;
            const float reach = s.radius + margin;
            float tNear[3], tFar[3];
            for (int axis = 0; axis < 3; ++axis) {
                const float towardRay = std::signbit(r.nearSign[axis]) ? -reach : reach;
                tNear[axis] = ((s.center[axis] - towardRay) - r.origin[axis]) * r.inverseNear[axis];
                tFar[axis] = ((s.center[axis] + towardRay) - r.origin[axis]) * r.inverseFar[axis];
            }
            const float lo = maxps(maxps(tNear[1], tNear[2]), maxps(tNear[0], tMin));
            const float hi = minps(minps(tFar[1], tFar[2]), minps(tFar[0], tMax));
            enter[k] = lo;
            const glm::vec3 toCentre = s.center - r.origin;  // the line filter
            const float along =
                (toCentre.x * r.unitDirection.x + toCentre.y * r.unitDirection.y) + toCentre.z * r.unitDirection.z;
            const float xx = (toCentre.x * toCentre.x + toCentre.y * toCentre.y) + toCentre.z * toCentre.z;
            const float rr = s.radius * s.radius;
            const float off = (xx - along * along) - rr;
            const float slack = (xx + rr) * kSphereLineRelative + kSphereLineAbsolute;
            if (lo <= hi && !(off > slack)) mask |= 1u << k;
        }
        for (std::uint32_t k = count; k < kLanes; ++k) enter[k] = tMin;
        return mask;
#endif
    }
};

#if PICKRAY_BVH_AVX
/// PortableSphereRun's test in one AVX instruction per row: the same arithmetic, the same answers.
struct AvxSphereRun {
    __attribute__((target("avx"))) static unsigned enterDistances(const SlabRay& r, const Sphere* spheres,
                                                                  std::uint32_t count, float tMin, float tMax,
                                                                  float (&enter)[kLanes]) {
        const unsigned all = (1u << count) - 1u;
        if (r.needsDouble) {
            _mm256_storeu_ps(enter, _mm256_set1_ps(tMin));
            return all;
        }
        // The run's spheres, two to a register, by masked loads: lanes past count read nothing
        // (they are zero, and masked off below), and there is no branch on count.
        const __m256 countSplat = _mm256_set1_ps(static_cast<float>(count));
        __m256 two[4];
        for (int k = 0; k < 4; ++k) {
            const __m256 sphereOfLane =
                _mm256_setr_ps(static_cast<float>(2 * k), static_cast<float>(2 * k), static_cast<float>(2 * k),
                               static_cast<float>(2 * k), static_cast<float>(2 * k + 1), static_cast<float>(2 * k + 1),
                               static_cast<float>(2 * k + 1), static_cast<float>(2 * k + 1));
            two[k] = _mm256_maskload_ps(&spheres[0].center.x + 8 * k,
                                        _mm256_castps_si256(_mm256_cmp_ps(sphereOfLane, countSplat, _CMP_LT_OQ)));
        }
        // Spheres k and k + 4 in the halves of one register, then a 4×4 transpose in each half:
        // a row per coordinate, lane k for sphere k.
        const __m256 pair[4] = {
            _mm256_permute2f128_ps(two[0], two[2], 0x20), _mm256_permute2f128_ps(two[0], two[2], 0x31),
            _mm256_permute2f128_ps(two[1], two[3], 0x20), _mm256_permute2f128_ps(two[1], two[3], 0x31)};
        const __m256 ab0 = _mm256_unpacklo_ps(pair[0], pair[1]), ab1 = _mm256_unpackhi_ps(pair[0], pair[1]);
        const __m256 cd0 = _mm256_unpacklo_ps(pair[2], pair[3]), cd1 = _mm256_unpackhi_ps(pair[2], pair[3]);
        const __m256 centre[3] = {_mm256_shuffle_ps(ab0, cd0, 0x44), _mm256_shuffle_ps(ab0, cd0, 0xEE),
                                  _mm256_shuffle_ps(ab1, cd1, 0x44)};
        const __m256 radius = _mm256_shuffle_ps(ab1, cd1, 0xEE);
        const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
        const __m256 largest =
            _mm256_max_ps(_mm256_max_ps(_mm256_and_ps(centre[0], magnitude), _mm256_and_ps(centre[1], magnitude)),
                          _mm256_and_ps(centre[2], magnitude));
        const __m256 margin =
            _mm256_add_ps(_mm256_mul_ps(_mm256_add_ps(largest, radius), _mm256_set1_ps(kSphereBoxRelative)),
                          _mm256_set1_ps(kSphereBoxAbsolute));
        const __m256 reach = _mm256_add_ps(radius, margin);
        __m256 tNear[3], tFar[3];
        for (int axis = 0; axis < 3; ++axis) {
            const __m256 towardRay = _mm256_xor_ps(reach, _mm256_set1_ps(r.nearSign[axis]));
            const __m256 o = _mm256_set1_ps(r.origin[axis]);
            tNear[axis] = _mm256_mul_ps(_mm256_sub_ps(_mm256_sub_ps(centre[axis], towardRay), o),
                                        _mm256_set1_ps(r.inverseNear[axis]));
            tFar[axis] = _mm256_mul_ps(_mm256_sub_ps(_mm256_add_ps(centre[axis], towardRay), o),
                                       _mm256_set1_ps(r.inverseFar[axis]));
        }
        const __m256 lo =
            _mm256_max_ps(_mm256_max_ps(tNear[1], tNear[2]), _mm256_max_ps(tNear[0], _mm256_set1_ps(tMin)));
        const __m256 hi = _mm256_min_ps(_mm256_min_ps(tFar[1], tFar[2]), _mm256_min_ps(tFar[0], _mm256_set1_ps(tMax)));
        _mm256_storeu_ps(enter, lo);
        // The line filter.
        __m256 toCentre[3], w[3];
        for (int axis = 0; axis < 3; ++axis) {
            toCentre[axis] = _mm256_sub_ps(centre[axis], _mm256_set1_ps(r.origin[axis]));
            w[axis] = _mm256_set1_ps(r.unitDirection[axis]);
        }
        const __m256 along =
            _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(toCentre[0], w[0]), _mm256_mul_ps(toCentre[1], w[1])),
                          _mm256_mul_ps(toCentre[2], w[2]));
        const __m256 xx = _mm256_add_ps(
            _mm256_add_ps(_mm256_mul_ps(toCentre[0], toCentre[0]), _mm256_mul_ps(toCentre[1], toCentre[1])),
            _mm256_mul_ps(toCentre[2], toCentre[2]));
        const __m256 rr = _mm256_mul_ps(radius, radius);
        const __m256 off = _mm256_sub_ps(_mm256_sub_ps(xx, _mm256_mul_ps(along, along)), rr);
        const __m256 slack = _mm256_add_ps(_mm256_mul_ps(_mm256_add_ps(xx, rr), _mm256_set1_ps(kSphereLineRelative)),
                                           _mm256_set1_ps(kSphereLineAbsolute));
        const __m256 kept = _mm256_andnot_ps(_mm256_cmp_ps(off, slack, _CMP_GT_OQ), _mm256_cmp_ps(lo, hi, _CMP_LE_OQ));
        return static_cast<unsigned>(_mm256_movemask_ps(kept)) & all;
    }
};
#endif

}  // namespace pickray::detail
