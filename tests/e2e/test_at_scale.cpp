// SPDX-License-Identifier: MIT
// At scale, end to end: instancing, levels of detail and the BVH; approximate frames while the
// camera moves and an exact one when it stops; picks in generated scenes against brute force.
#include "end_to_end_support.hpp"
#include "x_session.hpp"

using namespace e2e;         // NOLINT: the shared helpers read as part of the tests
using namespace end_to_end;  // NOLINT

TEST(EndToEnd, DrawCallsDoNotGrowWithTheNumberOfObjects) {
    int checked = 0;
    for (const std::string renderer : {"mesh", "analytic"}) {
        const json small =
            frameReport({"--scene", kDefaultScene.string(), "--renderer", renderer}, "seven_" + renderer);
        const json many = frameReport({"--generate", "500", "--renderer", renderer}, "five_hundred_" + renderer);
        ASSERT_TRUE(small.contains("frame") && many.contains("frame")) << renderer;
        EXPECT_EQ(small["frame"]["objects"], 7);
        EXPECT_EQ(many["frame"]["objects"], 500);
        const int calls = small["frame"]["drawCalls"].get<int>();
        EXPECT_GT(calls, 0) << renderer;
        EXPECT_EQ(many["frame"]["drawCalls"].get<int>(), calls) << renderer;
        EXPECT_LT(calls, 50) << renderer;  // kinds x levels of detail, not objects
        // Every object was considered: drawn as a mesh instance, by its rays or as a dot, or culled.
        const json& m = many["frame"];
        EXPECT_EQ(m["instances"].get<int>() + m["rayCast"].get<int>() + m["dots"].get<int>() + m["culled"].get<int>(),
                  500)
            << renderer;
        if (renderer == "analytic") {  // a still frame: every object by its rays, none a mesh or a dot
            EXPECT_EQ(m["instances"].get<int>(), 0);
            EXPECT_EQ(m["dots"].get<int>(), 0);
            EXPECT_GT(m["rayCast"].get<int>(), 400);
        } else {
            EXPECT_EQ(m["rayCast"].get<int>(), 0);
        }
        ++checked;
    }
    EXPECT_EQ(checked, 2);
}

TEST(EndToEnd, OrbitFramesAreApproximateAndTheStillFrameAfterIsExact) {
    orbitThenStill("mesh");
    orbitThenStill("analytic");
}

// A screenshot taken while the camera moves (F12 with the right button held, in a real X window)
// is exact: the picture equals the one taken on quitting, at the same camera, still.
TEST(EndToEnd, AScreenshotTakenMidOrbitIsExactInARealXWindow) {
    if (!xToolsInstalled()) return;
    XSession session("mid_orbit");
    const fs::path dir = session.dir();
    const fs::path still = dir / "still.png";
    // The drag ends on the background (nothing hovered after it), F12 while the button is held
    // (its picture taken in the frames after it), then no motion until the quit's --screenshot.
    session.options("--size 640x360 --hide-ui --generate 10000 --screenshot still.png").move({560, 40}).press(3);
    for (int i = 0; i < 4; ++i) session.moveBy({15, -7});
    const XSession::Result r = session.key("F12").release(3).waitAsleep("the view settled").run();
    ASSERT_TRUE(r.ok) << r.output;
    std::vector<fs::path> shots;
    for (const auto& entry : fs::directory_iterator(dir / "screenshots")) shots.push_back(entry.path());
    ASSERT_EQ(shots.size(), 1u) << r.output;
    const Image midOrbit = loadPng(shots.front());
    const Image after = loadPng(still);
    ASSERT_EQ(midOrbit.width, 640);
    ASSERT_EQ(midOrbit.height, 360);
    ASSERT_EQ(after.width, midOrbit.width);
    ASSERT_EQ(after.height, midOrbit.height);
    // Byte for byte: both exact, of the same scene at the same camera (no tolerance).
    std::size_t differing = 0;
    for (std::size_t i = 0; i < midOrbit.rgba.size(); i += 4)
        if (!std::equal(midOrbit.rgba.begin() + static_cast<std::ptrdiff_t>(i),
                        midOrbit.rgba.begin() + static_cast<std::ptrdiff_t>(i + 3),
                        after.rgba.begin() + static_cast<std::ptrdiff_t>(i)))
            ++differing;
    EXPECT_EQ(differing, 0u) << "pixels of the screenshot taken mid-orbit unlike the still frame's";
}

TEST(EndToEnd, AGeneratedSceneOf20000IsPickedAsBruteForceSaysWithTheSameDrawCalls) {
    const ps::Scene scene = ps::generateStressScene(20000);
    const Frame f = frameFor(scene.camera, kSize);
    const ReferenceScene solids(scene);
    // Pixels near the middle of the view where the reference, by brute force over all objects,
    // hits something (robustly: no float rounding can change which object).
    std::vector<std::pair<glm::ivec2, ReferenceHit>> expected;
    for (int y = kSize.y / 3; y < 2 * kSize.y / 3 && expected.size() < 3; y += 37)
        for (int x = kSize.x / 3; x < 2 * kSize.x / 3 && expected.size() < 3; x += 53)
            if (const auto hits = solids.allHits(rayAt({x, y}, f)); robustHit(hits))
                expected.emplace_back(glm::ivec2(x, y), hits.front());
    ASSERT_EQ(expected.size(), 3u);
    std::vector<std::string> clicks;
    for (const auto& [pixel, hit] : expected) clicks.insert(clicks.end(), {"--click", pixelArg(pixel)});
    const auto start = std::chrono::steady_clock::now();
    const json report = frameReport({"--generate", "20000"}, "generated_20000", clicks);
    const double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(report.contains("clicks"));
    ASSERT_EQ(report["clicks"].size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const json& click = report["clicks"][i];
        EXPECT_EQ(click["picked"], scene.objects[expected[i].second.object].name);
        ASSERT_FALSE(click["hits"].empty());
        const pickref::Real t = std::fabs(click["hits"][0]["t"].get<double>() - expected[i].second.answer.t);
        const pickref::Real bound = hitTolerance(rayAt(expected[i].first, f), expected[i].second.answer.t);
        EXPECT_LE(t, bound);
        std::printf(
            "precision: end to end, 20,000 objects, click %zu: t %.3Lg from the reference's (t = %.4Lg; %.3Lg of its "
            "tolerance)\n",
            i, t, expected[i].second.answer.t, t / bound);
        // Each query took some time, less than the whole run.
        EXPECT_GT(click["queryMs"].get<double>(), 0.0);
        EXPECT_LT(click["queryMs"].get<double>(), wallMs);
    }
    const json small = frameReport({"--scene", kDefaultScene.string()}, "six_objects_again");
    EXPECT_EQ(report["frame"]["drawCalls"], small["frame"]["drawCalls"]);
    EXPECT_EQ(report["frame"]["objects"], 20000);
    // The timings are measured: a frame of 20,000 objects and a query over them take some time,
    // and less than the whole run took (null, zero or a wrong unit fail here).
    EXPECT_GT(report["frame"]["ms"].get<double>(), 0.0);
    EXPECT_LT(report["frame"]["ms"].get<double>(), wallMs);
    EXPECT_GT(report["frame"]["pickMs"].get<double>(), 0.0);
    EXPECT_LT(report["frame"]["pickMs"].get<double>(), wallMs);
}

TEST(EndToEnd, DraggingInALargeSceneRefitsTheBvhInsteadOfRebuildingIt) {
    const ps::Scene scene = ps::generateStressScene(5000);
    const Frame f = frameFor(scene.camera, kSize);
    const ReferenceScene solids(scene);
    // A pixel where the reference hits a finite object (not one of the infinite cylinders).
    std::optional<glm::ivec2> from;
    for (int x = kSize.x / 2; x < kSize.x - 20 && !from; x += 7)
        if (const auto hits = solids.allHits(rayAt({x, kSize.y / 2}, f)); robustHit(hits))
            if (!std::holds_alternative<pickray::InfiniteCylinder>(scene.objects[hits.front().object].shape))
                from = glm::ivec2(x, kSize.y / 2);
    ASSERT_TRUE(from);
    const std::string drag = pixelArg(*from) + "," + pixelArg(*from + glm::ivec2(-40, 20));
    const json report = frameReport({"--generate", "5000"}, "drag_5000", {"--drag", drag});
    ASSERT_TRUE(report.contains("index"));
    EXPECT_EQ(report["index"]["builds"], 1);  // at start only
    EXPECT_GE(report["index"]["refits"].get<int>(), 1);
}
