// The batch routines (collision/batch.hpp) against the scalar raycastT they promise to equal, bit
// for bit, on random, far, near-tangent and invalid inputs, and on every length of a last partial
// block. ctest runs this executable once per instruction set (PICKRAY_SIMD; tests/CMakeLists.txt);
// the scalar routines themselves are checked against the independent reference elsewhere
// (differential_test).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "pickray/collision.hpp"

namespace {

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
Ray rayToward(Random& random, glm::vec3 target, float distance, float miss) {
    const glm::vec3 origin = target + random.unit() * distance;
    return {origin, glm::normalize(target + random.inBox(miss) - origin) * random.scale()};
}

/// Rays no scalar routine may answer (ray.hpp): NaN and infinite coordinates, directions whose
/// squared length is zero, subnormal or beyond float.
Ray invalidRay(Random& random) {
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

float randomTMax(Random& random) {
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

struct Case {
    Ray ray;
    pickray::Sphere sphere;
};

/// Spheres in every regime: random, far (1e3–1e5 away), grazing (closest approach within 1e-6 of
/// the radius), rays starting inside or on the surface, zero and huge radii, and invalid spheres.
std::vector<Case> sphereCases(Random& random, int count) {
    std::vector<Case> cases;
    for (int i = 0; i < count; ++i) {
        pickray::Sphere sphere{random.inBox(50.0f), random.uniform(0.1f, 5.0f)};
        Ray ray;
        switch (i % 10) {
            case 0: ray = rayToward(random, sphere.center, random.uniform(1e3f, 1e5f), 2.0f * sphere.radius); break;
            case 1: {  // grazing: aimed at a point at distance radius·(1 ± 1e-6) from the centre
                const glm::vec3 side = glm::normalize(glm::cross(random.unit(), glm::vec3(0.3f, 0.5f, 0.8f)));
                const glm::vec3 aim = sphere.center + side * sphere.radius * (1.0f + random.uniform(-1e-6f, 1e-6f));
                const glm::vec3 along = glm::normalize(glm::cross(side, random.unit()));
                ray = {aim - along * random.uniform(1.0f, 100.0f), along * random.scale()};
                break;
            }
            case 2: ray = {sphere.center + random.unit() * sphere.radius * random.uniform(0.0f, 1.0f), random.unit()}; break;
            case 3: ray = {sphere.center + random.unit() * sphere.radius, random.unit() * random.scale()}; break;
            case 4: sphere.radius = random.chance(0.5f) ? 0.0f : 1e30f; ray = rayToward(random, sphere.center, 10.0f, 0.0f); break;
            case 5:
                if (random.chance(0.5f)) sphere.radius = random.chance(0.5f) ? -1.0f : kNaN;
                else sphere.center.y = random.chance(0.5f) ? kInf : kNaN;
                ray = rayToward(random, sphere.center, 10.0f, 1.0f);
                if (std::isnan(sphere.center.y) || std::isinf(sphere.center.y)) ray = {random.inBox(10.0f), random.unit()};
                break;
            case 6: ray = invalidRay(random); break;
            default: ray = rayToward(random, sphere.center, random.uniform(2.0f, 60.0f), 2.0f * sphere.radius); break;
        }
        cases.push_back({ray, sphere});
    }
    return cases;
}

std::string describe(const Ray& ray, float tMax) {
    char text[256];
    std::snprintf(text, sizeof text, "ray (%.9g %.9g %.9g) -> (%.9g %.9g %.9g), tMax %.9g", static_cast<double>(ray.origin.x),
                  static_cast<double>(ray.origin.y), static_cast<double>(ray.origin.z), static_cast<double>(ray.direction.x),
                  static_cast<double>(ray.direction.y), static_cast<double>(ray.direction.z), static_cast<double>(tMax));
    return text;
}

/// Counts answers that differ from the scalar routine in any bit; reports the first few.
template <typename Shape>
int countDifferences(const std::vector<Ray>& rays, const std::vector<Shape>& shapes, const std::vector<float>& got,
                     float tMax) {
    int differences = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const float want = scalarT(rays[i], shapes[i], tMax);
        if (std::bit_cast<std::uint32_t>(want) == std::bit_cast<std::uint32_t>(got[i])) continue;
        if (++differences <= 5) {
            ADD_FAILURE() << "case " << i << ": batch " << got[i] << ", scalar " << want << "; "
                          << describe(rays[i], tMax);
        }
    }
    return differences;
}

TEST(BatchRaycastT, ReportsTheInstructionSetInUse) {
    const std::string level(pickray::simdLevel());
    EXPECT_TRUE(level == "avx512" || level == "avx2" || level == "scalar") << level;
    if (const char* wanted = std::getenv("PICKRAY_SIMD")) {
        // A level the CPU lacks is ignored; one it has is used.
        if (std::string(wanted) == "scalar") {
            EXPECT_EQ(level, "scalar");
        }
        if (std::string(wanted) == "avx2" && __builtin_cpu_supports("avx2")) {
            EXPECT_EQ(level, "avx2");
        }
    }
    std::printf("simd level: %s\n", level.c_str());
}

TEST(BatchRaycastT, SpherePairsEqualTheScalarRoutineBitForBit) {
    Random random;
    for (const float tMax : {kInf, 0.0f, 7.5f, 1e-3f}) {
        const std::vector<Case> cases = sphereCases(random, 20000);
        std::vector<Ray> rays;
        std::vector<pickray::Sphere> spheres;
        for (const Case& c : cases) {
            rays.push_back(c.ray);
            spheres.push_back(c.sphere);
        }
        std::vector<float> t(cases.size(), -1.0f);
        pickray::raycastT(rays, spheres, t, tMax);
        EXPECT_EQ(countDifferences(rays, spheres, t, tMax), 0) << "tMax " << tMax;
        if (tMax == kInf) {  // the cases must exercise both answers, or the comparison says little
            const auto hits = std::count_if(t.begin(), t.end(), [](float v) { return v < kInf; });
            EXPECT_GT(hits, 5000);
            EXPECT_LT(hits, 15000);
        }
    }
}

TEST(BatchRaycastT, OneRayAgainstManySpheresEqualsTheScalarRoutine) {
    Random random;
    std::vector<pickray::Sphere> spheres;
    for (const Case& c : sphereCases(random, 5000)) spheres.push_back(c.sphere);
    for (int r = 0; r < 200; ++r) {
        const Ray ray = r % 10 == 0 ? invalidRay(random) : Ray{random.inBox(60.0f), random.unit() * random.scale()};
        const float tMax = randomTMax(random);
        std::vector<float> t(spheres.size(), -1.0f);
        pickray::raycastT(ray, spheres, t, tMax);
        const std::vector<Ray> rays(spheres.size(), ray);
        ASSERT_EQ(countDifferences(rays, spheres, t, tMax), 0) << describe(ray, tMax);
    }
}

TEST(BatchRaycastT, EveryLengthOfTheLastBlockIsAnsweredAndNothingBeyondIsWritten) {
    Random random;
    const std::vector<Case> cases = sphereCases(random, 40);
    for (std::size_t count = 0; count <= 33; ++count) {
        std::vector<Ray> rays;
        std::vector<pickray::Sphere> spheres;
        for (std::size_t i = 0; i < count; ++i) {
            rays.push_back(cases[i].ray);
            spheres.push_back(cases[i].sphere);
        }
        std::vector<float> t(count + 1, -1.0f);  // one guard entry past the end
        pickray::raycastT(rays, spheres, std::span<float>(t.data(), count));
        EXPECT_EQ(t[count], -1.0f) << count;
        t.pop_back();
        EXPECT_EQ(countDifferences(rays, spheres, t, kInf), 0) << count;

        std::vector<float> one(count + 1, -1.0f);
        pickray::raycastT(cases[0].ray, spheres, std::span<float>(one.data(), count));
        EXPECT_EQ(one[count], -1.0f) << count;
    }
}

TEST(BatchRaycastT, HitsWhosePointOverflowsFloatAreMissesAsInTheScalarRoutine) {
    // A ray from inside a sphere near the top of the float range: its exit point lies just below
    // or just beyond the largest float as the radius sweeps across the boundary.
    constexpr float kTop = std::numeric_limits<float>::max();
    std::vector<Ray> rays;
    std::vector<pickray::Sphere> spheres;
    for (int i = 0; i < 4000; ++i) {
        const float centre = kTop * 0.999f;
        const float radius = kTop * (0.0009f + 0.0002f * static_cast<float>(i) / 4000.0f);
        rays.push_back({{centre, 0.0f, 0.0f}, {1e19f * (1.0f + static_cast<float>(i % 7)), 0.0f, 0.0f}});
        spheres.push_back({{centre, 0.0f, 0.0f}, radius});
    }
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(rays, spheres, t);
    EXPECT_EQ(countDifferences(rays, spheres, t, kInf), 0);
    const auto hits = std::count_if(t.begin(), t.end(), [](float v) { return v < kInf; });
    EXPECT_GT(hits, 100) << "the sweep must reach both sides of the boundary";
    EXPECT_LT(hits, 3900) << "the sweep must reach both sides of the boundary";
}

TEST(BatchRaycastT, InvalidTMaxOrRayGivesOnlyMisses) {
    Random random;
    std::vector<Ray> rays;
    std::vector<pickray::Sphere> spheres;
    for (const Case& c : sphereCases(random, 100)) {
        rays.push_back(c.ray);
        spheres.push_back(c.sphere);
    }
    for (const float tMax : {kNaN, -1.0f, -kInf}) {
        std::vector<float> t(rays.size(), -1.0f);
        pickray::raycastT(rays, spheres, t, tMax);
        for (float v : t) EXPECT_EQ(v, kInf);
        pickray::raycastT(rays[0], spheres, t, tMax);
        for (float v : t) EXPECT_EQ(v, kInf);
    }
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(Ray{{0, 0, 0}, {0, 0, 0}}, spheres, t);
    for (float v : t) EXPECT_EQ(v, kInf);
}

TEST(BatchRaycastT, MismatchedSizesAreRejectedBeforeAnythingIsWritten) {
    const std::vector<Ray> rays(3);
    const std::vector<pickray::Sphere> spheres(4);
    std::vector<float> t(4, -1.0f);
    try {
        pickray::raycastT(rays, spheres, t);
        FAIL() << "no exception";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("rays has 3 entries but t has 4"), std::string::npos) << e.what();
    }
    EXPECT_THROW(pickray::raycastT(rays[0], std::span(spheres).first(3), t), std::invalid_argument);
    for (float v : t) EXPECT_EQ(v, -1.0f);
}

}  // namespace
