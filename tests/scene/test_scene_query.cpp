// SPDX-License-Identifier: MIT
// Scene queries: nearest hit, all hits sorted by t, line spans sorted by enter.
#include <gtest/gtest.h>

#include "scene/scene_query.hpp"

namespace ps = pickray::scene;

namespace {

ps::Scene rowOfSpheres() {
    ps::Scene scene;
    // Listed out of order along +z on purpose.
    scene.objects.push_back({"far", glm::vec3(0.5f), pickray::Sphere{{0, 0, 10}, 1.0f}});
    scene.objects.push_back({"near", glm::vec3(0.5f), pickray::Sphere{{0, 0, 4}, 1.0f}});
    scene.objects.push_back({"aside", glm::vec3(0.5f), pickray::Sphere{{5, 0, 4}, 1.0f}});
    scene.objects.push_back({"behind", glm::vec3(0.5f), pickray::Sphere{{0, 0, -4}, 1.0f}});
    return scene;
}

}  // namespace

TEST(SceneQuery, NearestHitIsTheSmallestT) {
    const auto hit = ps::nearestHit(rowOfSpheres(), pickray::Ray{{0, 0, 0}, {0, 0, 1}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->object, 1u);
    EXPECT_FLOAT_EQ(hit->hit.t, 3.0f);
}

TEST(SceneQuery, AllHitsSortedByTAndOnlyInFront) {
    const auto hits = ps::allHits(rowOfSpheres(), pickray::Ray{{0, 0, 0}, {0, 0, 1}});
    ASSERT_EQ(hits.size(), 2u);
    EXPECT_EQ(hits[0].object, 1u);
    EXPECT_EQ(hits[1].object, 0u);
}

TEST(SceneQuery, LineSpansIncludeObjectsBehindSortedByEnter) {
    const auto spans = ps::lineSpans(rowOfSpheres(), pickray::Ray{{0, 0, 0}, {0, 0, 1}});
    ASSERT_EQ(spans.size(), 3u);
    EXPECT_EQ(spans[0].object, 3u);
    EXPECT_FLOAT_EQ(spans[0].span.enter, -5.0f);
    EXPECT_FLOAT_EQ(spans[0].span.exit, -3.0f);
    EXPECT_EQ(spans[1].object, 1u);
    EXPECT_EQ(spans[2].object, 0u);
}

TEST(SceneQuery, MissGivesNothing) {
    EXPECT_FALSE(ps::nearestHit(rowOfSpheres(), pickray::Ray{{0, 10, 0}, {0, 0, 1}}));
}

TEST(SceneQuery, EveryKindDispatchesToItsShape) {
    ps::Scene scene;
    for (ps::ShapeKind kind : ps::kAllShapeKinds)
        scene.objects.push_back({ps::typeName(kind), glm::vec3(0.5f), ps::defaultShape(kind, {0, 0, 0})});
    for (const auto& o : scene.objects) {
        const glm::vec3 inside = ps::interiorPoint(o.shape);
        // A ray from above through the interior point must hit each shape alone.
        ps::Scene single;
        single.objects.push_back(o);
        const auto hit = ps::nearestHit(single, pickray::Ray{inside + glm::vec3(0, 10, 0.01f), {0, -1, 0}});
        ASSERT_TRUE(hit) << o.name;
        EXPECT_LT(hit->hit.t, 10.0f) << o.name;
    }
}

TEST(SceneQuery, RotatedBoxUsesItsTransform) {
    ps::Scene scene;
    ps::Box box{pickray::Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, ps::Transform{{0, 0, 0}, {0, 0, 0}, {4, 1, 1}}};
    scene.objects.push_back({"long", glm::vec3(0.5f), box});
    // x = 1.5 is inside only because of the scale.
    const auto hit = ps::nearestHit(scene, pickray::Ray{{1.5f, 5, 0}, {0, -1, 0}});
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->hit.point.y, 0.5f);
}

// The Direct3D projection drawn through the GL remap lands on the same pixels as the OpenGL one,
// and picking with either gives the same ray.
#include "pickray/picking.hpp"
#include "scene/camera_math.hpp"

TEST(CameraMath, BothClipDepthsDrawAndPickTheSame) {
    for (ps::Projection projection : {ps::Projection::Perspective, ps::Projection::Orthographic}) {
        ps::Camera gl;
        gl.projection = projection;
        ps::Camera d3d = gl;
        d3d.clipDepth = pickray::ClipDepth::ZeroToOne;
        const float aspect = 1.5f;
        const glm::mat4 drawGl = ps::glClipRemap(gl.clipDepth) * ps::projectionMatrix(gl, aspect);
        const glm::mat4 drawD3d = ps::glClipRemap(d3d.clipDepth) * ps::projectionMatrix(d3d, aspect);
        const glm::vec4 p = ps::viewMatrix(gl) * glm::vec4(0.3f, 1.2f, -0.7f, 1.0f);
        const glm::vec4 a = drawGl * p;
        const glm::vec4 b = drawD3d * p;
        for (int i = 0; i < 4; ++i) EXPECT_NEAR(a[i] / a.w, b[i] / b.w, 1e-5f);

        const pickray::Viewport vp{0, 0, 900, 600, 0, 1};
        const auto r1 = pickray::cursorRay({321.5f, 123.5f}, ps::viewMatrix(gl), ps::projectionMatrix(gl, aspect), vp,
                                           gl.clipDepth);
        const auto r2 = pickray::cursorRay({321.5f, 123.5f}, ps::viewMatrix(d3d), ps::projectionMatrix(d3d, aspect), vp,
                                           d3d.clipDepth);
        for (int i = 0; i < 3; ++i) {
            EXPECT_NEAR(r1.origin[i], r2.origin[i], 1e-4f);
            EXPECT_NEAR(r1.direction[i], r2.direction[i], 1e-5f);
        }
    }
}
