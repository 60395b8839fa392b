// SPDX-License-Identifier: MIT
#pragma once
// The build's per-shape loops (bvh/build.cpp): the shapes as the build sees them, partitioning
// them in place, sorting a few of them, and putting many into the bins of the surface-area
// heuristic (with SSE where there is SSE: the hottest loop of the build).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include <glm/vec3.hpp>

#include "../box.hpp"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace pickray::detail {

inline constexpr int kBins = 16;
/// Binned SAH over at most this many shapes costs more than sorting them and trying every split.
inline constexpr std::uint32_t kSortedSplitMax = 16;

/// A shape as the build sees it: its bounds, its index and its kind. 32 bytes, partitioned in
/// place; loaded as two 4-float vectors (the index and the kind ride in the fourth lanes).
struct PrimRef {
    float min[3];
    std::uint32_t index;
    float max[3];
    std::uint32_t kind;
    [[nodiscard]] float centroid(int axis) const { return 0.5f * min[axis] + 0.5f * max[axis]; }  // no overflow
    [[nodiscard]] glm::vec3 centroid() const { return {centroid(0), centroid(1), centroid(2)}; }
    [[nodiscard]] Aabb box() const { return {{min[0], min[1], min[2]}, {max[0], max[1], max[2]}}; }
};

/// std::partition without its data-dependent branches, which mispredict half the time on a spatial
/// split: every element is swapped with the first of the right side, which advances only when
/// the element goes left (Lomuto's scheme, branch-free). goesLeft(element, position) also gets the
/// element's position in [begin, end) before the partition: each element is read from its own
/// place before anything moves it there. The copies go through memcpy, which moves a PrimRef as
/// two 16-byte blocks (a member-wise copy took six loads and six stores).
template <typename T, typename GoesLeft>
T* partition(T* begin, T* end, GoesLeft goesLeft) {
    static_assert(std::is_trivially_copyable_v<T>);
    T* right = begin;
    for (T* p = begin; p != end; ++p) {
        T element;
        std::memcpy(&element, p, sizeof(T));
        const bool left = goesLeft(element, p - begin);
        std::memcpy(p, right, sizeof(T));
        std::memcpy(right, &element, sizeof(T));
        right += left ? 1 : 0;
    }
    return right;
}

/// One bin of the binned heuristic: the shapes whose centroids fall in it.
struct Bin {
    Aabb box = kEmptyBox;
    Aabb centroids = kEmptyBox;
    std::uint32_t count = 0;
};

/// Sorts [begin, begin + count) by centroid along `axis`, through small keys (an insertion sort,
/// for at most kSortedSplitMax) rather than by moving the 32-byte PrimRefs about.
inline void sortByCentroid(PrimRef* begin, std::uint32_t count, int axis) {
    struct Key {
        float centroid;
        std::uint32_t at;
    };
    Key keys[kSortedSplitMax];
    for (std::uint32_t k = 0; k < count; ++k) keys[k] = {begin[k].centroid(axis), k};
    for (std::uint32_t k = 1; k < count; ++k) {
        for (std::uint32_t at = k; at > 0 && keys[at - 1].centroid > keys[at].centroid; --at) {
            std::swap(keys[at - 1], keys[at]);
        }
    }
    PrimRef sorted[kSortedSplitMax];
    for (std::uint32_t k = 0; k < count; ++k) sorted[k] = begin[keys[k].at];
    std::copy(sorted, sorted + count, begin);
}

/// Puts each of [begin, end) into one of kBins bins along `axis` (its bin also into binOfPrim)
/// and grows the bins. The hottest loop of the build.
inline void fillBins(const PrimRef* begin, const PrimRef* end, int axis, const Aabb& centroids, std::uint8_t* binOfPrim,
                     Bin (&bins)[kBins]) {
    const float origin = centroids.min[axis];
    const float scale = static_cast<float>(kBins) / (centroids.max[axis] - origin);
    // Clamped in float before the conversion: with a subnormal extent the scale is inf and the
    // product inf or NaN, which no int can hold. max(0, NaN) is 0 as written (the comparison is
    // false), and there is no branch to mispredict.
    const auto binOf = [&](const PrimRef& p) {
        const float position = (p.centroid(axis) - origin) * scale;
        return static_cast<int>(std::min(static_cast<float>(kBins - 1), std::max(0.0f, position)));
    };
#if defined(__SSE2__)
    // The boxes in SSE registers. Lane 3 holds the PrimRef's index and kind bits: min and max
    // carry it along harmlessly, arithmetic must not see it (as a float it is often subnormal,
    // which is slow), so the centroid masks it out.
    __m128 binMin[kBins], binMax[kBins], centroidMin[kBins], centroidMax[kBins];
    for (int b = 0; b < kBins; ++b) {
        binMin[b] = centroidMin[b] = _mm_set1_ps(kInfinity);
        binMax[b] = centroidMax[b] = _mm_set1_ps(-kInfinity);
    }
    const __m128 xyz = _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1));
    const __m128 half = _mm_set1_ps(0.5f);
    for (const PrimRef* p = begin; p != end; ++p) {
        const int b = binOf(*p);
        binOfPrim[p - begin] = static_cast<std::uint8_t>(b);
        const __m128 lo = _mm_loadu_ps(p->min), hi = _mm_loadu_ps(p->max);
        const __m128 centroid =
            _mm_add_ps(_mm_mul_ps(_mm_and_ps(lo, xyz), half), _mm_mul_ps(_mm_and_ps(hi, xyz), half));
        binMin[b] = _mm_min_ps(binMin[b], lo);
        binMax[b] = _mm_max_ps(binMax[b], hi);
        centroidMin[b] = _mm_min_ps(centroidMin[b], centroid);
        centroidMax[b] = _mm_max_ps(centroidMax[b], centroid);
        ++bins[b].count;
    }
    const auto toVec3 = [](__m128 v) {
        alignas(16) float f[4];
        _mm_store_ps(f, v);
        return glm::vec3(f[0], f[1], f[2]);
    };
    for (int b = 0; b < kBins; ++b) {
        bins[b].box = {toVec3(binMin[b]), toVec3(binMax[b])};
        bins[b].centroids = {toVec3(centroidMin[b]), toVec3(centroidMax[b])};
    }
#else
    for (const PrimRef* p = begin; p != end; ++p) {
        binOfPrim[p - begin] = static_cast<std::uint8_t>(binOf(*p));
        Bin& bin = bins[binOfPrim[p - begin]];
        grow(bin.box, p->box());
        grow(bin.centroids, p->centroid());
        ++bin.count;
    }
#endif
}

}  // namespace pickray::detail
