// SPDX-License-Identifier: MIT
// The precision view end to end: the report's `precision` for clicks on the default scene
// moved 1e4 from the world origin with far/near 1e6, against the long-double reference
// (tests/reference/) on the click's own float ray; and the naive float ray drawn (--naive-ray).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"
#include "support/float_solid.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests

namespace {

// The naive ray's magenta (viewport/overlay.hpp's kNaiveRayColor, 255, 64, 255), drawn solid or
// faint where hidden: red and blue well above green, which no object or other marker of the
// default scene has.
bool looksMagenta(glm::ivec3 c) { return c.r > 150 && c.b > 150 && c.r - c.g > 80 && c.b - c.g > 80; }

}  // namespace

TEST(PrecisionReport, FarFromTheOriginPickrayKeepsItsUlpsAndTheNaiveRayIsOff) {
    const glm::vec3 offset(2400.0f, 9200.0f, 3100.0f);  // |offset| = 1e4, as the audit's far view
    ps::Scene scene = ps::movedAll(loadDefaultScene(), offset);
    scene.camera.near = 0.01f;
    scene.camera.far = 1e4f;
    const Frame frame = frameFor(scene.camera, kSize);
    std::vector<std::string> args = {"--headless", "--scene",    kDefaultScene.string(), "--size", "640x360",
                                     "--hide-ui",  "--move-all", "2400,9200,3100",       "--near", "0.01",
                                     "--far",      "1e4",        "--naive-ray"};
    args.insert(args.end(), {"--click", "3,3"});  // the background: precision null
    int aimed = 0;
    for (std::size_t o = 0; o < scene.objects.size(); ++o)
        if (const auto pixel = visiblePixelOf(scene, o, frame, kSize)) {
            args.insert(args.end(), {"--click", pixelArg(*pixel)});
            ++aimed;
        }
    const fs::path report = tempDir() / "precision_far.json", picture = tempDir() / "precision_far.png";
    // Then seen from the side (the pick ray stays): from the clicking camera both rays run end on.
    args.insert(args.end(), {"--orbit", "40,0", "--screenshot", picture.string(), "--report", report.string()});
    const ProcessResult run = runPickray(args);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json clicks = readJson(report).at("clicks");
    ASSERT_EQ(clicks.size(), static_cast<std::size_t>(aimed + 1));
    EXPECT_TRUE(clicks.front().at("precision").is_null()) << clicks.front().dump();

    int checked = 0;
    double worstUlps = 0, worstDouble = 0, leastAngle = 10, leastNaiveUlps = 1e30;
    for (std::size_t k = 1; k < clicks.size(); ++k) {
        const json& click = clicks.at(k);
        SCOPED_TRACE(click.at("cursor").dump());
        if (click.at("onGizmo").get<bool>()) {  // the selected object's gizmo took it: no pick
            EXPECT_TRUE(click.at("precision").is_null());
            continue;
        }
        ASSERT_FALSE(click.at("hits").empty());
        const json& p = click.at("precision");
        ASSERT_TRUE(p.is_object()) << p.dump();
        const json& hit = click.at("hits").at(0);
        EXPECT_EQ(p.at("t").get<float>(), hit.at("t").get<float>());
        // The reference on the click's own float ray and the hit object's float shape.
        const auto solid = floatsolid::solidOf(scene.objects.at(objectNamed(scene, hit.at("object"))).shape);
        const pickref::RayAnswer answer =
            solid->ray({refVec(click.at("ray").at("origin")), refVec(click.at("ray").at("direction"))});
        ASSERT_TRUE(answer.hit);
        const pickref::Real step = floatsolid::floatStep(answer.t);
        // t_double: the textbook formulas in double, on float inputs exact in double, t about 10
        // from coordinates about 1e4: cancellations of 1e4 · 2^-53 ≈ 1e-12 in each term, far below
        // a float step of t (2^-20 ≈ 1e-6 at t in [8, 16)); 1e-3 of a step allowed.
        const double doubleSteps =
            static_cast<double>(std::abs(p.at("t_double").get<pickref::Real>() - answer.t) / step);
        EXPECT_LE(doubleSteps, 1e-3) << p.dump();
        // ulps: pickray's t against the double one, in float steps: the library's raycast keeps its
        // answer within a few steps; 4 allowed.
        const double ulps = p.at("ulps").get<double>();
        EXPECT_LE(std::abs(ulps), 4.0) << p.dump();
        // ... which is what t and t_double say (the reference's step: the same float binade).
        EXPECT_NEAR(ulps, (p.at("t").get<double>() - p.at("t_double").get<double>()) / static_cast<double>(step), 1e-6);
        // The naive float ray is off by a large angle (0.035 to 0.06 rad at these clicks; 0.21 rad is
        // the worst over CursorRay.DirectionAccurateAtExtremeDepthRatiosAndFarCameras' cameras), and
        // misses or is far off: 1e4 from the origin its near point alone is off by units.
        const double angle = p.at("naive_ray_angle").get<double>();
        EXPECT_GE(angle, 0.01) << p.dump();
        if (!p.at("t_naive").is_null()) {
            EXPECT_GE(std::abs(p.at("ulps_naive").get<double>()), 1e3) << p.dump();
            leastNaiveUlps = std::min(leastNaiveUlps, std::abs(p.at("ulps_naive").get<double>()));
        } else {
            EXPECT_TRUE(p.at("ulps_naive").is_null()) << p.dump();
        }
        worstUlps = std::max(worstUlps, std::abs(ulps));
        worstDouble = std::max(worstDouble, doubleSteps);
        leastAngle = std::min(leastAngle, angle);
        ++checked;
    }
    std::printf(
        "precision: far view (1e4 out, far/near 1e6), %d clicks: pickray within %.3g float steps of the "
        "double t (the double t within %.2g steps of the long-double reference); the naive ray %.3g rad off "
        "at least, its t %s\n",
        checked, worstUlps, worstDouble, leastAngle,
        leastNaiveUlps < 1e30 ? ("at least " + std::to_string(leastNaiveUlps) + " steps off").c_str()
                              : "a miss on every click");
    EXPECT_GE(checked, 4);

    // The picture, 40° round: the naive ray of the last click drawn, in magenta, beside the pick ray.
    const Image image = loadPng(picture);
    ASSERT_EQ(image.width, kSize.x);
    int magenta = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) magenta += looksMagenta(image.at(x, y));
    std::printf("precision: %d magenta pixels of the naive ray\n", magenta);
    EXPECT_GE(magenta, 100);  // a ray 2 px wide across a good part of the picture
}
