// SPDX-License-Identifier: MIT
// Hostile scene files, one test per class: each is refused with one message naming the file (and
// the object and field where there is one), without a crash, a hang or unbounded memory.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scene/scene_io.hpp"

namespace fs = std::filesystem;
namespace ps = pickray::scene;

namespace {

std::string refused(const std::string& text) {
    const auto result = ps::parseScene(text, "hostile.json");
    EXPECT_FALSE(result.scene.has_value()) << text.substr(0, 200);
    EXPECT_NE(result.error.find("hostile.json"), std::string::npos) << result.error;
    return result.error;
}

// The message names the object and the field: `objects[0] ("x")` and `"field"` (or `field `).
void expectNamesObjectAndField(const std::string& object, const std::string& field, const std::string& error) {
    EXPECT_NE(error.find("objects[0] (\"x\")"), std::string::npos) << object << "\n" << error;
    EXPECT_NE(error.find(field), std::string::npos) << object << "\n" << error;
}

std::string scene(const std::string& object) { return R"({"objects": [)" + object + "]}"; }

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("pickray_hostile_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir / name;
}

const std::string kSphere = R"("name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1)";

}  // namespace

TEST(HostileScene, TruncatedJsonAtEveryPointIsRefused) {
    const std::string text = readText(fs::path(PICKRAY_ASSET_DIR) / "scenes/default.json");
    const std::size_t end = text.find_last_of('}');
    ASSERT_NE(end, std::string::npos);
    int cuts = 0;
    for (std::size_t n = 0; n < end; n += 7, ++cuts)
        EXPECT_NE(refused(text.substr(0, n)).find("not valid JSON"), std::string::npos) << "cut at " << n;
    EXPECT_GT(cuts, 100);
}

TEST(HostileScene, WrongTypesNameTheObjectAndTheField) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"name": "x", "type": "sphere", "center": "origin", "radius": 1})", "\"center\""},
        {R"({"name": "x", "type": "sphere", "center": [0, "0", 0], "radius": 1})", "\"center\": element 1"},
        {R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": [1]})",
         "\"radius\": expected a number, got array"},
        {R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": true})",
         "\"radius\": expected a number, got boolean"},
        {R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": null})",
         "\"radius\": expected a number, got null"},
        {R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1, "color": {}})", "\"color\""},
        {R"({"name": "x", "type": "box", "min": [0, 0, 0], "max": [1, 1, 1], "transform": []})", "\"transform\""},
        {R"({"name": "x", "type": "box", "min": [0, 0, 0], "max": [1, 1, 1], "transform": {"scale": 2}})", "\"scale\""},
    };
    for (const auto& [object, field] : cases) expectNamesObjectAndField(object, field, refused(scene(object)));
    // Where there is no object: the top level and the objects list.
    EXPECT_NE(refused("[]").find("top level"), std::string::npos);
    EXPECT_NE(refused(R"({"objects": {}})").find("\"objects\": expected an array"), std::string::npos);
    EXPECT_NE(refused(R"({"objects": [42]})").find("objects[0]: expected an object"), std::string::npos);
    EXPECT_NE(refused(R"({"objects": [{"name": 7}]})").find("\"name\": expected a string, got number"),
              std::string::npos);
    EXPECT_NE(refused(R"({"camera": "front", "objects": []})").find("camera"), std::string::npos);
    EXPECT_NE(refused(R"({"camera": {"fovYDegrees": "wide"}, "objects": []})").find("fovYDegrees"), std::string::npos);
}

TEST(HostileScene, MissingFieldsNameTheObjectAndTheField) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"name": "x", "type": "sphere", "radius": 1})", "\"center\": missing"},
        {R"({"name": "x", "type": "sphere", "center": [0, 0, 0]})", "\"radius\": missing"},
        {R"({"name": "x", "type": "capsule", "a": [0, 0, 0], "radius": 1})", "\"b\": missing"},
        {R"({"name": "x", "type": "cylinder", "b": [0, 0, 0], "radius": 1})", "\"a\": missing"},
        {R"({"name": "x", "type": "infinite_cylinder", "p1": [0, 0, 0], "radius": 1})", "\"p2\": missing"},
        {R"({"name": "x", "type": "box", "min": [0, 0, 0]})", "\"max\": missing"},
        {R"({"name": "x", "center": [0, 0, 0], "radius": 1})", "\"type\": missing"},
    };
    for (const auto& [object, field] : cases) expectNamesObjectAndField(object, field, refused(scene(object)));
    EXPECT_NE(refused(R"({"objects": [{"type": "sphere"}]})").find("objects[0]: field \"name\": missing"),
              std::string::npos);
    EXPECT_NE(refused(R"({"camera": {}})").find("\"objects\": missing"), std::string::npos);
}

TEST(HostileScene, UnknownKindsAreRefusedWithTheKnownOnes) {
    for (const std::string type : {"\"cone\"", "\"\"", "\"Sphere\"", "\"sphere \""}) {
        const std::string e = refused(scene(R"({"name": "x", "type": )" + type + R"(, "radius": 1})"));
        expectNamesObjectAndField(type, "unknown type", e);
        EXPECT_NE(e.find("expected sphere, capsule, cylinder, infinite_cylinder, aabb or box"), std::string::npos) << e;
    }
    expectNamesObjectAndField("type 3", "\"type\": expected a string",
                              refused(scene(R"({"name": "x", "type": 3, "radius": 1})")));
}

TEST(HostileScene, NaNAndHugeNumbersAreRefused) {
    // JSON has no NaN or infinity literals: a parse error, with its position.
    for (const std::string literal : {"NaN", "nan", "Infinity", "-Infinity", "inf"}) {
        const std::string e =
            refused(scene(R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": )" + literal + "}"));
        EXPECT_NE(e.find("not valid JSON"), std::string::npos) << e;
        EXPECT_NE(e.find("line 1"), std::string::npos) << e;
    }
    // Finite as a double, not as a float (1e39), or not even as a double (1e400): refused by name.
    for (const std::string number : {"1e39", "-1e39", "3.5e38"})
        expectNamesObjectAndField(
            number, "\"radius\": must be a finite number that fits a float",
            refused(scene(R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": )" + number + "}")));
    expectNamesObjectAndField(
        "center 1e39", "\"center\": elements must be finite",
        refused(scene(R"({"name": "x", "type": "sphere", "center": [0, 1e39, 0], "radius": 1})")));
    const std::string overflow =
        refused(scene(R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1e400})"));
    EXPECT_NE(overflow.find("not valid JSON"), std::string::npos) << overflow;
    EXPECT_NE(overflow.find("number overflow parsing '1e400'"), std::string::npos) << overflow;
    // A huge integer (beyond 64 bits) reads as a double; 1e20 fits a float and is accepted.
    const auto big = ps::parseScene(
        scene(R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 100000000000000000000})"), "ok.json");
    EXPECT_TRUE(big.scene) << big.error;
    // Subnormal and underflowing input is a valid tiny value (1e-300 rounds to radius 0, a point,
    // which the library allows), not an error and not a crash.
    const auto tiny = ps::parseScene(
        scene(R"({"name": "x", "type": "sphere", "center": [1e-45, 0, 0], "radius": 1e-300})"), "ok.json");
    EXPECT_TRUE(tiny.scene) << tiny.error;
}

TEST(HostileScene, NegativeRadiiAreRefusedForEveryRoundKind) {
    for (const std::string object :
         {R"({"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": -1})",
          R"({"name": "x", "type": "capsule", "a": [0, 0, 0], "b": [0, 1, 0], "radius": -0.5})",
          R"({"name": "x", "type": "cylinder", "a": [0, 0, 0], "b": [0, 1, 0], "radius": -1e-30})",
          R"({"name": "x", "type": "infinite_cylinder", "p1": [0, 0, 0], "p2": [0, 1, 0], "radius": -2})"})
        expectNamesObjectAndField(object, "radius", refused(scene(object)));
}

TEST(HostileScene, A100MegabyteFileIsRefusedBeforeItIsRead) {
    const fs::path path = scratch("huge.json");
    { std::ofstream(path) << "{\"objects\": ["; }
    fs::resize_file(path, 100ull * 1024 * 1024);  // sparse: no 100 MB written to the disk
    // The message is the test: only the check of the file's size before reading names the size
    // ("the file is 100.0 MB"); a refusal after reading 64 MB cannot know it. No wall-clock bound:
    // it measured the machine's load as much as pickray.
    const auto result = ps::loadScene(path);
    EXPECT_FALSE(result.scene);
    EXPECT_EQ(result.error, path.string() + ": the file is 100.0 MB, more than the 64.0 MB a scene file may have");
    fs::remove(path);
}

TEST(HostileScene, AFileJustUnderTheLimitIsReadNotRefusedForItsSize) {
    // 60 MB of JSON whitespace around an empty scene: the limit is on size, not on content.
    const fs::path path = scratch("big_but_allowed.json");
    {
        std::ofstream out(path, std::ios::binary);
        const std::string spaces(1 << 20, ' ');
        for (int i = 0; i < 60; ++i) out << spaces;
        out << R"({"objects": []})";
    }
    const auto result = ps::loadScene(path);
    EXPECT_TRUE(result.scene) << result.error;
    fs::remove(path);
}

TEST(HostileScene, SavingMoreThanTheLimitIsRefusedAndTheOldFileKept) {
    ps::Scene big;
    // Long names make the text large with few objects: 70 objects of 1 MB names.
    for (int i = 0; i < 70; ++i)
        big.objects.push_back(
            {std::string(1 << 20, 'a') + std::to_string(i), glm::vec3(0.5f), pickray::Sphere{glm::vec3(0), 1.0f}});
    const fs::path path = scratch("kept.json");
    { std::ofstream(path) << "old"; }
    const auto error = ps::saveScene(big, path);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("not saved"), std::string::npos) << *error;
    EXPECT_EQ(readText(path), "old");
    EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
    fs::remove(path);
}

TEST(HostileScene, DeepNestingNeitherOverflowsTheStackInParsingNorInDestruction) {
    // nlohmann 3.11 parses with an explicit stack and destroys values iteratively: 100,000 levels
    // is well past what a recursive parser survives on an 8 MB stack (tested here, not assumed).
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    EXPECT_NE(refused(deep).find("top level must be a JSON object"), std::string::npos);
    EXPECT_NE(refused(R"({"objects": )" + deep + "}").find("objects[0]: expected an object"), std::string::npos);
    expectNamesObjectAndField(
        "deep center", "\"center\"",
        refused(scene(R"({"name": "x", "type": "sphere", "radius": 1, "center": )" + deep + "}")));
    // In a field the loader ignores: parsed, destroyed, and the scene is accepted.
    const auto ignored = ps::parseScene(R"({"comment": )" + deep + R"(, "objects": []})", "deep.json");
    EXPECT_TRUE(ignored.scene) << ignored.error;
    const std::string deepObjects = [] {
        std::string s;
        for (int i = 0; i < 100000; ++i) s += "{\"a\":";
        s += "0";
        s += std::string(100000, '}');
        return s;
    }();
    EXPECT_TRUE(ps::parseScene(R"({"comment": )" + deepObjects + R"(, "objects": []})", "deep.json").scene);
    // Unbalanced: a parse error at the end, not a crash.
    EXPECT_NE(refused(std::string(100000, '[')).find("not valid JSON"), std::string::npos);
}

TEST(HostileScene, ADirectoryGivenAsTheFileIsNamedAsSuch) {
    const fs::path dir = scratch("a_directory.json");
    fs::create_directories(dir);
    const auto result = ps::loadScene(dir);
    EXPECT_FALSE(result.scene);
    EXPECT_EQ(result.error, dir.string() + ": is a directory, not a scene file");
}

TEST(HostileScene, NonexistentAndUnreadablePathsSayWhy) {
    const fs::path missing = scratch("no_such_file.json");
    EXPECT_EQ(ps::loadScene(missing).error, missing.string() + ": cannot open the file: No such file or directory");
    // Unreadable even for root (chmod does not stop root): a path through a regular file.
    const fs::path file = scratch("plain_file");
    { std::ofstream(file) << "x"; }
    const fs::path through = file / "scene.json";
    EXPECT_EQ(ps::loadScene(through).error, through.string() + ": cannot open the file: Not a directory");
    EXPECT_FALSE(ps::loadScene("").scene);
    // A device with no end: stopped at the limit, not read forever.
    if (fs::exists("/dev/zero")) {
        const auto zero = ps::loadScene("/dev/zero");
        EXPECT_FALSE(zero.scene);
        EXPECT_NE(zero.error.find("/dev/zero: more than the 64.0 MB"), std::string::npos) << zero.error;
    }
}

TEST(HostileScene, AnotherFileOfPickraysSaysWhatItIsInsteadOfWhichFieldItLacks) {
    EXPECT_NE(refused(R"({"clicks": [], "editor": {}, "framesRun": 3})")
                  .find("hostile.json: a report written by --report, not a scene"),
              std::string::npos);
    EXPECT_NE(refused(R"({"pickraySession": 1, "start": {}, "frames": []})")
                  .find("hostile.json: a session recorded by --record-input (play it with --replay), not a scene"),
              std::string::npos);
    EXPECT_NE(refused(R"({"objects": 6, "pixels": 230400, "probe_px": 0.001, "robust_mismatches": 0})")
                  .find("hostile.json: a pick audit written by --audit, not a scene"),
              std::string::npos);
}
