// SPDX-License-Identifier: MIT
#pragma once
// What the end-to-end tests share: running the real pickray binary, reading its report and PNG,
// and the frame's matrices and picks computed independently of the application (GLM, the
// collision library, brute force over the scene).
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image.h>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>

#include "pickray/collision/ray.hpp"
#include "pickray/picking.hpp"
#include "scene/scene_io.hpp"
#include "support/scene_brute_force.hpp"

namespace e2e {

namespace fs = std::filesystem;
namespace ps = pickray::scene;
using nlohmann::json;

inline const fs::path kDefaultScene = fs::path(PICKRAY_ASSET_DIR) / "scenes/default.json";

struct ProcessResult {
    int exitCode = -1;
    std::string output;  // stdout and stderr
};

inline fs::path tempDir() {
    const fs::path dir = fs::temp_directory_path() / ("pickray_e2e_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

inline std::string quote(const std::string& s) { return "'" + s + "'"; }

// xvfb-run with a server number of this process's own: "-a" alone races when two tests start X
// servers at once (both find :99 free), so each starts its search elsewhere.
inline std::string xvfbRun() {
    return "xvfb-run -a -n " + std::to_string(100 + ::getpid() % 800) + " -s '-screen 0 1280x720x24'";
}

inline std::string fileText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// `streams` is where stdout and stderr go: both into the captured output by default.
// `glErrorExpected`: only the test that provokes one on purpose.
inline ProcessResult runPickray(const std::vector<std::string>& args, const std::string& envPrefix = "",
                                const std::string& streams = "2>&1", bool glErrorExpected = false) {
    const fs::path out = tempDir() / "output.txt";
    std::string command = envPrefix + " ASAN_OPTIONS=detect_leaks=0 " + quote(PICKRAY_EXE);
    for (const std::string& a : args) {
        command += ' ';
        command += quote(a);  // appended in two steps: GCC 12 warns falsely (-Wrestrict) on " " + string
    }
    command += " > ";
    command += quote(out.string());
    command += " " + streams;
    const int status = std::system(command.c_str());
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    // Every run, in every test: the renderer reports each glGetError result on stderr.
    if (!glErrorExpected) {
        EXPECT_EQ(text.str().find("GL error"), std::string::npos) << text.str();
    }
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

inline json readJson(const fs::path& path, bool glErrorExpected = false) {
    std::ifstream in(path);
    json report = json::parse(in);
    if (report.contains("clicks") && !glErrorExpected) {  // every report read by a test
        EXPECT_EQ(report["glErrors"], 0) << path;
    }
    return report;
}

inline ps::Scene loadDefaultScene() {
    auto loaded = ps::loadScene(kDefaultScene);
    EXPECT_TRUE(loaded.scene) << loaded.error;
    return loaded.scene ? *loaded.scene : ps::Scene{};
}

// The frame's matrices, built here from the camera with GLM (not with the application's code).
struct Frame {
    glm::mat4 view;
    glm::mat4 proj;
    pickray::Viewport viewport;
    pickray::ClipDepth depth;
};

inline Frame frameFor(const ps::Camera& c, glm::ivec2 size) {
    const float aspect = static_cast<float>(size.x) / static_cast<float>(size.y);
    const bool zo = c.clipDepth == pickray::ClipDepth::ZeroToOne;
    glm::mat4 proj;
    if (c.projection == ps::Projection::Perspective) {
        const float fov = glm::radians(c.fovYDegrees);
        proj = zo ? glm::perspectiveZO(fov, aspect, c.near, c.far) : glm::perspectiveNO(fov, aspect, c.near, c.far);
    } else {
        const float h = c.orthoHeight / 2.0f;
        const float w = h * aspect;
        proj = zo ? glm::orthoZO(-w, w, -h, h, c.near, c.far) : glm::orthoNO(-w, w, -h, h, c.near, c.far);
    }
    return {glm::lookAt(c.eye, c.target, c.up), proj,
            pickray::Viewport{0, 0, static_cast<float>(size.x), static_cast<float>(size.y), 0, 1}, c.clipDepth};
}

inline pickray::Ray rayAt(glm::ivec2 pixel, const Frame& f) {
    return pickray::cursorRay(glm::vec2(pixel) + 0.5f, f.view, f.proj, f.viewport, f.depth);
}

// Points inside an object, best first, to find one whose pixel is not hidden by another object.
inline std::vector<glm::vec3> insidePoints(const pickray::Shape& shape) {
    std::vector<glm::vec3> points{ps::interiorPoint(shape)};
    auto along = [&](glm::vec3 a, glm::vec3 b, std::initializer_list<float> fs) {
        for (float f : fs) points.push_back(a + f * (b - a));
    };
    if (auto c = std::get_if<pickray::Capsule>(&shape)) along(c->a, c->b, {0.25f, 0.75f, 0.0f, 1.0f});
    if (auto c = std::get_if<pickray::Cylinder>(&shape)) along(c->a, c->b, {0.25f, 0.75f, 0.1f, 0.9f});
    if (auto c = std::get_if<pickray::InfiniteCylinder>(&shape)) along(c->p1, c->p2, {1.0f, 2.0f, 3.0f, -1.0f, 4.0f});
    if (auto b = std::get_if<pickray::Aabb>(&shape))  // towards its corners
        for (float x : {0.1f, 0.9f})
            for (float y : {0.1f, 0.9f})
                for (float z : {0.1f, 0.9f}) points.push_back(glm::mix(b->min, b->max, glm::vec3(x, y, z)));
    return points;
}

// The pixel of a point inside `object` where that object is what the cursor ray hits first.
inline std::optional<glm::ivec2> visiblePixelOf(const ps::Scene& scene, std::size_t object, const Frame& f,
                                                glm::ivec2 size) {
    for (glm::vec3 p : insidePoints(scene.objects[object].shape)) {
        const glm::vec3 s = pickray::worldToScreen(p, f.view, f.proj, f.viewport, f.depth);
        const glm::ivec2 pixel(static_cast<int>(std::floor(s.x)), static_cast<int>(std::floor(s.y)));
        if (pixel.x < 2 || pixel.y < 2 || pixel.x >= size.x - 2 || pixel.y >= size.y - 2) continue;
        const auto hit = ps::brute_force::nearestHit(scene, rayAt(pixel, f));
        if (hit && hit->object == object) return pixel;
    }
    return std::nullopt;
}

// The index of the default scene's object of that name (the test fails if there is none).
inline std::size_t objectNamed(const ps::Scene& scene, const std::string& name) {
    for (std::size_t i = 0; i < scene.objects.size(); ++i)
        if (scene.objects[i].name == name) return i;
    ADD_FAILURE() << "no object named " << name;
    return 0;
}

inline glm::vec3 vec(const json& j) { return {j.at(0).get<float>(), j.at(1).get<float>(), j.at(2).get<float>()}; }

inline void expectNear(glm::vec3 actual, glm::vec3 expected, float tolerance, const std::string& what) {
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(actual[i], expected[i], tolerance) << what << " component " << i;
}

inline std::string pixelArg(glm::ivec2 p) { return std::to_string(p.x) + "," + std::to_string(p.y); }

struct Image {
    int width = 0;
    int height = 0;
    std::vector<unsigned char> rgba;
    [[nodiscard]] glm::ivec3 at(int x, int y) const {
        const std::size_t i =
            4 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x));
        return {rgba[i], rgba[i + 1], rgba[i + 2]};
    }
};

inline Image loadPng(const fs::path& path) {
    Image image;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
    if (!data) return image;
    image.rgba.assign(data, data + static_cast<std::ptrdiff_t>(image.width) * image.height * 4);
    stbi_image_free(data);
    return image;
}

// The highlight colour (1, 0.8, 0.1) of the pick's outline: strongly yellow.
inline bool looksHighlighted(glm::ivec3 c) { return c.r > 140 && c.g > 110 && c.b < 100 && c.r - c.b > 80; }

inline const glm::ivec2 kSize{640, 360};

// A visible pixel of the default scene's object of that name in a window of `size` (the test fails
// if it has none).
inline glm::ivec2 pixelOf(const std::string& name, glm::ivec2 size = kSize) {
    const ps::Scene scene = loadDefaultScene();
    const auto pixel = visiblePixelOf(scene, objectNamed(scene, name), frameFor(scene.camera, size), size);
    EXPECT_TRUE(pixel) << name << " is visible";
    return pixel.value_or(glm::ivec2(0));
}

}  // namespace e2e
