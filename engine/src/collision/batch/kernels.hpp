// SPDX-License-Identifier: MIT
#pragma once
// The batch kernels' entry points, one set per instruction set with wide vectors (AVX2, AVX-512).
// kernels.cpp is compiled once per set (see engine/CMakeLists.txt), each copy defining one of the
// functions below; batch.cpp picks one at run time. Preconditions the entry points rely on
// (batch.cpp ensures them): sizes match, and for one ray, the ray and tMax are valid
// (isValidRay, tMax >= 0). For pairs, tMax is valid; each ray is checked in its lane.

#include <cstddef>

#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/shapes.hpp"

namespace pickray::batch_detail {

/// One shape kind's two batch forms; null where a kind has no lanes in this copy (batch.cpp then
/// loops over the scalar routine).
template <typename Shape>
struct ShapeKernels {
    void (*oneRay)(const Ray& ray, const Shape* shapes, float* t, std::size_t count, float tMax) = nullptr;
    void (*pairs)(const Ray* rays, const Shape* shapes, float* t, std::size_t count, float tMax) = nullptr;
};

struct Kernels {
    ShapeKernels<Sphere> sphere;
    ShapeKernels<Capsule> capsule;
    ShapeKernels<Cylinder> cylinder;
    ShapeKernels<InfiniteCylinder> infiniteCylinder;
    ShapeKernels<Aabb> aabb;
    ShapeKernels<PreparedOrientedBox> orientedBox;
    /// closestPoints(first[i], second[i]) for i < count; null where a copy has no lanes for it.
    void (*segmentPairs)(const Segment* first, const Segment* second, ClosestPoints* out, std::size_t count) = nullptr;
};

Kernels kernelsAvx2() noexcept;
Kernels kernelsAvx512() noexcept;

}  // namespace pickray::batch_detail
