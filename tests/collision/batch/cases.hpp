// SPDX-License-Identifier: MIT
#pragma once
// Inputs for the batch tests (test_batch.cpp): a generator per shape kind, BatchCases<Shape>::make,
// whose cases cover every regime the kind's routine distinguishes, so that lanes which differ from
// the scalar routine anywhere are caught. This file has what all kinds share; each kind's
// generator is in the header beside it.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <glm/geometric.hpp>

#include "pickray/collision.hpp"

namespace batch_cases {

using pickray::Ray;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

struct Random {
    std::mt19937 rng{20261122};
    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); }
    glm::vec3 inBox(float half) { return {uniform(-half, half), uniform(-half, half), uniform(-half, half)}; }
    glm::vec3 unit() {
        for (;;) {
            const glm::vec3 v = inBox(1.0f);
            const float l = glm::length(v);
            if (l > 0.1f && l <= 1.0f) return v / l;
        }
    }
    bool chance(float p) { return uniform(0.0f, 1.0f) < p; }
    /// A length spanning many magnitudes, so that directions are rarely unit length.
    float scale() { return std::pow(10.0f, uniform(-3.0f, 3.0f)); }
};

/// A ray aimed near `target` from `distance` away, with a direction of random length.
inline Ray rayToward(Random& random, glm::vec3 target, float distance, float miss) {
    const glm::vec3 origin = target + random.unit() * distance;
    return {origin, glm::normalize(target + random.inBox(miss) - origin) * random.scale()};
}

/// Rays no scalar routine may answer (ray.hpp): NaN and infinite coordinates, directions whose
/// squared length is zero, subnormal or beyond float.
inline Ray invalidRay(Random& random) {
    Ray ray{random.inBox(10.0f), random.unit()};
    switch (random.rng() % 6) {
        case 0: ray.origin.x = kNaN; break;
        case 1: ray.origin.y = kInf; break;
        case 2: ray.direction = glm::vec3(0.0f); break;
        case 3: ray.direction *= 1e-20f; break;
        case 4: ray.direction *= 1e20f; break;
        default: ray.direction.z = kNaN; break;
    }
    return ray;
}

inline float randomTMax(Random& random) {
    switch (random.rng() % 8) {
        case 0: return random.uniform(0.0f, 20.0f);
        case 1: return 0.0f;
        default: return kInf;
    }
}

/// The scalar answer in the batch's convention: +infinity for a miss.
template <typename Shape>
float scalarT(const Ray& ray, const Shape& shape, float tMax) {
    return pickray::raycastT(ray, shape, tMax).value_or(kInf);
}

/// A ray and a shape; make(random, count) returns count of them.
template <typename Shape>
struct Case {
    Ray ray;
    Shape shape;
};
template <typename Shape>
struct BatchCases;  // specialised per kind: static std::vector<Case<Shape>> make(Random&, int count)

}  // namespace batch_cases
