// SPDX-License-Identifier: MIT
// Scene files: the default scene loads, errors name file/object/field, save -> load is exact.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ios>
#include <limits>
#include <random>
#include <string>
#include <variant>
#include <vector>

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

// Shear is Maya's (xy, xz, yz), between the scale and the rotations: the local point (1, 2, 3)
// scaled by (2, 1, 1) is (2, 2, 3); sheared by (0.5, 0.25, -1) it is (2 + 1 + 0.75, 2 - 3, 3) =
// (3.75, -1, 3); Rz(90) takes (x, y) to (-y, x): (1, 3.75, 3); then + (10, 20, 30).
TEST(SceneIo, ShearActsAfterTheScaleAndBeforeTheRotations) {
    const auto result = ps::parseScene(objectsJson(R"({"name": "b", "type": "box", "min": [-1, -1, -1],
        "max": [1, 1, 1], "transform": {"position": [10, 20, 30], "rotationDegrees": [0, 0, 90],
        "scale": [2, 1, 1], "shear": [0.5, 0.25, -1]}})"),
                                       "t");
    ASSERT_TRUE(result.scene) << result.error;
    const ps::Object& o = result.scene->objects.at(0);
    EXPECT_EQ(o.placement.shear, glm::vec3(0.5f, 0.25f, -1.0f));
    const auto& box = std::get<pickray::OrientedBox>(o.shape);
    const glm::vec4 p = box.toWorld * glm::vec4(1, 2, 3, 1);
    EXPECT_NEAR(p.x, 11.0f, 1e-5f);
    EXPECT_NEAR(p.y, 23.75f, 1e-5f);
    EXPECT_NEAR(p.z, 33.0f, 1e-5f);
    // Saved with its shear, read back bit for bit; a box without one is saved as before.
    const std::string saved = ps::toJsonText(*result.scene);
    EXPECT_TRUE(contains(saved, "\"shear\"")) << saved;
    const auto again = ps::parseScene(saved, "t");
    ASSERT_TRUE(again.scene) << again.error;
    EXPECT_EQ(std::get<pickray::OrientedBox>(again.scene->objects.at(0).shape).toWorld, box.toWorld);
    ps::Scene plain = *result.scene;
    plain.objects[0].placement.shear = glm::vec3(0.0f);
    plain.objects[0].shape = ps::placedBox(box.local, plain.objects[0].placement);
    EXPECT_FALSE(contains(ps::toJsonText(plain), "shear"));
    EXPECT_TRUE(contains(loadError(objectsJson(R"({"name": "x", "type": "box", "min": [0, 0, 0], "max": [1, 1, 1],
        "transform": {"shear": [1, 0]}})")),
                         "\"shear\""));
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
    const auto shear = ps::validate(box({{}, {}, {1, 1, 1}, {0, nan, 0}}));
    ASSERT_TRUE(shear);
    EXPECT_TRUE(contains(*shear, "transform.shear")) << *shear;
    EXPECT_FALSE(ps::validate(box({{}, {}, {1, 1, 1}, {3, -2, 0.5f}})));  // shear never makes it singular
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

namespace {

// The significant digits of a number's text ("-1.2500e+07" has 3): no sign, exponent, point,
// leading or trailing zeros, and not the ".0" floatText adds to a whole number.
int significantDigits(const std::string& text) {
    std::string digits;
    for (char c : text.substr(0, text.find('e')))
        if (c >= '0' && c <= '9') digits += c;
    const auto first = digits.find_first_not_of('0');
    if (first == std::string::npos) return 1;  // zero
    const auto last = digits.find_last_not_of('0');
    return static_cast<int>(last - first + 1);
}

std::uint32_t bitsOf(float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

// Every float a scene holds, as bit patterns, gathered without any text.
std::vector<std::uint32_t> floatsOf(const ps::Scene& s) {
    std::vector<std::uint32_t> out;
    const auto add = [&](auto... values) { (out.push_back(bitsOf(values)), ...); };
    const auto add3 = [&](glm::vec3 v) { add(v.x, v.y, v.z); };
    add3(s.camera.eye);
    add3(s.camera.target);
    add3(s.camera.up);
    add(s.camera.fovYDegrees, s.camera.near, s.camera.far, s.camera.orthoHeight);
    for (const ps::Object& o : s.objects) {
        add3(o.color);
        if (const auto* x = std::get_if<pickray::Sphere>(&o.shape)) add3(x->center), add(x->radius);
        if (const auto* x = std::get_if<pickray::Capsule>(&o.shape)) add3(x->a), add3(x->b), add(x->radius);
        if (const auto* x = std::get_if<pickray::Cylinder>(&o.shape)) add3(x->a), add3(x->b), add(x->radius);
        if (const auto* x = std::get_if<pickray::InfiniteCylinder>(&o.shape)) add3(x->a), add3(x->b), add(x->radius);
        if (const auto* x = std::get_if<pickray::Aabb>(&o.shape)) add3(x->min), add3(x->max);
        if (const auto* x = std::get_if<pickray::OrientedBox>(&o.shape)) {
            add3(x->local.min), add3(x->local.max);
            add3(o.placement.position), add3(o.placement.rotationDegrees), add3(o.placement.scale);
        }
    }
    return out;
}

// A float of random bits, finite.
float randomFinite(std::mt19937& random) {
    for (;;) {
        const auto bits = static_cast<std::uint32_t>(random());
        float f = 0.0f;
        std::memcpy(&f, &bits, sizeof f);
        if (std::isfinite(f)) return f;
    }
}

}  // namespace

// Checked against glibc's strtof and printf (correctly rounded, and no part of
// the code under test): each text reads back as the same float, is no longer than the float's
// shortest scientific form (the fewest digits that read back, found by trying each count), and
// has exactly that many digits unless it is a whole number written out in full.
TEST(SceneIo, FloatsAreWrittenAsTheShortestTextThatReadsBackBitForBit) {
    EXPECT_EQ(ps::floatText(0.1f), "0.1");
    EXPECT_EQ(ps::floatText(7.0f), "7.0");
    EXPECT_EQ(ps::floatText(-0.0f), "-0.0");
    EXPECT_EQ(ps::floatText(1.0f / 3.0f), "0.33333334");
    EXPECT_EQ(ps::floatText(1e30f), "1e+30");
    EXPECT_EQ(ps::floatText(std::numeric_limits<float>::denorm_min()), "1e-45");
    EXPECT_EQ(ps::floatText(std::numeric_limits<float>::infinity()), "null");

    std::mt19937 random(24);
    std::vector<float> floats = {0.0f,
                                 -0.0f,
                                 std::numeric_limits<float>::max(),
                                 std::numeric_limits<float>::lowest(),
                                 std::numeric_limits<float>::min(),
                                 std::numeric_limits<float>::denorm_min(),
                                 16777216.0f,
                                 16777217.0f,
                                 1e-7f,
                                 12345.678f};
    while (floats.size() < 1'000'000) floats.push_back(randomFinite(random));
    int checked = 0, shorterTried = 0;
    std::size_t longest = 0;
    for (const float f : floats) {
        const std::string text = ps::floatText(f);
        longest = std::max(longest, text.size());
        ASSERT_EQ(bitsOf(std::strtof(text.c_str(), nullptr)), bitsOf(f)) << text;
        // The fewest significant digits that read back, found by trying each count with printf.
        int fewest = 0;
        char scientific[48] = "";
        for (int precision = 0; precision <= 8 && fewest == 0; ++precision) {
            std::snprintf(scientific, sizeof scientific, "%.*e", precision, static_cast<double>(f));
            if (bitsOf(std::strtof(scientific, nullptr)) == bitsOf(f)) fewest = precision + 1;
        }
        ASSERT_GT(fewest, 0) << text;
        // No longer than that in scientific notation (std::to_chars picks the fewest characters, so
        // a whole number may be written in full: 53394083840.0, not 5.3394084e+10) ...
        std::string core = text;  // without the ".0" floatText adds to a whole number
        if (core.size() > 2 && core.find('.') == core.size() - 2 && core.back() == '0') core.resize(core.size() - 2);
        ASSERT_LE(core.size(), std::strlen(scientific)) << text << " is longer than " << scientific;
        // ... and with exactly the fewest digits, unless it is a whole number written in full.
        if (f != std::trunc(f) || core.find('e') != std::string::npos) {
            ASSERT_EQ(significantDigits(text), fewest) << text << " vs " << scientific;
            ++shorterTried;
        }
        ++checked;
    }
    std::printf(
        "%d floats read back bit for bit (%d with the fewest digits checked); the longest text: %zu characters\n",
        checked, shorterTried, longest);
    EXPECT_EQ(checked, 1'000'000);
    EXPECT_GT(shorterTried, 500'000);
}

// Through the files: 20,000 spheres of random floats (140,000 of them), and every scene shipped in
// assets/scenes/: load, save, load keeps every float bit for bit, and nothing is written as the
// float's double ("0.10000000149011612").
TEST(SceneIo, LoadSaveLoadKeepsEveryFloatBitForBit) {
    std::mt19937 random(2024);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    ps::Scene scene;
    for (int i = 0; i < 20'000; ++i) {
        float radius = std::abs(randomFinite(random));
        if (radius == 0.0f) radius = 1.0f;
        char name[16];  // not "s" + std::to_string(i): GCC 12 warns of a false overlap (-Wrestrict)
        std::snprintf(name, sizeof name, "s%d", i);
        scene.objects.push_back(
            {name, glm::vec3(unit(random), unit(random), unit(random)),
             pickray::Sphere{{randomFinite(random), randomFinite(random), randomFinite(random)}, radius}});
    }
    const auto path = tempPath("random_floats.json");
    ASSERT_FALSE(ps::saveScene(scene, path));
    const auto loaded = ps::loadScene(path);
    ASSERT_TRUE(loaded.scene) << loaded.error;
    EXPECT_EQ(floatsOf(*loaded.scene), floatsOf(scene));
    EXPECT_EQ(floatsOf(scene).size(), 20'000u * 7 + 13);
    std::filesystem::remove(path);

    int scenes = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(PICKRAY_ASSET_DIR) / "scenes")) {
        const auto first = ps::loadScene(entry.path());
        ASSERT_TRUE(first.scene) << first.error;
        const std::string text = ps::toJsonText(*first.scene);
        EXPECT_EQ(text.find("0000000"), std::string::npos) << entry.path() << ": a float written as its double";
        const auto again = ps::parseScene(text, "saved");
        ASSERT_TRUE(again.scene) << again.error;
        EXPECT_EQ(floatsOf(*again.scene), floatsOf(*first.scene)) << entry.path();
        EXPECT_EQ(ps::toJsonText(*again.scene), text) << "the second save is the first";
        ++scenes;
    }
    EXPECT_GE(scenes, 1);
}

// A JSON error says where in plain words, without the parser's code.
TEST(SceneIo, JsonErrorsSayTheLineAndColumnInPlainWords) {
    const std::string e = loadError("{\n  \"objects\": [\n    { \"name\": x }\n  ]\n}");
    EXPECT_EQ(e.find("[json.exception"), std::string::npos) << e;
    EXPECT_EQ(e.rfind("test.json: not valid JSON at line 3, column 15: syntax error", 0), 0u) << e;
    const std::string overflow =
        loadError(objectsJson(R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1e400})"));
    EXPECT_EQ(overflow.find("[json.exception"), std::string::npos) << overflow;
    EXPECT_NE(overflow.find("not valid JSON: number overflow parsing '1e400'"), std::string::npos) << overflow;
}

// A number's text a hair off the midpoint of two neighbouring floats reads as the float on its
// side. Through a double it would not: the double nearest such a text is the midpoint itself, and
// the tie then goes to the even float, the wrong one for half the cases. The texts are written
// exactly here: 1 + M·2^-23 + 2^-24 ± 2^-60 (f = 1 + M·2^-23 and the float after it, g = f + 2^-23).
TEST(SceneIo, NumbersOnAFloatMidpointsDoorstepReadAsTheFloatOnTheirSide) {
    constexpr int kFractionBits = 60;
    // n / 2^60 in decimal, every digit (it ends within 60 fractional digits).
    const auto dyadicText = [](std::uint64_t n) {
        std::string text = std::to_string(n >> kFractionBits) + ".";
        std::uint64_t rest = n & ((std::uint64_t{1} << kFractionBits) - 1);
        while (rest != 0) {
            rest *= 10;  // below 2^60 · 10: no overflow
            text += static_cast<char>('0' + (rest >> kFractionBits));
            rest &= (std::uint64_t{1} << kFractionBits) - 1;
        }
        return text;
    };
    std::mt19937 random(60);
    std::uniform_int_distribution<std::uint32_t> mantissa(0, (1u << 23) - 1);
    std::string objects;
    std::vector<float> expected;
    for (int i = 0; i < 200; ++i) {
        const std::uint32_t m = i < 2 ? static_cast<std::uint32_t>(i) : mantissa(random);  // 0: f = 1, even
        const float f = 1.0f + static_cast<float>(m) * 0x1p-23f;
        const float g = f + 0x1p-23f;
        // The midpoint in units of 2^-60: (2^24 + 2m + 1) · 2^36.
        const std::uint64_t midpoint = ((std::uint64_t{1} << 24) + 2 * std::uint64_t{m} + 1) << 36;
        for (const bool above : {true, false}) {
            const std::string text = dyadicText(above ? midpoint + 1 : midpoint - 1);
            objects += std::string(objects.empty() ? "" : ", ") + R"({"name": "s)" + std::to_string(expected.size()) +
                       R"(", "type": "sphere", "center": [0, 0, 0], "radius": )" + text + "}";
            expected.push_back(above ? g : f);
        }
    }
    const auto loaded = ps::parseScene(objectsJson(objects), "doorstep.json");
    ASSERT_TRUE(loaded.scene) << loaded.error;
    ASSERT_EQ(loaded.scene->objects.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        const auto& sphere = std::get<pickray::Sphere>(loaded.scene->objects[k].shape);
        EXPECT_EQ(sphere.radius, expected[k])
            << "object " << k << (k % 2 == 0 ? ", above" : ", below") << " the midpoint: " << std::hexfloat
            << sphere.radius << ", not " << expected[k];
    }
}
