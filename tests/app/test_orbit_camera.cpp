// SPDX-License-Identifier: MIT
// Orbit camera moves keep the distance, never reach the poles, and pan moves eye and target alike.
#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "orbit_camera.hpp"

namespace ps = pickray::scene;
using pickray::app::orbit;
using pickray::app::pan;
using pickray::app::zoom;

TEST(OrbitCamera, OrbitKeepsDistanceAndTarget) {
    ps::Camera c;
    const float before = glm::length(c.eye - c.target);
    const ps::Camera o = orbit(c, 0.7f, 0.3f);
    EXPECT_NEAR(glm::length(o.eye - o.target), before, 1e-4f);
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
    EXPECT_NEAR(glm::length(z.eye - z.target), 0.5f * glm::length(c.eye - c.target), 1e-4f);
    EXPECT_NEAR(z.orthoHeight, 0.5f * c.orthoHeight, 1e-6f);
}

TEST(OrbitCamera, PanMovesEyeAndTargetTogether) {
    ps::Camera c;
    const ps::Camera p = pan(c, {30.0f, -10.0f}, 720.0f);
    EXPECT_GT(glm::length(p.target - c.target), 0.0f);
    const glm::vec3 a = p.eye - p.target;
    const glm::vec3 b = c.eye - c.target;
    EXPECT_NEAR(glm::length(a - b), 0.0f, 1e-5f);
}
