// SPDX-License-Identifier: MIT
// Editing in a real X window under Xvfb: the real pointer and keyboard through xdotool.
#include "editing_support.hpp"

using namespace e2e;      // NOLINT: the shared helpers read as part of the tests
using namespace editing;  // NOLINT

TEST(Xvfb, ABackgroundDragOrbitsAndKeepsThePickInARealWindow) {
    if (!xToolsInstalled()) return;
    const glm::ivec2 ball = pixelOf("ball");
    const glm::ivec2 sky = skyPixel();
    const XSession::Result s = xSession("x_orbit").move(ball).click().move(sky).drag({-15, 0}, 6).run();
    ASSERT_TRUE(s.report.contains("editor")) << s.output;
    ASSERT_EQ(s.report["clicks"].size(), 1u) << "the drag was no click";
    EXPECT_EQ(s.report["clicks"][0]["picked"], "ball");
    EXPECT_EQ(s.report["editor"]["picked"], "ball") << "the pick stays through the orbit";
    EXPECT_EQ(s.report["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(s.report["editor"]["undoSteps"], 0);
}

TEST(Xvfb, EveryShortcutInARealWindowAndPanelsInsideAfterAResize) {
    if (!xToolsInstalled()) return;
    const glm::ivec2 ball = pixelOf("ball");
    XSession session = xSession("x_shortcuts", "--no-stats --screenshot quit.png");
    session.move(ball)
        .click()            // the ball picked and selected
        .move({630, 350});  // out of the way, not over a panel
    keys(session, {"Delete", "ctrl+z", "ctrl+shift+z",
                   "ctrl+z", "ctrl+y", "ctrl+z",  // ball back, selected
                   "ctrl+d", "ctrl+z",            // duplicated, undone
                   "f",      "Home",   "w",
                   "r",      "e",      "q",  // frame, gizmo: rotate, local
                   "h",      "h",      "F12",
                   "ctrl+o", "Escape",              // panels off and on, a shot, Open closed
                   "F1",     "ctrl+s", "Escape"});  // help; saved; pick and selection cleared
    const XSession::Result s = session.resize({800, 500}).resize({640, 360}).run();
    ASSERT_TRUE(s.report.contains("editor")) << s.output;
    const json& editor = s.report["editor"];
    EXPECT_TRUE(editor["picked"].is_null()) << "Esc cleared the pick";
    EXPECT_EQ(editor["selection"], json::array()) << "and the selection";
    EXPECT_EQ(editor["gizmo"], (json{{"mode", "rotate"}, {"shown", true}, {"space", "local"}})) << "W, R, E, Q";
    EXPECT_FALSE(editor["unsaved"].get<bool>()) << "Ctrl+S saved";
    const fs::path dir = tempDir() / "x_shortcuts";
    // Delete, undo, redo, undo, redo (Ctrl+Y), undo; Ctrl+D, undo: the objects are the scene's own.
    ps::Scene saved = loadSaved(dir / "scene.json");
    ps::Scene original = loadDefaultScene();
    saved.camera = original.camera;
    EXPECT_EQ(ps::toJsonText(saved), ps::toJsonText(original)) << s.output;
    EXPECT_NE(loadSaved(dir / "scene.json").camera.eye, original.camera.eye) << "F and Home moved the camera";
    std::vector<fs::path> shots;
    for (const auto& entry : fs::directory_iterator(dir / "screenshots")) shots.push_back(entry.path());
    ASSERT_EQ(shots.size(), 1u) << "F12";
    // The file is a picture of the window: its size, and a frame drawn (not one colour, as a
    // picture read from the wrong buffer comes out): most pixels differ from the corner's.
    const Image shot = loadPng(shots[0]);
    ASSERT_EQ(shot.width, 640) << shots[0];
    ASSERT_EQ(shot.height, 360) << shots[0];
    Image uniform = shot;
    for (std::size_t i = 0; i < uniform.rgba.size(); ++i) uniform.rgba[i] = shot.rgba[i % 4];
    EXPECT_GT(differingPixels(shot, uniform), 640 * 360 / 2) << "F12's picture is blank";
    std::vector<std::string> names;
    const json window = s.report["window"];
    // And the picture taken on quitting, after the resize back: the window's size, and each panel
    // drawn where the report puts it (the messages' box aside: its pixels are the messages'; the
    // Help window lies over the others, whose pixels are read where it does not).
    const Image last = loadPng(dir / "quit.png");
    EXPECT_EQ(glm::ivec2(last.width, last.height), glm::ivec2(640, 360)) << "the picture on quitting";
    int drawn = 0;
    for (const json& p : window["panels"]) {
        names.push_back(p["name"]);
        const float x = p["pos"][0], y = p["pos"][1], w = p["size"][0], h = p["size"][1];
        EXPECT_TRUE(x >= 0 && y >= 0 && x + w <= 640.5f && y + h <= 360.5f) << "inside after the resize: " << p.dump();
        if (p["name"] == "Messages") continue;
        EXPECT_EQ(panelNotDrawn(last, p, window["panels"]), "") << "drawn after the resize: " << p.dump();
        ++drawn;
    }
    EXPECT_GE(drawn, 4) << "the menu bar, Scene, Inspector, Pick, Camera, Help";
    EXPECT_EQ(window["size"], json::array({640, 360}));
    EXPECT_TRUE(has(names, "Scene")) << "H twice: the panels are back";
    EXPECT_TRUE(has(names, "Help")) << "F1";
    EXPECT_FALSE(has(names, "Open scene")) << "Esc closed the file browser";
    for (const char* said : {"deleted ball", "undid delete ball", "redid delete ball", "duplicated as ball copy",
                             "undid duplicate ball copy", "screenshot saved", "saved "})
        EXPECT_NE(s.output.find(said), std::string::npos) << said << "\n" << s.output;
}

TEST(Xvfb, FileOpenRecentOpensARememberedSceneInARealWindow) {
    if (!xToolsInstalled()) return;
    // Where File > Open recent's entry will be: the File menu's entries, from a headless run (a
    // script shows no recent files, so the submenu's one entry is placed from them: beside the
    // menu, on the row after Open...).
    const fs::path report = tempDir() / "file_menu.json";
    const fs::path menuPng = tempDir() / "file_menu.png";
    ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--click", "25,10", "--screenshot", menuPng.string(),
                          "--report", report.string()})
                  .exitCode,
              0);
    glm::vec2 openMin(0.0f), openSize(0.0f);
    const json menu = readJson(report);
    for (const json& t : menu["window"]["tooltips"])
        if (t["text"].get<std::string>().rfind("Open a scene file", 0) == 0) {
            openMin = {t["pos"][0].get<float>(), t["pos"][1].get<float>()};
            openSize = {t["size"][0].get<float>(), t["size"][1].get<float>()};
        }
    ASSERT_GT(openSize.x, 0.0f) << "File > Open... has its tooltip";
    // The menu's entries where the report puts them: the rows of the entries with a tooltip (the
    // menu's width, from its left), and Open recent's between Open... and Save.
    struct Entry {
        std::string label;
        glm::ivec2 min, max;
    };
    std::vector<Entry> entries;
    for (const auto& [label, tooltip] :
         std::vector<std::pair<std::string, std::string>>{{"Open...", "Open a scene file"},
                                                          {"Save", "Save the scene to its file"},
                                                          {"Save as...", "Save the scene as another file"},
                                                          {"Screenshot", "Save a screenshot"},
                                                          {"Quit", "Quit"}})
        for (const json& t : menu["window"]["tooltips"])
            if (t["text"].get<std::string>().rfind(tooltip, 0) == 0 && t["pos"][0].get<float>() == openMin.x &&
                t["size"][0].get<float>() == openSize.x) {
                const PanelRect r = panelRect(t);
                entries.push_back({label, r.min, r.max});
            }
    ASSERT_EQ(entries.size(), 5u) << menu["window"].dump();
    entries.insert(entries.begin() + 1,
                   {"Open recent", {entries[0].min.x, entries[0].max.y}, {entries[0].max.x, entries[1].min.y}});
    ASSERT_GT(entries[1].max.y - entries[1].min.y, 10) << "a row between Open... and Save";
    // Read: an entry's label in ImGui's Text colour (1, 1, 1), the font drawing it exactly; one that
    // cannot be chosen at DisabledAlpha 0.6 over the menu (161 in each channel); the shortcuts in
    // TextDisabled (0.5) or dimmer. A script shows no recent files: Open recent is drawn disabled.
    const auto count = [](const Image& image, const Entry& e, glm::ivec3 colour) {
        int n = 0;
        for (int y = e.min.y; y < e.max.y; ++y)
            for (int x = e.min.x; x < e.max.x; ++x) n += closeTo(image.at(x, y), colour);
        return n;
    };
    const glm::ivec3 white(255), dimmed(161);
    const Image headless = loadPng(menuPng);
    ASSERT_EQ(headless.width, 640);
    for (const Entry& e : entries) {
        if (e.label == "Open recent") {
            EXPECT_EQ(count(headless, e, white), 0) << "a script's Open recent can be chosen";
            EXPECT_GT(count(headless, e, dimmed), 0) << "a script's Open recent is not drawn";
        } else {
            EXPECT_GT(count(headless, e, white), 0) << e.label << " not drawn where the report puts it";
        }
    }
    const glm::ivec2 recentRow(openMin + glm::vec2(20.0f, openSize.y * 1.5f));
    const glm::ivec2 recentEntry(openMin + glm::vec2(openSize.x + 30.0f, openSize.y * 1.5f));
    // The remembered scene: the default one without its first object, as pickray writes scenes.
    ps::Scene other = loadDefaultScene();
    other.objects.erase(other.objects.begin());
    const std::string before =
        "mkdir -p config/pickray\n"
        "cat > other.json <<'SCENE'\n" +
        ps::toJsonText(other) +
        "SCENE\n"
        "printf '%s\\n' \"$PWD/other.json\" > config/pickray/recent-files\n";
    // Real moves (moveTo: SDL's mouse state follows only a relative one). The screen is copied
    // with the pointer on the remembered file's entry, before the click.
    const XSession::Result s = xSession("x_recent")
                                   .before(before)
                                   .keepScreen()
                                   .moveTo({25, 10})
                                   .click()
                                   .moveTo(recentRow)
                                   .moveTo({recentEntry.x, recentRow.y})
                                   .moveTo(recentEntry)
                                   .shell(
                                       "xdotool getwindowgeometry --shell \"$WID\" > geometry.txt\n"
                                       "cp \"$SCREEN\" menu.xwd\n")
                                   .click()
                                   .run();
    ASSERT_FALSE(s.report.is_null()) << s.output;
    // In the real window: every entry where the headless run put it, Open recent now in the Text
    // colour (it can be chosen), and beside it the submenu's entry: the remembered file's path, its
    // text as wide as its characters (the pointer, which Xvfb draws in the screen, lies inside it).
    const fs::path dir = tempDir() / "x_recent";
    const Image shown = windowInScreen(dir / "menu.xwd", dir / "geometry.txt");
    ASSERT_EQ(glm::ivec2(shown.width, shown.height), glm::ivec2(640, 360)) << fileText(dir / "geometry.txt");
    for (const Entry& e : entries) EXPECT_GT(count(shown, e, white), 0) << e.label << " not drawn in the real window";
    const std::string path = (dir / "other.json").string();
    // Its columns of text from the menu's right edge on, up to the first gap of two glyphs (the
    // path has no space; the Pick panel's text further right is more than that away).
    int first = -1, last = -1;
    for (int x = entries[1].max.x; x < shown.width && (last < 0 || x - last <= 2 * kGlyph); ++x)
        for (int y = entries[1].min.y; y < entries[1].max.y; ++y)
            if (closeTo(shown.at(x, y), white)) {
                if (first < 0) first = x;
                last = x;
                break;
            }
    const int width = first < 0 ? 0 : last - first + 1;
    std::printf("precision: File > Open recent > %s read from the screen: %d pixels wide (%zu characters)\n",
                path.c_str(), width, path.size());
    EXPECT_TRUE(widthOfCharacters(width, path.size())) << width << " pixels for " << path;
    EXPECT_EQ(s.report["window"]["title"], "other.json - pickray") << s.output;
    EXPECT_EQ(s.report["frame"]["objects"], other.objects.size());
}

// Launched on a scene that will not load, with a display, the window opens on
// an empty untitled scene and says why (stderr as well); Ctrl+S then asks where (Save as) and never
// writes over the bad file. The run ends normally (exit code 0).
TEST(Xvfb, ABadSceneOpensTheWindowOnAnEmptyUntitledSceneThatSavesElsewhere) {
    if (!xToolsInstalled()) return;
    XSession session("bad_scene_window");
    const fs::path dir = session.dir();
    const std::string bad = "{ \"objects\": [ not json";
    std::ofstream(dir / "bad.json") << bad;
    const XSession::Result r = session.options("--size 640x360 --scene bad.json --report report.json 2> stderr.txt")
                                   .answerTheQuit()
                                   .shell("xdotool getwindowname \"$WID\" > title.txt\n")
                                   .key("ctrl+s")
                                   .type("saved.json")
                                   .key("Return")
                                   .run();
    ASSERT_TRUE(r.ok) << r.output << fileText(dir / "stderr.txt");
    EXPECT_EQ(fileText(dir / "title.txt"), "untitled - pickray\n");
    const std::string stderrText = fileText(dir / "stderr.txt");
    EXPECT_NE(stderrText.find("bad.json: not valid JSON at line 1"), std::string::npos) << stderrText;
    EXPECT_NE(stderrText.find("an empty, untitled scene instead"), std::string::npos) << stderrText;
    EXPECT_EQ(fileText(dir / "bad.json"), bad) << "the bad file is never written over";
    const auto saved = ps::loadScene(dir / "saved.json");
    ASSERT_TRUE(saved.scene) << saved.error;
    EXPECT_TRUE(saved.scene->objects.empty());
    EXPECT_EQ(readJson(dir / "report.json")["window"]["title"], "saved.json - pickray");
}

// G in a real window hides the gizmo and shows it again: the status file (--status) says so after
// each press, and the report on quitting says where it was left.
TEST(Xvfb, GHidesAndShowsTheGizmoAndTheStatusSaysSo) {
    if (!xToolsInstalled()) return;
    XSession session = xSession("x_gizmo_key", "--select crate");
    session.snapshot("start.json").key("g").snapshot("hidden.json").key("g").snapshot("shown.json").key("g");
    const XSession::Result s = session.run();
    ASSERT_TRUE(s.report.contains("editor")) << s.output;
    EXPECT_EQ(readJson(s.dir / "start.json")["gizmo"], "shown");
    EXPECT_EQ(readJson(s.dir / "hidden.json")["gizmo"], "off");
    EXPECT_EQ(readJson(s.dir / "shown.json")["gizmo"], "shown");
    EXPECT_FALSE(s.report["editor"]["gizmo"]["shown"].get<bool>()) << "three presses: hidden";
    EXPECT_EQ(s.report["editor"]["selection"], json::array({"crate"})) << "the selection stays";
}
