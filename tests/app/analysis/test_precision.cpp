// SPDX-License-Identifier: MIT
// The precision view's computations (analysis/precision.hpp) against the long-double
// reference of tests/reference/ (signed distances and root finding, no quadratic, no slab test):
// the textbook formulas in double on random rays of every kind, and the naive float sphere far
// from the world origin next to the library's raycast.
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <random>

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "analysis/precision.hpp"
#include "pickray/query/shape.hpp"
#include "reference/reference.hpp"
#include "scene/scene.hpp"
#include "support/float_solid.hpp"
#include "support/geometry_asserts.hpp"

namespace pa = pickray::app;
namespace ps = pickray::scene;
using pickref::Real;

namespace {

using floatsolid::floatStep;
using floatsolid::ref;
using floatsolid::solidOf;

}  // namespace

// Every kind, 200 random shapes and rays each (a random placement, a turned, scaled and sheared
// box), the rays aimed near the shape from all sides and lengths (inside starts included).
TEST(Precision, TextbookDoubleMatchesTheLongDoubleReferenceOnRandomRays) {
    std::mt19937 rng(27);
    constexpr int kPerKind = 200;
    // Compared only where the reference says the ray is not grazing: its margin (how far the ray
    // is from touching the surface) at least 1e-4 of the shape's size. There a root's error is the
    // double rounding of the quadratic's few dozen operations (each 2^-53 = 1.1e-16 relative of
    // the largest term, about (|o − c| + size)²) over √disc >= √(margin · size) · |d|: at most
    // 1e2 · 1.1e-16 · 1e2 ≈ 1e-12 of (|o − c| + size) / |d|. Allowed: 1e-10 of that (room 100).
    // The same formulas in float are off by 1e-7 and more of it (checked: the test fails with
    // T = float in the "double" path).
    constexpr Real kRelative = 1e-10L;
    int cases = 0, compared = 0, hits[pickray::kShapeKindCount] = {};
    Real worst = 0;
    for (pickray::ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind) {
        for (int i = 0; i < kPerKind; ++i) {
            const glm::vec3 center = pickray::test::randomIn(rng, -50.0f, 50.0f);
            ps::Object object = ps::defaultObject(kind, center);
            if (kind == 5) {
                ps::Transform t;
                t.position = center;
                t.rotationDegrees = pickray::test::randomIn(rng, -180.0f, 180.0f);
                t.scale = pickray::test::randomIn(rng, 0.3f, 3.0f);
                t.shear = pickray::test::randomIn(rng, -0.5f, 0.5f);
                object.shape = ps::placedBox(pickray::Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, t);
            }
            const auto solid = solidOf(object.shape);
            const pickray::Ray ray = pickray::test::aimedRay(rng, ps::interiorPoint(object.shape), 4.0f, 0.4f);
            ++cases;
            const pickref::RayAnswer answer = solid->ray({ref(ray.origin), ref(ray.direction)});
            if (answer.ambiguous || answer.margin < 1e-4L * solid->size()) continue;
            const auto t = pa::textbookRaycast(glm::dvec3(ray.origin), glm::dvec3(ray.direction), object.shape);
            ++compared;
            ASSERT_EQ(t.has_value(), answer.hit) << "kind " << kind << " case " << i;
            if (!t) continue;
            ++hits[kind];
            const Real scale = (pickref::length(ref(ray.origin) - solid->position()) + solid->size()) /
                               pickref::length(ref(ray.direction));
            const Real error = std::abs(static_cast<Real>(*t) - answer.t) / scale;
            worst = std::max(worst, error);
            EXPECT_LE(error, kRelative) << "kind " << kind << " case " << i << ": " << *t << " vs "
                                        << static_cast<double>(answer.t);
        }
    }
    std::printf(
        "precision: textbook double vs long-double reference, worst %.3g of (|o - c| + size) / |d| over %d "
        "compared rays (%d cases)\n",
        static_cast<double>(worst), compared, cases);
    EXPECT_EQ(cases, kPerKind * static_cast<int>(pickray::kShapeKindCount));
    EXPECT_GE(compared, cases * 9 / 10);  // few are grazing or ambiguous
    for (pickray::ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind)
        EXPECT_GE(hits[kind], kPerKind / 4) << "too few hits of kind " << kind;
}

// A unit sphere 1e4 from the world origin, seen from 1e4 away, rays from the centre to the rim:
// the textbook float quadratic's c = |o − c|² − r² and b² − ac round away r² (|o − c|² = 1e8, a
// float step of 8 there), so the naive t is off by whole units (thousands of float steps of t ≈
// 1e4); the library's raycast stays within a few steps.
TEST(Precision, NaiveFloatSphereFarAwayLosesThousandsOfUlpsWhilePickrayDoesNot) {
    const pickray::Sphere sphere{{5000.0f, 3000.0f, -8000.0f}, 1.0f};
    const pickref::SphereSolid solid(ref(sphere.center), sphere.radius);
    const glm::vec3 origin = sphere.center + glm::vec3(0.0f, 0.0f, 1e4f);
    double worstPickray = 0, worstNaive = 0;
    int checked = 0;
    for (const float off : {0.0f, 0.3f, 0.6f, 0.9f, 0.97f, 0.99f}) {
        const glm::vec3 direction = glm::normalize(sphere.center + glm::vec3(0.0f, off, 0.0f) - origin);
        const pickref::RayAnswer answer = solid.ray({ref(origin), ref(direction)});
        ASSERT_TRUE(answer.hit) << off;
        const auto library = pickray::raycast({origin, direction}, pickray::Shape(sphere));
        ASSERT_TRUE(library.has_value()) << off;
        const double pickrayUlps = static_cast<double>((library->t - answer.t) / floatStep(answer.t));
        const auto naive = pa::textbookRaycast(origin, direction, pickray::Shape(sphere));
        // A naive miss counts as off by the whole t.
        const double naiveUlps = static_cast<double>(((naive ? *naive : 0.0f) - answer.t) / floatStep(answer.t));
        std::printf(
            "precision: sphere 1e4 away, ray %.2f of the radius off centre: pickray %+.2f ulps, naive float "
            "%+.0f ulps%s\n",
            double{off}, pickrayUlps, naiveUlps, naive ? "" : " (a miss)");
        worstPickray = std::max(worstPickray, std::abs(pickrayUlps));
        worstNaive = std::max(worstNaive, std::abs(naiveUlps));
        ++checked;
    }
    EXPECT_EQ(checked, 6);
    // raycast.hpp's sphere is within a few float steps of t; 4 allowed.
    EXPECT_LE(worstPickray, 4.0);
    // The naive one: a float step of |o − c|² is 8 against r² = 1, a t error of units, 1e3 steps.
    EXPECT_GE(worstNaive, 1000.0);
}
