// SPDX-License-Identifier: MIT
// The transform gizmo end to end: axis drags by what the ray says, handles before objects, Ctrl's
// snap to the world grid, W/E/R/Q, several objects moved as one undo step.
#include "editing_support.hpp"

using namespace e2e;      // NOLINT: the shared helpers read as part of the tests
using namespace editing;  // NOLINT

TEST(Gizmo, AnAxisDragFarFromTheOriginMovesByWhatTheRaySaysAndLeavesTheOtherTwoCoordinatesBitForBit) {
    // The object 1e4 from the origin, far/near = 1e6: where float unprojection falls apart.
    ps::Scene scene;
    scene.camera.eye = {10006.0f, 4.0f, 8.0f};
    scene.camera.target = {10000.0f, 0.3f, -0.7f};
    scene.camera.near = 0.01f;
    scene.camera.far = 1e4f;
    scene.objects.push_back({"far", glm::vec3(0.6f), pickray::Sphere{{10000.0f, 0.3f, -0.7f}, 0.25f}, {}});
    const fs::path file = tempDir() / "far.json";
    ASSERT_FALSE(ps::saveScene(scene, file));
    const glm::ivec2 window{1280, 720};
    const glm::vec3 centre = std::get<pickray::Sphere>(scene.objects[0].shape).center;
    const Frame f = frameFor(scene.camera, window);
    for (const float pixels : {40.0f, 300.0f}) {
        const auto [from, direction] = onXHandle(scene.camera, centre, window, 0.6f);
        const glm::ivec2 to = from + glm::ivec2(glm::round(pixels * direction));
        const fs::path saved = tempDir() / "far_moved.json";
        const ProcessResult run =
            runPickray({"--headless", "--size", "1280x720", "--hide-ui", "--scene", file.string(), "--select", "far",
                        "--drag", pixelArg(from) + "," + pixelArg(to), "--save", saved.string()});
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const long double expected = alongX(centre, rayAt(to, f)) - alongX(centre, rayAt(from, f));
        const glm::vec3 moved = std::get<pickray::Sphere>(loadSaved(saved).objects[0].shape).center;
        const long double got = static_cast<long double>(moved.x) - centre.x;
        ASSERT_GT(std::abs(expected), 0.5L) << "the drag moved the cursor along the axis";
        // The position is a float: at 1e4 its steps are 2^-10. The object lands on the float
        // nearest to where the rays say, give or take one step; over a drag of several units that
        // is within 1e-4 of the distance.
        const float where = static_cast<float>(static_cast<long double>(centre.x) + expected);
        EXPECT_LE(std::abs(moved.x - where), std::nextafter(where, 2e4f) - where)
            << "moved to " << moved.x << ", the rays say " << where;
        const long double relative = std::abs((got - expected) / expected);
        if (pixels > 100.0f) {
            EXPECT_LT(relative, 1e-4L) << "moved " << double(got) << ", the rays say " << double(expected);
        }
        EXPECT_EQ(moved.y, centre.y) << "bit for bit";
        EXPECT_EQ(moved.z, centre.z) << "bit for bit";
        std::printf(
            "precision: gizmo x drag of %.0f px at 1e4, far/near 1e6: moved %.9Lg, the rays say %.9Lg "
            "(relative %.2Lg; a float step there is %.2g)\n",
            double(pixels), got, expected, relative, double(std::nextafter(where, 2e4f) - where));
    }
}

// Ctrl snaps the sphere's centre, off the grid at the press (x = 0.2), onto the world's grid of
// half units; the other two coordinates stay bit for bit.
TEST(Gizmo, HandlesComeBeforeObjectsAndCtrlSnapsToTheWorldGridOfHalfUnits) {
    ps::Scene scene;
    scene.camera.eye = {6.0f, 4.0f, 8.0f};
    scene.camera.target = {0.0f, 0.0f, 0.0f};
    scene.objects.push_back({"small", glm::vec3(0.6f), pickray::Sphere{{0.2f, 0.1f, 0.0f}, 0.2f}, {}});
    // A big sphere right behind the x handle, from the camera.
    scene.objects.push_back({"behind", glm::vec3(0.3f), pickray::Sphere{{-3.0f, -2.0f, -4.0f}, 3.0f}, {}});
    const fs::path file = tempDir() / "precedence.json";
    ASSERT_FALSE(ps::saveScene(scene, file));
    const auto [from, direction] = onXHandle(scene.camera, {0.2f, 0.1f, 0.0f}, kSize, 0.6f);
    const Frame f = frameFor(scene.camera, kSize);
    const auto behind = ReferenceScene(scene).nearestHit(rayAt(from, f));
    ASSERT_TRUE(behind && scene.objects[behind->object].name == "behind") << "the handle lies over the other sphere";
    const glm::ivec2 to = from + glm::ivec2(glm::round(57.0f * direction));
    const fs::path saved = tempDir() / "snapped.json";
    const fs::path report = tempDir() / "snapped_report.json";
    const ProcessResult run = runPickray(
        {"--headless", "--size", "640x360", "--hide-ui", "--scene", file.string(), "--select", "small", "--drag",
         pixelArg(from) + "," + pixelArg(to) + ",ctrl+left", "--save", saved.string(), "--report", report.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(saved);
    const glm::vec3 moved = std::get<pickray::Sphere>(after.objects[0].shape).center;
    EXPECT_NE(moved.x, 0.0f) << "the handle moved the selected sphere";
    EXPECT_EQ(std::fmod(moved.x, 0.5f), 0.0f) << "Ctrl snapped it onto the grid of half units: " << moved.x;
    EXPECT_EQ(moved.y, 0.1f) << "bit for bit";
    EXPECT_EQ(moved.z, 0.0f);
    EXPECT_EQ(std::get<pickray::Sphere>(after.objects[1].shape).center, glm::vec3(-3, -2, -4)) << "the other stayed";
    EXPECT_EQ(readJson(report)["editor"]["selection"], json::array({"small"})) << "the press selected nothing else";
}

// With the crate selected, its y handle crosses the ball at (525, 343) of a
// 1280x720 window. A click there is the handle's: nothing behind it is picked or selected.
TEST(Gizmo, AClickOnAHandleIsTheHandlesAndPicksNothingBehindIt) {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 at{525, 343};
    ASSERT_EQ(nameUnder(scene, at, {1280, 720}), "ball") << "the ball lies under the handle";
    const fs::path withGizmo = tempDir() / "handle_click.json";
    const fs::path withoutGizmo = tempDir() / "no_gizmo_click.json";
    const std::vector<std::string> window = {"--headless", "--size", "1280x720", "--hide-ui"};
    std::vector<std::string> args = window;
    args.insert(args.end(),
                {"--select", "crate", "--key", "w", "--click", pixelArg(at), "--report", withGizmo.string()});
    const ProcessResult run = runPickray(args);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    // The same click with nothing selected (no gizmo): the ball, as the reference says.
    args = window;
    args.insert(args.end(), {"--click", pixelArg(at), "--report", withoutGizmo.string()});
    const ProcessResult control = runPickray(args);
    ASSERT_EQ(control.exitCode, 0) << control.output;
    EXPECT_EQ(readJson(withoutGizmo)["editor"]["selection"], json::array({"ball"}));

    const json r = readJson(withGizmo);
    EXPECT_EQ(r["editor"]["selection"], json::array({"crate"})) << "the selection stays";
    EXPECT_TRUE(r["editor"]["picked"].is_null()) << "nothing picked behind the handle";
    EXPECT_EQ(r["editor"]["undoSteps"], 0);
    ASSERT_EQ(r["clicks"].size(), 1u) << "the report lists the click ...";
    EXPECT_TRUE(r["clicks"][0]["onGizmo"].get<bool>());
    EXPECT_TRUE(r["clicks"][0]["picked"].is_null()) << "... on the handle, picking nothing behind it";
    EXPECT_TRUE(r["clicks"][0]["hits"].empty());
}

// The Inspector says which snap Ctrl gives, the world's grid or the object's own.
TEST(Gizmo, TheInspectorSaysWhichGridCtrlSnapsTo) {
    const auto reportAfter = [](const std::string& name, std::vector<std::string> keys) {
        const fs::path report = tempDir() / name;
        std::vector<std::string> args = {"--headless", "--size", "1280x720", "--select", "crate"};
        for (const std::string& k : keys) args.insert(args.end(), {"--key", k});
        args.insert(args.end(), {"--report", report.string()});
        const ProcessResult run = runPickray(args);
        EXPECT_EQ(run.exitCode, 0) << run.output;
        return report;
    };
    const fs::path world = reportAfter("snap_world.json", {});
    const fs::path local = reportAfter("snap_local.json", {"q"});
    const fs::path hidden = reportAfter("snap_hidden.json", {"h"});
    EXPECT_EQ(readJson(world)["window"]["snapShown"], "Ctrl snaps onto the world grid of 0.5");
    EXPECT_EQ(readJson(local)["window"]["snapShown"], "Ctrl snaps to steps of 0.5 along its own axes");
    EXPECT_TRUE(readJson(hidden)["window"]["snapShown"].is_null()) << "no panels, no Inspector";
}

// The ball clicked where the y handle will cross it, then W: the hit marker is
// drawn over the handle, not hidden by it.
TEST(Gizmo, TheHitMarkerStaysInSightOverTheHandles) {
    const fs::path picture = tempDir() / "marker_over_gizmo.png";
    const ProcessResult run = runPickray({"--headless", "--size", "1280x720", "--hide-ui", "--click", "470,300",
                                          "--key", "w", "--screenshot", picture.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const Image image = loadPng(picture);
    ASSERT_EQ(image.width, 1280);
    // The marker is white and 5 pixels in radius: the pixel clicked and its neighbours within 2.
    int white = 0;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx)
            white += glm::all(glm::greaterThanEqual(image.at(470 + dx, 300 + dy), glm::ivec3(250))) ? 1 : 0;
    EXPECT_EQ(white, 25) << "the hit marker, not the y handle over it";
}

// The gizmo's x handle, told from a picture without it (the same scene with
// nothing selected), at two window sizes: its shaft is a band at least 3 pixels wide (and no
// wider than the 3 pixels and the rasterizer's coverage of a slanted band allow, 6) and its end is
// a cone, as wide as its radius says (0.08 of the 90-pixel gizmo at its base, tapering to the tip).
TEST(Gizmo, TheMoveHandlesAreThreePixelBandsEndingInConesAtAnySize) {
    ps::Scene scene;
    scene.camera.eye = {6.0f, 4.0f, 8.0f};
    scene.camera.target = {0.0f, 0.0f, 0.0f};
    scene.objects.push_back({"small", glm::vec3(0.6f), pickray::Sphere{{0.0f, 0.0f, 0.0f}, 0.2f}, {}});
    const fs::path file = tempDir() / "looks.json";
    ASSERT_FALSE(ps::saveScene(scene, file));
    int sizes = 0;
    for (const glm::ivec2 size : {glm::ivec2(640, 360), glm::ivec2(1920, 1080)}) {
        const std::string sizeArg = std::to_string(size.x) + "x" + std::to_string(size.y);
        const fs::path with = tempDir() / "looks_gizmo.png";
        const fs::path without = tempDir() / "looks_plain.png";
        for (const auto& [select, picture] : {std::pair{true, with}, std::pair{false, without}}) {
            std::vector<std::string> args = {"--headless", "--size", sizeArg, "--hide-ui", "--scene", file.string()};
            if (select) args.insert(args.end(), {"--select", "small"});
            args.insert(args.end(), {"--screenshot", picture.string()});
            const ProcessResult run = runPickray(args);
            ASSERT_EQ(run.exitCode, 0) << run.output;
        }
        const Image a = loadPng(with);
        const Image b = loadPng(without);
        ASSERT_EQ(a.width, size.x);
        ASSERT_EQ(b.width, size.x);
        const auto ink = [&](glm::vec2 p) {
            const glm::ivec2 q(glm::floor(p));
            if (q.x < 0 || q.y < 0 || q.x >= size.x || q.y >= size.y) return false;
            const glm::ivec3 d = glm::abs(a.at(q.x, q.y) - b.at(q.x, q.y));
            return std::max({d.r, d.g, d.b}) > 40;
        };
        // Pixels of gizmo across the x handle at `along` of its length: one-pixel steps across it.
        const auto widthAt = [&](float along) {
            const auto [at, direction] = onXHandle(scene.camera, {0, 0, 0}, size, along);
            const glm::vec2 across(-direction.y, direction.x);
            int count = 0;
            for (int k = -12; k <= 12; ++k) count += ink(glm::vec2(at) + 0.5f + static_cast<float>(k) * across) ? 1 : 0;
            return count;
        };
        const int shaft = widthAt(0.5f);
        EXPECT_GE(shaft, 3) << sizeArg << ": the shaft is at least 3 pixels wide";
        EXPECT_LE(shaft, 6) << sizeArg;
        // The cone at 0.84 of the length: a radius of 0.08 · 90 · (1 - 0.84) / 0.22 = 5.2 pixels,
        // about 10 across; at least 8 allows for the pixel grid at its two edges.
        const int cone = widthAt(0.84f);
        EXPECT_GE(cone, 8) << sizeArg << ": a cone, wider than the shaft";
        std::printf("%s: shaft %d pixels, cone %d pixels across\n", sizeArg.c_str(), shaft, cone);
        ++sizes;
    }
    EXPECT_EQ(sizes, 2);
}

TEST(Gizmo, TwoCapsulesMoveTogetherTheirPairPanelStaysAndOneUndoPutsBothBack) {
    const ps::Scene scene = loadDefaultScene();
    const auto& a = std::get<pickray::Capsule>(scene.objects[objectNamed(scene, "capsule A")].shape);
    const auto& b = std::get<pickray::Capsule>(scene.objects[objectNamed(scene, "capsule B")].shape);
    const glm::vec3 centre = 0.25f * (a.a + a.b + b.a + b.b);
    const glm::ivec2 window{1280, 720};
    const auto [from, direction] = onXHandle(scene.camera, centre, window, 0.65f);
    const glm::ivec2 to = from + glm::ivec2(glm::round(50.0f * direction));
    const fs::path moved = tempDir() / "pair_moved.json";
    const fs::path undone = tempDir() / "pair_undone.json";
    const fs::path report = tempDir() / "pair_report.json";
    const ProcessResult run =
        runPickray({"--headless", "--size", "1280x720", "--select", "capsule A", "--select", "capsule B", "--drag",
                    pixelArg(from) + "," + pixelArg(to), "--save", moved.string(), "--report", report.string(), "--key",
                    "ctrl+z", "--save", undone.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(moved);
    const auto& a2 = std::get<pickray::Capsule>(after.objects[objectNamed(after, "capsule A")].shape);
    const auto& b2 = std::get<pickray::Capsule>(after.objects[objectNamed(after, "capsule B")].shape);
    const float dx = a2.a.x - a.a.x;
    EXPECT_GT(std::abs(dx), 0.05f);
    for (const auto& [was, now] :
         {std::pair{a.a, a2.a}, std::pair{a.b, a2.b}, std::pair{b.a, b2.a}, std::pair{b.b, b2.b}}) {
        // Each moved coordinate is rounded once, to half an ulp at its size (< 4: 2^-22): the moves
        // agree within one ulp.
        EXPECT_NEAR(now.x - was.x, dx, 0x1p-22f) << "both capsules moved by the same";
        EXPECT_EQ(now.y, was.y);
        EXPECT_EQ(now.z, was.z);
    }
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["selection"], json::array({"capsule A", "capsule B"}));
    EXPECT_TRUE(has(panelNames(r), "Capsule pair")) << "the pair's panel stays";
    EXPECT_EQ(fileText(undone), savedUntouched()) << "one undo puts both back, byte for byte";
}

TEST(Gizmo, WERAndQSwitchItAndAScaleDragStretchesTheCrateAlongItsOwnXOnly) {
    const fs::path modes = tempDir() / "gizmo_modes.json";
    ASSERT_EQ(
        runPickray(script({"--select", "crate", "--key", "e", "--key", "q", "--report", modes.string()})).exitCode, 0);
    EXPECT_EQ(readJson(modes)["editor"]["gizmo"], (json{{"mode", "rotate"}, {"shown", true}, {"space", "local"}}));
    ASSERT_EQ(runPickray(script({"--key", "r", "--key", "q", "--key", "q", "--key", "w", "--report", modes.string()}))
                  .exitCode,
              0);
    EXPECT_EQ(readJson(modes)["editor"]["gizmo"], (json{{"mode", "move"}, {"shown", true}, {"space", "world"}}));

    // R: the crate's x scale handle, along the crate's own x (its rotation, computed here).
    const ps::Scene scene = loadDefaultScene();
    const ps::Object& crate = scene.objects[objectNamed(scene, "crate")];
    const glm::mat3 turn(glm::eulerAngleZYX(glm::radians(crate.placement.rotationDegrees.z),
                                            glm::radians(crate.placement.rotationDegrees.y),
                                            glm::radians(crate.placement.rotationDegrees.x)));
    const glm::vec3 centre = ps::interiorPoint(crate.shape);
    const Frame f = frameFor(scene.camera, kSize);
    const float length = 90.0f * worldPerPixel(scene.camera, centre, static_cast<float>(kSize.y));
    const glm::vec2 origin = pixelsOf(centre, f);
    const glm::vec2 tip = pixelsOf(centre + length * turn[0], f);
    const glm::ivec2 from(glm::floor(origin + 0.6f * (tip - origin)));
    const glm::ivec2 to = from + glm::ivec2(glm::round(30.0f * glm::normalize(tip - origin)));
    const fs::path saved = tempDir() / "scaled.json";
    ASSERT_EQ(runPickray(script({"--select", "crate", "--key", "r", "--drag", pixelArg(from) + "," + pixelArg(to),
                                 "--save", saved.string()}))
                  .exitCode,
              0);
    const ps::Scene scaled = loadSaved(saved);
    const ps::Object& after = scaled.objects[objectNamed(scaled, "crate")];
    EXPECT_GT(after.placement.scale.x, crate.placement.scale.x * 1.1f) << "stretched along its own x";
    EXPECT_EQ(after.placement.scale.y, crate.placement.scale.y);
    EXPECT_EQ(after.placement.scale.z, crate.placement.scale.z);
    EXPECT_EQ(after.placement.position, crate.placement.position) << "scaled about its centre";
    EXPECT_EQ(after.placement.rotationDegrees, crate.placement.rotationDegrees);
}

// Then a second drag of the same handle with Ctrl held (the cursor is still on it: the handle
// followed it) puts the ball's centre onto the world grid of half units.
TEST(Gizmo, AnAxisDragInARealXWindowUnderXvfbMovesTheBallAlongXOnlyAndCtrlSnapsItOntoTheGrid) {
    if (!xToolsInstalled()) return;
    const ps::Scene scene = loadDefaultScene();
    const glm::vec3 centre = std::get<pickray::Sphere>(scene.objects[objectNamed(scene, "ball")].shape).center;
    const auto [from, direction] = onXHandle(scene.camera, centre, kSize, 0.6f);
    const glm::ivec2 step(glm::round(12.0f * direction));
    XSession session("xvfb_gizmo");
    fs::copy_file(kDefaultScene, session.dir() / "scene.json");
    // The real pointer on the x handle, pressed, moved in four steps, released; again with Ctrl
    // held; then Ctrl+Q and Enter ("Save and quit"), and --save writes the scene on quitting.
    const XSession::Result r =
        session.options("--size 640x360 --hide-ui --scene scene.json --select ball --save saved.json")
            .answerTheQuit()
            .move(from)
            .drag(step, 4)
            .keyDown("ctrl")
            .drag(step, 4)
            .keyUp("ctrl")
            .run();
    ASSERT_TRUE(r.ok) << r.output;
    const ps::Scene after = loadSaved(r.dir / "saved.json");
    const glm::vec3 moved = std::get<pickray::Sphere>(after.objects[objectNamed(after, "ball")].shape).center;
    EXPECT_GT(std::abs(moved.x - centre.x), 0.3f) << "the handle moved the ball";
    // The first drag leaves it off the grid (the cursor's ray says where); the second, with Ctrl,
    // puts it on: relative steps of 0.5 from an unsnapped place would not.
    EXPECT_EQ(std::fmod(moved.x, 0.5f), 0.0f) << "Ctrl snapped it onto the grid: " << moved.x;
    EXPECT_EQ(moved.y, centre.y) << "bit for bit";
    EXPECT_EQ(moved.z, centre.z) << "bit for bit";
}

// With the gizmo: the ball clicked, then dragged by its x handle. The pick
// follows it (the ray through where its picked point, moved with it, is drawn) and names the ball,
// as the reference does at that point's pixel on the saved scene; the click's ray misses the moved
// ball (re-cast along it, the Pick panel said "picked: nothing").
TEST(Gizmo, AfterAHandleDragOfThePickedBallThePickFollowsIt) {
    const ps::Scene before = loadDefaultScene();
    const std::size_t index = objectNamed(before, "ball");
    const glm::vec3 centre = std::get<pickray::Sphere>(before.objects[index].shape).center;
    const glm::ivec2 ball = pixelOf("ball");
    const auto [from, direction] = onXHandle(before.camera, centre, kSize, 0.6f);
    const glm::ivec2 to = from + glm::ivec2(glm::round(70.0f * direction));
    const fs::path saved = tempDir() / "gizmo_pick_follows.json";
    const fs::path report = tempDir() / "gizmo_pick_follows_report.json";
    const ProcessResult run = runPickray(script({"--click", pixelArg(ball), "--drag", dragArg(from, to), "--save",
                                                 saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(saved);
    const glm::vec3 moved = std::get<pickray::Sphere>(after.objects[index].shape).center;
    ASSERT_GT(moved.x - centre.x, 1.0f) << "the handle moved the ball along x";
    const Frame f = frameFor(before.camera, kSize);
    const auto clicked = ReferenceScene(before).nearestHit(rayAt(ball, f));
    ASSERT_TRUE(clicked && clicked->object == index);
    const ReferenceScene now(after);
    for (const ReferenceHit& h : now.allHits(rayAt(ball, f)))
        EXPECT_NE(h.object, index) << "the click's ray misses the moved ball";
    const glm::vec3 point = screenOf(toFloat(clicked->answer.point + (ref(moved) - ref(centre))), f);
    const std::vector<ReferenceHit> there =
        now.allHits(rayAt(glm::ivec2(static_cast<int>(std::floor(point.x)), static_cast<int>(std::floor(point.y))), f));
    ASSERT_TRUE(robustHit(there));
    EXPECT_EQ(there.front().object, index) << "the reference sees the ball where its picked point is drawn now";
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["picked"], "ball") << "the pick followed the ball";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 1);
}

// Capsule A clicked at its end, then dragged down by its y handle until the drum lies in front of
// its picked point: the pick stays on the capsule the handle carries (as a drag of the object
// itself keeps it), never on the drum the cursor's ray now meets first.
TEST(Gizmo, AHandleDragThatTakesThePickedObjectBehindAnotherKeepsThePick) {
    const ps::Scene before = loadDefaultScene();
    const std::size_t index = objectNamed(before, "capsule A");
    const auto& capsule = std::get<pickray::Capsule>(before.objects[index].shape);
    const glm::ivec2 end{417, 147};  // capsule A's end, at script()'s 640x360
    const Frame f = frameFor(before.camera, kSize);
    const auto clicked = ReferenceScene(before).nearestHit(rayAt(end, f));
    ASSERT_TRUE(clicked && clicked->object == index) << "the click picks capsule A";
    const auto [from, direction] = onHandle(before.camera, 0.5f * (capsule.a + capsule.b), kSize, 0.6f, {0, 1, 0});
    const glm::ivec2 to = from - glm::ivec2(glm::round(60.0f * direction));  // down, against y
    const fs::path saved = tempDir() / "gizmo_drag_behind.json";
    const fs::path report = tempDir() / "gizmo_drag_behind_report.json";
    const ProcessResult run = runPickray(script({"--click", pixelArg(end), "--drag", dragArg(from, to), "--save",
                                                 saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(saved);
    const glm::vec3 moved = std::get<pickray::Capsule>(after.objects[index].shape).a;
    ASSERT_LT(moved.y, capsule.a.y - 0.3f) << "the handle moved capsule A down";
    // Where the picked point is drawn now: the drum in front of it, the capsule behind.
    const glm::vec3 point = screenOf(toFloat(clicked->answer.point + (ref(moved) - ref(capsule.a))), f);
    const std::vector<ReferenceHit> there =
        ReferenceScene(after).allHits(rayAt(glm::ivec2(glm::floor(glm::vec2(point))), f));
    ASSERT_TRUE(robustHit(there));
    EXPECT_EQ(after.objects[there.front().object].name, "drum") << "the drum lies in front of the picked point";
    EXPECT_TRUE(std::any_of(there.begin(), there.end(), [&](const ReferenceHit& h) { return h.object == index; }))
        << "and capsule A behind it";
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["picked"], "capsule A") << "the pick stayed on the object the handle carried";
    EXPECT_EQ(r["editor"]["selection"], json::array({"capsule A"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 1);
}

// View > Transform gizmo off, by --gizmo off, by G and by the View menu's entry (where the report
// says it is drawn once the menu is open): a press where the crate's move handle lies over the
// ball (AClickOnAHandleIsTheHandlesAndPicksNothingBehindIt) is a click on the ball, as the
// reference says, and the report says the gizmo is not shown.
TEST(Gizmo, HiddenByTheOptionTheKeyOrTheMenuItsHandlesTakeNoClicks) {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 at{525, 343};
    ASSERT_EQ(nameUnder(scene, at, {1280, 720}), "ball") << "the ball lies under the handle";
    const std::vector<std::string> window = {"--headless", "--size", "1280x720", "--no-stats", "--select", "crate"};
    const auto middle = [](const json& rect) {
        return pixelArg(glm::ivec2(rect["pos"][0].get<float>() + 0.5f * rect["size"][0].get<float>(),
                                   rect["pos"][1].get<float>() + 0.5f * rect["size"][1].get<float>()));
    };
    std::string viewMenu, entry;
    const json layout = runForReport("gizmo_menus", window);
    for (const json& m : layout["window"]["menus"])
        if (m["name"] == "View") viewMenu = middle(m);
    ASSERT_FALSE(viewMenu.empty());
    std::vector<std::string> open = window;
    open.insert(open.end(), {"--click", viewMenu});
    const json opened = runForReport("gizmo_view_menu", open);
    for (const json& t : opened["window"]["tooltips"])
        if (t["text"].get<std::string>().rfind("Gizmo: show or hide", 0) == 0) entry = middle(t);
    ASSERT_FALSE(entry.empty()) << "View > Transform gizmo is drawn, with its tooltip";

    const auto clickAt = [&](const std::string& name, std::vector<std::string> hiding) {
        std::vector<std::string> args = window;
        args.insert(args.end(), hiding.begin(), hiding.end());
        args.insert(args.end(), {"--key", "w", "--click", pixelArg(at)});
        return runForReport(name, args);
    };
    const json shown = clickAt("gizmo_shown_click", {});
    ASSERT_EQ(shown["clicks"].size(), 1u);
    EXPECT_TRUE(shown["clicks"][0]["onGizmo"].get<bool>()) << "shown, the handle takes the click";
    EXPECT_TRUE(shown["editor"]["gizmo"]["shown"].get<bool>());
    const std::vector<std::pair<std::string, std::vector<std::string>>> ways = {
        {"option", {"--gizmo", "off"}}, {"key", {"--key", "g"}}, {"menu", {"--click", viewMenu, "--click", entry}}};
    for (const auto& [way, hiding] : ways) {
        const json r = clickAt("gizmo_hidden_by_" + way, hiding);
        EXPECT_FALSE(r["editor"]["gizmo"]["shown"].get<bool>()) << way;
        const json& click = r["clicks"][r["clicks"].size() - 1];
        EXPECT_FALSE(click["onGizmo"].get<bool>()) << way;
        EXPECT_FALSE(click["onUi"].get<bool>()) << way;
        EXPECT_EQ(click["picked"], "ball") << way;
        EXPECT_EQ(r["editor"]["selection"], json::array({"ball"})) << way << ": the pick selects";
        EXPECT_EQ(r["editor"]["undoSteps"], 0) << way;
    }
    // G again shows it.
    const json again = clickAt("gizmo_shown_again", {"--gizmo", "off", "--key", "g"});
    EXPECT_TRUE(again["clicks"][0]["onGizmo"].get<bool>());
}

// Hidden, the gizmo is not drawn and nothing else changes: the picture differs from the one with
// it on each axis handle (the reference camera's projection of the drum's centre and of points 0.6
// of the gizmo's 90 pixels along x, y and z), and nowhere beyond the gizmo's reach; hidden by
// --gizmo off or by G, the pictures are the same, and shown again the first one's.
TEST(Gizmo, HiddenItIsNotDrawnAndNothingElseInThePictureChanges) {
    const fs::path dir = scratchDir("gizmo_hidden_picture");
    const glm::ivec2 size{960, 540};
    const std::vector<std::string> window = {"--headless", "--size", "960x540", "--hide-ui", "--select", "drum"};
    const auto picture = [&](const std::string& name, std::vector<std::string> more) {
        std::vector<std::string> args = window;
        args.insert(args.end(), more.begin(), more.end());
        args.insert(args.end(), {"--screenshot", (dir / (name + ".png")).string()});
        const json r = runForReport("gizmo_picture_" + name, args);
        EXPECT_EQ(r["editor"]["gizmo"]["shown"].get<bool>(), name == "on" || name == "again") << name;
        return loadPng(dir / (name + ".png"));
    };
    const Image on = picture("on", {});
    const Image off = picture("off", {"--gizmo", "off"});
    const Image byKey = picture("key", {"--key", "g"});
    const Image again = picture("again", {"--gizmo", "off", "--key", "g"});
    const ps::Scene scene = loadDefaultScene();
    const auto& drum = std::get<pickray::Cylinder>(scene.objects[objectNamed(scene, "drum")].shape);
    const glm::vec3 centre = 0.5f * (drum.a + drum.b);
    const Frame f = frameFor(scene.camera, size);
    const float length = 90.0f * worldPerPixel(scene.camera, centre, static_cast<float>(size.y));
    for (const glm::vec3 axis : {glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)}) {
        const glm::ivec2 p(glm::floor(pixelsOf(centre + 0.6f * length * axis, f)));
        EXPECT_EQ(differingPixels(on, off, p, p + 1), 1) << "a handle is still drawn at " << pixelArg(p);
    }
    // Its cones end a little past 90 pixels from the centre; the bands fade over a pixel more.
    const glm::ivec2 c(glm::floor(pixelsOf(centre, f)));
    const int reach = 110;
    EXPECT_GT(differingPixels(on, off), 0);
    EXPECT_EQ(differingPixels(on, off), differingPixels(on, off, c - reach, c + reach))
        << "the picture changed beyond the gizmo";
    EXPECT_EQ(differingPixels(off, byKey), 0) << "G hides it as --gizmo off does";
    EXPECT_EQ(differingPixels(on, again), 0) << "G shows it again";
}
