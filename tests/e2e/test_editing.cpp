// SPDX-License-Identifier: MIT
// Editing as people do it in the three.js editor, Blender and Godot, end to end on the real binary:
// click versus drag, undo and redo byte for byte, every shortcut, panels that stay in the window.
// Expected picks and pixels come from the scene file (e2e_support.hpp), not from the application.
#include "editing_support.hpp"

using namespace e2e;      // NOLINT: the shared helpers read as part of the tests
using namespace editing;  // NOLINT

TEST(Editing, ADragWithinFourPixelsMovesNothingAndIsAClick) {
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path saved = tempDir() / "small_drag.json";
    const fs::path report = tempDir() / "small_drag_report.json";
    const ProcessResult run = runPickray(
        script({"--drag", dragArg(ball, ball + glm::ivec2(2, -1)), "--drag", dragArg(ball, ball + glm::ivec2(-4, 4)),
                "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(fileText(saved), savedUntouched()) << "nothing moved";
    const json r = readJson(report);
    EXPECT_EQ(r["index"]["refits"], 0);
    EXPECT_EQ(r["editor"]["undoSteps"], 0);
    EXPECT_EQ(r["editor"]["picked"], "ball") << "each press picked the ball";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
}

TEST(Editing, ADragPastFourPixelsMovesTheObjectAsOneUndoStep) {
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path saved = tempDir() / "drag5.json";
    const fs::path report = tempDir() / "drag5_report.json";
    const ProcessResult run = runPickray(script(
        {"--drag", dragArg(ball, ball + glm::ivec2(5, 0)), "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene before = loadDefaultScene();
    const ps::Scene after = loadSaved(saved);
    const auto& was = std::get<pickray::Sphere>(before.objects[objectNamed(before, "ball")].shape);
    const auto& now = std::get<pickray::Sphere>(after.objects[objectNamed(after, "ball")].shape);
    EXPECT_GT(glm::length(now.center - was.center), 0.01f) << "5 pixels moved it";
    EXPECT_EQ(readJson(report)["editor"]["undoSteps"], 1) << "a whole drag is one undo step";
}

TEST(Editing, ABackgroundClickClearsThePickAndTheSelection) {
    const fs::path report = tempDir() / "background_click.json";
    const ProcessResult run = runPickray(
        script({"--click", pixelArg(pixelOf("ball")), "--click", pixelArg(skyPixel()), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    ASSERT_EQ(r["clicks"].size(), 2u);
    EXPECT_TRUE(r["clicks"][1]["picked"].is_null());
    EXPECT_TRUE(r["editor"]["picked"].is_null());
    EXPECT_EQ(r["editor"]["selection"], json::array());
}

TEST(Editing, ABackgroundLeftDragOrbitsAndKeepsThePick) {
    const glm::ivec2 sky = skyPixel();
    const fs::path saved = tempDir() / "orbited.json";
    const fs::path report = tempDir() / "orbit_report.json";
    const ProcessResult run =
        runPickray(script({"--click", pixelArg(pixelOf("ball")), "--drag", dragArg(sky, sky - glm::ivec2(120, 0)),
                           "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_EQ(r["clicks"].size(), 1u) << "the drag was no click";
    EXPECT_EQ(r["editor"]["picked"], "ball") << "the pick stays through the orbit";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 0) << "the camera is not in the undo history";
    const ps::Scene before = loadDefaultScene();
    const ps::Scene after = loadSaved(saved);
    EXPECT_GT(glm::length(after.camera.eye - before.camera.eye), 1.0f) << "the camera orbited";
    EXPECT_EQ(after.camera.target, before.camera.target);
}

TEST(Editing, ADragThenCtrlZSavesByteForByteAsBeforeAndCtrlShiftZOrCtrlYBringsItBack) {
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path edited = tempDir() / "edited.json";
    const fs::path undone = tempDir() / "undone.json";
    const fs::path redone = tempDir() / "redone.json";
    const fs::path undoneAgain = tempDir() / "undone_again.json";
    const fs::path redoneByY = tempDir() / "redone_y.json";
    const ProcessResult run = runPickray(script({"--drag", dragArg(ball, ball + glm::ivec2(60, -25)),
                                                 "--save", edited.string(),
                                                 "--key",  "ctrl+z",
                                                 "--save", undone.string(),
                                                 "--key",  "ctrl+shift+z",
                                                 "--save", redone.string(),
                                                 "--key",  "ctrl+z",
                                                 "--save", undoneAgain.string(),
                                                 "--key",  "ctrl+y",
                                                 "--save", redoneByY.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const std::string before = savedUntouched();
    ASSERT_NE(fileText(edited), before) << "the drag moved the ball";
    EXPECT_EQ(fileText(undone), before);
    EXPECT_EQ(fileText(redone), fileText(edited));
    EXPECT_EQ(fileText(undoneAgain), before);
    EXPECT_EQ(fileText(redoneByY), fileText(edited));
}

TEST(Editing, DeleteThenCtrlZPutsTheObjectBackInItsPlace) {
    const fs::path deleted = tempDir() / "deleted.json";
    const fs::path undone = tempDir() / "delete_undone.json";
    const ProcessResult run = runPickray(script({"--select", "capsule A", "--key", "delete", "--save", deleted.string(),
                                                 "--key", "ctrl+z", "--save", undone.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene afterDelete = loadSaved(deleted);
    EXPECT_EQ(afterDelete.objects.size(), loadDefaultScene().objects.size() - 1);
    EXPECT_TRUE(std::none_of(afterDelete.objects.begin(), afterDelete.objects.end(),
                             [](const ps::Object& o) { return o.name == "capsule A"; }));
    EXPECT_EQ(fileText(undone), savedUntouched()) << "back in its place in the list, byte for byte";
}

TEST(Editing, CtrlDDuplicatesTheSelectionAndSelectsTheCopies) {
    const fs::path saved = tempDir() / "duplicated.json";
    const fs::path report = tempDir() / "duplicated_report.json";
    const ProcessResult run = runPickray(script({"--select", "ball", "--select", "drum", "--key", "ctrl+d", "--save",
                                                 saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(loadSaved(saved).objects.size(), loadDefaultScene().objects.size() + 2);
    EXPECT_EQ(readJson(report)["editor"]["selection"], json::array({"ball copy", "drum copy"}));
    EXPECT_EQ(readJson(report)["editor"]["undoSteps"], 1);
}

TEST(Editing, FFramesTheSelectionAndHomeFramesEverything) {
    const fs::path framed = tempDir() / "framed.json";
    const fs::path all = tempDir() / "framed_all.json";
    const ProcessResult run = runPickray(
        script({"--select", "ball", "--key", "f", "--save", framed.string(), "--key", "home", "--save", all.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene before = loadDefaultScene();
    const auto& ball = std::get<pickray::Sphere>(before.objects[objectNamed(before, "ball")].shape);
    const ps::Camera camera = loadSaved(framed).camera;
    // Float roundings at the ball's centre (|centre| < 4: an ulp is 2^-22) and, for the unit
    // direction, at 1 (2^-23): 4 ulps each.
    expectNear(camera.target, ball.center, 4 * 0x1p-22f, "F: the camera looks at the ball's centre");
    const glm::vec3 was = glm::normalize(before.camera.eye - before.camera.target);
    const glm::vec3 now = glm::normalize(camera.eye - camera.target);
    expectNear(now, was, 4 * 0x1p-23f, "from the same direction");
    // The ball (radius 1) fits the view: the 45-degree field of view sees it whole and closely.
    const float distance = glm::length(camera.eye - camera.target);
    EXPECT_GT(distance, 1.0f / std::sin(glm::radians(22.5f)));
    EXPECT_LT(distance, 2.0f / std::sin(glm::radians(22.5f)));
    // Every object in view after Home: each one's inside point projects into the window.
    const ps::Scene framedAll = loadSaved(all);
    const Frame f = frameFor(framedAll.camera, kSize);
    std::size_t inView = 0;
    for (const ps::Object& o : framedAll.objects) {
        const glm::vec3 s = screenOf(ps::interiorPoint(o.shape), f);  // the reference's projection
        const glm::vec2 window(kSize);
        const bool in = s.x >= 0 && s.y >= 0 && s.x < window.x && s.y < window.y && s.z > framedAll.camera.near &&
                        s.z < framedAll.camera.far;
        EXPECT_TRUE(in) << o.name;
        inView += in ? 1 : 0;
    }
    EXPECT_EQ(inView, before.objects.size()) << "every object of the scene was checked";
}

TEST(Editing, EscClearsThePickAndTheSelection) {
    const fs::path report = tempDir() / "esc.json";
    const ProcessResult run =
        runPickray(script({"--click", pixelArg(pixelOf("drum")), "--key", "esc", "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_EQ(r["clicks"][0]["picked"], "drum");
    EXPECT_TRUE(r["editor"]["picked"].is_null());
    EXPECT_EQ(r["editor"]["selection"], json::array());
}

TEST(Editing, CtrlSSavesToTheOpenFileAndTheTitleSaysWhetherItIsSaved) {
    const fs::path file = tempDir() / "ctrl_s.json";
    fs::copy_file(kDefaultScene, file, fs::copy_options::overwrite_existing);
    const fs::path unsavedReport = tempDir() / "ctrl_s_unsaved.json";
    const fs::path savedReport = tempDir() / "ctrl_s_saved.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--scene", file.string(), "--select", "ball", "--key",
                          "delete", "--report", unsavedReport.string()})
                  .exitCode,
              0);
    EXPECT_EQ(readJson(unsavedReport)["window"]["title"], "*ctrl_s.json - pickray");
    EXPECT_TRUE(readJson(unsavedReport)["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(fileText(file), fileText(kDefaultScene)) << "not saved yet";
    const ProcessResult run =
        runPickray({"--headless", "--size", "640x360", "--scene", file.string(), "--select", "ball", "--key", "delete",
                    "--key", "ctrl+s", "--report", savedReport.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(readJson(savedReport)["window"]["title"], "ctrl_s.json - pickray");
    EXPECT_FALSE(readJson(savedReport)["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(loadSaved(file).objects.size(), loadDefaultScene().objects.size() - 1) << "Ctrl+S wrote the open file";
}

TEST(Editing, HHidesAndShowsThePanelsAndF1ShowsTheHelp) {
    const fs::path hidden = tempDir() / "h_hidden.json";
    const fs::path shown = tempDir() / "h_shown.json";
    const fs::path plainPng = tempDir() / "h_plain.png";
    const fs::path hiddenPng = tempDir() / "h_hidden.png";
    const fs::path shownPng = tempDir() / "h_shown.png";
    ASSERT_EQ(runPickray(script({"--key", "h", "--report", hidden.string()}, false)).exitCode, 0);
    EXPECT_EQ(readJson(hidden)["window"]["panels"], json::array()) << "H hid the panels";
    ASSERT_EQ(
        runPickray(script({"--key", "h", "--key", "h", "--key", "f1", "--report", shown.string()}, false)).exitCode, 0);
    // The pictures from runs of their own (a picture's "screenshot saved" message would be in the
    // report), the timings left out so that the panels' pixels are the same on every run.
    ASSERT_EQ(runPickray(script({"--screenshot", plainPng.string()})).exitCode, 0);  // --hide-ui
    ASSERT_EQ(runPickray(script({"--no-stats", "--key", "h", "--screenshot", hiddenPng.string()}, false)).exitCode, 0);
    ASSERT_EQ(
        runPickray(
            script({"--no-stats", "--key", "h", "--key", "h", "--key", "f1", "--screenshot", shownPng.string()}, false))
            .exitCode,
        0);
    std::vector<std::string> names;
    const json report = readJson(shown);
    for (const json& p : report["window"]["panels"]) names.push_back(p["name"]);
    EXPECT_NE(std::find(names.begin(), names.end(), "Scene"), names.end()) << "H again showed them";
    EXPECT_NE(std::find(names.begin(), names.end(), "Help"), names.end()) << "F1 opened the help";
    // The pixels say the same: hidden, the picture is the one with no panels at all; shown, each
    // panel the report lists covers its rectangle (most of its pixels are not the scene's).
    const Image plain = loadPng(plainPng);
    ASSERT_EQ(plain.width, kSize.x);
    EXPECT_EQ(differingPixels(loadPng(hiddenPng), plain), 0) << "nothing of a panel is drawn";
    const Image withPanels = loadPng(shownPng);
    int covered = 0;
    for (const json& p : report["window"]["panels"]) {
        const glm::ivec2 min(p["pos"][0].get<float>(), p["pos"][1].get<float>());
        const glm::ivec2 max = min + glm::ivec2(p["size"][0].get<float>(), p["size"][1].get<float>());
        const int area = (max.x - min.x) * (max.y - min.y);
        ASSERT_GT(area, 0) << p.dump();
        EXPECT_GT(differingPixels(withPanels, plain, min, max), area / 2) << p["name"] << " is not drawn: " << p.dump();
        ++covered;
    }
    EXPECT_EQ(covered, static_cast<int>(names.size()));
    EXPECT_GE(covered, 2);
}

TEST(Editing, F12SavesAScreenshotInTheScreenshotsFolder) {
    const fs::path dir = scratchDir("f12");
    const ProcessResult run =
        runPickray(script({"--click", pixelArg(pixelOf("ball")), "--select", "drum", "--key", "f12"}),
                   "cd " + quote(dir.string()) + " &&");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    ASSERT_TRUE(fs::exists(dir / "screenshots")) << run.output;
    std::vector<fs::path> shots;
    for (const auto& entry : fs::directory_iterator(dir / "screenshots")) shots.push_back(entry.path());
    ASSERT_EQ(shots.size(), 1u);
    EXPECT_EQ(shots[0].extension(), ".png");
    // The file is the frame: pixel for pixel (2/255 a channel, as the docs' pictures are compared)
    // the picture --screenshot takes of the same steps.
    const fs::path direct = dir / "direct.png";
    ASSERT_EQ(
        runPickray(script({"--click", pixelArg(pixelOf("ball")), "--select", "drum", "--screenshot", direct.string()}))
            .exitCode,
        0);
    const Image a = loadPng(shots[0]);
    const Image b = loadPng(direct);
    ASSERT_EQ(a.width, kSize.x);
    ASSERT_EQ(a.height, kSize.y);
    ASSERT_EQ(b.width, kSize.x);
    ASSERT_EQ(b.height, kSize.y);
    EXPECT_EQ(differingPixels(a, b), 0);
    // And it shows the frame's pick: the ball outlined in the highlight colour (the drum selected
    // after the click keeps the gizmo away from the ball's outline).
    const ps::Scene scene = loadDefaultScene();
    EXPECT_GE(outlinedDirections(scene, objectNamed(scene, "ball"), pixelOf("ball"), a, looksHighlighted, kSize, 1), 7);
    fs::remove_all(dir);
}

TEST(Editing, KeysGoToAFocusedTextFieldNotToTheScene) {
    // (150, 63): the outliner's filter box, which takes the keyboard once clicked.
    const fs::path report = tempDir() / "keys_in_field.json";
    const ProcessResult run = runPickray(
        script({"--select", "ball", "--click", "150,63", "--key", "delete", "--key", "h", "--report", report.string()},
               false));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_TRUE(r["clicks"][0]["onUi"].get<bool>()) << "the click landed on the filter box";
    EXPECT_EQ(r["editor"]["undoSteps"], 0) << "Delete did not reach the scene";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_FALSE(r["window"]["panels"].empty()) << "H did not hide the panels";
    // The pixels: the Scene panel is still drawn where the report puts it (most of its rectangle
    // differs from the picture without panels), in a picture of the same steps.
    const fs::path plainPng = tempDir() / "keys_in_field_plain.png";
    const fs::path shownPng = tempDir() / "keys_in_field.png";
    ASSERT_EQ(runPickray(script({"--screenshot", plainPng.string()})).exitCode, 0);  // --hide-ui
    ASSERT_EQ(runPickray(script({"--no-stats", "--select", "ball", "--click", "150,63", "--key", "delete", "--key", "h",
                                 "--screenshot", shownPng.string()},
                                false))
                  .exitCode,
              0);
    const Image plain = loadPng(plainPng);
    const Image shown = loadPng(shownPng);
    ASSERT_EQ(plain.width, kSize.x);
    int scenePanels = 0;
    for (const json& p : r["window"]["panels"]) {
        if (p["name"] != "Scene") continue;
        ++scenePanels;
        const glm::ivec2 min(p["pos"][0].get<float>(), p["pos"][1].get<float>());
        const glm::ivec2 max = min + glm::ivec2(p["size"][0].get<float>(), p["size"][1].get<float>());
        EXPECT_GT(differingPixels(shown, plain, min, max), (max.x - min.x) * (max.y - min.y) / 2) << p.dump();
    }
    EXPECT_EQ(scenePanels, 1);
}

TEST(Editing, PanelsStayInsideTheWindowAcrossResizesAndTheRightOnesKeepToTheRightEdge) {
    for (const std::string& sizes :
         {std::string("800x500"), std::string("1x1,1280x720"), std::string("800x500,1600x900")}) {
        std::vector<std::string> args = {"--headless", "--size", "1280x720"};
        std::string last;
        for (std::size_t start = 0; start < sizes.size();) {
            const std::size_t comma = std::min(sizes.find(',', start), sizes.size());
            last = sizes.substr(start, comma - start);
            args.insert(args.end(), {"--resize", last});
            start = comma + 1;
        }
        const fs::path report = tempDir() / "resize.json";
        const fs::path picture = tempDir() / "resize.png";
        // The picture first: its "screenshot saved" message is then in the report only.
        args.insert(args.end(), {"--no-stats", "--screenshot", picture.string(), "--report", report.string()});
        const ProcessResult run = runPickray(args);
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const json w = readJson(report)["window"];
        const glm::vec2 window(w["size"][0].get<float>(), w["size"][1].get<float>());
        EXPECT_EQ(std::to_string(static_cast<int>(window.x)) + "x" + std::to_string(static_cast<int>(window.y)), last);
        ASSERT_GE(w["panels"].size(), 4u) << sizes;
        // The pixels: the picture is the window's size, and every panel is drawn where the report
        // puts it, inside the picture (its bar along its whole width, its body at its bottom).
        const Image image = loadPng(picture);
        EXPECT_EQ(glm::ivec2(image.width, image.height), glm::ivec2(window)) << sizes;
        int drawn = 0;
        for (const json& p : w["panels"]) {
            if (p["name"] == "Messages") continue;  // the screenshot's message, after the picture
            EXPECT_EQ(panelNotDrawn(image, p), "") << sizes << ": " << p.dump();
            ++drawn;
        }
        EXPECT_EQ(drawn, static_cast<int>(w["panels"].size()) - 1) << sizes << ": one message, the others panels";
        for (const json& p : w["panels"]) {
            const glm::vec2 pos(p["pos"][0].get<float>(), p["pos"][1].get<float>());
            const glm::vec2 size(p["size"][0].get<float>(), p["size"][1].get<float>());
            EXPECT_TRUE(pos.x >= 0 && pos.y >= 0 && pos.x + size.x <= window.x + 0.5f &&
                        pos.y + size.y <= window.y + 0.5f)
                << sizes << ": " << p.dump();
            if (p["name"] == "Pick" || p["name"] == "Camera") {
                EXPECT_NEAR(pos.x + size.x, window.x - 8.0f, 0.5f) << sizes << ": anchored right: " << p.dump();
            }
        }
    }
}

TEST(Editing, UndoAndRedoInARealXWindowUnderXvfbWithXdotool) {
    // Undo and redo run under ASan headless (EditorUndo.*, Editing.*); the real window's keys here.
    if (!xToolsInstalled()) return;
    const glm::ivec2 ball = pixelOf("ball");
    // The demo as a normal X client (x_session.hpp) on a copy of the scene, the pointer on the
    // ball; xdotool presses, moves and releases the real pointer in the window, types keys, then
    // Ctrl+Q quits (with unsaved changes it asks, and Enter answers "Save and quit") and --save
    // writes the scene on quitting.
    const auto session = [&](const std::string& name) {
        XSession s(name);
        fs::copy_file(kDefaultScene, s.dir() / "scene.json");
        s.options("--size 640x360 --hide-ui --scene scene.json --save saved.json").answerTheQuit().move(ball);
        return s;
    };
    const auto saved = [](const XSession::Result& r) { return fileText(r.dir / "saved.json"); };
    const auto drag = [](XSession& s) -> XSession& { return s.drag({10, -4}, 6); };
    const std::string untouched = savedUntouched();
    XSession twoPixels = session("xvfb_two_pixels");
    EXPECT_EQ(saved(twoPixels.drag({2, 0}, 1).run()), untouched) << "a 2-pixel drag moved something";
    XSession dragged = session("xvfb_drag");
    const std::string moved = saved(drag(dragged).run());
    EXPECT_NE(moved, untouched) << "the drag moved the ball";
    XSession undone = session("xvfb_drag_undo");
    EXPECT_EQ(saved(drag(undone).key("ctrl+z").run()), untouched);
    // Redone, the ball is where the drag put it (the pointer's path, and so the last bits of the
    // sum of its steps, may differ from one X session to the next).
    const auto ballIn = [](const std::string& text) {
        const auto loaded = ps::parseScene(text, "saved");
        EXPECT_TRUE(loaded.scene) << loaded.error;
        if (!loaded.scene) return glm::vec3(0.0f);
        return std::get<pickray::Sphere>(loaded.scene->objects[objectNamed(*loaded.scene, "ball")].shape).center;
    };
    XSession redo = session("xvfb_drag_undo_redo");
    const std::string redone = saved(drag(redo).key("ctrl+z").key("ctrl+shift+z").run());
    // The sum of the drag's six steps rounded differently: half an ulp each at the centre's size
    // (< 4: 2^-22), 8 ulps with room.
    expectNear(ballIn(redone), ballIn(moved), 8 * 0x1p-22f, "redone drag");
    EXPECT_NE(redone, untouched);
}

TEST(Editing, TheUiScaleGrowsThePanelsAndTheyStillFitTheWindow) {
    const auto widthOfScene = [](const std::string& scale) {
        const fs::path report = tempDir() / ("scale_" + scale + ".json");
        const ProcessResult run =
            runPickray({"--headless", "--size", "2000x1125", "--ui-scale", scale, "--report", report.string()});
        EXPECT_EQ(run.exitCode, 0) << run.output;
        const json r = readJson(report);
        float width = 0.0f;
        for (const json& p : r["window"]["panels"]) {
            const float x = p["pos"][0], y = p["pos"][1], w = p["size"][0], h = p["size"][1];
            EXPECT_TRUE(x >= 0 && y >= 0 && x + w <= 2000.5f && y + h <= 1125.5f) << scale << ": " << p.dump();
            if (p["name"] == "Scene") width = w;
        }
        return width;
    };
    const float normal = widthOfScene("1");
    const float large = widthOfScene("1.5");
    // Where the window has room the panel's width is its width at scale 1 times the scale, in
    // float: a width in half pixels times 1.5 is exact, so the ratio is exactly 1.5.
    EXPECT_EQ(large, 1.5f * normal);
}

// Click the ball, Ctrl+click the crate, drag the crate. Both move by the same
// offset as one undo step, and both stay selected.
TEST(Editing, ADragOnOneOfTwoSelectedObjectsMovesBothAsOneUndoStep) {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 size{1280, 720};
    const glm::ivec2 ball{470, 300};
    const glm::ivec2 crate{520, 420};
    ASSERT_EQ(nameUnder(scene, ball, size), "ball");
    ASSERT_EQ(nameUnder(scene, crate, size), "crate");
    const fs::path moved = tempDir() / "multi_moved.json";
    const fs::path undone = tempDir() / "multi_undone.json";
    const fs::path report = tempDir() / "multi_report.json";
    const ProcessResult run =
        runPickray({"--headless", "--size", "1280x720", "--hide-ui", "--click", pixelArg(ball), "--drag",
                    dragArg(crate, crate, "ctrl+left"), "--drag", dragArg(crate, {640, 400}), "--save", moved.string(),
                    "--report", report.string(), "--key", "ctrl+z", "--save", undone.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(moved);
    const auto centre = [](const ps::Scene& s, const std::string& name) {
        const pickray::Aabb b = pickray::bounds(s.objects[objectNamed(s, name)].shape);
        return 0.5f * (b.min + b.max);
    };
    const glm::vec3 ballMoved = centre(after, "ball") - centre(scene, "ball");
    const glm::vec3 crateMoved = centre(after, "crate") - centre(scene, "crate");
    EXPECT_GT(glm::length(crateMoved), 1.0f) << "120 pixels moved the crate";
    // One offset added to each object's coordinates (below 8: half an ulp is 2^-21), then the
    // bounds' centres taken from them: the two moves agree within a few ulps, 2^-18.
    EXPECT_LT(glm::length(ballMoved - crateMoved), 0x1p-18f) << "the ball moved with the crate";
    // The others, not selected, stay bit for bit: each one's saved text as before.
    int others = 0;
    for (const ps::Object& o : after.objects) {
        if (o.name == "ball" || o.name == "crate") continue;
        ps::Scene was;
        ps::Scene now;
        was.objects = {scene.objects[objectNamed(scene, o.name)]};
        now.objects = {o};
        EXPECT_EQ(ps::toJsonText(now), ps::toJsonText(was)) << o.name << " was not selected";
        ++others;
    }
    EXPECT_EQ(others, static_cast<int>(scene.objects.size()) - 2);
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball", "crate"})) << "both stay selected";
    EXPECT_EQ(fileText(undone), savedUntouched()) << "one undo puts both back, byte for byte";
}

TEST(Editing, TheOutlinerScrollsToThePickedObjectAndFiltersByName) {
    // 10,000 objects: the one picked at the centre is thousands of rows down the list.
    const fs::path report = tempDir() / "outliner.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--generate", "10000", "--click", "640,360", "--report",
                          report.string()})
                  .exitCode,
              0);
    const json r = readJson(report);
    ASSERT_FALSE(r["editor"]["picked"].is_null());
    const std::string picked = r["editor"]["picked"];
    const json rows = r["window"]["outlinerRows"];
    EXPECT_NE(std::find(rows.begin(), rows.end(), picked), rows.end()) << picked << " not among " << rows.dump();
    EXPECT_NE(rows.front(), "sphere #0") << "the list scrolled";
    // The filter box: typed into after a click on it, only the names holding the text remain.
    const fs::path filtered = tempDir() / "filtered.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--click", "150,63", "--type", "caps", "--report",
                          filtered.string()})
                  .exitCode,
              0);
    EXPECT_EQ(readJson(filtered)["window"]["outlinerRows"], json::array({"capsule A", "capsule B"}));
}

TEST(Editing, AMessageRepeatedIsPrintedOnce) {
    const ProcessResult run = runPickray(script({"--key", "delete", "--key", "delete", "--key", "delete"}), "", "2>&1");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    std::size_t count = 0;
    for (std::size_t at = run.output.find("nothing selected to delete"); at != std::string::npos;
         at = run.output.find("nothing selected to delete", at + 1))
        ++count;
    EXPECT_EQ(count, 1u) << run.output;
}

// After a free drag of the picked object the pick follows it. The grabbed point
// stays under the cursor, so the pick is the ray through the cursor's last pixel on the moved
// scene, and it names the ball, as the reference's ray there does on the saved scene (long
// double), meeting it at the grabbed point moved with the ball. The press's ray misses the moved
// ball: re-cast along it, as every edit re-casts the pick, the Pick panel said "picked: nothing"
// while the ball stayed selected. (The report names the pick but gives no hit point: the
// SceneView test ThePickFollowsADraggedObject... checks the point against the reference.)
TEST(Editing, AfterDraggingTheBallThePickFollowsItUnderTheCursor) {
    const glm::ivec2 ball = pixelOf("ball");
    const glm::ivec2 end = ball + glm::ivec2(60, -25);
    const fs::path saved = tempDir() / "pick_follows.json";
    const fs::path report = tempDir() / "pick_follows_report.json";
    const ProcessResult run =
        runPickray(script({"--drag", dragArg(ball, end), "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene before = loadDefaultScene();
    const ps::Scene after = loadSaved(saved);
    const std::size_t index = objectNamed(after, "ball");
    const Frame f = frameFor(after.camera, kSize);
    ASSERT_EQ(after.camera.eye, before.camera.eye) << "a drag does not move the camera";
    ASSERT_EQ(after.camera.target, before.camera.target);
    const pickref::Vec offset = ref(std::get<pickray::Sphere>(after.objects[index].shape).center) -
                                ref(std::get<pickray::Sphere>(before.objects[index].shape).center);
    ASSERT_GT(distance(offset, {0, 0, 0}), 1.0L) << "60 pixels at the ball's depth moved it";

    const ReferenceScene moved(after);
    const std::vector<ReferenceHit> underCursor = moved.allHits(rayAt(end, f));
    ASSERT_TRUE(robustHit(underCursor)) << "no float rounding can change what the cursor's ray meets first";
    EXPECT_EQ(underCursor.front().object, index) << "the reference sees the ball under the cursor";
    for (const ReferenceHit& h : moved.allHits(rayAt(ball, f)))
        EXPECT_NE(h.object, index) << "the press's ray misses the moved ball (why the old pick said nothing)";
    // The grabbed point (the press's first hit, by the reference on the scene before) moved with
    // the ball is where the cursor's ray meets it.
    const auto grabbed = ReferenceScene(before).nearestHit(rayAt(ball, f));
    ASSERT_TRUE(grabbed && grabbed->object == objectNamed(before, "ball"));
    const pickref::Real off = distance(underCursor.front().answer.point, grabbed->answer.point + offset);
    std::printf("precision: the dragged ball's grabbed point is %.3Lg world units off the cursor ray's hit\n", off);
    // The engine's float rays, grabbed point and offset, the centre saved as a float: 1e-6 is
    // about one float ulp of the eye's coordinates (up to 9: 9.5e-7).
    EXPECT_LT(off, 1e-6L);

    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["picked"], "ball") << "the pick followed the dragged ball";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 1);
    ASSERT_EQ(r["clicks"].size(), 1u) << "the press, listed once; the drag is no second click";
    EXPECT_EQ(r["clicks"][0]["picked"], "ball");
}

// Undoing a whole-scene change forgets the pick, as doing it does (redo and the
// hover: EditorUndo.UndoOrRedoOfAWholeSceneChange...). Generate (the Scene panel's button, 50 objects), H hides the panels, a click on
// an object of the generated scene, Ctrl+Z: nothing is picked. The click's pixel is chosen with
// the reference so that its ray (the generated scene's camera) also meets an object of the
// default scene: re-cast against the restored scene, as every undo re-casts the pick, it named
// that object (the Pick panel showed the generated scene's ray). Then the same with --load.
TEST(Editing, UndoingGenerateOrALoadForgetsThePick) {
    const std::vector<std::string> window = {"--headless", "--size", "1280x720"};
    const glm::ivec2 size{1280, 720};
    // Where the count field and the Generate button are: the controls with their tooltips.
    const fs::path layout = tempDir() / "generate_layout.json";
    std::vector<std::string> args = window;
    args.insert(args.end(), {"--report", layout.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    const json controls = readJson(layout)["window"]["tooltips"];
    const auto control = [&](const std::string& tooltip) {
        for (const json& t : controls)
            if (t["text"].get<std::string>().rfind(tooltip, 0) == 0)
                return glm::ivec2(static_cast<int>(t["pos"][0].get<float>() + t["size"][0].get<float>() / 2),
                                  static_cast<int>(t["pos"][1].get<float>() + t["size"][1].get<float>() / 2));
        ADD_FAILURE() << "no control with the tooltip " << tooltip;
        return glm::ivec2(0);
    };
    std::vector<std::string> generate = window;
    generate.insert(generate.end(),
                    {"--click", pixelArg(control("How many objects Generate makes")), "--key", "ctrl+a", "--type", "50",
                     "--click", pixelArg(control("Generate: replace the scene")), "--key", "h"});
    // The generated scene and its camera, as that run has it.
    const fs::path generatedFile = tempDir() / "generated50.json";
    args = generate;
    args.insert(args.end(), {"--save", generatedFile.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    const ps::Scene generated = loadSaved(generatedFile);
    ASSERT_EQ(generated.objects.size(), 50u);
    const ps::Scene untouched = loadDefaultScene();
    // A pixel (every 16th along each axis) where the generated scene's camera sees an object of
    // its own and whose ray meets one of the default scene's too, both robustly.
    const Frame f = frameFor(generated.camera, size);
    const ReferenceScene inGenerated(generated), inDefault(untouched);
    std::optional<glm::ivec2> pixel;
    int tried = 0;
    for (int y = 8; y < size.y && !pixel; y += 16)
        for (int x = 8; x < size.x && !pixel; x += 16, ++tried)
            if (robustHit(inGenerated.allHits(rayAt({x, y}, f))) && robustHit(inDefault.allHits(rayAt({x, y}, f))))
                pixel = glm::ivec2(x, y);
    ASSERT_TRUE(pixel) << "no such pixel among " << tried;
    const std::string seenBefore = untouched.objects[inDefault.nearestHit(rayAt(*pixel, f))->object].name;
    const std::string picked = generated.objects[inGenerated.nearestHit(rayAt(*pixel, f))->object].name;

    const fs::path report = tempDir() / "generate_undone.json";
    args = generate;
    args.insert(args.end(), {"--click", pixelArg(*pixel), "--key", "ctrl+z", "--report", report.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    json r = readJson(report);
    ASSERT_EQ(r["clicks"].size(), 3u) << "the count field, Generate and the object";
    EXPECT_EQ(r["clicks"][2]["picked"], picked) << "the click picked in the generated scene";
    EXPECT_EQ(r["frame"]["objects"], untouched.objects.size()) << "Ctrl+Z undid Generate";
    EXPECT_TRUE(r["editor"]["picked"].is_null()) << "still picked after the undo: " << r["editor"]["picked"]
                                                 << " (the ray meets " << seenBefore << " in the default scene)";
    EXPECT_EQ(r["editor"]["selection"], json::array()) << "the selection before Generate: none";

    // A load: the same scene again, so the click's ray meets the ball in both.
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path loaded = tempDir() / "load_undone.json";
    ASSERT_EQ(runPickray(script({"--click", pixelArg(ball), "--load", kDefaultScene.string(), "--click", pixelArg(ball),
                                 "--key", "ctrl+z", "--report", loaded.string()}))
                  .exitCode,
              0);
    r = readJson(loaded);
    ASSERT_EQ(r["clicks"].size(), 2u);
    EXPECT_EQ(r["clicks"][1]["picked"], "ball") << "the click picked in the loaded scene";
    EXPECT_EQ(r["editor"]["undoSteps"], 0) << "Ctrl+Z undid the load";
    EXPECT_TRUE(r["editor"]["picked"].is_null()) << "still picked after the undo: " << r["editor"]["picked"];
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"})) << "the selection before the load";
}

// Capsule B selected, capsule A added (--select twice), then A dragged down until the
// drum lies in front of it under the cursor: the pick stays on the dragged capsule, as editors
// keep the object they carry; re-cast through the cursor, it named the drum, never touched.
TEST(Editing, ADraggedObjectThatEndsBehindAnotherKeepsThePick) {
    const glm::ivec2 from{417, 147}, to{407, 195};  // at script()'s 640x360
    const ps::Scene before = loadDefaultScene();
    const auto pressed = ReferenceScene(before).nearestHit(rayAt(from, frameFor(before.camera, kSize)));
    ASSERT_TRUE(pressed && before.objects[pressed->object].name == "capsule A") << "the press grabs capsule A";
    const fs::path saved = tempDir() / "drag_behind.json";
    const fs::path report = tempDir() / "drag_behind_report.json";
    const ProcessResult run =
        runPickray(script({"--select", "capsule B", "--select", "capsule A", "--drag", dragArg(from, to), "--save",
                           saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(saved);
    const ReferenceScene moved(after);
    const std::vector<ReferenceHit> underCursor = moved.allHits(rayAt(to, frameFor(after.camera, kSize)));
    std::string hits;
    for (const ReferenceHit& h : underCursor)
        hits += after.objects[h.object].name + " t " + std::to_string(static_cast<double>(h.answer.t)) + " margin " +
                std::to_string(static_cast<double>(h.answer.margin)) + "; ";
    ASSERT_TRUE(robustHit(underCursor)) << hits;
    EXPECT_EQ(after.objects[underCursor.front().object].name, "drum") << "the drum is in front under the cursor";
    const bool meetsCapsule = std::any_of(underCursor.begin(), underCursor.end(), [&](const ReferenceHit& h) {
        return after.objects[h.object].name == "capsule A";
    });
    EXPECT_TRUE(meetsCapsule) << "and the cursor's ray meets the dragged capsule behind it";
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["picked"], "capsule A") << "the pick stayed on the dragged object";
    EXPECT_EQ(r["editor"]["selection"], json::array({"capsule B", "capsule A"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 1);
}
