// SPDX-License-Identifier: MIT
// What is drawn over the scene, as docs' pictures need it ("Pictures good enough for
// docs", its second point): lines, markers and the normal's arrow are quads of a width in pixels
// of a 720p picture, so that a 2560x1440 screenshot shows them as a 1280x720 one does; the normal
// has an arrowhead; the capsule pair's closest segment is thick and coloured by the pair's state.
// Measured here in the real binary's screenshots of scenes written here.
#include "e2e_support.hpp"

using namespace e2e;

namespace {

// The overlay's sizes (app/viewport/overlay.hpp) in 720p pixels, and its colours: the normal's
// (app/viewport/overlay.cpp) and the capsule pair's per state (overlay.hpp, docs/DEMO.md).
constexpr float kNormalShaftPixels = 3.0f;
constexpr float kArrowHeadWidthPixels = 13.0f;
constexpr float kPairSegmentPixels = 5.0f;
const glm::vec3 kNormalColor{0.2f, 0.9f, 1.0f};
const glm::vec3 kSeparateColor{0.95f, 0.95f, 0.95f};
const glm::vec3 kTouchingColor{1.0f, 0.65f, 0.0f};
const glm::vec3 kOverlappingColor{1.0f, 0.15f, 0.15f};
// The scene's clear colour (app/render/renderer.cpp: 0.13, 0.14, 0.17), in 8 bits.
const glm::ivec3 kBackground{33, 36, 43};

glm::ivec3 bytes(glm::vec3 c) { return glm::ivec3(glm::round(c * 255.0f)); }

// The camera of every scene here: level at y = 5, looking down -z at (0, 5, 0) from 10 away, so
// that the points at y = 5, z = 0 are drawn on the picture's middle row and the grid (y = 0) is
// far below it.
fs::path writeScene(const json& objects, const std::string& file) {
    return writeSceneFile({0.0, 5.0, 10.0}, {0.0, 5.0, 0.0}, objects, file);
}

// A line's width in pixels where it crosses column x, near row y: each pixel of the column within
// `reach` of y counted by its share of the line's colour `line` over the background (0: the
// background, 1: the colour). A line drawn with a coverage fade over exactly one pixel at its
// edges sums to its width at any offset from the pixel grid (the fade is the line's box
// convolved with a pixel's), divided by the cosine of its angle to the row.
float widthAcross(const Image& image, int x, int y, int reach, glm::ivec3 line) {
    const glm::vec3 towards = glm::vec3(line - kBackground);
    float width = 0.0f;
    for (int row = std::max(y - reach, 0); row <= std::min(y + reach, image.height - 1); ++row) {
        const glm::vec3 seen = glm::vec3(image.at(x, row) - kBackground);
        width += std::clamp(glm::dot(seen, towards) / glm::dot(towards, towards), 0.0f, 1.0f);
    }
    return width;
}

// A pick of a large ball (radius 3, filling the middle of the view) just inside its right
// silhouette on the middle row: the normal's arrow points right, nearly level, out over the
// background, clear of the transform gizmo (about 90 pixels around the ball's centre).
struct Arrow {
    std::vector<float> width;  // the arrow's width at each column from `first` on
    int first = 0;             // the first column clear of the ball and its outline
    float scale = 1.0f;        // 720p pixels to the picture's
};

Arrow arrowOf(glm::ivec2 size, const std::vector<std::string>& extra, const std::string& name) {
    const json ball = {
        {"name", "ball"}, {"type", "sphere"}, {"color", {0.5, 0.5, 0.5}}, {"center", {0.0, 5.0, 0.0}}, {"radius", 3.0}};
    const fs::path scene = writeScene(json::array({ball}), "overlay_ball.json");
    const fs::path shot = tempDir() / (name + ".png");
    const float scale = static_cast<float>(size.y) / 720.0f;
    // The ball's silhouette on the middle row, from the reference camera: the tangent from the eye
    // at distance 10 to the radius 3 makes sin = 0.3.
    const auto loaded = ps::loadScene(scene);
    EXPECT_TRUE(loaded.scene) << loaded.error;
    const Frame f = frameFor(loaded.scene ? loaded.scene->camera : ps::Camera{}, size);
    const float silhouette =
        screenOf(glm::vec3(3.0f * std::sqrt(1.0f - 0.09f), 5.0f, 0.3f * 3.0f), f).x;  // the tangent point
    const glm::ivec2 click(static_cast<int>(silhouette - 5.0f * scale), size.y / 2 - 1);
    std::vector<std::string> args = {
        "--headless",   "--hide-ui",    "--size",  std::to_string(size.x) + "x" + std::to_string(size.y),
        "--scene",      scene.string(), "--click", pixelArg(click),
        "--screenshot", shot.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    // --aa off: the widths are read from the arrow's coverage, which FXAA moves across its slanted
    // edges (the head would read narrower than the 12 pixels drawn).
    args.insert(args.end(), {"--aa", "off"});
    const ProcessResult run = runPickray(args);
    EXPECT_EQ(run.exitCode, 0) << run.output;
    const Image image = loadPng(shot);
    EXPECT_EQ(image.width, size.x);
    Arrow a;
    a.scale = scale;
    if (image.width != size.x) return a;
    // Past the silhouette by the outline's reach (5 px) and the hover's, at any scale.
    a.first = static_cast<int>(silhouette + 8.0f * scale);
    const int reach = static_cast<int>(25.0f * scale);
    for (int x = a.first; x < size.x; ++x)
        a.width.push_back(widthAcross(image, x, size.y / 2, reach, bytes(kNormalColor)));
    return a;
}

// The arrow's measures: its shaft's width (the median over the shaft's columns), its head's widest
// column and its width, its width halfway from there to its tip, and the tip's column.
struct ArrowMeasures {
    float shaft = 0.0f;
    float head = 0.0f;
    float halfway = 0.0f;
    int base = 0;
    int tip = 0;
};

ArrowMeasures measure(const Arrow& a) {
    ArrowMeasures m;
    const int n = static_cast<int>(a.width.size());
    for (int i = 0; i < n; ++i)
        if (a.width[static_cast<std::size_t>(i)] > 0.5f) m.tip = i;
    for (int i = 0; i <= m.tip; ++i)
        if (a.width[static_cast<std::size_t>(i)] > m.head) {
            m.head = a.width[static_cast<std::size_t>(i)];
            m.base = i;
        }
    m.halfway = a.width[static_cast<std::size_t>((m.base + m.tip) / 2)];
    // The shaft: the columns before the head's base, two pixels clear of it.
    std::vector<float> shaft(a.width.begin(),
                             a.width.begin() + std::max(m.base - static_cast<int>(2 * a.scale) - 1, 0));
    if (!shaft.empty()) {
        std::nth_element(shaft.begin(), shaft.begin() + static_cast<std::ptrdiff_t>(shaft.size() / 2), shaft.end());
        m.shaft = shaft[shaft.size() / 2];
    }
    return m;
}

// One pair of capsules, capsule A's end at (-1, 5, 0) and capsule B's at (x, 5, 0), both 0.5 in
// radius: their closest points are those ends (A rises straight up, B up and away from the eye),
// so the closest segment lies on the middle row from x = -1 to x, and the selection's gizmo (at
// the capsules' mean centre, 3.5 above) is far from it.
fs::path pairScene(float x, const std::string& file) {
    const json a = {{"name", "capsule A"},   {"type", "capsule"},      {"color", {0.5, 0.5, 0.55}},
                    {"a", {-1.0, 5.0, 0.0}}, {"b", {-1.0, 12.0, 0.0}}, {"radius", 0.5}};
    const json b = {{"name", "capsule B"}, {"type", "capsule"},    {"color", {0.5, 0.5, 0.55}},
                    {"a", {x, 5.0, 0.0}},  {"b", {x, 12.0, -3.0}}, {"radius", 0.5}};
    return writeScene(json::array({a, b}), file);
}

Image pairPicture(const fs::path& scene, glm::ivec2 size, const std::string& name) {
    const fs::path shot = tempDir() / (name + ".png");
    const ProcessResult run = runPickray(
        {"--headless", "--hide-ui", "--size", std::to_string(size.x) + "x" + std::to_string(size.y), "--scene",
         scene.string(), "--select", "capsule A", "--select", "capsule B", "--screenshot", shot.string()});
    EXPECT_EQ(run.exitCode, 0) << run.output;
    return loadPng(shot);
}

}  // namespace

// The capsule pair's closest segment, apart: kPairSegmentPixels wide at 1280x720 and twice that at
// 2560x1440, measured across it in the gap between the capsules (over the background) at the
// picture's middle column. The measure is the coverage's sum, within 0.1 px of the drawn width:
// each pixel's 8-bit rounding (twice: the blend and the PNG) moves its share by at most
// 310 / 44756 of a pixel for this colour, over the dozen pixels read.
TEST(Overlay, TheClosestSegmentIsAsWideIn720pPixelsAt1280x720And2560x1440) {
    const fs::path scene = pairScene(1.0f, "overlay_pair_apart.json");
    const Image small = pairPicture(scene, {1280, 720}, "pair_720");
    const Image large = pairPicture(scene, {2560, 1440}, "pair_1440");
    ASSERT_EQ(small.width, 1280);
    ASSERT_EQ(large.width, 2560);
    const float at720 = widthAcross(small, 640, 360, 25, bytes(kSeparateColor));
    const float at1440 = widthAcross(large, 1280, 720, 50, bytes(kSeparateColor));
    EXPECT_NEAR(at720, kPairSegmentPixels, 0.25f);
    EXPECT_NEAR(at1440, 2.0f * kPairSegmentPixels, 0.5f);
    EXPECT_NEAR(at1440, 2.0f * at720, 1.0f) << "a 2560x1440 picture shows it as 1280x720 does";
}

// The segment's colour per state, for three placements of capsule B (its end 2, 1 and 0.5 from
// A's: surfaces 1 apart, touching exactly, overlapping by 0.5), read on the segment's middle rows
// at five columns around its middle: drawn over everything (touching or overlapping it lies inside
// the capsules), each pixel there is the state's colour within 2 of 255 (fully covered: the
// segment's two middle rows are 2 px inside its 5 px).
TEST(Overlay, TheClosestSegmentIsColouredByThePairsState) {
    struct Case {
        float x;
        glm::vec3 color;
        const char* name;
    };
    const Case cases[] = {{1.0f, kSeparateColor, "separate"},
                          {0.0f, kTouchingColor, "touching"},
                          {-0.5f, kOverlappingColor, "overlapping"}};
    const glm::ivec2 size(1280, 720);
    int checked = 0;
    for (const Case& c : cases) {
        const fs::path scene = pairScene(c.x, std::string("overlay_pair_") + c.name + ".json");
        const Image image = pairPicture(scene, size, std::string("pair_") + c.name);
        ASSERT_EQ(image.width, size.x);
        const auto loaded = ps::loadScene(scene);
        ASSERT_TRUE(loaded.scene) << loaded.error;
        const Frame f = frameFor(loaded.scene->camera, size);
        const glm::vec3 middle = screenOf(glm::vec3(0.5f * (c.x - 1.0f), 5.0f, 0.0f), f);
        int matching = 0;
        for (int dx = -2; dx <= 2; ++dx)
            for (const int y : {359, 360}) {
                const glm::ivec3 seen = image.at(static_cast<int>(middle.x) + dx, y);
                if (closeTo(seen, bytes(c.color))) ++matching;
                else
                    ADD_FAILURE() << c.name << " at " << static_cast<int>(middle.x) + dx << "," << y << ": " << seen.r
                                  << " " << seen.g << " " << seen.b;
            }
        EXPECT_EQ(matching, 10) << c.name;
        ++checked;
    }
    EXPECT_EQ(checked, 3);
}

// The normal's arrow, seen from the side: its shaft kNormalShaftPixels wide and its head a
// triangle kArrowHeadWidthPixels wide at its base tapering to its tip, in 720p pixels, at 1280x720
// and at 2560x1440 (twice the pixels), drawn by both renderers. Tolerances: the shaft is drawn
// faint and then solid over itself, which adds 0.3 a (1 - a) at each of its at most two partly
// covered pixels (0.15 px at most) to the 0.1 px of rounding; the head's widest column is within
// a pixel (a 720p one) of its base, where its width is the base's less what it tapers over a
// pixel (13/18 of one; the head is 18 px long, foreshortened here to about 17); halfway to its tip
// a straight-sided triangle is half as wide (1 px for the columns' rounding).
TEST(Overlay, TheNormalHasAnArrowheadAsWideIn720pPixelsAtEverySize) {
    struct Case {
        glm::ivec2 size;
        std::vector<std::string> extra;
        const char* name;
    };
    const Case cases[] = {{{1280, 720}, {}, "arrow_720"},
                          {{2560, 1440}, {}, "arrow_1440"},
                          {{1280, 720}, {"--renderer", "mesh"}, "arrow_720_mesh"}};
    int checked = 0;
    for (const Case& c : cases) {
        const Arrow a = arrowOf(c.size, c.extra, c.name);
        ASSERT_FALSE(a.width.empty()) << c.name;
        const ArrowMeasures m = measure(a);
        EXPECT_NEAR(m.shaft, kNormalShaftPixels * a.scale, 0.25f) << c.name;
        EXPECT_GE(m.head, (kArrowHeadWidthPixels - 1.0f) * a.scale) << c.name;
        EXPECT_LE(m.head, kArrowHeadWidthPixels * a.scale + 0.25f) << c.name;
        EXPECT_GE(m.head, 3.0f * m.shaft) << c.name << ": a head wider than the shaft";
        EXPECT_NEAR(m.halfway, 0.5f * m.head, 1.0f * a.scale) << c.name << ": a triangle, straight to its tip";
        EXPECT_GE(m.tip - m.base, static_cast<int>(14.0f * a.scale)) << c.name << ": a head about 18 px long";
        ++checked;
    }
    EXPECT_EQ(checked, 3);
}
