// SPDX-License-Identifier: MIT
#pragma once
// Assertion helpers with explicit tolerances, and checks that a hit honours the ray contract.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/shapes.hpp"

namespace pickray::test {

inline ::testing::AssertionResult vecNear(const char* aExpr, const char* bExpr, const char*, glm::vec3 a, glm::vec3 b,
                                          float tolerance) {
    const float d = glm::distance(a, b);
    if (d <= tolerance) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << aExpr << " = (" << a.x << ", " << a.y << ", " << a.z << ") and " << bExpr
                                         << " = (" << b.x << ", " << b.y << ", " << b.z << ") are " << d
                                         << " apart, tolerance " << tolerance;
}

#define EXPECT_VEC_NEAR(a, b, tol) EXPECT_PRED_FORMAT3(::pickray::test::vecNear, a, b, tol)

/// The contract every RayHit must meet: t in [0, tMax], point = origin + t·direction, unit normal.
inline void expectWellFormed(const Ray& ray, const RayHit& hit, float tMax = INFINITY) {
    EXPECT_GE(hit.t, 0.0f);
    EXPECT_LE(hit.t, tMax);
    // The library forms the point from its double t, rounding once (2^-24·|point| a coordinate);
    // here it is formed from the float t (t's own rounding: 2^-24·|t·direction|), with t·direction
    // and the sum rounded. In all at most 2^-24·(2·|t·direction| + 2·|point|) apart, and
    // |t·direction| <= |origin| + |point|.
    const glm::vec3 expected = ray.origin + hit.t * ray.direction;
    EXPECT_VEC_NEAR(hit.point, expected,
                    std::ldexp(2.0f * glm::length(ray.origin) + 4.0f * glm::length(hit.point), -24));
    // Each component of the unit normal rounded to float: its length is 1 within 2^-24; twice that
    // allowed.
    EXPECT_NEAR(glm::length(hit.normal), 1.0f, 0x1p-23f);
}

/// How far rounding moved the library's hit point: it works in double and rounds the point to float
/// once, 2^-24·|point| a coordinate, √3·2^-24·|point| in all.
inline double pointRounding(const RayHit& hit) {
    return std::sqrt(3.0) * std::ldexp(glm::length(glm::dvec3(hit.point)), -24);
}

/// The worst of error / tolerance over a test's cases, printed when the test ends ("precision: ").
class WorstRatio {
public:
    explicit WorstRatio(const char* name) : name_(name) {}
    WorstRatio(const WorstRatio&) = delete;
    WorstRatio& operator=(const WorstRatio&) = delete;
    ~WorstRatio() {
        std::printf("precision: %s: worst %.3g of the tolerance over %ld checks\n", name_, worst_, count_);
    }
    /// Expects error <= tolerance and keeps the worst ratio.
    void expectWithin(double error, double tolerance) {
        ++count_;
        worst_ = std::max(worst_, error / tolerance);
        EXPECT_LE(error, tolerance) << name_;
    }

private:
    const char* name_;
    double worst_ = 0;
    long count_ = 0;
};

inline glm::vec3 randomUnit(std::mt19937& rng) {
    std::normal_distribution<float> n(0.0f, 1.0f);
    for (;;) {
        const glm::vec3 v(n(rng), n(rng), n(rng));
        const float l = glm::length(v);
        if (l > 1e-3f) return v / l;
    }
}

inline glm::vec3 randomIn(std::mt19937& rng, float lo, float hi) {
    std::uniform_real_distribution<float> u(lo, hi);
    return {u(rng), u(rng), u(rng)};
}

/// A ray from a random origin around `target` towards a point within `spread` of it, so that a
/// good share of random rays hit a shape placed at `target`. Direction length random in [0.1, 10].
inline Ray aimedRay(std::mt19937& rng, glm::vec3 target, float originRange, float spread) {
    const glm::vec3 origin = target + randomIn(rng, -originRange, originRange);
    const glm::vec3 aim = target + randomIn(rng, -spread, spread);
    const float length = std::uniform_real_distribution<float>(0.1f, 10.0f)(rng);
    const glm::vec3 toward = aim - origin;
    return Ray{origin, glm::length(toward) > 1e-3f ? glm::normalize(toward) * length : randomUnit(rng) * length};
}

}  // namespace pickray::test
