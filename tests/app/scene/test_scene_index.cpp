// SPDX-License-Identifier: MIT
// The BVH-backed scene queries (SceneIndex) against brute force (scene_brute_force.hpp) over generated
// scenes: same objects in the same order with the same t, also after refits; and the generator.
#include <random>
#include <type_traits>
#include <variant>

#include <gtest/gtest.h>

#include "scene/generate.hpp"
#include "scene/scene_index.hpp"
#include "scene/scene_io.hpp"
#include "support/scene_brute_force.hpp"

namespace ps = pickray::scene;

namespace {

// Rays from around the camera towards points of the block, and some in arbitrary directions.
std::vector<pickray::Ray> someRays(const ps::Scene& scene, int count, unsigned seed) {
    std::mt19937 engine(seed);
    auto unit = [&] { return static_cast<float>(engine() >> 8) / 16777216.0f; };
    const float size = glm::length(scene.camera.eye - scene.camera.target);
    std::vector<pickray::Ray> rays;
    for (int i = 0; i < count; ++i) {
        const glm::vec3 jitter(unit() - 0.5f, unit() - 0.5f, unit() - 0.5f);
        const glm::vec3 origin = scene.camera.eye + 0.2f * size * jitter;
        const glm::vec3 towards =
            scene.camera.target + 0.5f * size * glm::vec3(unit() - 0.5f, unit() - 0.5f, unit() - 0.5f);
        rays.push_back({origin, i % 7 == 0 ? jitter : towards - origin});
    }
    return rays;
}

// The index's list of answers is brute force's: as many, and each the same object in the same
// place, `expectRestSame(fast, brute)` comparing the rest of each.
template <class Answer, class Rest>
void expectSameList(const std::vector<Answer>& fast, const std::vector<Answer>& brute, Rest&& expectRestSame) {
    ASSERT_EQ(fast.size(), brute.size());
    for (std::size_t i = 0; i < brute.size(); ++i) {
        EXPECT_EQ(fast[i].object, brute[i].object);
        expectRestSame(fast[i], brute[i]);
    }
}

void expectSameAnswers(const ps::Scene& scene, const ps::SceneIndex& index, const std::vector<pickray::Ray>& rays) {
    int hitRays = 0;
    for (const pickray::Ray& ray : rays) {
        const auto brute = ps::brute_force::allHits(scene, ray);
        ASSERT_NO_FATAL_FAILURE(expectSameList(
            index.allHits(ray), brute, [](const auto& fast, const auto& slow) { EXPECT_EQ(fast.hit.t, slow.hit.t); }));
        const auto nearest = index.nearestHit(ray);
        ASSERT_EQ(nearest.has_value(), !brute.empty());
        if (nearest) {
            EXPECT_EQ(nearest->object, brute.front().object);
            EXPECT_EQ(nearest->hit.t, brute.front().hit.t);
            ++hitRays;
        }
        ASSERT_NO_FATAL_FAILURE(expectSameList(index.lineSpans(ray), ps::brute_force::lineSpans(scene, ray),
                                               [](const auto& fast, const auto& slow) {
                                                   EXPECT_EQ(fast.span.enter, slow.span.enter);
                                                   EXPECT_EQ(fast.span.exit, slow.span.exit);
                                               }));
    }
    EXPECT_GT(hitRays, static_cast<int>(rays.size()) / 4);  // the rays do meet the scene
}

}  // namespace

TEST(SceneIndex, EqualsBruteForceOnAGeneratedScene) {
    const ps::Scene scene = ps::generateStressScene(3000);
    const ps::SceneIndex index(scene);
    expectSameAnswers(scene, index, someRays(scene, 400, 7));
}

TEST(SceneIndex, EditsRefitWithoutRebuildingAndStayEqual) {
    ps::Scene scene = ps::generateStressScene(2000);
    ps::SceneIndex index(scene);
    ASSERT_EQ(index.rebuildCount(), 1u);
    // Move, grow and replace objects as dragging and the inspector do, one at a time.
    std::mt19937 engine(3);
    for (int edit = 0; edit < 200; ++edit) {
        const std::size_t i = engine() % scene.objects.size();
        ps::Object& o = scene.objects[i];
        const glm::vec3 step(static_cast<float>(engine() % 9) - 4.0f, 0.5f, static_cast<float>(engine() % 5) - 2.0f);
        o = ps::translated(o, step);
        if (auto* s = std::get_if<pickray::Sphere>(&o.shape)) s->radius *= 1.5f;
        index.update(scene, i);
    }
    EXPECT_EQ(index.rebuildCount(), 1u);
    expectSameAnswers(scene, index, someRays(scene, 300, 11));
}

TEST(SceneIndex, KeepsTheBruteForceOrderOfTies) {
    // Two identical spheres: same t; the lower index comes first, as the stable sorts do.
    ps::Scene scene;
    scene.objects.push_back({"a", glm::vec3(0.5f), pickray::Sphere{{0, 0, 5}, 1.0f}});
    scene.objects.push_back({"b", glm::vec3(0.5f), pickray::Sphere{{0, 0, 5}, 1.0f}});
    const ps::SceneIndex index(scene);
    const pickray::Ray ray{{0, 0, 0}, {0, 0, 1}};
    EXPECT_EQ(index.nearestHit(ray)->object, 0u);
    EXPECT_EQ(index.allHits(ray)[1].object, 1u);
    EXPECT_EQ(index.lineSpans(ray)[0].object, 0u);
}

TEST(Generate, DeterministicValidAndEveryKind) {
    const ps::Scene a = ps::generateStressScene(1000);
    ASSERT_EQ(a.objects.size(), 1000u);
    EXPECT_EQ(ps::toJsonText(a), ps::toJsonText(ps::generateStressScene(1000)));
    EXPECT_NE(ps::toJsonText(a), ps::toJsonText(ps::generateStressScene(1000, 99)));
    EXPECT_FALSE(ps::validate(a.camera));
    int kinds[pickray::kShapeKindCount] = {};
    int rotatedScaledBoxes = 0;
    for (const ps::Object& o : a.objects) {
        EXPECT_FALSE(ps::validate(o)) << o.name << ": " << *ps::validate(o);
        ++kinds[o.shape.index()];
        if (std::holds_alternative<pickray::OrientedBox>(o.shape))
            if (o.placement.rotationDegrees != glm::vec3(0.0f) && o.placement.scale.x != o.placement.scale.y)
                ++rotatedScaledBoxes;
    }
    // Every kind but the axis-aligned box, which a field of rotated boxes already covers.
    for (pickray::ShapeKind k = 0; k < pickray::kShapeKindCount; ++k)
        if (k != pickray::Shape(pickray::Aabb{}).index()) {
            EXPECT_GT(kinds[k], 0) << pickray::kindName(k);
        }
    EXPECT_EQ(kinds[pickray::Shape(pickray::InfiniteCylinder{}).index()], 2);
    EXPECT_GT(rotatedScaledBoxes, 100);
}

TEST(Generate, DensityStaysRoughlyConstant) {
    // Objects per unit of the block's volume (width = depth = 2 · height) at 1e3 and 1e5.
    auto density = [](std::size_t n) {
        const ps::Scene s = ps::generateStressScene(n);
        float top = 0.0f;
        for (const ps::Object& o : s.objects) top = std::max(top, ps::interiorPoint(o.shape).y);
        return static_cast<float>(n) / (4.0f * top * top * top);
    };
    const float small = density(1000);
    const float large = density(100000);
    EXPECT_NEAR(large / small, 1.0f, 0.25f);
}

TEST(MovedAll, MovesEveryKindAndTheCameraByTheOffsetAndNothingElse) {
    // One object of every kind (defaultObject; the oriented box turned) moved far: each moved
    // point is the original plus the offset, as float adds them, bit for bit; sizes, turns, names,
    // colours and the camera's angles and planes unchanged.
    ps::Scene scene;
    for (pickray::ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind) {
        ps::Object o = ps::defaultObject(kind, glm::vec3(1.0f + static_cast<float>(kind), 0.5f, -2.0f));
        if (auto* box = std::get_if<pickray::OrientedBox>(&o.shape)) {
            o.placement.rotationDegrees = glm::vec3(10.0f, 20.0f, 30.0f);
            *box = ps::placedBox(box->local, o.placement);
        }
        scene.objects.push_back(o);
    }
    scene.camera.fovYDegrees = 30.0f;
    const glm::vec3 d(4096.0f, -1024.0f, 8.0f);
    const ps::Scene moved = ps::movedAll(scene, d);
    ASSERT_EQ(moved.objects.size(), scene.objects.size());
    std::size_t checked = 0;
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const ps::Object& a = scene.objects[i];
        const ps::Object& b = moved.objects[i];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.color, b.color);
        ASSERT_EQ(a.shape.index(), b.shape.index());
        checked += std::visit(
            [&](const auto& before) -> std::size_t {
                using T = std::decay_t<decltype(before)>;
                const T& after = std::get<T>(b.shape);
                if constexpr (std::is_same_v<T, pickray::Sphere>) {
                    EXPECT_EQ(after.center, before.center + d);
                    EXPECT_EQ(after.radius, before.radius);
                } else if constexpr (std::is_same_v<T, pickray::Capsule> || std::is_same_v<T, pickray::Cylinder>) {
                    EXPECT_EQ(after.a, before.a + d);
                    EXPECT_EQ(after.b, before.b + d);
                    EXPECT_EQ(after.radius, before.radius);
                } else if constexpr (std::is_same_v<T, pickray::InfiniteCylinder>) {
                    EXPECT_EQ(after.a, before.a + d);
                    EXPECT_EQ(after.b, before.b + d);
                    EXPECT_EQ(after.radius, before.radius);
                } else if constexpr (std::is_same_v<T, pickray::Aabb>) {
                    EXPECT_EQ(after.min, before.min + d);
                    EXPECT_EQ(after.max, before.max + d);
                } else {
                    EXPECT_EQ(b.placement.position, a.placement.position + d);
                    EXPECT_EQ(b.placement.rotationDegrees, a.placement.rotationDegrees);
                    EXPECT_EQ(b.placement.scale, a.placement.scale);
                    EXPECT_EQ(after.local.min, before.local.min);
                    EXPECT_EQ(after.local.max, before.local.max);
                    for (int c = 0; c < 3; ++c) EXPECT_EQ(after.toWorld[c], before.toWorld[c]) << c;
                    EXPECT_EQ(glm::vec3(after.toWorld[3]), glm::vec3(before.toWorld[3]) + d);
                }
                return 1;
            },
            a.shape);
    }
    EXPECT_EQ(checked, pickray::kShapeKindCount);
    EXPECT_EQ(moved.camera.eye, scene.camera.eye + d);
    EXPECT_EQ(moved.camera.target, scene.camera.target + d);
    EXPECT_EQ(moved.camera.up, scene.camera.up);
    EXPECT_EQ(moved.camera.fovYDegrees, 30.0f);
    EXPECT_EQ(moved.camera.near, scene.camera.near);
    EXPECT_EQ(moved.camera.far, scene.camera.far);
    EXPECT_EQ(moved.camera.orthoHeight, scene.camera.orthoHeight);
    EXPECT_FALSE(ps::validate(moved.camera));
}
