// SPDX-License-Identifier: MIT
// Scene files: the default scene loads, errors name file/object/field, save -> load is exact.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include <gtest/gtest.h>

#include "scene/scene_io.hpp"

namespace ps = pickray::scene;

namespace {

std::string objectsJson(const std::string& object) { return R"({"objects": [)" + object + "]}"; }

std::string loadError(const std::string& text) {
    const auto result = ps::parseScene(text, "test.json");
    EXPECT_FALSE(result.scene.has_value());
    return result.error;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::filesystem::path tempPath(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("pickray_scene_test_" + name);
}

}  // namespace

TEST(SceneIo, DefaultSceneHasEveryKindAndACapsulePair) {
    const auto result = ps::loadScene(std::filesystem::path(PICKRAY_ASSET_DIR) / "scenes/default.json");
    ASSERT_TRUE(result.scene) << result.error;
    int counts[pickray::kShapeKindCount] = {};
    for (const auto& o : result.scene->objects) ++counts[o.shape.index()];
    for (pickray::ShapeKind k = 0; k < pickray::kShapeKindCount; ++k) EXPECT_GE(counts[k], 1) << pickray::kindName(k);
    EXPECT_GE(counts[pickray::Shape(pickray::Capsule{}).index()], 2);
}

TEST(SceneIo, ParsesEveryFieldOfABox) {
    const auto result = ps::parseScene(objectsJson(R"({"name": "b", "type": "box", "color": [0.1, 0.2, 0.3],
        "min": [-1, -2, -3], "max": [1, 2, 3],
        "transform": {"position": [4, 5, 6], "rotationDegrees": [10, 20, 30], "scale": [1, 2, 3]}})"),
                                       "t");
    ASSERT_TRUE(result.scene) << result.error;
    const ps::Object& o = result.scene->objects.at(0);
    const auto& box = std::get<pickray::OrientedBox>(o.shape);
    EXPECT_EQ(box.local.min, glm::vec3(-1, -2, -3));
    EXPECT_EQ(box.local.max, glm::vec3(1, 2, 3));
    EXPECT_EQ(o.placement.position, glm::vec3(4, 5, 6));
    EXPECT_EQ(o.placement.rotationDegrees, glm::vec3(10, 20, 30));
    EXPECT_EQ(o.placement.scale, glm::vec3(1, 2, 3));
    EXPECT_EQ(box.toWorld, ps::toWorld(o.placement));
    EXPECT_EQ(box.toWorld[3], glm::vec4(4, 5, 6, 1));
}

TEST(SceneIo, ParsesAnAxisAlignedBoxAndWritesItBack) {
    const std::string text = objectsJson(R"({"name": "plinth", "type": "aabb", "color": [0.1, 0.2, 0.3],
        "min": [-1, -2, -3], "max": [1, 2.5, 3]})");
    const auto result = ps::parseScene(text, "t");
    ASSERT_TRUE(result.scene) << result.error;
    const auto& box = std::get<pickray::Aabb>(result.scene->objects.at(0).shape);
    EXPECT_EQ(box.min, glm::vec3(-1, -2, -3));
    EXPECT_EQ(box.max, glm::vec3(1, 2.5f, 3));
    const std::string saved = ps::toJsonText(*result.scene);
    EXPECT_TRUE(contains(saved, "\"aabb\"")) << saved;
    EXPECT_FALSE(contains(saved, "transform")) << saved;
    const auto again = ps::parseScene(saved, "t");
    ASSERT_TRUE(again.scene) << again.error;
    EXPECT_EQ(ps::toJsonText(*again.scene), saved);
    EXPECT_TRUE(contains(loadError(objectsJson(R"({"name": "x", "type": "aabb", "min": [2, 0, 0], "max": [1, 1, 1]})")),
                         "max"));
    EXPECT_TRUE(
        contains(loadError(objectsJson(R"({"name": "x", "type": "aabb", "min": [0, 0, 0]})")), "\"max\": missing"));
}

TEST(SceneIo, BoxWorldIsTranslateRzRyRxScale) {
    ps::Transform t{{1, 2, 3}, {90, 0, 0}, {2, 1, 1}};
    // S doubles x, Rx(90) keeps x: (1,0,0) -> (2,0,0) -> +T.
    const glm::vec4 p = ps::toWorld(t) * glm::vec4(1, 0, 0, 1);
    EXPECT_NEAR(p.x, 3.0f, 1e-6f);
    // Rx(90) takes y to z; then Rz is identity.
    const glm::vec4 q = ps::toWorld(t) * glm::vec4(0, 1, 0, 1);
    EXPECT_NEAR(q.z, 4.0f, 1e-6f);
    // Order check: Rz(90) after Rx(90) (world = Rz·Rx): local z -> (Rx) -y -> (Rz) +x.
    ps::Transform u{{0, 0, 0}, {90, 0, 90}, {1, 1, 1}};
    const glm::vec4 r = ps::toWorld(u) * glm::vec4(0, 0, 1, 0);
    EXPECT_NEAR(r.x, 1.0f, 1e-6f);
    EXPECT_NEAR(r.y, 0.0f, 1e-6f);
}

TEST(SceneIo, ErrorsNameFileObjectAndField) {
    const std::string e =
        loadError(objectsJson(R"({"name": "ball", "type": "sphere", "center": [0, 0, 0], "radius": -1})"));
    EXPECT_TRUE(contains(e, "test.json")) << e;
    EXPECT_TRUE(contains(e, "objects[0]")) << e;
    EXPECT_TRUE(contains(e, "\"ball\"")) << e;
    EXPECT_TRUE(contains(e, "radius")) << e;
}

TEST(SceneIo, RefusesBadValues) {
    EXPECT_TRUE(contains(loadError(objectsJson(R"({"name": "x", "type": "cone"})")), "unknown type \"cone\""));
    EXPECT_TRUE(
        contains(loadError(objectsJson(R"({"name": "x", "type": "sphere", "radius": 1})")), "\"center\": missing"));
    EXPECT_TRUE(contains(loadError(objectsJson(R"({"name": "x", "type": "sphere", "center": [0, 0], "radius": 1})")),
                         "\"center\""));
    EXPECT_TRUE(
        contains(loadError(objectsJson(R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": "1"})")),
                 "expected a number"));
    EXPECT_TRUE(contains(loadError(objectsJson(R"({"name": "x", "type": "box", "min": [0, 0, 0], "max": [1, 1, 1],
        "transform": {"scale": [1, 0, 1]}})")),
                         "scale"));
    EXPECT_TRUE(
        contains(loadError(objectsJson(R"({"name": "x", "type": "box", "min": [2, 0, 0], "max": [1, 1, 1]})")), "max"));
    EXPECT_TRUE(contains(loadError(objectsJson(R"({"name": "x", "type": "infinite_cylinder", "p1": [0, 0, 0],
        "p2": [0, 0, 0], "radius": 1})")),
                         "p2"));
    EXPECT_TRUE(contains(
        loadError(objectsJson(R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1e39})")), "radius"));
    EXPECT_TRUE(contains(loadError(R"({"camera": {"clipDepth": "minus"}, "objects": []})"), "clipDepth"));
    EXPECT_TRUE(contains(loadError(R"({"camera": {"near": 0}, "objects": []})"), "near"));
    EXPECT_TRUE(contains(loadError("{ not json"), "not valid JSON"));
    EXPECT_TRUE(contains(loadError(R"({"objects": [{"name": "a", "type": "sphere", "center": [0,0,0], "radius": 1},
        {"name": "a", "type": "sphere", "center": [0,0,0], "radius": 1}]})"),
                         "used twice"));
}

TEST(SceneIo, ValidateRefusesNaNNegativeRadiusAndZeroScale) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(ps::validate(ps::Object{"s", glm::vec3(0.5f), pickray::Sphere{glm::vec3(0), -1.0f}}));
    EXPECT_TRUE(ps::validate(ps::Object{"s", glm::vec3(0.5f), pickray::Sphere{glm::vec3(nan), 1.0f}}));
    EXPECT_TRUE(ps::validate(ps::Object{"s", glm::vec3(0.5f), pickray::Capsule{glm::vec3(0), glm::vec3(1), nan}}));
    auto box = [](ps::Transform placement) {
        return ps::Object{"b", glm::vec3(0.5f), ps::placedBox(pickray::Aabb{}, placement), placement};
    };
    EXPECT_TRUE(ps::validate(box({{}, {}, {1, 1, 0}})));
    EXPECT_FALSE(ps::validate(box({{}, {}, {1, 1, -2}})));  // a mirror is still invertible
    EXPECT_TRUE(ps::validate(box({{}, {nan, 0, 0}, {1, 1, 1}})));
    // The box's matrix must be the one its placement gives: a forgotten update is refused.
    ps::Object moved = box({{1, 2, 3}, {0, 45, 0}, {1, 2, 1}});
    EXPECT_FALSE(ps::validate(moved));
    moved.placement.position.x += 1.0f;
    const auto mismatch = ps::validate(moved);
    ASSERT_TRUE(mismatch);
    EXPECT_TRUE(contains(*mismatch, "transform")) << *mismatch;
    EXPECT_TRUE(ps::validate(ps::Object{"a", glm::vec3(0.5f), pickray::Aabb{glm::vec3(1), glm::vec3(0)}}));
    EXPECT_TRUE(ps::validate(ps::Object{"s", glm::vec3(1.5f), pickray::Sphere{}}));
}

TEST(SceneIo, SaveThenLoadRoundTripsExactly) {
    auto loaded = ps::loadScene(std::filesystem::path(PICKRAY_ASSET_DIR) / "scenes/default.json");
    ASSERT_TRUE(loaded.scene) << loaded.error;
    ps::Scene scene = *loaded.scene;
    // Values with no short decimal form must survive too.
    scene.objects.push_back(
        {"thirds", glm::vec3(1.0f / 3.0f), pickray::Sphere{glm::vec3(0.1f, 1e-7f, 12345.678f), 2.0f / 3.0f}});
    scene.camera.fovYDegrees = 47.123456f;
    const auto path = tempPath("roundtrip.json");
    ASSERT_FALSE(ps::saveScene(scene, path));
    EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
    const auto again = ps::loadScene(path);
    ASSERT_TRUE(again.scene) << again.error;
    EXPECT_EQ(ps::toJsonText(*again.scene), ps::toJsonText(scene));
    const auto& s = std::get<pickray::Sphere>(again.scene->objects.back().shape);
    EXPECT_EQ(s.center, glm::vec3(0.1f, 1e-7f, 12345.678f));
    EXPECT_EQ(s.radius, 2.0f / 3.0f);
    std::filesystem::remove(path);
}

TEST(SceneIo, FailedSaveLeavesTheOldFile) {
    const auto dir = tempPath("readonly_dir");
    std::filesystem::create_directories(dir);
    const auto path = dir / "scene.json";
    { std::ofstream(path) << "old"; }
    // A directory where the temporary file should go makes the write fail before any rename.
    std::filesystem::create_directories(path.string() + ".tmp");
    EXPECT_TRUE(ps::saveScene(ps::Scene{}, path));
    std::ifstream in(path);
    std::string text;
    in >> text;
    EXPECT_EQ(text, "old");
    std::filesystem::remove_all(dir);
}
