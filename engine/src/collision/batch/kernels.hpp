#pragma once
// The batch kernels' entry points, one set per instruction set with wide vectors (AVX2, AVX-512).
// kernels.cpp is compiled once per set (see engine/CMakeLists.txt), each copy defining one of the
// functions below; batch.cpp picks one at run time. Preconditions the entry points rely on (batch.cpp ensures them):
// sizes match, and for one ray, the ray and tMax are valid (isValidRay, tMax >= 0).

#include <cstddef>

#include "pickray/collision/shapes.hpp"

namespace pickray::batch_detail {

struct Kernels {
    void (*sphereOneRay)(const Ray& ray, const Sphere* spheres, float* t, std::size_t count, float tMax);
    void (*spherePairs)(const Ray* rays, const Sphere* spheres, float* t, std::size_t count, float tMax);
};

Kernels kernelsAvx2() noexcept;
Kernels kernelsAvx512() noexcept;

}  // namespace pickray::batch_detail
