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
    // same float; from there the two rays are the same arithmetic on the same floats.
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

// A click picks what it sees, and the GPU clips at the far plane. The camera looks down
// -z from the origin with far = 100, so the plane is 100 from the eye on the view axis. Spheres of
// radius 0.5 on that axis whose near side is 0.1 before the plane (seen) or 0.1 beyond it (clipped,
// not picked); a sphere straddling the plane is seen by its near side. 0.1 is 2^16 float steps at
// 100, far beyond any rounding of the ray or of the plane's t. In all four conventions.
TEST(FarPlane, AClickPicksNothingBeyondTheFarPlaneInEveryConvention) {
    int checked = 0;
    for (const ps::Projection projection : {ps::Projection::Perspective, ps::Projection::Orthographic})
        for (const pickray::ClipDepth depth : {pickray::ClipDepth::NegativeOneToOne, pickray::ClipDepth::ZeroToOne}) {
            ps::Camera camera;
            camera.eye = glm::vec3(0.0f);
            camera.target = glm::vec3(0.0f, 0.0f, -1.0f);
            camera.projection = projection;
            camera.clipDepth = depth;
            const pa::FrameMatrices frame = pa::frameMatrices(camera, {640, 360}, {640, 360});
            const glm::vec2 centre(320.0f, 180.0f);  // on the view axis
            struct Case {
                float nearSide;  // distance from the eye to the sphere's near side
                bool picked;
            };
            for (const Case c : {Case{99.9f, true}, Case{100.1f, false}, Case{99.8f, true}}) {
                ps::Scene scene;
                scene.camera = camera;
                scene.objects.push_back(
                    {"ball", glm::vec3(1.0f), pickray::Sphere{glm::vec3(0.0f, 0.0f, -(c.nearSide + 0.5f)), 0.5f}});
                const ps::SceneIndex index(scene);
                const pa::Pick pick = pa::pickAtPixel(index, frame, centre);
                // The far plane's t from the ray's origin, which is on the near plane; within 1e-4
                // (13 float steps at 100: the plane's point and the origin are each rounded once).
                EXPECT_NEAR(pick.tFar, camera.far - camera.near, 1e-4f);
                EXPECT_EQ(pick.nearest().has_value(), c.picked) << "near side at " << c.nearSide;
                // The line still crosses it: the spans are the line's, not clipped.
                EXPECT_EQ(pick.spans.size(), 1u);
                ++checked;
            }
        }
    EXPECT_EQ(checked, 12);
}
