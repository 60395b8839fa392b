// SPDX-License-Identifier: MIT
// Orbit camera moves keep the distance, never reach the poles, and pan moves eye and target alike.
// Distances are measured here in long double from the camera's floats; each tolerance is a few
// ulps of the quantity, from the measured worst (printed on the "precision: " lines).
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "editor/orbit_camera.hpp"

namespace ps = pickray::scene;
using pickray::app::orbit;
using pickray::app::pan;
using pickray::app::zoom;

namespace {

using ld = long double;

ld lengthLd(glm::vec3 v) { return std::sqrt(ld(v.x) * v.x + ld(v.y) * v.y + ld(v.z) * v.z); }

// The default camera's eye-to-target distance, sqrt(133) = 11.53..., lies in [8, 16): a float ulp
// there is 2^-20.
constexpr ld kUlpAtDistance = 0x1p-20L;

}  // namespace

TEST(OrbitCamera, OrbitKeepsDistanceAndTarget) {
    ps::Camera c;
    const ld before = lengthLd(c.eye - c.target);
    const ps::Camera o = orbit(c, 0.7f, 0.3f);
    const ld error = std::abs(lengthLd(o.eye - o.target) - before);
    std::printf("precision: orbit's distance off by %.3Lg ulps\n", error / kUlpAtDistance);
    // The new eye is target + distance * (unit direction from cos and sin): the distance's rounding
    // (half an ulp), the direction's length (about an ulp) and the sum with the target (half an
    // ulp): 2 ulps.
    EXPECT_LE(error, 2 * kUlpAtDistance);
    EXPECT_EQ(o.target, c.target);
    EXPECT_GT(glm::length(o.eye - c.eye), 0.1f);
}

TEST(OrbitCamera, PitchStopsShortOfThePole) {
    const ps::Camera o = orbit(ps::Camera{}, 0.0f, 10.0f);
    EXPECT_FALSE(pickray::scene::validate(o).has_value());  // up is still not the view direction
    EXPECT_LT(glm::dot(glm::normalize(o.eye - o.target), glm::vec3(0, 1, 0)), 1.0f);
}

TEST(OrbitCamera, ZoomScalesDistanceAndOrthoHeight) {
    ps::Camera c;
    const ps::Camera z = zoom(c, 0.5f);
    // Half the distance: in [4, 8), where an ulp is 2^-21.
    const ld error = std::abs(lengthLd(z.eye - z.target) - 0.5L * lengthLd(c.eye - c.target));
    std::printf("precision: zoom's distance off by %.3Lg ulps\n", error / (kUlpAtDistance / 2));
    // distance * normalize(offset) + target: the same roundings as the orbit's, 2 ulps.
    EXPECT_LE(error, 2 * kUlpAtDistance / 2);
    EXPECT_EQ(z.orthoHeight, 0.5f * c.orthoHeight) << "a halving is exact";
}

TEST(OrbitCamera, PanMovesEyeAndTargetTogether) {
    ps::Camera c;
    const ps::Camera p = pan(c, {30.0f, -10.0f}, 720.0f);
    EXPECT_GT(glm::length(p.target - c.target), 0.0f);
    const glm::vec3 a = p.eye - p.target;
    const glm::vec3 b = c.eye - c.target;
    const ld error = lengthLd(a - b);
    std::printf("precision: pan changed eye - target by %.3Lg\n", error);
    // Per coordinate: eye + move rounds by half an ulp of a number below 16 (2^-21), target + move
    // by less, and the two subtractions eye - target by up to 2^-21 each: within 4 * 2^-21 = 2^-19,
    // and over the three coordinates sqrt(3) * 2^-19.
    EXPECT_LE(error, 1.7321L * 0x1p-19L);
}

TEST(OrbitCamera, FrameSphereFitsTheSilhouetteInTheFreeRectangleWithItsMargin) {
    // The sphere seen from the new eye is the cone of half angle asin(r / d) round the view axis:
    // its tangent, over the tangent of the half field of view, is the part of the half height it
    // takes. It must be the free rectangle's narrower half side over the margin 1.15.
    ps::Camera c;
    c.eye = {4.0f, 3.0f, 9.0f};
    c.target = {0.0f, 1.0f, 0.0f};
    c.fovYDegrees = 45.0f;
    const glm::vec3 centre(1.0f, 2.0f, -1.0f);
    const float radius = 1.5f, aspect = 16.0f / 9.0f;
    for (const glm::vec2 room : {glm::vec2(1.0f), glm::vec2(0.456f, 0.414f), glm::vec2(0.2f, 0.9f)}) {
        const ps::Camera framed = pickray::app::frameSphere(c, centre, radius, aspect, room);
        const ld d = lengthLd(framed.eye - centre);
        const ld r = ld(radius) * 1.15L;
        const ld silhouette = std::tan(std::asin(r / d)) / std::tan(ld(22.5L) * 3.14159265358979323846L / 180);
        const ld narrower = std::min(ld(room.x) * aspect, ld(room.y));
        EXPECT_NEAR(static_cast<double>(silhouette), static_cast<double>(narrower), 1e-5) << room.x << ", " << room.y;
        EXPECT_EQ(framed.target, centre);
        // Orthographic: the circle's radius over half the view height is the same part.
        EXPECT_NEAR(static_cast<double>(2.0L * r / framed.orthoHeight), static_cast<double>(narrower), 1e-6);
        // The same direction: moved, not turned.
        EXPECT_LT(static_cast<double>(
                      lengthLd(glm::normalize(framed.eye - framed.target) - glm::normalize(c.eye - c.target))),
                  1e-6);
    }
}
