// SPDX-License-Identifier: MIT
// HiDPI: the mouse is in window points, picking in drawable pixels. With a scale of 2 every window
// point covers 2x2 pixels and the cursor is the centre of that block; the ray through it is the
// ray a scale-1 window casts through the same point.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "editor/pick.hpp"

namespace pa = pickray::app;
namespace ps = pickray::scene;

namespace {

// The largest difference of a coordinate.
float maxDifference(glm::vec3 a, glm::vec3 b) {
    const glm::vec3 d = glm::abs(a - b);
    return std::max({d.x, d.y, d.z});
}

}  // namespace

TEST(HiDpi, WindowPointsMapToTheCentreOfTheirPixelBlock) {
    const pa::FrameMatrices frame = pa::frameMatrices(ps::Camera{}, {640, 360}, {1280, 720});
    EXPECT_EQ(frame.pixelsPerWindowUnit, glm::vec2(2.0f, 2.0f));
    EXPECT_EQ(frame.viewport.width, 1280.0f);
    EXPECT_EQ(frame.viewport.height, 720.0f);
    EXPECT_EQ(pa::cursorPixel({0, 0}, frame), glm::vec2(1.0f, 1.0f));
    EXPECT_EQ(pa::cursorPixel({10, 20}, frame), glm::vec2(21.0f, 41.0f));
    EXPECT_EQ(pa::cursorPixel({639, 359}, frame), glm::vec2(1279.0f, 719.0f));
}

TEST(HiDpi, ScaleOneIsTheIdentityPlusHalfAPixel) {
    const pa::FrameMatrices frame = pa::frameMatrices(ps::Camera{}, {640, 360}, {640, 360});
    EXPECT_EQ(frame.pixelsPerWindowUnit, glm::vec2(1.0f, 1.0f));
    EXPECT_EQ(pa::cursorPixel({10, 20}, frame), glm::vec2(10.5f, 20.5f));
}

TEST(HiDpi, TheRayIsTheSameAsAtScaleOneAndPicksTheSameObject) {
    ps::Scene scene;
    for (pickray::ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind)
        scene.objects.push_back(
            ps::defaultObject(kind, glm::vec3(2.0f * static_cast<float>(scene.objects.size()) - 5.0f, 0.5f, 0.0f)));
    const ps::SceneIndex index(scene);
    const pa::FrameMatrices scale1 = pa::frameMatrices(scene.camera, {640, 360}, {640, 360});
    const pa::FrameMatrices scale2 = pa::frameMatrices(scene.camera, {640, 360}, {1280, 720});
    // Bit for bit: the scale-2 cursor is at 2x + 1 of 1280 where the scale-1 one is at x + 0.5 of
    // 640, the same fraction of the viewport, and both quotients round the same real number to the
    // same float; from there the two rays are the same arithmetic on the same floats. Measured 0.
    constexpr float kOriginTolerance = 0.0f;
    constexpr float kDirectionTolerance = 0.0f;
    int picked = 0;
    int cursors = 0;
    float worstOrigin = 0.0f;
    float worstDirection = 0.0f;
    for (int y = 5; y < 360; y += 23)
        for (int x = 5; x < 640; x += 31) {
            const pa::Pick a = pa::pickAt(index, scale1, {x, y});
            const pa::Pick b = pa::pickAt(index, scale2, {x, y});
            ++cursors;
            const float origin = maxDifference(b.ray.origin, a.ray.origin);
            const float direction = maxDifference(glm::normalize(b.ray.direction), glm::normalize(a.ray.direction));
            worstOrigin = std::max(worstOrigin, origin);
            worstDirection = std::max(worstDirection, direction);
            EXPECT_LE(origin, kOriginTolerance) << x << "," << y;
            EXPECT_LE(direction, kDirectionTolerance) << x << "," << y;
            ASSERT_EQ(a.nearest().has_value(), b.nearest().has_value()) << x << "," << y;
            if (a.nearest()) {
                EXPECT_EQ(a.nearest()->object, b.nearest()->object);
                ++picked;
            }
        }
    std::printf("precision: scale 2 against scale 1 over %d cursors: origin %g, unit direction %g\n", cursors,
                static_cast<double>(worstOrigin), static_cast<double>(worstDirection));
    EXPECT_EQ(cursors, 16 * 21);
    EXPECT_GT(picked, 5);  // the grid of cursors does meet the objects
}

// A minimised or 0-pixel window: the frame says it cannot be picked with, instead of NaN rays.
TEST(DegenerateWindow, ZeroSizedFramesAreNotPickableAndHaveNoNaNScale) {
    for (glm::ivec2 size : {glm::ivec2(0, 0), glm::ivec2(0, 720), glm::ivec2(1280, 0)}) {
        const pa::FrameMatrices frame = pa::frameMatrices(ps::Camera{}, size, size);
        EXPECT_FALSE(frame.pickable) << size.x << "x" << size.y;
        EXPECT_TRUE(std::isfinite(frame.pixelsPerWindowUnit.x) && std::isfinite(frame.pixelsPerWindowUnit.y));
    }
    EXPECT_TRUE(pa::frameMatrices(ps::Camera{}, {1, 1}, {1, 1}).pickable);
    EXPECT_TRUE(pa::frameMatrices(ps::Camera{}, {1280, 720}, {1280, 720}).pickable);
}
