// SPDX-License-Identifier: MIT
#pragma once
// raycastT for many queries in one call: the same answers as the one-at-a-time routines, bit for
// bit, computed several at a time on the CPU's vector unit (8 lanes of double with AVX-512, 4
// with AVX2; chosen at run time, see simdLevel()). Without either, a loop over raycastT. On the
// calling thread, safe from several at once (the level is chosen once, on first use, by any).
//
// Contract, for every i:
//   * one ray against many shapes:  t[i] = raycastT(ray, shapes[i], tMax)
//   * pairs:                        t[i] = raycastT(rays[i], shapes[i], tMax)
//   with a miss written as +infinity (a hit's t is always finite, see ray.hpp). Invalid rays,
//   shapes and tMax are misses, exactly as raycastT says.
//   * The spans' sizes must match (t and shapes, and rays for pairs): std::invalid_argument
//     naming both sizes otherwise, and nothing is written. Empty spans are fine.
//   * The lanes do the scalar routine's arithmetic in the same order with no fused multiply-add,
//     so the answers do not depend on the instruction set (tested on every level the CPU has).
//     "raycastT" here is the inline routine compiled without contraction into fused multiply-adds,
//     as every target that links pickray::collision compiles it (ray.hpp, "Floating point").
//   * The AVX2 and AVX-512 lanes exist on x86-64 builds with PICKRAY_SIMD_KERNELS (the default
//     there); every other build, aarch64 among them, loops over raycastT: the same answers.
//
// Why a batch: a scalar test spends most of its time on the branches of hit or miss, which a
// scene's rays take at random; the lanes take both sides and select, with no branch to mispredict.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "pickray/collision/distance.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/shapes.hpp"

namespace pickray {

// For every shape kind with a raycastT; oriented boxes in their prepared form (ray_box.hpp).
void raycastT(const Ray& ray, std::span<const Sphere> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(std::span<const Ray> rays, std::span<const Sphere> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(const Ray& ray, std::span<const Capsule> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(std::span<const Ray> rays, std::span<const Capsule> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(const Ray& ray, std::span<const Cylinder> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(std::span<const Ray> rays, std::span<const Cylinder> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(const Ray& ray, std::span<const InfiniteCylinder> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(std::span<const Ray> rays, std::span<const InfiniteCylinder> shapes, std::span<float> t,
              float tMax = kInfinity);
void raycastT(const Ray& ray, std::span<const Aabb> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(std::span<const Ray> rays, std::span<const Aabb> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(const Ray& ray, std::span<const PreparedOrientedBox> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(std::span<const Ray> rays, std::span<const PreparedOrientedBox> shapes, std::span<float> t,
              float tMax = kInfinity);

/// The nearest of many shapes a ray hits, by brute force on the batch routines: the index of the
/// shape with the smallest raycastT(ray, shape, tMax), ties going to the smaller index, and that
/// t; nullopt when none is hit (or the ray or tMax is invalid). For a few hundred shapes, or
/// shapes that move every frame, this is the whole picking query; for more, see query/bvh.hpp.
struct NearestT {
    std::size_t index = 0;
    float t = 0.0f;
};
[[nodiscard]] std::optional<NearestT> nearestT(const Ray& ray, std::span<const Sphere> shapes, float tMax = kInfinity);
[[nodiscard]] std::optional<NearestT> nearestT(const Ray& ray, std::span<const Capsule> shapes, float tMax = kInfinity);
[[nodiscard]] std::optional<NearestT> nearestT(const Ray& ray, std::span<const Cylinder> shapes,
                                               float tMax = kInfinity);
[[nodiscard]] std::optional<NearestT> nearestT(const Ray& ray, std::span<const InfiniteCylinder> shapes,
                                               float tMax = kInfinity);
[[nodiscard]] std::optional<NearestT> nearestT(const Ray& ray, std::span<const Aabb> shapes, float tMax = kInfinity);
[[nodiscard]] std::optional<NearestT> nearestT(const Ray& ray, std::span<const PreparedOrientedBox> shapes,
                                               float tMax = kInfinity);

/// closestPoints(first[i], second[i]) (distance.hpp) for every i, bit for bit, on the same lanes
/// (where non-finite input makes a field NaN, it is NaN here too, though not always the same NaN).
/// The three spans' sizes must match (std::invalid_argument otherwise, nothing written).
void closestPoints(std::span<const Segment> first, std::span<const Segment> second, std::span<ClosestPoints> out);

/// How the batch routines run on this machine: "avx512", "avx2" or "scalar" (a loop over
/// raycastT). The environment variable PICKRAY_SIMD (one of those names) lowers it, for tests and
/// comparisons; a level the CPU does not have is ignored. PICKRAY_SIMD=scalar also gives the BVH
/// its portable box test (Bvh::boxTest(), query/bvh.hpp).
[[nodiscard]] std::string_view simdLevel() noexcept;

}  // namespace pickray
