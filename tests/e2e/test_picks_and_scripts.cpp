// SPDX-License-Identifier: MIT
// Picks end to end on the real binary: scripted clicks through SDL's event path, the JSON report,
// the PNG screenshot, scene files and scripts, and one real X window. Expected picks come from the
// reference camera and ray tests (tests/reference/, long double), brute force over the objects.
#include "editing_support.hpp"
#include "end_to_end_support.hpp"
#include "x_session.hpp"

using namespace e2e;         // NOLINT: the shared helpers read as part of the tests
using namespace end_to_end;  // NOLINT

TEST(EndToEnd, EveryObjectIsPickedAtTheProjectionOfAPointInsideIt) {
    const ps::Scene scene = loadDefaultScene();
    const Frame f = frameFor(scene.camera, kSize);
    const ReferenceScene solids(scene);
    std::vector<std::string> args{"--headless", "--scene", kDefaultScene.string(), "--size", "640x360", "--hide-ui"};
    std::vector<glm::ivec2> pixels;
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const auto pixel = visiblePixelOf(scene, i, f, kSize);
        ASSERT_TRUE(pixel) << scene.objects[i].name << " is nowhere visible";
        pixels.push_back(*pixel);
        // Esc after each click: the next one starts with nothing selected, so no gizmo lies over
        // its object (a press on a gizmo handle is the handle's, not a pick).
        args.insert(args.end(), {"--click", pixelArg(*pixel), "--key", "escape"});
    }
    const fs::path report = tempDir() / "every_object.json";
    args.insert(args.end(), {"--report", report.string()});
    const ProcessResult run = runPickray(args);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json clicks = readJson(report).at("clicks");
    ASSERT_EQ(clicks.size(), scene.objects.size());
    // The application's float answers against the long-double reference's, in world units (the
    // scene spans about 13 units from the eye; a float's rounding there is 1e-6).
    pickref::Real worstOrigin = 0, worstDirection = 0, worstT = 0, worstPoint = 0, worstNormal = 0;
    std::size_t checkedHits = 0;
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const json& c = clicks[i];
        const std::string& name = scene.objects[i].name;
        EXPECT_EQ(c.at("cursor").at(0).get<int>(), pixels[i].x);
        EXPECT_EQ(c.at("cursor").at(1).get<int>(), pixels[i].y);
        ASSERT_FALSE(c.at("picked").is_null()) << name;
        EXPECT_EQ(c.at("picked").get<std::string>(), name);
        const pickref::Ray ray = rayAt(pixels[i], f);
        const pickref::Real origin = distance(refVec(c.at("ray").at("origin")), ray.origin);
        const pickref::Real direction = distance(refVec(c.at("ray").at("direction")), ray.direction);
        EXPECT_LE(origin, originTolerance(ray)) << name;
        EXPECT_LE(direction, kDirectionTolerance) << name;
        worstOrigin = std::max(worstOrigin, origin / originTolerance(ray));
        worstDirection = std::max(worstDirection, direction / kDirectionTolerance);
        // Every object on the ray, in the reference's order: the hits sorted by t, each the
        // object's first hit.
        const std::vector<ReferenceHit> expected = solids.allHits(ray);
        ASSERT_TRUE(robustHit(expected)) << name;
        ASSERT_EQ(c.at("hits").size(), expected.size()) << name << ": " << c.at("hits").dump();
        for (std::size_t h = 0; h < expected.size(); ++h) {
            const json& hit = c.at("hits")[h];
            const pickref::RayAnswer& want = expected[h].answer;
            const std::string what = name + ", hit " + std::to_string(h);
            EXPECT_EQ(hit.at("object").get<std::string>(), scene.objects[expected[h].object].name) << what;
            const pickref::Real t = std::fabs(hit.at("t").get<double>() - want.t);
            const pickref::Real point = distance(refVec(hit.at("point")), want.point);
            const pickref::Real normal = distance(refVec(hit.at("normal")), want.normal);
            const pickref::Real hitBound = hitTolerance(ray, want.t);
            EXPECT_LE(t, hitBound) << what;
            EXPECT_LE(point, hitBound) << what;
            EXPECT_LE(normal, normalTolerance(want.point)) << what;
            worstT = std::max(worstT, t / hitBound);
            worstPoint = std::max(worstPoint, point / hitBound);
            worstNormal = std::max(worstNormal, normal / normalTolerance(want.point));
            ++checkedHits;
        }
    }
    std::printf(
        "precision: end to end, %zu hits of %zu clicks against the reference, worst error over its tolerance: ray "
        "origin %.3Lg, direction %.3Lg, t %.3Lg, point %.3Lg, normal %.3Lg\n",
        checkedHits, clicks.size(), worstOrigin, worstDirection, worstT, worstPoint, worstNormal);
    EXPECT_GE(checkedHits, scene.objects.size()) << "at least the picked object's hit on every click";
}

TEST(EndToEnd, BackgroundClickPicksNothing) {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 sky{5, 5};
    ASSERT_FALSE(ReferenceScene(scene).nearestHit(rayAt(sky, frameFor(scene.camera, kSize))));
    const fs::path report = tempDir() / "background.json";
    const ProcessResult run = runPickray({"--headless", "--scene", kDefaultScene.string(), "--size", "640x360",
                                          "--hide-ui", "--click", pixelArg(sky), "--report", report.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json click = readJson(report).at("clicks").at(0);
    EXPECT_TRUE(click.at("picked").is_null());
    EXPECT_TRUE(click.at("hits").empty());
}

TEST(EndToEnd, ClickOnAnImGuiWindowPicksNothing) {
    // A sphere around the camera's target fills the view, so every pixel has something to pick.
    ps::Scene scene;
    scene.camera.eye = {0, 0, 10};
    scene.camera.target = {0, 0, 0};
    scene.objects.push_back({"wall", glm::vec3(0.5f), pickray::Sphere{{0, 0, 0}, 8.0f}});
    const fs::path scenePath = tempDir() / "wall.json";
    ASSERT_FALSE(ps::saveScene(scene, scenePath));
    const fs::path report = tempDir() / "ui.json";
    // (200, 36): inside the "Scene" window's title bar, below the menu bar; (640, 360): the
    // middle of the view.
    const ProcessResult run = runPickray({"--headless", "--scene", scenePath.string(), "--size", "1280x720", "--click",
                                          "200,36", "--click", "640,360", "--report", report.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json clicks = readJson(report).at("clicks");
    ASSERT_EQ(clicks.size(), 2u);
    EXPECT_TRUE(clicks[0].at("picked").is_null());
    EXPECT_TRUE(clicks[0].at("onUi").get<bool>());
    EXPECT_EQ(clicks[1].at("picked"), "wall");
}

TEST(EndToEnd, BothClipDepthsAndBothProjectionsGiveTheSamePick) {
    const ps::Scene scene = loadDefaultScene();
    const std::size_t crate = objectNamed(scene, "crate");
    const ReferenceScene solids(scene);
    int checked = 0;
    for (const char* projection : {"perspective", "orthographic"}) {
        ps::Camera camera = scene.camera;
        camera.projection =
            std::string(projection) == "perspective" ? ps::Projection::Perspective : ps::Projection::Orthographic;
        std::vector<json> picks;
        for (const char* depth : {"opengl", "direct3d"}) {
            camera.clipDepth =
                std::string(depth) == "opengl" ? pickray::ClipDepth::NegativeOneToOne : pickray::ClipDepth::ZeroToOne;
            const Frame f = frameFor(camera, kSize);
            const auto pixel = visiblePixelOf(scene, crate, f, kSize);
            ASSERT_TRUE(pixel);
            const fs::path report = tempDir() / (std::string("modes_") + projection + depth + ".json");
            const ProcessResult run = runPickray({"--headless", "--scene", kDefaultScene.string(), "--size", "640x360",
                                                  "--hide-ui", "--projection", projection, "--clip-depth", depth,
                                                  "--click", pixelArg(*pixel), "--report", report.string()});
            ASSERT_EQ(run.exitCode, 0) << run.output;
            picks.push_back(readJson(report).at("clicks").at(0));
            const json& pick = picks.back();
            EXPECT_EQ(pick.at("picked"), "crate") << projection << " " << depth;
            // The ray and the hit the reference's camera gives for this projection (the depth
            // convention changes neither), within the tolerances derived above.
            const pickref::Ray ray = rayAt(*pixel, f);
            const auto want = solids.nearestHit(ray);
            ASSERT_TRUE(want);
            ASSERT_FALSE(pick.at("hits").empty());
            const pickref::Real origin = distance(refVec(pick.at("ray").at("origin")), ray.origin);
            const pickref::Real direction = distance(refVec(pick.at("ray").at("direction")), ray.direction);
            const pickref::Real point = distance(refVec(pick.at("hits").at(0).at("point")), want->answer.point);
            const pickref::Real normal = distance(refVec(pick.at("hits").at(0).at("normal")), want->answer.normal);
            const pickref::Real hitBound = hitTolerance(ray, want->answer.t);
            EXPECT_LE(origin, originTolerance(ray)) << projection << " " << depth;
            EXPECT_LE(direction, kDirectionTolerance) << projection << " " << depth;
            EXPECT_LE(point, hitBound) << projection << " " << depth;
            EXPECT_LE(normal, normalTolerance(want->answer.point)) << projection << " " << depth;
            std::printf(
                "precision: end to end, %s %s against the reference, error over its tolerance: ray origin %.3Lg, "
                "direction %.3Lg, point %.3Lg, normal %.3Lg\n",
                projection, depth, origin / originTolerance(ray), direction / kDirectionTolerance, point / hitBound,
                normal / normalTolerance(want->answer.point));
            ++checked;
        }
        // Same cursor, same frustum: the same pixel whichever depth convention.
        EXPECT_EQ(picks[0].at("cursor"), picks[1].at("cursor"));
    }
    EXPECT_EQ(checked, 4) << "two projections, two depth conventions";
}

TEST(EndToEnd, ScreenshotShowsThePickedObjectOutlinedInTheHighlightColour) {
    const ps::Scene scene = loadDefaultScene();
    const std::size_t ball = objectNamed(scene, "ball");
    const Frame frame = frameFor(scene.camera, kSize);
    const ReferenceScene solids(scene);
    const auto pixel = visiblePixelOf(scene, ball, frame, kSize);
    ASSERT_TRUE(pixel);
    const fs::path before = tempDir() / "before.png";
    const fs::path after = tempDir() / "after.png";
    ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--hide-ui", "--screenshot", before.string()}).exitCode,
              0);
    // The drum selected after the click: the ball stays picked, and the selection's gizmo is on
    // the drum, across the view, not over the ball's outline.
    const ProcessResult run = runPickray({"--headless", "--size", "640x360", "--hide-ui", "--click", pixelArg(*pixel),
                                          "--select", "drum", "--screenshot", after.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const Image a = loadPng(before);
    const Image b = loadPng(after);
    ASSERT_EQ(b.width, 640);
    ASSERT_EQ(b.height, 360);
    // Outwards from the clicked pixel in eight directions, the first pixel the reference says is not
    // the ball (its silhouette, found independently of the renderer), then one more: the outline
    // lies there after the click, and was not there before. The ball keeps its own colour inside.
    int outlined = 0;
    for (glm::ivec2 d : {glm::ivec2(1, 0), glm::ivec2(-1, 0), glm::ivec2(0, 1), glm::ivec2(0, -1), glm::ivec2(1, 1),
                         glm::ivec2(-1, -1), glm::ivec2(1, -1), glm::ivec2(-1, 1)}) {
        glm::ivec2 p = *pixel;
        while (p.x > 2 && p.y > 2 && p.x < kSize.x - 3 && p.y < kSize.y - 3) {
            const auto hit = nearestHitAt(solids, p, frame);
            if (!hit || hit->object != ball) break;
            p += d;
        }
        p += d;
        if (looksHighlighted(b.at(p.x, p.y))) ++outlined;
        EXPECT_FALSE(looksHighlighted(a.at(p.x, p.y)))
            << "before the click, outside the ball towards " << d.x << "," << d.y;
    }
    EXPECT_GE(outlined, 7) << "the outline is missing outside the ball's silhouette";
    const glm::ivec2 inside = *pixel + glm::ivec2(8, -8);
    EXPECT_LE(glm::length(glm::vec3(b.at(inside.x, inside.y) - a.at(inside.x, inside.y))), 3.0f)
        << "the ball is not recoloured";
}

TEST(EndToEnd, DraggingMovesTheGrabbedObjectWithTheCursor) {
    const ps::Scene scene = loadDefaultScene();
    const std::size_t ball = objectNamed(scene, "ball");
    const Frame f = frameFor(scene.camera, kSize);
    const auto from = visiblePixelOf(scene, ball, f, kSize);
    ASSERT_TRUE(from);
    const glm::ivec2 to = *from + glm::ivec2(60, -25);
    const fs::path saved = tempDir() / "dragged.json";
    const ProcessResult run = runPickray({"--headless", "--size", "640x360", "--hide-ui", "--drag",
                                          pixelArg(*from) + "," + pixelArg(to), "--save", saved.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    // The grabbed surface point moves in the plane through it facing the camera, to under the cursor.
    // All in long double, from the reference's rays and hit.
    const auto grab = ReferenceScene(scene).nearestHit(rayAt(*from, f));
    ASSERT_TRUE(grab && grab->object == ball);
    const pickref::Vec grabbed = grab->answer.point;
    const pickref::Vec forward = ref(scene.camera.target) - ref(scene.camera.eye);
    const pickref::Ray ray = rayAt(to, f);
    const pickref::Vec dropped =
        ray.origin +
        (pickref::dot(grabbed - ray.origin, forward) / pickref::dot(ray.direction, forward)) * ray.direction;
    const auto after = ps::loadScene(saved);
    ASSERT_TRUE(after.scene) << after.error;
    const auto& before = std::get<pickray::Sphere>(scene.objects[ball].shape);
    const auto& moved = std::get<pickray::Sphere>(after.scene->objects[ball].shape);
    const pickref::Real error = distance(ref(moved.center), ref(before.center) + (dropped - grabbed));
    // The grab's and the drop's roundings, each at the rays' reach: hitTolerance's 4 ulps at
    // |origin| + t.
    const pickref::Real bound = hitTolerance(ray, grab->answer.t);
    std::printf(
        "precision: end to end, the dragged ball's centre is %.3Lg from where the reference's rays put it (%.3Lg of "
        "its tolerance)\n",
        error, error / bound);
    EXPECT_LE(error, bound) << "moved to " << moved.center.x << ", " << moved.center.y << ", " << moved.center.z;
    EXPECT_EQ(moved.radius, before.radius);
}

TEST(EndToEnd, MalformedSceneLeavesTheRunningSceneUntouched) {
    const fs::path bad = tempDir() / "bad.json";
    std::ofstream(bad)
        << R"({"objects": [{"name": "x", "type": "capsule", "a": [0,0,0], "b": [1,1,1], "radius": -1}]})";
    const fs::path notJson = tempDir() / "not_json.json";
    std::ofstream(notJson) << "{ \"objects\": [ ";
    const fs::path saved = tempDir() / "after_bad_load.json";
    const fs::path report = tempDir() / "bad_load_report.json";
    const ProcessResult run =
        runPickray({"--headless", "--size", "320x240", "--hide-ui", "--load", bad.string(), "--load", notJson.string(),
                    "--save", saved.string(), "--report", report.string()});
    // The failed steps make the script fail, after it has run to the end (the save still happens).
    ASSERT_EQ(run.exitCode, 1) << run.output;
    const json errors = readJson(report).at("errors");
    ASSERT_EQ(errors.size(), 2u) << errors.dump();
    EXPECT_EQ(errors[0], "--load " + bad.string() + ": not loaded");
    EXPECT_EQ(errors[1], "--load " + notJson.string() + ": not loaded");
    EXPECT_NE(run.output.find("objects[0] (\"x\"): field radius"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("not valid JSON"), std::string::npos) << run.output;
    const auto after = ps::loadScene(saved);
    ASSERT_TRUE(after.scene) << after.error;
    EXPECT_EQ(ps::toJsonText(*after.scene), ps::toJsonText(loadDefaultScene()));
}

TEST(EndToEnd, SaveThenLoadRoundTripsExactly) {
    const fs::path first = tempDir() / "first.json";
    const fs::path second = tempDir() / "second.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "320x240", "--hide-ui", "--save", first.string()}).exitCode, 0);
    ASSERT_EQ(runPickray({"--headless", "--scene", first.string(), "--size", "320x240", "--hide-ui", "--save",
                          second.string()})
                  .exitCode,
              0);
    std::ifstream a(first), b(second);
    std::stringstream ta, tb;
    ta << a.rdbuf();
    tb << b.rdbuf();
    EXPECT_EQ(ta.str(), tb.str());
    EXPECT_EQ(ps::toJsonText(*ps::loadScene(first).scene), ps::toJsonText(loadDefaultScene()));
}

TEST(EndToEnd, TheScriptRunsItsStepsInTheOrderGiven) {
    const fs::path first = tempDir() / "order_first.json";
    const fs::path second = tempDir() / "order_second.json";
    const std::vector<std::string> common = {"--headless", "--hide-ui", "--size", "320x240"};
    // Save, then delete the ball, then save again: the first file has it, the second does not.
    std::vector<std::string> args = common;
    args.insert(args.end(), {"--save", first.string(), "--select", "ball", "--delete", "--save", second.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    EXPECT_EQ(objectsNamed(*ps::loadScene(first).scene, "ball"), 1u);
    EXPECT_EQ(objectsNamed(*ps::loadScene(second).scene, "ball"), 0u);
    // The same steps in the other order: both files without it.
    args = common;
    args.insert(args.end(), {"--select", "ball", "--delete", "--save", first.string(), "--save", second.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    EXPECT_EQ(objectsNamed(*ps::loadScene(first).scene, "ball"), 0u);
    EXPECT_EQ(fileText(first), fileText(second));
    // A load in between undoes the delete for the steps after it.
    args = common;
    args.insert(args.end(), {"--select", "ball", "--delete", "--save", first.string(), "--load", kDefaultScene.string(),
                             "--save", second.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    EXPECT_EQ(objectsNamed(*ps::loadScene(first).scene, "ball"), 0u);
    EXPECT_EQ(ps::toJsonText(*ps::loadScene(second).scene), ps::toJsonText(loadDefaultScene()));
}

TEST(EndToEnd, RepeatRunsTheWholeScriptAndTheReportComesAtTheEnd) {
    const fs::path saved = tempDir() / "repeat.json";
    const fs::path report = tempDir() / "repeat_report.json";
    const ProcessResult run =
        runPickray({"--headless", "--hide-ui", "--size", "320x240", "--click", "160,120", "--select", "ball",
                    "--duplicate", "--save", saved.string(), "--report", report.string(), "--repeat", "3"});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(objectsNamed(*ps::loadScene(saved).scene, "ball copy"), 3u) << "one duplicate per run of the list";
    const json r = readJson(report);
    EXPECT_EQ(r["clicks"].size(), 3u);
    EXPECT_TRUE(r["errors"].empty()) << r.dump();
}

TEST(EndToEnd, ConsecutiveSelectStepsSelectTogetherAndAnUnknownNameFailsTheRun) {
    // The two capsules' closest points are drawn only when both are selected. 1280x720: the gizmo
    // (90 pixels at any size) then stays clear of the markers.
    const fs::path both = tempDir() / "select_both.png";
    const fs::path last = tempDir() / "select_last.png";
    const glm::ivec2 size(1280, 720);
    // --aa off: the markers are told by their colour, and FXAA's blends of the red ball's edge with
    // a grid line come out orange enough (R 180, G 65, B 58) to pass for one.
    const std::vector<std::string> common = {"--headless", "--hide-ui", "--size", "1280x720", "--aa", "off"};
    auto args = common;
    args.insert(args.end(), {"--select", "capsule A", "--select", "capsule B", "--screenshot", both.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    args = common;  // a step between them: the second --select starts a new selection
    args.insert(args.end(),
                {"--select", "capsule A", "--hover", "1,1", "--select", "capsule B", "--screenshot", last.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    // Where the closest points are, found here: the reference's segment–segment minimum between the
    // capsules' axes, moved out by each radius along the segment between them to the surfaces
    // (docs/DEMO.md: "their closest points and distance"), projected by the reference camera.
    const ps::Scene scene = loadDefaultScene();
    const auto& a = std::get<pickray::Capsule>(scene.objects[objectNamed(scene, "capsule A")].shape);
    const auto& b = std::get<pickray::Capsule>(scene.objects[objectNamed(scene, "capsule B")].shape);
    const pickref::ClosestPair axes = pickref::segmentSegment(ref(a.a), ref(a.b), ref(b.a), ref(b.b));
    ASSERT_GT(axes.distance, a.radius + b.radius) << "the capsules are apart: a gap with a point on each surface";
    const pickref::Vec across = (1 / axes.distance) * (axes.p2 - axes.p1);
    const Frame f = frameFor(scene.camera, size);
    const ReferenceScene solids(scene);
    const Image withPair = loadPng(both);
    const Image without = loadPng(last);
    ASSERT_EQ(withPair.width, size.x);
    ASSERT_EQ(without.width, size.x);
    int visible = 0;
    for (const pickref::Vec p : {axes.p1 + static_cast<pickref::Real>(a.radius) * across,
                                 axes.p2 - static_cast<pickref::Real>(b.radius) * across}) {
        const glm::vec3 at = screenOf(toFloat(p), f);
        // A marker is a ball 4 pixels in radius (app/viewport/overlay.cpp) around the point, drawn with the
        // depth test: it shows where the reference's ray to its pixel meets nothing before it.
        const pickref::Real markerRadius =
            4 * 2 * at.z * std::tan(scene.camera.fovYDegrees * 3.14159265L / 360) / size.y;
        const pickref::Ray ray = rayAt(glm::ivec2(glm::floor(glm::vec2(at))), f);
        const auto first = solids.nearestHit(ray);
        if (first && first->answer.t < distance(p, ray.origin) - markerRadius) continue;  // behind a capsule
        ++visible;
        EXPECT_GE(proximityPixelsNear(withPair, at, 2), 3) << "a closest point's marker at " << at.x << "," << at.y;
        EXPECT_EQ(proximityPixelsNear(without, at, 2), 0) << "none when only one capsule is selected";
    }
    // From the default camera the point on capsule A shows; the one on capsule B faces away, behind
    // capsule B itself.
    EXPECT_EQ(visible, 1);
    // Nowhere in the picture with one capsule selected.
    int anywhere = 0;
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) anywhere += looksProximity(without.at(x, y)) ? 1 : 0;
    EXPECT_EQ(anywhere, 0);

    const fs::path report = tempDir() / "select_unknown.json";
    const ProcessResult run = runPickray({"--headless", "--hide-ui", "--size", "160x120", "--select", "no such thing",
                                          "--click", "80,60", "--report", report.string()});
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("--select no such thing: no object of that name"), std::string::npos) << run.output;
    const json r = readJson(report);
    ASSERT_EQ(r["errors"].size(), 1u) << r.dump();
    EXPECT_EQ(r["errors"][0], "--select no such thing: no object of that name");
    EXPECT_EQ(r["clicks"].size(), 1u) << "the steps after it still ran";
}

TEST(EndToEnd, RealXWindowUnderXvfbPicksWithXdotool) {
    if (!xToolsInstalled()) return;
    const ps::Scene scene = loadDefaultScene();
    const std::size_t drum = objectNamed(scene, "drum");
    const auto pixel = visiblePixelOf(scene, drum, frameFor(scene.camera, kSize), kSize);
    ASSERT_TRUE(pixel);
    // Start the demo as a normal X client (x_session.hpp), wait for its window, click it with
    // xdotool (window-relative coordinates), and let --quit-after-clicks end it.
    const XSession::Result run = XSession("xvfb")
                                     .options("--size 640x360 --hide-ui --quit-after-clicks 1 --report report.json")
                                     .quitsByItself()
                                     .waitTitle("default.json - pickray")
                                     .move(*pixel)
                                     .shell("xdotool click 1\n")
                                     .run();
    ASSERT_TRUE(run.ok) << run.output;
    const json clicks = run.report.at("clicks");
    ASSERT_EQ(clicks.size(), 1u);
    EXPECT_EQ(clicks[0].at("picked"), "drum");
    EXPECT_EQ(clicks[0].at("cursor").at(0).get<int>(), pixel->x);
    EXPECT_EQ(clicks[0].at("cursor").at(1).get<int>(), pixel->y);
}

TEST(EndToEnd, ClickObjectClicksARobustPixelOfTheNamedObjectAndSaysWhich) {
    // Every object of the default scene by name, panels shown (the pixel is off them) and hidden,
    // and the capsule at two corners of its visible area: the click picks that object, and the
    // reference (long double, independent of the app) sees the pixel's ray meet it first robustly.
    const ps::Scene scene = loadDefaultScene();
    const Frame f = frameFor(scene.camera, kSize);
    const auto clickedAt = [](const json& report) {
        return glm::ivec2(report["clicks"][0]["cursor"][0].get<int>(), report["clicks"][0]["cursor"][1].get<int>());
    };
    for (const bool hideUi : {false, true})
        for (const ps::Object& o : scene.objects) {
            const fs::path report = tempDir() / "click_object.json";
            std::vector<std::string> args = {"--headless", "--size",   "640x360",      "--click-object",
                                             o.name,       "--report", report.string()};
            if (hideUi) args.push_back("--hide-ui");
            const ProcessResult run = runPickray(args);
            ASSERT_EQ(run.exitCode, 0) << run.output;
            const json r = readJson(report);
            ASSERT_EQ(r["clicks"].size(), 1u);
            EXPECT_EQ(r["clicks"][0]["picked"], o.name) << (hideUi ? "--hide-ui" : "panels shown");
            const glm::ivec2 at = clickedAt(r);
            EXPECT_NE(run.output.find("--click-object " + o.name + ": clicked at " + std::to_string(at.x) + "," +
                                      std::to_string(at.y)),
                      std::string::npos)
                << run.output;
            // Said on the output only: no toast that a picture or a GIF made after it would show.
            for (const json& m : r.at("window").at("messages"))
                EXPECT_EQ(m.get<std::string>().find("clicked at"), std::string::npos) << m;
            const std::vector<ReferenceHit> hits = ReferenceScene(scene).allHits(rayAt(at, f));
            EXPECT_TRUE(robustHit(hits)) << o.name << " at " << at.x << "," << at.y;
            EXPECT_TRUE(!hits.empty() && scene.objects[hits.front().object].name == o.name) << o.name;
        }
    std::vector<glm::ivec2> corners;
    for (const char* where : {"@0,0", "@1,1"}) {
        const fs::path report = tempDir() / "click_object_corner.json";
        ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--hide-ui", "--click-object",
                              std::string("capsule A") + where, "--report", report.string()})
                      .exitCode,
                  0);
        corners.push_back(clickedAt(readJson(report)));
    }
    EXPECT_LT(corners[0].x, corners[1].x) << "@0,0 is left of @1,1";
    EXPECT_LT(corners[0].y, corners[1].y) << "and above it";
    // No such object, or one with no visible pixel (the camera turned away): the step fails, named.
    const ProcessResult missing = runPickray({"--headless", "--size", "640x360", "--click-object", "nobody"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.output.find("--click-object nobody: no object of that name"), std::string::npos)
        << missing.output;
    const ProcessResult unseen =
        runPickray({"--headless", "--size", "640x360", "--target", "0,100,0", "--click-object", "ball"});
    EXPECT_EQ(unseen.exitCode, 1);
    EXPECT_NE(unseen.output.find("--click-object ball: no pixel of it is visible"), std::string::npos) << unseen.output;
}

TEST(EndToEnd, OrbitAboutThePickKeepsThePickedPointWhereItIsDrawn) {
    // The ball clicked, then four orbit turns of 40 and 15 degrees in all: about the pick, the
    // picked point stays under the click's pixel (projected by the reference camera of the saved
    // scene); about the camera's target, as before, it moves away.
    const auto pickedPointAfterOrbit = [](const std::string& about) {
        const fs::path report = tempDir() / ("orbit_about_" + about + ".json");
        const fs::path saved = tempDir() / ("orbit_about_" + about + "_scene.json");
        const ProcessResult run =
            runPickray({"--headless", "--size", "640x360", "--hide-ui", "--click-object", "ball", "--orbit-about",
                        about, "--orbit", "40,15,4", "--report", report.string(), "--save", saved.string()});
        EXPECT_EQ(run.exitCode, 0) << run.output;
        const json r = readJson(report);
        const json& point = r["clicks"][0]["hits"][0]["point"];
        const glm::vec3 picked(point[0].get<float>(), point[1].get<float>(), point[2].get<float>());
        const glm::vec2 cursor(r["clicks"][0]["cursorPixel"][0].get<float>(),
                               r["clicks"][0]["cursorPixel"][1].get<float>());
        EXPECT_EQ(r["editor"]["picked"], "ball");
        return glm::length(glm::vec2(screenOf(picked, frameFor(editing::loadSaved(saved).camera, kSize))) - cursor);
    };
    // The camera's float eye and target, turned in float (a few float steps of their size, 1e-6
    // relative), move the drawn point by far less than a hundredth of a pixel at this size.
    EXPECT_LT(pickedPointAfterOrbit("pick"), 0.01f);
    EXPECT_GT(pickedPointAfterOrbit("target"), 20.0f) << "about the target the point moves across the view";
    const ProcessResult nothing =
        runPickray({"--headless", "--size", "640x360", "--orbit-about", "pick", "--orbit", "10,0"});
    EXPECT_EQ(nothing.exitCode, 1);
    EXPECT_NE(nothing.output.find("--orbit-about pick: nothing is picked"), std::string::npos) << nothing.output;
    EXPECT_NE(runPickray({"--headless", "--orbit-about", "eye"}).output.find("expects target or pick"),
              std::string::npos);
}
