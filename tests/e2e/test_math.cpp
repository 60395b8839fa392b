// SPDX-License-Identifier: MIT
// The Math panel end to end: the report's `unproject` for every click against a computation written
// here, in long double, from the camera's own definition (eye, target, up, field of view or
// orthographic height, near, far) and the window's size: the Direct3D viewport and its matrix,
// gluLookAt's basis, the projection matrices' textbook entries in both depth conventions, the
// cursor's near and far points, and the hit's depth. Nothing of the application's or the
// library's unprojection is used. Random cameras, both projections, both conventions.
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests

namespace {

using pickref::Real;
using pickref::Vec;

// The frame's matrices are float: each entry is the float rounding of a few float operations on
// the camera's numbers (a few 2^-24 relative), so a quantity formed from them is within a few
// 1e-7 of its size; 2e-6 of the sizes involved bounds that with room and still catches any
// wrong entry, sign, order or stage (all off by far more).
constexpr Real kFloatMath = 2e-6L;

struct Camera {
    Vec eye, target, up{0, 1, 0};
    bool perspective = true;
    bool direct3d = false;
    Real fovYDegrees = 45, orthoHeight = 8, near = 0.1L, far = 100;
};

std::string text(float v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(v));
    return buffer;
}
std::string text(Vec v) {
    std::string out = text(static_cast<float>(v.x));  // piece by piece: GCC 12's false -Wrestrict on a + b + c
    out += ",";
    out += text(static_cast<float>(v.y));
    out += ",";
    out += text(static_cast<float>(v.z));
    return out;
}

Vec unit(Vec v) { return (1 / std::sqrt(pickref::dot(v, v))) * v; }
Real magnitude(const json& numbers) {
    Real m = 0;
    for (const json& n : numbers) m = std::max(m, std::abs(n.get<Real>()));
    return m;
}

// `actual` (a JSON array) within kFloatMath of `expected` relative to `scale`.
void expectClose(const json& actual, const std::vector<Real>& expected, Real scale, const std::string& what) {
    ASSERT_EQ(actual.size(), expected.size()) << what;
    for (std::size_t i = 0; i < expected.size(); ++i)
        EXPECT_LE(std::abs(actual.at(i).get<Real>() - expected[i]), kFloatMath * scale)
            << what << "[" << i << "]: " << actual.at(i).get<double>() << " vs " << static_cast<double>(expected[i]);
}
void expectRows(const json& actual, const Real (&rows)[4][4], const std::string& what) {
    Real scale = 0;
    for (const auto& row : rows)
        for (Real v : row) scale = std::max(scale, std::abs(v));
    ASSERT_EQ(actual.size(), 4u) << what;
    for (std::size_t r = 0; r < 4; ++r)
        expectClose(actual.at(r), {rows[r][0], rows[r][1], rows[r][2], rows[r][3]}, scale,
                    what + " row " + std::to_string(r));
}

// Checks one click's `unproject` against the camera. Returns whether it had a hit depth.
bool checkClick(const json& click, const Camera& c, glm::ivec2 size) {
    const json& u = click.at("unproject");
    const Real w = size.x, h = size.y, aspect = w / h;
    // The pixel centre the click's window pixel stands for (window and drawable are the same size).
    const Real px = click.at("cursor").at(0).get<Real>() + 0.5L, py = click.at("cursor").at(1).get<Real>() + 0.5L;
    EXPECT_EQ(u.at("pixel"), json::array({static_cast<double>(px), static_cast<double>(py)}));
    EXPECT_EQ(u.at("viewport"),
              json({{"x", 0.0}, {"y", 0.0}, {"width", w}, {"height", h}, {"min_z", 0.0}, {"max_z", 1.0}}));

    // D3DVIEWPORT9's matrix as Direct3D writes it (rows, v · M): depth 0..1 onto MinZ..MaxZ, and
    // OpenGL's −1..1 halved first in the GL convention.
    const Real zScale = c.direct3d ? 1 : 0.5L, zOffset = c.direct3d ? 0 : 0.5L;
    const Real viewport[4][4] = {{w / 2, 0, 0, 0}, {0, -h / 2, 0, 0}, {0, 0, zScale, 0}, {w / 2, h / 2, zOffset, 1}};
    expectRows(u.at("viewport_matrix"), viewport, "viewport_matrix");

    // gluLookAt: rows s, u', −f and the translation; as Direct3D's rows, the transpose.
    const Vec f = unit(c.target - c.eye), s = unit(pickref::cross(f, c.up)), up = pickref::cross(s, f);
    const Real view[4][4] = {{s.x, up.x, -f.x, 0},
                             {s.y, up.y, -f.y, 0},
                             {s.z, up.z, -f.z, 0},
                             {-pickref::dot(s, c.eye), -pickref::dot(up, c.eye), pickref::dot(f, c.eye), 1}};
    expectRows(u.at("view"), view, "view");

    // The projection's textbook entries (right-handed, looking down −z).
    const Real n = c.near, fa = c.far;
    Real proj[4][4] = {};
    if (c.perspective) {
        const Real cot = 1 / std::tan(c.fovYDegrees * 3.14159265358979323846264338327950288L / 360);
        proj[0][0] = cot / aspect;
        proj[1][1] = cot;
        proj[2][3] = -1;
        proj[2][2] = c.direct3d ? fa / (n - fa) : -(fa + n) / (fa - n);
        proj[3][2] = c.direct3d ? -fa * n / (fa - n) : -2 * fa * n / (fa - n);
    } else {
        const Real halfH = c.orthoHeight / 2;
        proj[0][0] = 1 / (halfH * aspect);
        proj[1][1] = 1 / halfH;
        proj[2][2] = c.direct3d ? -1 / (fa - n) : -2 / (fa - n);
        proj[3][2] = c.direct3d ? -n / (fa - n) : -(fa + n) / (fa - n);
        proj[3][3] = 1;
    }
    expectRows(u.at("projection"), proj, "projection");

    // The cursor's NDC, and its near and far points: on the near and far planes under the cursor.
    const Real nx = 2 * px / w - 1, ny = 1 - 2 * py / h;
    const Real nearZ = c.direct3d ? 0 : -1;
    expectClose(u.at("ndc_near"), {nx, ny, nearZ}, 1, "ndc_near");
    expectClose(u.at("ndc_far"), {nx, ny, 1}, 1, "ndc_far");
    const Real tanHalf = std::tan(c.fovYDegrees * 3.14159265358979323846264338327950288L / 360);
    const Real hw = c.perspective ? tanHalf * aspect : c.orthoHeight / 2 * aspect;
    const Real hh = c.perspective ? tanHalf : c.orthoHeight / 2;
    // The planes where the frame's own (float) projection puts NDC depth nearZ and 1: clip z =
    // P22·z + P32 over w = −z (perspective) or 1, solved for the depth −z. The float entries move
    // them, most where the solution cancels: a perspective far plane through P22 + 1 ≈ −2n/f (by
    // up to 2.4e-4 of far at far/near 8000), an orthographic plane through P32 ± 1 (by about an
    // ulp of (f − n)). The stages are checked at the frame's planes.
    const json& row2 = u.at("projection").at(2);
    const Real p22 = row2.at(2).get<Real>(), p32 = u.at("projection").at(3).at(2).get<Real>();
    const auto planeAt = [&](Real ndc) { return c.perspective ? p32 / (p22 + ndc) : (p32 - ndc) / p22; };
    EXPECT_LE(std::abs(planeAt(nearZ) - n), kFloatMath * (c.perspective ? n : fa - n));
    EXPECT_LE(std::abs(planeAt(1) - fa), kFloatMath * (c.perspective ? fa * fa / n : fa - n));
    for (const bool isNear : {true, false}) {
        const Real depth = planeAt(isNear ? nearZ : 1);
        const Real scale = c.perspective ? depth : 1;  // a perspective view widens with depth
        const Vec viewPoint{nx * hw * scale, ny * hh * scale, -depth};
        const Vec world = c.eye + viewPoint.x * s + viewPoint.y * up + depth * f;
        const std::string at = isNear ? "_near" : "_far";
        const Real extent = pickref::length(world) + pickref::length(viewPoint);
        expectClose(u.at("view" + at), {viewPoint.x, viewPoint.y, viewPoint.z}, extent, "view" + at);
        expectClose(u.at("world" + at), {world.x, world.y, world.z}, extent, "world" + at);
        // Clip: the NDC point times w, w = the depth (perspective) or 1.
        const Real clipW = c.perspective ? depth : 1;
        expectClose(u.at("clip" + at), {nx * clipW, ny * clipW, (isNear ? nearZ : 1) * clipW, clipW},
                    magnitude(u.at("clip" + at)), "clip" + at);
    }
    // The near point, rounded to float, is the ray's origin bit for bit.
    for (std::size_t k = 0; k < 3; ++k)
        EXPECT_EQ(static_cast<float>(u.at("world_near").at(k).get<double>()),
                  click.at("ray").at("origin").at(k).get<float>())
            << k;

    if (click.at("hits").empty()) {
        EXPECT_TRUE(u.at("hit_depth").is_null());
        return false;
    }
    // The hit's depth d in front of the eye, through each convention's depth function.
    const Real d = pickref::dot(refVec(click.at("hits").at(0).at("point")) - c.eye, f);
    const Real gl = c.perspective ? (fa + n) / (fa - n) - 2 * fa * n / ((fa - n) * d) : (2 * d - fa - n) / (fa - n);
    const Real d3d = c.perspective ? fa * (d - n) / ((fa - n) * d) : (d - n) / (fa - n);
    const json& hd = u.at("hit_depth");
    expectClose({hd.at("ndc_gl"), hd.at("window_gl"), hd.at("ndc_d3d"), hd.at("window_d3d")},
                {gl, (gl + 1) / 2, d3d, d3d}, 1, "hit_depth");
    return true;
}

}  // namespace

// Two random cameras, each in both projections and both conventions: a click on every object the
// reference sees whole at some pixel, and three random clicks. Under ASan (kSanitized) the first
// camera alone: the report's code is the same for every camera.
TEST(MathReport, UnprojectEqualsAnIndependentComputationOnRandomCameras) {
    const ps::Scene scene = loadDefaultScene();
    std::mt19937 rng(2027);
    std::uniform_real_distribution<float> unitRange(-1.0f, 1.0f), fov(30.0f, 70.0f), nearPlane(0.05f, 0.5f),
        farPlane(40.0f, 400.0f), orthoHeight(4.0f, 12.0f), distance(7.0f, 14.0f);
    int clicks = 0, hitDepths = 0, runs = 0;
    const int cameras = kSanitized ? 1 : 2;
    for (int i = 0; i < cameras; ++i) {
        Camera c;
        c.target = {unitRange(rng), 0.5f + 0.5f * unitRange(rng), unitRange(rng)};
        const Vec away = unit({unitRange(rng), 0.3L + 0.3L * (1 + unitRange(rng)), unitRange(rng)});
        c.eye = c.target + static_cast<Real>(distance(rng)) * away;
        // The values as the command line gives them (floats), so that both sides start from the same.
        c.eye = refVec(json::parse('[' + text(c.eye) + ']'));
        c.target = refVec(json::parse('[' + text(c.target) + ']'));
        const float fovY = fov(rng), nearZ = nearPlane(rng), farZ = farPlane(rng), height = orthoHeight(rng);
        c.fovYDegrees = fovY;
        c.near = nearZ;
        c.far = farZ;
        c.orthoHeight = height;
        for (const bool perspective : {true, false}) {
            for (const bool direct3d : {false, true}) {
                c.perspective = perspective;
                c.direct3d = direct3d;
                ps::Camera camera = scene.camera;
                camera.eye = toFloat(c.eye);
                camera.target = toFloat(c.target);
                camera.fovYDegrees = fovY;
                camera.orthoHeight = height;
                camera.near = nearZ;
                camera.far = farZ;
                camera.projection = perspective ? ps::Projection::Perspective : ps::Projection::Orthographic;
                const Frame frame = frameFor(camera, kSize);
                std::vector<std::string> args = {"--headless",
                                                 "--scene",
                                                 kDefaultScene.string(),
                                                 "--size",
                                                 "640x360",
                                                 "--hide-ui",
                                                 "--eye",
                                                 text(c.eye),
                                                 "--target",
                                                 text(c.target),
                                                 "--fov",
                                                 text(fovY),
                                                 "--near",
                                                 text(nearZ),
                                                 "--far",
                                                 text(farZ),
                                                 "--ortho-height",
                                                 text(height),
                                                 "--projection",
                                                 perspective ? "perspective" : "orthographic",
                                                 "--clip-depth",
                                                 direct3d ? "direct3d" : "opengl"};
                const auto clickAt = [&](glm::ivec2 pixel) { args.insert(args.end(), {"--click", pixelArg(pixel)}); };
                for (std::size_t o = 0; o < scene.objects.size(); ++o)
                    if (const auto pixel = visiblePixelOf(scene, o, frame, kSize)) clickAt(*pixel);
                std::uniform_int_distribution<int> x(0, kSize.x - 1), y(0, kSize.y - 1);
                for (int k = 0; k < 3; ++k) clickAt({x(rng), y(rng)});
                const fs::path report =
                    tempDir() / ("math_" + std::to_string(runs++) + (direct3d ? "_d3d" : "_gl") + ".json");
                args.insert(args.end(), {"--report", report.string()});
                const ProcessResult run = runPickray(args);
                ASSERT_EQ(run.exitCode, 0) << run.output;
                const json reported = readJson(report);  // kept: the loop reads into it
                for (const json& click : reported.at("clicks")) {
                    SCOPED_TRACE((perspective ? "perspective " : "orthographic ") +
                                 std::string(direct3d ? "direct3d " : "opengl ") + click.at("cursor").dump());
                    hitDepths += checkClick(click, c, kSize);
                    ++clicks;
                }
            }
        }
    }
    std::printf("unproject: %d clicks on %d runs checked, %d with a hit depth\n", clicks, runs, hitDepths);
    EXPECT_EQ(runs, 4 * cameras);
    EXPECT_GE(clicks, runs * 3);
    EXPECT_GE(hitDepths, runs) << "too few clicks hit an object to check hit_depth";
}

// The Math panel (M) after a click on the ball: its stages are the report's `unproject`, as
// drawn; the clip-depth buttons say what they change. Then its "hover" source and the cursor over
// the view: the numbers of the hovered pixel, against the reference camera (long double).
TEST(MathPanel, ShowsTheClicksStagesAndTheHoveredPixelsAsTheyAre) {
    const std::vector<std::string> base = {"--headless", "--size",     "1280x720", "--scene", kDefaultScene.string(),
                                           "--no-stats", "--ui-scale", "1",        "--click", "500,300",
                                           "--key",      "m"};
    const json r = runForReport("math_panel", base);
    ASSERT_EQ(r.at("clicks").at(0).at("picked"), "ball");
    bool shown = false;
    for (const json& p : r.at("window").at("panels"))
        if (p.at("name") == "Math") {
            shown = true;
            EXPECT_FALSE(p.at("cut").get<bool>()) << p.dump();
        }
    ASSERT_TRUE(shown) << "M opens the Math panel";
    const std::vector<double> numbers = drawnNumbers(r);
    const json& u = r.at("clicks").at(0).at("unproject");
    int found = 0;
    for (const char* stage : {"ndc_near", "clip_near", "view_near", "world_near", "ndc_far", "view_far", "world_far"})
        for (const json& value : u.at(stage)) {
            EXPECT_TRUE(drawn(numbers, value.get<double>())) << stage << " " << value;
            ++found;
        }
    EXPECT_EQ(found, 3 + 4 + 3 + 3 + 3 + 3 + 3);
    const json& depth = u.at("hit_depth");
    for (const char* key : {"ndc_gl", "ndc_d3d"}) EXPECT_TRUE(drawn(numbers, depth.at(key).get<double>())) << key;
    std::optional<glm::ivec2> hoverButton;
    int clipDepthTips = 0;
    for (const json& t : r.at("window").at("tooltips")) {
        const std::string text = t.at("text").get<std::string>();
        clipDepthTips += text.rfind("The projection maps near..far to NDC z", 0) == 0;
        if (text.rfind("The unprojection of the pixel under the cursor", 0) == 0)
            hoverButton = glm::ivec2(t.at("pos").at(0).get<float>() + 0.5f * t.at("size").at(0).get<float>(),
                                     t.at("pos").at(1).get<float>() + 0.5f * t.at("size").at(1).get<float>());
    }
    EXPECT_EQ(clipDepthTips, 2) << "the Camera panel's OpenGL and Direct3D buttons";
    ASSERT_TRUE(hoverButton);

    // The hover source, the cursor on the view below the Inspector (a miss: the grid's floor is no object).
    std::vector<std::string> args = base;
    args.insert(args.end(), {"--click", pixelArg(*hoverButton), "--hover", "200,650"});
    const json h = runForReport("math_panel_hover", args);
    const std::vector<double> hovered = drawnNumbers(h);
    const Frame frame = frameFor(loadDefaultScene().camera, {1280, 720});
    const pickref::Ray ray = rayAt({200, 650}, frame);
    // The near point's world coordinates: the float frame's (a few 1e-7 of |eye| ~ 12 off the exact).
    for (const Real c : {ray.origin.x, ray.origin.y, ray.origin.z})
        EXPECT_TRUE(drawn(hovered, static_cast<double>(c), 1e-5)) << static_cast<double>(c);
    for (const double c : {200.5, 650.5}) EXPECT_TRUE(drawn(hovered, c)) << "window " << c;
    EXPECT_FALSE(drawn(hovered, 500.5)) << "the click's pixel is no longer shown";
}

// Text in the Math panel's amber (kDiffers: 255, 179, 64), within 40/255 a channel: the projection
// entries the two conventions do not share, the only amber text in the window.
int amberPixels(const Image& image, glm::ivec2 min, glm::ivec2 max) {
    int n = 0;
    for (int y = std::max(min.y, 0); y < std::min(max.y, image.height); ++y)
        for (int x = std::max(min.x, 0); x < std::min(max.x, image.width); ++x)
            n += glm::all(glm::lessThanEqual(glm::abs(image.at(x, y) - glm::ivec3(255, 179, 64)), glm::ivec3(40)));
    return n;
}

// --math-sections projections: the Math panel opens with only its projections section open, so
// the amber entries where OpenGL's and Direct3D's projections differ are in the picture, in
// either convention; with every section open (the default) they lie below the band's fold.
TEST(MathPanel, MathSectionsOpensOnlyTheNamedSectionsSoTheProjectionsShowInTheBand) {
    const fs::path dir = scratchDir("math_sections");
    int amber[2][2] = {};  // [sections named][convention]
    for (int named = 0; named < 2; ++named)
        for (int gl = 0; gl < 2; ++gl) {
            const fs::path shot = dir / ("shot" + std::to_string(named) + std::to_string(gl) + ".png");
            std::vector<std::string> args = {
                "--headless",     "--size", "1600x900", "--no-stats", "--clip-depth", gl ? "opengl" : "direct3d",
                "--click-object", "ball",   "--key",    "m",          "--screenshot", shot.string()};
            if (named) args.insert(args.begin(), {"--math-sections", "projections"});
            const json r = runForReport("math_sections_" + std::to_string(named) + std::to_string(gl), args);
            ASSERT_EQ(r.at("clicks").at(0).at("picked"), "ball");
            const Image image = loadPng(shot);
            for (const json& p : r.at("window").at("panels"))
                if (p.at("name") == "Math") {
                    const glm::ivec2 min(p.at("pos").at(0).get<float>(), p.at("pos").at(1).get<float>());
                    const glm::ivec2 size(p.at("size").at(0).get<float>(), p.at("size").at(1).get<float>());
                    amber[named][gl] = amberPixels(image, min, min + size);
                }
        }
    for (int gl = 0; gl < 2; ++gl) {
        EXPECT_EQ(amber[0][gl], 0) << "every section open: the projections lie below the fold";
        EXPECT_GT(amber[1][gl], 50) << "only the projections open: their amber entries show";
    }
}

// The Math panel's precision section, 1e4 from the origin at far/near 1e6 (DEMO.md's picture):
// pickray's t, the double t and the naive t as the report has them, the steps between; its
// checkbox draws the naive ray (magenta), seen from the side once the panel is closed again.
TEST(MathPanel, ThePrecisionSectionShowsTheReportsNumbersAndItsCheckboxDrawsTheNaiveRay) {
    const std::vector<std::string> base = {
        "--headless", "--size",     "1280x960",   "--scene",        kDefaultScene.string(),
        "--no-stats", "--ui-scale", "1",          "--near",         "0.01",
        "--far",      "1e4",        "--move-all", "2400,9200,3100", "--click",
        "480,400",    "--key",      "m"};
    // The Math panel sits in the band along the bottom of the view and scrolls: its scrollbar's
    // grab (at the top of its track, 8 pixels inside the right edge) dragged to the window's
    // bottom brings the precision section, its last, into view.
    const json first = runForReport("math_precision_top", base);
    std::vector<std::string> scrolled = base;
    for (const json& panel : first.at("window").at("panels"))
        if (panel.at("name") == "Math") {
            const int x =
                static_cast<int>(panel.at("pos").at(0).get<float>() + panel.at("size").at(0).get<float>()) - 8;
            const int y = static_cast<int>(panel.at("pos").at(1).get<float>()) + 19 + 6;  // below its title bar
            scrolled.insert(scrolled.end(), {"--drag", pixelArg({x, y}) + "," + pixelArg({x, 959})});
        }
    ASSERT_GT(scrolled.size(), base.size()) << "the Math panel is drawn";
    const json r = runForReport("math_precision", scrolled);
    const json& click = r.at("clicks").at(0);
    ASSERT_EQ(click.at("picked"), "ball");
    const json& p = click.at("precision");
    const std::vector<double> numbers = drawnNumbers(r);
    for (const char* key : {"t", "t_double", "t_naive"}) EXPECT_TRUE(drawn(numbers, p.at(key).get<double>())) << key;
    for (const char* key : {"ulps", "ulps_naive"})  // two decimals: half a unit is 5e-3
        EXPECT_TRUE(drawn(numbers, p.at(key).get<double>(), 5e-3)) << key;
    std::optional<glm::ivec2> checkbox;
    for (const json& t : r.at("window").at("tooltips"))
        if (t.at("text").get<std::string>().rfind("Draw the naive float ray", 0) == 0)
            checkbox = glm::ivec2(t.at("pos").at(0).get<float>() + 0.5f * t.at("size").at(1).get<float>(),
                                  t.at("pos").at(1).get<float>() + 0.5f * t.at("size").at(1).get<float>());
    ASSERT_TRUE(checkbox) << "the precision section's checkbox";
    // The checkbox (its box, at the left of its row), the panel closed, the camera 40° round.
    std::vector<std::string> args = scrolled;
    const fs::path picture = tempDir() / "math_precision_naive.png";
    args.insert(args.end(),
                {"--click", pixelArg(*checkbox), "--key", "m", "--orbit", "40,0", "--screenshot", picture.string()});
    const json after = runForReport("math_precision_naive", args);
    const Image image = loadPng(picture);
    int magenta = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const glm::ivec3 c = image.at(x, y);
            magenta += c.r > 150 && c.b > 150 && c.r - c.g > 80 && c.b - c.g > 80;  // kNaiveRayColor
        }
    std::printf("precision: the Math panel's checkbox drew %d magenta pixels\n", magenta);
    EXPECT_GE(magenta, 100);
}
