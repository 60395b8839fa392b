// SPDX-License-Identifier: MIT
#pragma once
// What the end-to-end tests share: running the real pickray binary, reading its report and PNG,
// and the expected rays, pixels and picks computed independently of the application and of the
// library: the long-double reference of tests/reference/ (camera and ray tests), brute force over
// the scene's objects.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image.h>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vector_relational.hpp>
#include <nlohmann/json.hpp>

#include "reference/camera_reference.hpp"
#include "reference/reference.hpp"
#include "scene/scene_io.hpp"

namespace e2e {

namespace fs = std::filesystem;
namespace ps = pickray::scene;
using nlohmann::json;

inline const fs::path kDefaultScene = fs::path(PICKRAY_ASSET_DIR) / "scenes/default.json";

// Built with AddressSanitizer (the sanitizer stage): the application runs several times slower,
// so a few end-to-end runs are cut down there (each says how); tests/stage_skips.txt lists the
// ones the stage leaves out.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

struct ProcessResult {
    int exitCode = -1;
    std::string output;  // stdout and stderr
};

inline fs::path tempDir() {
    const fs::path dir = fs::temp_directory_path() / ("pickray_e2e_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

// An empty folder of the test's own, tempDir()/name (what an earlier run left is removed).
inline fs::path scratchDir(const std::string& name) {
    const fs::path dir = tempDir() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// A scene file of `objects` seen by a 45-degree perspective camera at `eye` looking at `target`
/// (y up, near 0.1, far 100, Direct3D's depth), written to the tests' temporary directory.
inline fs::path writeSceneFile(const json& eye, const json& target, const json& objects, const std::string& file) {
    const json scene = {{"camera",
                         {{"eye", eye},
                          {"target", target},
                          {"up", {0.0, 1.0, 0.0}},
                          {"fovYDegrees", 45.0},
                          {"near", 0.1},
                          {"far", 100.0},
                          {"projection", "perspective"},
                          {"orthoHeight", 9.0},
                          {"clipDepth", "zero_to_one"}}},
                        {"objects", objects}};
    const fs::path path = tempDir() / file;
    std::ofstream(path) << scene.dump(1);
    return path;
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

/// Runs pickray with `args` and `--report` into tempDir()/NAME.json; expects exit 0; the report.
inline json runForReport(const std::string& name, std::vector<std::string> args) {
    const fs::path report = tempDir() / (name + ".json");
    args.insert(args.end(), {"--report", report.string()});
    const ProcessResult run = runPickray(args);
    EXPECT_EQ(run.exitCode, 0) << run.output;
    return readJson(report);
}

// The numbers the panels drew (each piece of text read as a number where it is one: "pixel"
// gives nothing, "-0.217969" gives itself, a vector's "(500," 500).
inline std::vector<double> drawnNumbers(const json& report) {
    std::vector<double> numbers;
    for (const json& t : report.at("window").at("numberTexts")) {
        std::string s = t.at("text").get<std::string>();
        // A vector's components are drawn as "(x,", "y,", "z)" (vectorLine): their numbers count.
        if (!s.empty() && s.front() == '(') s.erase(0, 1);
        if (!s.empty() && (s.back() == ',' || s.back() == ')')) s.pop_back();
        char* end = nullptr;
        const double value = std::strtod(s.c_str(), &end);
        if (end != s.c_str() && *end == '\0') numbers.push_back(value);
    }
    return numbers;
}

// Whether one of `numbers` is `value` as the panel prints it: 6 decimals where the cell has room
// (half a unit of the last: 5e-7), fewer where not; within `tolerance` besides (4 decimals: 5e-5).
inline bool drawn(const std::vector<double>& numbers, double value, double tolerance = 0.0) {
    for (double n : numbers)
        if (std::abs(n - value) <= 5e-7 + tolerance) return true;
    return false;
}

inline ps::Scene loadDefaultScene() {
    auto loaded = ps::loadScene(kDefaultScene);
    EXPECT_TRUE(loaded.scene) << loaded.error;
    return loaded.scene ? *loaded.scene : ps::Scene{};
}

// ---- the independent reference (tests/reference/): camera and ray tests in long double --------
// Expected picks come from here, not from the library: the cursor ray from the camera's own
// definition (camera_reference.hpp, no matrix), each object's hit from its signed distance by
// root finding (reference.hpp), boxes placed by a rotation built here from their placement.

inline pickref::Vec ref(glm::vec3 v) { return {v.x, v.y, v.z}; }
inline glm::vec3 toFloat(pickref::Vec v) {
    return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)};
}
inline pickref::Real distance(pickref::Vec a, pickref::Vec b) {
    const pickref::Vec d = a - b;
    return std::sqrt(pickref::dot(d, d));
}

// A box's placement as docs/SCENE_FORMAT.md gives it: world = T · Rz · Ry · Rx · S (the scale
// first, then the turns about x, y and z in degrees, then the translation). Its 3x3 part, in long
// double.
inline std::array<std::array<pickref::Real, 3>, 3> placementMatrix(const ps::Transform& t) {
    using R = pickref::Real;
    using M = std::array<std::array<R, 3>, 3>;
    const R k = 3.14159265358979323846264338327950288L / 180;
    const R cx = std::cos(k * t.rotationDegrees.x), sx = std::sin(k * t.rotationDegrees.x);
    const R cy = std::cos(k * t.rotationDegrees.y), sy = std::sin(k * t.rotationDegrees.y);
    const R cz = std::cos(k * t.rotationDegrees.z), sz = std::sin(k * t.rotationDegrees.z);
    const M rx{{{1, 0, 0}, {0, cx, -sx}, {0, sx, cx}}};
    const M ry{{{cy, 0, sy}, {0, 1, 0}, {-sy, 0, cy}}};
    const M rz{{{cz, -sz, 0}, {sz, cz, 0}, {0, 0, 1}}};
    const auto mul = [](const M& a, const M& b) {
        M c{};
        for (std::size_t i = 0; i < 3; ++i)
            for (std::size_t j = 0; j < 3; ++j)
                for (std::size_t n = 0; n < 3; ++n) c[i][j] += a[i][n] * b[n][j];
        return c;
    };
    M m = mul(rz, mul(ry, rx));
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j) m[i][j] *= static_cast<R>(t.scale[static_cast<glm::length_t>(j)]);
    return m;
}

// The reference solid of an object, from the scene file's numbers (a box: its local box and its
// placement, not the application's float matrix).
inline std::unique_ptr<pickref::Solid> referenceSolid(const ps::Object& o) {
    using namespace pickref;
    if (const auto* s = std::get_if<pickray::Sphere>(&o.shape))
        return std::make_unique<SphereSolid>(ref(s->center), s->radius);
    if (const auto* c = std::get_if<pickray::Capsule>(&o.shape))
        return std::make_unique<CapsuleSolid>(ref(c->a), ref(c->b), c->radius);
    if (const auto* c = std::get_if<pickray::Cylinder>(&o.shape))
        return std::make_unique<CylinderSolid>(ref(c->a), ref(c->b), c->radius);
    if (const auto* c = std::get_if<pickray::InfiniteCylinder>(&o.shape))
        return std::make_unique<InfiniteCylinderSolid>(ref(c->a), ref(c->b), c->radius);
    if (const auto* b = std::get_if<pickray::Aabb>(&o.shape))
        return std::make_unique<BoxSolid>(Box{ref(b->min), ref(b->max)});
    const auto& b = std::get<pickray::OrientedBox>(o.shape);
    return std::make_unique<OrientedBoxSolid>(Box{ref(b.local.min), ref(b.local.max)}, placementMatrix(o.placement),
                                              ref(o.placement.position));
}

struct ReferenceHit {
    std::size_t object = 0;
    pickref::RayAnswer answer;  // t, point, normal; margin: how far the ray is from grazing it
};

// Every object of a scene as a reference solid, and the scene queries by brute force over them.
class ReferenceScene {
public:
    explicit ReferenceScene(const ps::Scene& scene) {
        for (const ps::Object& o : scene.objects) solids_.push_back(referenceSolid(o));
    }
    /// Each object's first hit along the ray, sorted by t (ties: the lower index first).
    [[nodiscard]] std::vector<ReferenceHit> allHits(const pickref::Ray& ray) const {
        std::vector<ReferenceHit> hits;
        for (std::size_t i = 0; i < solids_.size(); ++i)
            if (const pickref::RayAnswer a = solids_[i]->ray(ray); a.hit) hits.push_back({i, a});
        std::stable_sort(hits.begin(), hits.end(),
                         [](const ReferenceHit& l, const ReferenceHit& r) { return l.answer.t < r.answer.t; });
        return hits;
    }
    [[nodiscard]] std::optional<ReferenceHit> nearestHit(const pickref::Ray& ray) const {
        auto hits = allHits(ray);
        if (hits.empty()) return std::nullopt;
        return hits.front();
    }

private:
    std::vector<std::unique_ptr<pickref::Solid>> solids_;
};

// A window of the camera: the reference camera and the window's size in pixels.
struct Frame {
    pickref::Camera camera;
    glm::ivec2 size;
};

inline Frame frameFor(const ps::Camera& c, glm::ivec2 size) {
    pickref::Camera r;
    r.eye = ref(c.eye);
    r.target = ref(c.target);
    r.up = ref(c.up);
    r.perspective = c.projection == ps::Projection::Perspective;
    r.fovYDegrees = c.fovYDegrees;
    r.orthoHeight = c.orthoHeight;
    r.near = c.near;
    r.width = size.x;
    r.height = size.y;
    return {r, size};
}

/// The reference ray under a pixel's centre (pickray's clicks are at pixel + 0.5).
inline pickref::Ray rayAt(glm::ivec2 pixel, const Frame& f) {
    return pickref::cursorRay(f.camera, pixel.x + 0.5L, pixel.y + 0.5L);
}

/// Where a point is drawn, in pixels, and its depth in front of the eye (z); the reference's.
inline glm::vec3 screenOf(glm::vec3 p, const Frame& f) {
    const auto s = pickref::project(f.camera, ref(p));
    return s ? toFloat(*s) : glm::vec3(std::nanf(""));
}

/// The object the reference says the ray under `pixel` hits first.
inline std::optional<ReferenceHit> nearestHitAt(const ReferenceScene& scene, glm::ivec2 pixel, const Frame& f) {
    return scene.nearestHit(rayAt(pixel, f));
}

// A hit whose object no float rounding can change: the ray passes at least kRobust inside the
// object (its margin) and meets no other object within kRobust of t. The application's ray and
// hits are within 1e-5 of the reference's (EndToEnd.EveryObjectIsPicked... prints the worst), so
// 1e-3 (a thirtieth of a pixel's width at the default scene's distance) leaves a factor 100.
inline constexpr pickref::Real kRobust = 1e-3L;
inline bool robustHit(const std::vector<ReferenceHit>& hits) {
    if (hits.empty() || hits.front().answer.ambiguous || hits.front().answer.margin < kRobust) return false;
    return hits.size() < 2 || hits[1].answer.t - hits.front().answer.t >= kRobust;
}

// Points inside an object, best first, to find one whose pixel is not hidden by another object.
inline std::vector<glm::vec3> insidePoints(const pickray::Shape& shape) {
    std::vector<glm::vec3> points{ps::interiorPoint(shape)};
    auto along = [&](glm::vec3 a, glm::vec3 b, std::initializer_list<float> fs) {
        for (float f : fs) points.push_back(a + f * (b - a));
    };
    if (auto c = std::get_if<pickray::Capsule>(&shape)) along(c->a, c->b, {0.25f, 0.75f, 0.0f, 1.0f});
    if (auto c = std::get_if<pickray::Cylinder>(&shape)) along(c->a, c->b, {0.25f, 0.75f, 0.1f, 0.9f});
    if (auto c = std::get_if<pickray::InfiniteCylinder>(&shape)) along(c->a, c->b, {1.0f, 2.0f, 3.0f, -1.0f, 4.0f});
    if (auto b = std::get_if<pickray::Aabb>(&shape))  // towards its corners
        for (float x : {0.1f, 0.9f})
            for (float y : {0.1f, 0.9f})
                for (float z : {0.1f, 0.9f}) points.push_back(glm::mix(b->min, b->max, glm::vec3(x, y, z)));
    return points;
}

// The pixel of a point inside `object` where that object is what the reference's cursor ray hits
// first, robustly (robustHit).
inline std::optional<glm::ivec2> visiblePixelOf(const ps::Scene& scene, std::size_t object, const Frame& f,
                                                glm::ivec2 size) {
    const ReferenceScene solids(scene);
    for (glm::vec3 p : insidePoints(scene.objects[object].shape)) {
        const glm::vec3 s = screenOf(p, f);
        if (!(s.z > 0)) continue;
        const glm::ivec2 pixel(static_cast<int>(std::floor(s.x)), static_cast<int>(std::floor(s.y)));
        if (pixel.x < 2 || pixel.y < 2 || pixel.x >= size.x - 2 || pixel.y >= size.y - 2) continue;
        const auto hits = solids.allHits(rayAt(pixel, f));
        if (robustHit(hits) && hits.front().object == object) return pixel;
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
// The same three numbers as the reference's long doubles (the report's floats, exactly).
inline pickref::Vec refVec(const json& j) {
    return {j.at(0).get<double>(), j.at(1).get<double>(), j.at(2).get<double>()};
}

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

// The object ID a pixel of an --id-buffer PNG holds: index + 1 as 24-bit RGB, R the high byte.
inline std::uint32_t idAt(const Image& image, int x, int y) {
    const glm::ivec3 c = image.at(x, y);
    return static_cast<std::uint32_t>(c.r) << 16 | static_cast<std::uint32_t>(c.g) << 8 |
           static_cast<std::uint32_t>(c.b);
}

// How many pixels of the rectangle [min, max) differ by more than 2/255 in a channel (as the docs'
// pictures are compared) between two pictures; the whole picture by default. -1 when the sizes differ.
inline int differingPixels(const Image& a, const Image& b, glm::ivec2 min = glm::ivec2(0),
                           glm::ivec2 max = glm::ivec2(1 << 30)) {
    if (a.width != b.width || a.height != b.height || a.rgba.empty()) return -1;
    min = glm::max(min, glm::ivec2(0));
    max = glm::min(max, glm::ivec2(a.width, a.height));
    int differing = 0;
    for (int y = min.y; y < max.y; ++y)
        for (int x = min.x; x < max.x; ++x) {
            const glm::ivec3 d = glm::abs(a.at(x, y) - b.at(x, y));
            if (std::max({d.r, d.g, d.b}) > 2) ++differing;
        }
    return differing;
}

// The highlight colour (1, 0.8, 0.1) of the pick's outline: strongly yellow.
inline bool looksHighlighted(glm::ivec3 c) { return c.r > 140 && c.g > 110 && c.b < 100 && c.r - c.b > 80; }

inline const glm::ivec2 kSize{640, 360};

// How many of eight directions out of `object` from `inside` meet `looksLike` `beyond` pixels past
// the first pixel the reference says is not the object (its silhouette, computed here) in an
// `image` of a window of `size`.
inline int outlinedDirections(const ps::Scene& scene, std::size_t object, glm::ivec2 inside, const Image& image,
                              bool (*looksLike)(glm::ivec3), glm::ivec2 size = kSize, int beyond = 0) {
    const Frame frame = frameFor(scene.camera, size);
    const ReferenceScene solids(scene);
    int found = 0;
    for (glm::ivec2 d : {glm::ivec2(1, 0), glm::ivec2(-1, 0), glm::ivec2(0, 1), glm::ivec2(0, -1), glm::ivec2(1, 1),
                         glm::ivec2(-1, -1), glm::ivec2(1, -1), glm::ivec2(-1, 1)}) {
        glm::ivec2 p = inside;
        while (p.x > 2 && p.y > 2 && p.x < size.x - 3 && p.y < size.y - 3) {
            const auto hit = nearestHitAt(solids, p, frame);
            if (!hit || hit->object != object) break;
            p += d;
        }
        p += beyond * d;
        if (p.x >= 0 && p.y >= 0 && p.x < image.width && p.y < image.height && looksLike(image.at(p.x, p.y))) ++found;
    }
    return found;
}

// ---- panels in the picture --------------------------------------------------------------------
// ImGui's dark style as pickray sets it (app/shell/imgui_layer.cpp: StyleColorsDark, WindowRounding 4,
// borders of 1 pixel), in 8 bits: a title bar is TitleBg (0.04, 0.04, 0.04) or, on the focused
// panel, TitleBgActive (0.16, 0.29, 0.48), both opaque: (10, 10, 10) and (41, 74, 122); the main
// menu bar is MenuBarBg (0.14, 0.14, 0.14): (36, 36, 36). A panel's body is WindowBg (0.06, 0.06,
// 0.06) at alpha 0.94, a modal's PopupBg (0.08, 0.08, 0.08) at 0.94: over any scene colour each
// channel is at most 0.08 * 255 * 0.94 + 0.06 * 255 = 34.5, and the scene's empty background
// (33, 36, 43) is not that dark in all three.
inline bool closeTo(glm::ivec3 a, glm::ivec3 b) { return glm::all(glm::lessThanEqual(glm::abs(a - b), glm::ivec3(2))); }
inline bool looksLikeTitleBar(glm::ivec3 c) { return closeTo(c, {10, 10, 10}) || closeTo(c, {41, 74, 122}); }
inline bool looksLikeMenuBar(glm::ivec3 c) { return closeTo(c, {36, 36, 36}); }
inline bool looksLikePanelBody(glm::ivec3 c) { return std::max({c.r, c.g, c.b}) <= 34; }

// A panel's rectangle as the report gives it, rounded to whole pixels.
struct PanelRect {
    glm::ivec2 min;
    glm::ivec2 max;  // one past
};
inline PanelRect panelRect(const json& p) {
    const glm::vec2 pos(p["pos"][0].get<float>(), p["pos"][1].get<float>());
    const glm::vec2 size(p["size"][0].get<float>(), p["size"][1].get<float>());
    return {glm::ivec2(glm::round(pos)), glm::ivec2(glm::round(pos + size))};
}

// Whether pixel (x, y) lies inside another panel of the report's `panels` than `panel` (the menu
// bar, drawn beneath them all, does not count): that one's pixel, not `panel`'s.
inline bool coveredByAnother(int x, int y, const json& panel, const json& panels) {
    for (const json& other : panels) {
        if (other["name"] == panel["name"] || other["name"] == "Menu bar") continue;
        const PanelRect o = panelRect(other);
        if (x >= o.min.x && y >= o.min.y && x < o.max.x && y < o.max.y) return true;
    }
    return false;
}

// Why a panel the report lists is not drawn where it says, in `image` (empty: it is). Read: its
// title bar's colour along the row 2 pixels below its top (6 pixels in from each side, clear of the
// rounded corners and the border), and its body's colour 3 pixels above its bottom, 6 in from its
// left (inside the half window padding no content is drawn in). The main menu bar: its colour
// along its row 2 pixels below its top. Every pixel read must be inside the picture. `panels`: the
// report's list; pixels inside another of them (not the menu bar, which is drawn beneath) may be
// that one's and are not read, but at least 8 of the top row must be.
inline std::string panelNotDrawn(const Image& image, const json& panel, const json& panels = json::array()) {
    const PanelRect r = panelRect(panel);
    const bool menuBar = panel["name"] == "Menu bar";
    const int row = r.min.y + 2;
    const int left = r.min.x + (menuBar ? 1 : 6);
    const int right = r.max.x - (menuBar ? 2 : 7);  // the last pixel read
    if (left < 0 || row < 0 || right >= image.width || r.max.y - 3 >= image.height || right - left < 8)
        return "not inside the " + std::to_string(image.width) + "x" + std::to_string(image.height) + " picture";
    const auto covered = [&](int x, int y) { return coveredByAnother(x, y, panel, panels); };
    int read = 0;
    int misses = 0;
    for (int x = left; x <= right; ++x) {
        if (covered(x, row)) continue;
        ++read;
        misses += !(menuBar ? looksLikeMenuBar(image.at(x, row)) : looksLikeTitleBar(image.at(x, row)));
    }
    if (read < 8) return "its top row is hidden by other panels";
    if (misses > 0) return std::to_string(misses) + " pixels of its top row are not its bar's colour";
    if (!menuBar && !covered(left, r.max.y - 3) && !looksLikePanelBody(image.at(left, r.max.y - 3)))
        return "its bottom is not a panel's colour";
    return "";
}

// A visible pixel of the default scene's object of that name in a window of `size` (the test fails
// if it has none).
inline glm::ivec2 pixelOf(const std::string& name, glm::ivec2 size = kSize) {
    const ps::Scene scene = loadDefaultScene();
    const auto pixel = visiblePixelOf(scene, objectNamed(scene, name), frameFor(scene.camera, size), size);
    EXPECT_TRUE(pixel) << name << " is visible";
    return pixel.value_or(glm::ivec2(0));
}

}  // namespace e2e
