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
#error "the batch kernels are written for x86-64 (SSE2, AVX2, AVX-512)"
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

const batch_detail::Kernels& kernels() noexcept {
    static const batch_detail::Kernels chosen = [] {
        switch (level()) {
            case Level::Avx512: return batch_detail::kernelsAvx512();
            case Level::Avx2: return batch_detail::kernelsAvx2();
            case Level::Scalar: break;
        }
        return batch_detail::Kernels{scalarOneRay<Sphere>, scalarPairs<Sphere>};
    }();
    return chosen;
}

void requireSameSize(std::size_t shapes, std::size_t answers, const char* what) {
    if (shapes == answers) return;
    throw std::invalid_argument(std::string("pickray::raycastT: ") + what + " has " + std::to_string(shapes) +
                                " entries but t has " + std::to_string(answers));
}

void fillMisses(std::span<float> t) { std::fill(t.begin(), t.end(), kInfinity); }

}  // namespace

std::string_view simdLevel() noexcept {
    switch (level()) {
        case Level::Avx512: return "avx512";
        case Level::Avx2: return "avx2";
        case Level::Scalar: break;
    }
    return "scalar";
}

void raycastT(const Ray& ray, std::span<const Sphere> spheres, std::span<float> t, float tMax) {
    requireSameSize(spheres.size(), t.size(), "spheres");
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return fillMisses(t);
    kernels().sphereOneRay(ray, spheres.data(), t.data(), t.size(), tMax);
}

void raycastT(std::span<const Ray> rays, std::span<const Sphere> spheres, std::span<float> t, float tMax) {
    requireSameSize(rays.size(), t.size(), "rays");
    requireSameSize(spheres.size(), t.size(), "spheres");
    if (!(tMax >= 0.0f)) return fillMisses(t);
    kernels().spherePairs(rays.data(), spheres.data(), t.data(), t.size(), tMax);
}

}  // namespace pickray
