// The batch routines' front: size checks, the whole-call invalid cases, and the choice of
// instruction set. The lanes' arithmetic is in kernels.cpp. On a CPU with neither AVX2 nor
// AVX-512 the batch is a loop over the scalar routine: four lanes built from two-wide SSE2
// operations measured half its speed.
#include "pickray/collision/batch.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "kernels.hpp"
#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/ray_capsule.hpp"
#include "pickray/collision/ray_cylinder.hpp"
#include "pickray/collision/ray_infinite_cylinder.hpp"
#include "pickray/collision/ray_sphere.hpp"

namespace pickray {

namespace {

enum class Level { Scalar, Avx2, Avx512 };

Level detectLevel() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    Level level = Level::Scalar;
    if (__builtin_cpu_supports("avx2")) level = Level::Avx2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")) {
        level = Level::Avx512;
    }
    if (const char* wanted = std::getenv("PICKRAY_SIMD")) {
        const std::string name = wanted;
        if (name == "scalar") level = Level::Scalar;
        else if (name == "avx2") level = std::min(level, Level::Avx2);
    }
    return level;
#else
#error "the batch kernels are written for x86-64 (AVX2, AVX-512)"
#endif
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
        if (level() == Level::Avx512) k = batch_detail::kernelsAvx512();
        if (level() == Level::Avx2) k = batch_detail::kernelsAvx2();
        return batch_detail::Kernels{orScalar(k.sphere),           orScalar(k.capsule), orScalar(k.cylinder),
                                     orScalar(k.infiniteCylinder), orScalar(k.aabb),    orScalar(k.orientedBox)};
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
void raycastT(std::span<const Ray> rays, std::span<const PreparedOrientedBox> shapes, std::span<float> t,
              float tMax) {
    pairs(rays, shapes, t, tMax, kernels().orientedBox);
}

}  // namespace pickray
