// SPDX-License-Identifier: MIT
// Scene queries: nearest hit, all hits sorted by t, line spans sorted by enter. Hand-worked
// answers, asked of both the SceneIndex and the brute force the larger tests judge it by.
#include <stdexcept>

#include <gtest/gtest.h>

#include "scene/scene_index.hpp"
#include "support/scene_brute_force.hpp"

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

// Both ways of asking, so each hand-worked answer checks both.
struct Answers {
    std::optional<ps::ObjectHit> nearest;
    std::vector<ps::ObjectHit> hits;
    std::vector<ps::ObjectSpan> spans;
};
std::vector<Answers> ask(const ps::Scene& scene, const pickray::Ray& ray) {
    const ps::SceneIndex index(scene);
    namespace bf = ps::brute_force;
    return {{index.nearestHit(ray), index.allHits(ray), index.lineSpans(ray)},
            {bf::nearestHit(scene, ray), bf::allHits(scene, ray), bf::lineSpans(scene, ray)}};
}

}  // namespace

TEST(SceneQuery, NearestHitIsTheSmallestT) {
    for (const Answers& a : ask(rowOfSpheres(), pickray::Ray{{0, 0, 0}, {0, 0, 1}})) {
        ASSERT_TRUE(a.nearest);
        EXPECT_EQ(a.nearest->object, 1u);
        EXPECT_FLOAT_EQ(a.nearest->hit.t, 3.0f);
    }
}

TEST(SceneQuery, AllHitsSortedByTAndOnlyInFront) {
    for (const Answers& a : ask(rowOfSpheres(), pickray::Ray{{0, 0, 0}, {0, 0, 1}})) {
        ASSERT_EQ(a.hits.size(), 2u);
        EXPECT_EQ(a.hits[0].object, 1u);
        EXPECT_EQ(a.hits[1].object, 0u);
    }
}

TEST(SceneQuery, LineSpansIncludeObjectsBehindSortedByEnter) {
    for (const Answers& a : ask(rowOfSpheres(), pickray::Ray{{0, 0, 0}, {0, 0, 1}})) {
        ASSERT_EQ(a.spans.size(), 3u);
        EXPECT_EQ(a.spans[0].object, 3u);
        EXPECT_FLOAT_EQ(a.spans[0].span.enter, -5.0f);
        EXPECT_FLOAT_EQ(a.spans[0].span.exit, -3.0f);
        EXPECT_EQ(a.spans[1].object, 1u);
        EXPECT_EQ(a.spans[2].object, 0u);
    }
}

TEST(SceneQuery, MissGivesNothing) {
    for (const Answers& a : ask(rowOfSpheres(), pickray::Ray{{0, 10, 0}, {0, 0, 1}})) {
        EXPECT_FALSE(a.nearest);
        EXPECT_TRUE(a.hits.empty());
    }
}

TEST(SceneQuery, EveryKindOfObjectIsFoundThroughItsInteriorPoint) {
    for (pickray::ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind) {
        ps::Scene single;
        single.objects.push_back(ps::defaultObject(kind, {1, 2, 3}));
        const glm::vec3 inside = ps::interiorPoint(single.objects[0].shape);
        // A ray from above through the interior point must hit each shape alone.
        for (const Answers& a : ask(single, pickray::Ray{inside + glm::vec3(0, 10, 0.01f), {0, -1, 0}})) {
            ASSERT_TRUE(a.nearest) << pickray::kindName(kind);
            EXPECT_LT(a.nearest->hit.t, 10.0f) << pickray::kindName(kind);
        }
    }
}

TEST(SceneQuery, NoDefaultObjectForAKindThatDoesNotExist) {
    EXPECT_THROW((void)ps::defaultObject(pickray::kShapeKindCount, {1, 2, 3}), std::out_of_range);
}

TEST(SceneQuery, AScaledBoxUsesItsPlacement) {
    ps::Scene scene;
    const ps::Transform placement{{0, 0, 0}, {0, 0, 0}, {4, 1, 1}};
    scene.objects.push_back({"long", glm::vec3(0.5f),
                             ps::placedBox(pickray::Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, placement), placement});
    ASSERT_FALSE(ps::validate(scene.objects[0]));
    // x = 1.5 is inside only because of the scale.
    for (const Answers& a : ask(scene, pickray::Ray{{1.5f, 5, 0}, {0, -1, 0}})) {
        ASSERT_TRUE(a.nearest);
        EXPECT_FLOAT_EQ(a.nearest->hit.point.y, 0.5f);
    }
}

// The Direct3D projection drawn through the GL remap lands on the same pixels as the OpenGL one,
// and picking with either gives the ray the independent reference camera gives
// (tests/reference/camera_reference.hpp: long double, from the camera's definition, no matrix).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "pickray/picking.hpp"
#include "reference/camera_reference.hpp"
#include "scene/camera_math.hpp"

TEST(CameraMath, BothClipDepthsDrawAndPickTheSame) {
    // Tolerances in float ulps. The two drawings' NDC coordinates (below 1) agree bit for bit on
    // x86-64; one ulp of 1 (2^-23) leaves room for a fused multiply-add where a
    // compiler contracts one (aarch64). A unit direction's components: 4 ulps of 1; the ray's
    // origin, on the near plane beside the eye 11.7 from the world's origin: 4 ulps there (2^-20),
    // for the few roundings of an unprojection.
    constexpr long double kNdcTolerance = 0x1p-23L;
    constexpr long double kDirectionTolerance = 4 * 0x1p-23L;
    constexpr long double kOriginTolerance = 4 * 0x1p-20L;
    long double worstNdc = 0, worstOrigin = 0, worstDirection = 0;
    int checked = 0;
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
        for (int i = 0; i < 4; ++i) {
            const long double d = std::fabs(static_cast<long double>(a[i] / a.w) - b[i] / b.w);
            EXPECT_LE(d, kNdcTolerance) << i;
            worstNdc = std::max(worstNdc, d);
        }

        const pickray::Viewport vp{0, 0, 900, 600, 0, 1};
        pickref::Camera ref;
        ref.eye = {gl.eye.x, gl.eye.y, gl.eye.z};
        ref.target = {gl.target.x, gl.target.y, gl.target.z};
        ref.up = {gl.up.x, gl.up.y, gl.up.z};
        ref.perspective = projection == ps::Projection::Perspective;
        ref.fovYDegrees = gl.fovYDegrees;
        ref.orthoHeight = gl.orthoHeight;
        ref.near = gl.near;
        ref.width = vp.width;
        ref.height = vp.height;
        const pickref::Ray want = pickref::cursorRay(ref, 321.5L, 123.5L);
        for (const ps::Camera& c : {gl, d3d}) {
            const auto r = pickray::cursorRay({321.5f, 123.5f}, ps::viewMatrix(c), ps::projectionMatrix(c, aspect), vp,
                                              c.clipDepth);
            const long double origin[3] = {want.origin.x, want.origin.y, want.origin.z};
            const long double direction[3] = {want.direction.x, want.direction.y, want.direction.z};
            for (int i = 0; i < 3; ++i) {
                const long double o = std::fabs(r.origin[i] - origin[i]);
                const long double d = std::fabs(r.direction[i] - direction[i]);
                EXPECT_LE(o, kOriginTolerance) << i;
                EXPECT_LE(d, kDirectionTolerance) << i;
                worstOrigin = std::max(worstOrigin, o);
                worstDirection = std::max(worstDirection, d);
            }
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4) << "two projections, two depth conventions";
    std::printf(
        "precision: camera math, worst over its tolerance: NDC %.3Lg, ray origin %.3Lg, direction %.3Lg (against "
        "the reference camera)\n",
        worstNdc / kNdcTolerance, worstOrigin / kOriginTolerance, worstDirection / kDirectionTolerance);
}
