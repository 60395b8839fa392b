// SPDX-License-Identifier: MIT
// The batch routines' front: size checks, the whole-call invalid cases, and the choice of
// instruction set. The lanes' arithmetic is in kernels.cpp, built for x86-64 only
// (PICKRAY_HAVE_SIMD_KERNELS). On an x86-64 CPU with neither AVX2 nor AVX-512, and on every other
// processor, the batch is a loop over the scalar routine: four lanes built from two-wide SSE2
// operations would be slower than it (docs/PERFORMANCE.md).
#include "pickray/collision/batch.hpp"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <string>

#include "kernels.hpp"
#include "pickray/collision/distance.hpp"
#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/ray_capsule.hpp"
#include "pickray/collision/ray_cylinder.hpp"
#include "pickray/collision/ray_infinite_cylinder.hpp"
#include "pickray/collision/ray_sphere.hpp"

namespace pickray {

namespace {

enum class Level { Scalar, Avx2, Avx512 };

Level detectLevel() noexcept {
    Level level = Level::Scalar;
#if PICKRAY_HAVE_SIMD_KERNELS
    if (__builtin_cpu_supports("avx2")) level = Level::Avx2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")) {
        level = Level::Avx512;
    }
#endif
    if (const char* wanted = std::getenv("PICKRAY_SIMD")) {
        const std::string name = wanted;
        if (name == "scalar") level = Level::Scalar;
        else if (name == "avx2") level = std::min(level, Level::Avx2);
    }
    return level;
}

Level level() noexcept {
    static const Level chosen = detectLevel();
    return chosen;
}

template <typename Shape>
void scalarOneRay(const Ray& ray, const Shape* shapes, float* t, std::size_t count, float tMax) {
    for (std::size_t i = 0; i < count; ++i) t[i] = raycastT(ray, shapes[i], tMax).value_or(kInfinity);
}
template <typename Shape>
void scalarPairs(const Ray* rays, const Shape* shapes, float* t, std::size_t count, float tMax) {
    for (std::size_t i = 0; i < count; ++i) t[i] = raycastT(rays[i], shapes[i], tMax).value_or(kInfinity);
}

void scalarSegmentPairs(const Segment* first, const Segment* second, ClosestPoints* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) out[i] = closestPoints(first[i], second[i]);
}

/// A kind's kernels with the scalar loops wherever the chosen copy has no lanes for it.
template <typename Shape>
batch_detail::ShapeKernels<Shape> orScalar(batch_detail::ShapeKernels<Shape> kernels) {
    if (kernels.oneRay == nullptr) kernels.oneRay = scalarOneRay<Shape>;
    if (kernels.pairs == nullptr) kernels.pairs = scalarPairs<Shape>;
    return kernels;
}

const batch_detail::Kernels& kernels() noexcept {
    static const batch_detail::Kernels chosen = [] {
        batch_detail::Kernels k{};
#if PICKRAY_HAVE_SIMD_KERNELS
        if (level() == Level::Avx512) k = batch_detail::kernelsAvx512();
        if (level() == Level::Avx2) k = batch_detail::kernelsAvx2();
#endif
        return batch_detail::Kernels{orScalar(k.sphere),
                                     orScalar(k.capsule),
                                     orScalar(k.cylinder),
                                     orScalar(k.infiniteCylinder),
                                     orScalar(k.aabb),
                                     orScalar(k.orientedBox),
                                     k.segmentPairs != nullptr ? k.segmentPairs : scalarSegmentPairs};
    }();
    return chosen;
}

void requireSameSize(std::size_t given, std::size_t answers, const char* what) {
    if (given == answers) return;
    throw std::invalid_argument(std::string("pickray::raycastT: ") + what + " has " + std::to_string(given) +
                                " entries but t has " + std::to_string(answers));
}

template <typename Shape>
void oneRay(const Ray& ray, std::span<const Shape> shapes, std::span<float> t, float tMax,
            const batch_detail::ShapeKernels<Shape>& kernels) {
    requireSameSize(shapes.size(), t.size(), "shapes");
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return std::fill(t.begin(), t.end(), kInfinity);
    kernels.oneRay(ray, shapes.data(), t.data(), t.size(), tMax);
}

template <typename Shape>
void pairs(std::span<const Ray> rays, std::span<const Shape> shapes, std::span<float> t, float tMax,
           const batch_detail::ShapeKernels<Shape>& kernels) {
    requireSameSize(rays.size(), t.size(), "rays");
    requireSameSize(shapes.size(), t.size(), "shapes");
    if (!(tMax >= 0.0f)) return std::fill(t.begin(), t.end(), kInfinity);
    kernels.pairs(rays.data(), shapes.data(), t.data(), t.size(), tMax);
}

/// The smallest of t[0, count) (no NaN among them), sixteen independent minimums at a time: a
/// plain loop is one dependent scalar minimum per entry, as slow as the batch test itself.
float smallestOf(const float* t, std::size_t count) {
    alignas(16) float lanes[16];
    std::size_t k = 0;
#if defined(__SSE__)
    __m128 m[4] = {_mm_set1_ps(kInfinity), _mm_set1_ps(kInfinity), _mm_set1_ps(kInfinity), _mm_set1_ps(kInfinity)};
    for (; k + 16 <= count; k += 16) {
        for (std::size_t j = 0; j < 4; ++j) m[j] = _mm_min_ps(m[j], _mm_loadu_ps(t + k + 4 * j));
    }
    for (std::size_t j = 0; j < 4; ++j) _mm_store_ps(lanes + 4 * j, m[j]);
#else
    std::fill(std::begin(lanes), std::end(lanes), kInfinity);
    for (; k + 16 <= count; k += 16) {
        for (std::size_t j = 0; j < 16; ++j) lanes[j] = std::min(lanes[j], t[k + j]);
    }
#endif
    float smallest = kInfinity;
    for (const float lane : lanes) smallest = std::min(smallest, lane);
    for (; k < count; ++k) smallest = std::min(smallest, t[k]);
    return smallest;
}

/// Chunks of the batch with tMax lowered to the best t so far, so later chunks stop early where
/// every lane is beyond it.
template <typename Shape>
std::optional<NearestT> nearest(const Ray& ray, std::span<const Shape> shapes, float tMax,
                                const batch_detail::ShapeKernels<Shape>& kernels) {
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return std::nullopt;
    constexpr std::size_t kChunk = 256;
    float t[kChunk];
    float bestT = kInfinity;  // a hit's t is finite, so a hit always beats it
    std::size_t bestIndex = 0;
    for (std::size_t first = 0; first < shapes.size(); first += kChunk) {
        const std::size_t count = std::min(kChunk, shapes.size() - first);
        kernels.oneRay(ray, shapes.data() + first, t, count, std::min(tMax, bestT));
        // The chunk's smallest t first, then, in the rare chunk that improves on the best, the
        // first place it occurs (ties keep the earlier shape, as the strict "<" does across chunks).
        const float smallest = smallestOf(t, count);
        if (smallest < bestT) {
            const auto at = static_cast<std::size_t>(std::find(t, t + count, smallest) - t);
            bestIndex = first + at;
            bestT = t[at];  // not `smallest`: of +0 and −0 (equal), the one at that place
        }
    }
    if (bestT == kInfinity) return std::nullopt;
    return NearestT{bestIndex, bestT};
}

}  // namespace

std::string_view simdLevel() noexcept {
    switch (level()) {
        case Level::Avx512: return "avx512";
        case Level::Avx2: return "avx2";
        case Level::Scalar: break;
    }
    return "scalar";
}

void raycastT(const Ray& ray, std::span<const Sphere> shapes, std::span<float> t, float tMax) {
    oneRay(ray, shapes, t, tMax, kernels().sphere);
}
void raycastT(std::span<const Ray> rays, std::span<const Sphere> shapes, std::span<float> t, float tMax) {
    pairs(rays, shapes, t, tMax, kernels().sphere);
}
void raycastT(const Ray& ray, std::span<const Capsule> shapes, std::span<float> t, float tMax) {
    oneRay(ray, shapes, t, tMax, kernels().capsule);
}
void raycastT(std::span<const Ray> rays, std::span<const Capsule> shapes, std::span<float> t, float tMax) {
    pairs(rays, shapes, t, tMax, kernels().capsule);
}
void raycastT(const Ray& ray, std::span<const Cylinder> shapes, std::span<float> t, float tMax) {
    oneRay(ray, shapes, t, tMax, kernels().cylinder);
}
void raycastT(std::span<const Ray> rays, std::span<const Cylinder> shapes, std::span<float> t, float tMax) {
    pairs(rays, shapes, t, tMax, kernels().cylinder);
}
void raycastT(const Ray& ray, std::span<const InfiniteCylinder> shapes, std::span<float> t, float tMax) {
    oneRay(ray, shapes, t, tMax, kernels().infiniteCylinder);
}
void raycastT(std::span<const Ray> rays, std::span<const InfiniteCylinder> shapes, std::span<float> t, float tMax) {
    pairs(rays, shapes, t, tMax, kernels().infiniteCylinder);
}
void raycastT(const Ray& ray, std::span<const Aabb> shapes, std::span<float> t, float tMax) {
    oneRay(ray, shapes, t, tMax, kernels().aabb);
}
void raycastT(std::span<const Ray> rays, std::span<const Aabb> shapes, std::span<float> t, float tMax) {
    pairs(rays, shapes, t, tMax, kernels().aabb);
}
void raycastT(const Ray& ray, std::span<const PreparedOrientedBox> shapes, std::span<float> t, float tMax) {
    oneRay(ray, shapes, t, tMax, kernels().orientedBox);
}
void raycastT(std::span<const Ray> rays, std::span<const PreparedOrientedBox> shapes, std::span<float> t, float tMax) {
    pairs(rays, shapes, t, tMax, kernels().orientedBox);
}

void closestPoints(std::span<const Segment> first, std::span<const Segment> second, std::span<ClosestPoints> out) {
    if (first.size() != out.size() || second.size() != out.size()) {
        throw std::invalid_argument("pickray::closestPoints: first has " + std::to_string(first.size()) +
                                    " segments, second " + std::to_string(second.size()) + ", out " +
                                    std::to_string(out.size()) + "; all three must match");
    }
    kernels().segmentPairs(first.data(), second.data(), out.data(), out.size());
}

std::optional<NearestT> nearestT(const Ray& ray, std::span<const Sphere> shapes, float tMax) {
    return nearest(ray, shapes, tMax, kernels().sphere);
}
std::optional<NearestT> nearestT(const Ray& ray, std::span<const Capsule> shapes, float tMax) {
    return nearest(ray, shapes, tMax, kernels().capsule);
}
std::optional<NearestT> nearestT(const Ray& ray, std::span<const Cylinder> shapes, float tMax) {
    return nearest(ray, shapes, tMax, kernels().cylinder);
}
std::optional<NearestT> nearestT(const Ray& ray, std::span<const InfiniteCylinder> shapes, float tMax) {
    return nearest(ray, shapes, tMax, kernels().infiniteCylinder);
}
std::optional<NearestT> nearestT(const Ray& ray, std::span<const Aabb> shapes, float tMax) {
    return nearest(ray, shapes, tMax, kernels().aabb);
}
std::optional<NearestT> nearestT(const Ray& ray, std::span<const PreparedOrientedBox> shapes, float tMax) {
    return nearest(ray, shapes, tMax, kernels().orientedBox);
}

}  // namespace pickray
