// SPDX-License-Identifier: MIT
// Anti-aliased pictures: the FXAA pass on the colour (--aa fxaa, the default; --aa off)
// and --supersample N screenshots, box-filtered down from N times the size. Neither may change
// the ID buffer. The picture: one box seen face on through an orthographic camera, its front face
// turned 20 degrees in the view so that every edge is slanted, one colour inside, the background
// outside (the grid's plane is edge-on and out of the view). Where the face's outline crosses a
// pixel is worked out independently from the reference camera (e2e_support.hpp's screenOf).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/matrix.hpp>
#include <glm/trigonometric.hpp>

#include "e2e_support.hpp"

namespace {

using namespace e2e;

constexpr glm::ivec2 kShotSize{640, 360};
constexpr float kTurnDegrees = 20.0f;

ps::Camera faceOnCamera() {
    ps::Camera c;
    c.eye = {0.0f, 3.0f, 10.0f};
    c.target = {0.0f, 3.0f, 0.0f};
    c.up = {0.0f, 1.0f, 0.0f};
    c.projection = ps::Projection::Orthographic;
    c.orthoHeight = 4.0f;  // y from 1 to 5: the grid's plane, y = 0, is out of the view
    c.near = 0.1f;
    c.far = 100.0f;
    return c;
}

fs::path turnedBoxScene(const fs::path& dir, float turnDegrees = kTurnDegrees, float shift = 0.0f) {
    const ps::Camera c = faceOnCamera();
    const json scene = {{"camera",
                         {{"eye", {c.eye.x, c.eye.y, c.eye.z}},
                          {"target", {c.target.x, c.target.y, c.target.z}},
                          {"up", {0.0, 1.0, 0.0}},
                          {"projection", "orthographic"},
                          {"orthoHeight", c.orthoHeight},
                          {"near", c.near},
                          {"far", c.far}}},
                        {"objects", json::array({{{"name", "card"},
                                                  {"type", "box"},
                                                  {"color", {0.9, 0.75, 0.3}},
                                                  {"min", {-1.0, -1.0, -1.0}},
                                                  {"max", {1.0, 1.0, 1.0}},
                                                  {"transform",
                                                   {{"position", {shift, 3.0f + shift, 0.0f}},
                                                    {"rotationDegrees", {0.0, 0.0, turnDegrees}},
                                                    {"scale", {1.0, 1.0, 1.0}}}}}})}};
    const fs::path path = dir / "card.json";
    std::ofstream(path) << scene.dump(1);
    return path;
}

// The front face's corners on screen (pixels from the top-left), from the reference camera.
std::array<glm::vec2, 4> faceCorners(float turnDegrees = kTurnDegrees) {
    const Frame f = frameFor(faceOnCamera(), kShotSize);
    const float a = glm::radians(turnDegrees);
    std::array<glm::vec2, 4> corners;
    const glm::vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (int i = 0; i < 4; ++i) {
        const glm::vec2 q = square[i];
        const glm::vec3 world(q.x * std::cos(a) - q.y * std::sin(a), 3.0f + q.x * std::sin(a) + q.y * std::cos(a),
                              1.0f);
        corners[static_cast<std::size_t>(i)] = glm::vec2(screenOf(world, f));
    }
    return corners;
}

// The fraction of pixel (x, y) the face covers, from 16x16 sample points (within 1/16 of the area
// for a pixel one straight edge crosses: at most one sample per sample row is misjudged).
float coverage(int x, int y, const std::array<glm::vec2, 4>& quad) {
    constexpr int kSamples = 16;
    int inside = 0;
    for (int j = 0; j < kSamples; ++j)
        for (int i = 0; i < kSamples; ++i) {
            const glm::vec2 p(static_cast<float>(x) + (static_cast<float>(i) + 0.5f) / kSamples,
                              static_cast<float>(y) + (static_cast<float>(j) + 0.5f) / kSamples);
            int positive = 0, negative = 0;
            for (std::size_t k = 0; k < 4; ++k) {
                const glm::vec2 a = quad[k], b = quad[(k + 1) % 4];
                const float side = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
                positive += side > 0.0f;
                negative += side < 0.0f;
            }
            inside += positive == 0 || negative == 0;
        }
    return static_cast<float>(inside) / (kSamples * kSamples);
}

// Where a colour lies from the background (0) to the face's colour (1), along the line between
// them; NaN when it is off that line by more than 6/255 (not a mix of the two).
float mixOf(glm::ivec3 c, glm::ivec3 background, glm::ivec3 face) {
    const glm::vec3 d(face - background);
    const glm::vec3 v(c - background);
    const float t = glm::dot(v, d) / glm::dot(d, d);
    return glm::length(v - t * d) <= 6.0f ? t : std::nanf("");
}

struct Edges {
    int crossed = 0;       ///< pixels the face's outline crosses (coverage strictly between 0 and 1)
    int intermediate = 0;  ///< pixels of the picture strictly between the two colours (0.1 < t < 0.9)
    double meanError = 0;  ///< mean |t - coverage| over the crossed pixels
};

Edges edgesOf(const Image& shot) {
    const std::array<glm::vec2, 4> quad = faceCorners();
    const glm::vec2 centre = 0.25f * (quad[0] + quad[1] + quad[2] + quad[3]);
    const glm::ivec3 face = shot.at(static_cast<int>(centre.x), static_cast<int>(centre.y));
    const glm::ivec3 background = shot.at(4, 4);
    Edges e;
    double error = 0.0;
    for (int y = 0; y < shot.height; ++y)
        for (int x = 0; x < shot.width; ++x) {
            const float t = mixOf(shot.at(x, y), background, face);
            e.intermediate += t > 0.1f && t < 0.9f;
            const float c = coverage(x, y, quad);
            if (c <= 0.0f || c >= 1.0f) continue;
            ++e.crossed;
            error += std::isnan(t) ? 1.0 : static_cast<double>(std::abs(t - c));
        }
    e.meanError = e.crossed > 0 ? error / e.crossed : 1.0;
    return e;
}

struct Shot {
    ProcessResult run;
    Image picture;
    Image ids;
};

Shot shoot(const std::string& name, const std::vector<std::string>& extra, float turnDegrees = kTurnDegrees,
           float shift = 0.0f) {
    const fs::path dir = scratchDir("antialias_" + name);
    std::vector<std::string> args = {"--headless", "--hide-ui",
                                     "--size",     std::to_string(kShotSize.x) + "x" + std::to_string(kShotSize.y),
                                     "--scene",    turnedBoxScene(dir, turnDegrees, shift).string()};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"--screenshot", (dir / "shot.png").string(), "--id-buffer", (dir / "ids.png").string()});
    Shot s{runPickray(args), {}, {}};
    s.picture = loadPng(dir / "shot.png");
    s.ids = loadPng(dir / "ids.png");
    return s;
}

// The selection's outline colour (renderer.hpp's kSelectedColor, (0.35, 0.72, 1) in DEMO.md) as
// stored in a picture.
const glm::ivec3 kSelected{89, 184, 255};

// How much of a pixel is the selection's colour: its barycentric weight among the four colours a
// pixel of the outlined face's surroundings mixes (the selection's, the face's, the outline's
// dark ring's, the background's), each as stored. `columns` holds them in that order, with a 1
// under each; its inverse is `inverse`.
float selectedShare(glm::ivec3 c, const glm::mat4& inverse) { return (inverse * glm::vec4(glm::vec3(c), 1.0f)).x; }

}  // namespace

TEST(AntiAliasing, FxaaSmoothsTheEdgesOfTheColourOnlyAndLeavesInteriorsAndTheIdBufferAlone) {
    const Shot off = shoot("off", {"--aa", "off"});
    const Shot on = shoot("fxaa", {});  // the default
    ASSERT_EQ(off.run.exitCode, 0) << off.run.output;
    ASSERT_EQ(on.run.exitCode, 0) << on.run.output;
    ASSERT_EQ(glm::ivec2(on.picture.width, on.picture.height), kShotSize);
    EXPECT_EQ(differingPixels(on.ids, off.ids), 0) << "the ID buffer is the same with and without FXAA";
    ASSERT_EQ(on.ids.rgba, off.ids.rgba) << "bit for bit";
    // Interiors: a pixel whose 3x3 neighbourhood is one colour without FXAA is below any edge
    // threshold, so FXAA copies it exactly.
    int flat = 0, flatChanged = 0, changed = 0;
    for (int y = 1; y + 1 < kShotSize.y; ++y)
        for (int x = 1; x + 1 < kShotSize.x; ++x) {
            bool same = true;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) same = same && off.picture.at(x + dx, y + dy) == off.picture.at(x, y);
            const bool differs = on.picture.at(x, y) != off.picture.at(x, y);
            changed += differs;
            if (!same) continue;
            ++flat;
            flatChanged += differs;
        }
    EXPECT_EQ(flatChanged, 0) << "of " << flat << " interior pixels";
    EXPECT_GT(flat, kShotSize.x * kShotSize.y / 2) << "most of the picture is interior";
    const Edges without = edgesOf(off.picture);
    const Edges with = edgesOf(on.picture);
    std::printf(
        "FXAA: %d pixels changed; intermediate colours %d without, %d with, of %d crossed pixels; mean "
        "|mix - coverage| %.3f without, %.3f with\n",
        changed, without.intermediate, with.intermediate, with.crossed, without.meanError, with.meanError);
    // Without FXAA a pixel is either colour (its centre is in the face or not): no mixes at all.
    EXPECT_EQ(without.intermediate, 0);
    // With it the slanted edges are blended: at least a third of the crossed pixels.
    EXPECT_GT(with.intermediate, with.crossed / 3);
    EXPECT_LT(with.meanError, without.meanError) << "closer to each pixel's true coverage";
}

TEST(AntiAliasing, SupersampledScreenshotsHaveEdgeColoursBetweenAndTheIdBufferAt1x) {
    const Shot plain = shoot("plain", {"--aa", "off"});
    ASSERT_EQ(plain.run.exitCode, 0) << plain.run.output;
    const Edges none = edgesOf(plain.picture);
    int checked = 0;
    for (const int n : {2, 4}) {
        const Shot s = shoot("ss" + std::to_string(n), {"--supersample", std::to_string(n)});
        ASSERT_EQ(s.run.exitCode, 0) << s.run.output;
        ASSERT_EQ(glm::ivec2(s.picture.width, s.picture.height), kShotSize) << "the window's size, not " << n << "x";
        ASSERT_EQ(glm::ivec2(s.ids.width, s.ids.height), kShotSize);
        EXPECT_EQ(s.ids.rgba, plain.ids.rgba) << "the ID buffer is drawn at 1x, bit for bit the plain one's";
        const Edges e = edgesOf(s.picture);
        std::printf(
            "--supersample %d: intermediate colours %d (plain: %d) of %d crossed pixels; mean |mix - "
            "coverage| %.3f (plain: %.3f)\n",
            n, e.intermediate, none.intermediate, e.crossed, e.meanError, none.meanError);
        // N x N samples a pixel: a pixel the outline crosses comes out a mix unless all its samples
        // fall on one side (at N = 2 about half of them do here: a third at least), and one straight edge misjudges at
        // most one sample per sample row, so each pixel's mix is within 1/N of its coverage, and
        // half that on average over edge positions (the reference adds its 1/16).
        EXPECT_GT(e.intermediate, e.crossed / 3);
        EXPECT_LT(e.meanError, 0.5 / n + 1.0 / 16);
        EXPECT_LT(e.meanError, none.meanError / 2) << "much nearer the true coverage than one sample a pixel";
        ++checked;
    }
    EXPECT_EQ(checked, 2);
    EXPECT_EQ(none.intermediate, 0) << "without supersampling (and FXAA) no pixel is a mix";
    // One sample a pixel: a crossed pixel of coverage c is all one colour, off by min(c, 1 - c),
    // 1/4 on average for coverages spread over (0, 1); at least half that here.
    EXPECT_GT(none.meanError, 0.125) << "each crossed pixel is all one or the other";
}

TEST(AntiAliasing, ASupersampleLargerThanTheGpusLargestTargetIsRefusedAndTheRunGoesOn) {
    const fs::path dir = scratchDir("antialias_refused");
    // 1280x720 at 64: 81920x46080, beyond any GPU's largest render target (llvmpipe's is 16384).
    const ProcessResult run =
        runPickray({"--headless", "--hide-ui", "--size", "1280x720", "--supersample", "64", "--screenshot",
                    (dir / "shot.png").string(), "--id-buffer", (dir / "ids.png").string()});
    EXPECT_NE(run.exitCode, 0) << "a screenshot was asked for and not saved";
    EXPECT_NE(run.output.find("screenshot not saved: --supersample 64 needs a 81920x46080 target, larger than the "
                              "GPU's largest render target ("),
              std::string::npos)
        << run.output;
    EXPECT_FALSE(fs::exists(dir / "shot.png"));
    EXPECT_TRUE(fs::exists(dir / "ids.png")) << "the script went on after it";
    EXPECT_EQ(loadPng(dir / "ids.png").width, 1280);
}

// View > Anti-aliasing (FXAA) toggles the pass: found where the report's tooltips say it is drawn
// (View open at UI scale 1: "View" at 114,10), clicked twice, a screenshot after each click, from
// both starts. The same clicks leave the same panels and hover, so a picture with FXAA on must be
// bit for bit the other start's picture with it on, and differ from the one with it off.
TEST(AntiAliasing, TheViewMenusEntryTurnsFxaaOnAndOff) {
    const fs::path dir = scratchDir("antialias_menu");
    const std::vector<std::string> common = {"--headless", "--size", "640x360", "--no-stats"};
    std::vector<std::string> args = common;
    args.insert(args.end(), {"--click", "114,10", "--report", (dir / "menu.json").string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    std::string entry;
    const json menu = readJson(dir / "menu.json");
    for (const json& t : menu["window"]["tooltips"])
        if (t["text"].get<std::string>().rfind("Anti-aliasing (FXAA):", 0) == 0)
            entry = pixelArg(glm::ivec2(t["pos"][0].get<float>() + 0.5f * t["size"][0].get<float>(),
                                        t["pos"][1].get<float>() + 0.5f * t["size"][1].get<float>()));
    ASSERT_FALSE(entry.empty()) << "the entry is drawn in the View menu";
    std::vector<Image> shots[2];  // [start off, start on]: the picture after one click, after two
    for (const std::string start : {"off", "fxaa"}) {
        std::vector<std::string> run = common;
        const fs::path one = dir / (start + "_1.png"), two = dir / (start + "_2.png");
        run.insert(run.end(), {"--aa", start, "--click", "114,10", "--click", entry, "--screenshot", one.string(),
                               "--click", "114,10", "--click", entry, "--screenshot", two.string()});
        const ProcessResult r = runPickray(run);
        ASSERT_EQ(r.exitCode, 0) << r.output;
        shots[start == "fxaa"] = {loadPng(one), loadPng(two)};
    }
    // Started off: on after one click, off after two; started on: the other way round. Compared
    // above the bottom's toast ("screenshot saved: PATH", from y = 306 at 640x360: the paths differ).
    const auto same = [](const Image& a, const Image& b) {
        int differing = 0;
        for (int y = 0; y < 300; ++y)
            for (int x = 0; x < a.width; ++x) differing += a.at(x, y) != b.at(x, y);
        return a.width == b.width && a.height == b.height && a.width > 0 && differing == 0;
    };
    EXPECT_TRUE(same(shots[0][0], shots[1][1])) << "FXAA on after one click from off, after two from on";
    EXPECT_TRUE(same(shots[0][1], shots[1][0])) << "FXAA off after two clicks from off, after one from on";
    EXPECT_GT(differingPixels(shots[0][0], shots[0][1], glm::ivec2(0), glm::ivec2(640, 300)), 100)
        << "the clicks change the picture's edges";
}

// The selection's outline is as wide in a --supersample 2 screenshot as at 1x: the
// outline pass measures its widths in output pixels, supersample drawn pixels each. The box is
// seen face on, unturned: its face a square whose edges are rows and columns of pixels, so that
// across an edge the outline is a band of whole drawn pixels and its width in output pixels is
// the sum of the selection colour's share of the pixels along a row (or column) crossing it.
TEST(AntiAliasing, ASupersampledScreenshotsOutlinesAreAsWideAsAt1x) {
    // Moved a third of a 1x pixel (90 pixels a unit) right and up: at 2x its edges fall mid-pixel,
    // so that the outline's pixels there are mixes, not whole.
    constexpr float kThirdOfAPixel = 1.0f / 270.0f;
    const Shot plain = shoot("outline1", {"--aa", "off", "--select", "card"}, 0.0f, kThirdOfAPixel);
    const Shot ss2 = shoot("outline2", {"--supersample", "2", "--select", "card"}, 0.0f, kThirdOfAPixel);
    ASSERT_EQ(plain.run.exitCode, 0) << plain.run.output;
    ASSERT_EQ(ss2.run.exitCode, 0) << ss2.run.output;
    const std::array<glm::vec2, 4> quad = faceCorners(0.0f);  // unmoved: the crossings' ends are whole pixels
    const int left = static_cast<int>(std::lround(std::min(quad[0].x, quad[3].x)));
    const int right = static_cast<int>(std::lround(std::max(quad[1].x, quad[2].x)));
    const int top = static_cast<int>(std::lround(std::min(quad[2].y, quad[3].y)));
    const int bottom = static_cast<int>(std::lround(std::max(quad[0].y, quad[1].y)));
    ASSERT_GT(right - left, 40);
    ASSERT_GT(bottom - top, 40);
    const glm::ivec2 centre((left + right) / 2, (top + bottom) / 2);
    // The four colours, from pure pixels of the 1x picture: the face's middle, the background's
    // corner, and the outline's last pixel left of the face (its dark ring); the selection's as
    // stored, found right outside the face at 1x.
    ASSERT_EQ(plain.picture.at(left - 1, centre.y), kSelected);
    int band = 0;  // the 1x outline: selected pixels, then its dark ring
    while (band < 8 && plain.picture.at(left - 1 - band, centre.y) == kSelected) ++band;
    const glm::ivec3 colours[4] = {kSelected, plain.picture.at(centre.x, centre.y),
                                   plain.picture.at(left - 1 - band, centre.y), plain.picture.at(4, 4)};
    glm::mat4 columns(1.0f);
    for (int i = 0; i < 4; ++i) columns[i] = glm::vec4(glm::vec3(colours[i]), 1.0f);
    const glm::mat4 inverse = glm::inverse(columns);
    // A stored channel is rounded by at most 1/2; a pixel's share is then off by at most
    // 1/2 · Σ|row 0 of the inverse|. Pure pixels are exact (the box filter's mean of equal values
    // is that value); along a crossing at most three pixels mix (one per boundary: face /
    // selection, selection / ring, ring / background), so a width is off by at most 3 of those.
    const float perPixel = 0.5f * (std::abs(inverse[0][0]) + std::abs(inverse[1][0]) + std::abs(inverse[2][0]));
    const float tolerance = 3.0f * perPixel;
    // Crossings: four rows through the left and right edges, four columns through the top and
    // bottom ones, each from 6 pixels inside the face to 10 outside (the widest outline is 4),
    // clear of the face's middle row and column (the selection's gizmo reaches out along them).
    struct Crossing {
        glm::ivec2 start;  // 6 pixels inside the face
        glm::ivec2 step;   // outwards
    };
    std::vector<Crossing> crossings;
    for (const int k : {-40, -20, 20, 40}) {
        crossings.push_back({{left + 5, centre.y + k}, {-1, 0}});
        crossings.push_back({{right - 6, centre.y + k}, {1, 0}});
        crossings.push_back({{centre.x + k, top + 5}, {0, -1}});
        crossings.push_back({{centre.x + k, bottom - 6}, {0, 1}});
    }
    const auto width = [&](const Image& shot, const Crossing& c) {
        float sum = 0.0f;
        for (int i = 0; i < 16; ++i) {
            const glm::ivec2 p = c.start + i * c.step;
            sum += selectedShare(shot.at(p.x, p.y), inverse);
        }
        return sum;
    };
    int checked = 0;
    for (const Crossing& c : crossings) {
        const float w1 = width(plain.picture, c);
        const float w2 = width(ss2.picture, c);
        std::printf("crossing at (%d, %d): selection's outline %.3f px at 1x, %.3f px at --supersample 2\n", c.start.x,
                    c.start.y, static_cast<double>(w1), static_cast<double>(w2));
        EXPECT_NEAR(w1, static_cast<float>(band), tolerance);  // pure pixels at 1x
        EXPECT_NEAR(w2, w1, tolerance) << "crossing from (" << c.start.x << ", " << c.start.y << ")";
        ++checked;
    }
    EXPECT_EQ(checked, 16);
    EXPECT_GE(band, 2);  // an outline there at all
    std::printf("tolerance %.4f px (%.4f per mixed pixel)\n", static_cast<double>(tolerance),
                static_cast<double>(perPixel));
}
