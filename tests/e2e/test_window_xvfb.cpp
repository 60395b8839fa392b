// SPDX-License-Identifier: MIT
// The window in a real X window under Xvfb, driven by xdotool: the hint after H, the clipboard,
// sleeping when left alone, the ID buffer on quitting, recent files, quitting through Save as, the
// wheel's approximate frames.
#include "ui_support.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests
using namespace ui;   // NOLINT

TEST(Xvfb, AfterHHidesThePanelsAHintInTheViewsCornerSaysHowToBringThemBack) {
    if (!xToolsInstalled()) return;
    // The pointer on the sky (nothing hovered), then H; H twice; and --hide-ui with no key.
    const glm::ivec2 sky(630, 20);
    const json hidden = xWindow("x_hint").move(sky).key("h").run().report;
    const json back = xWindow("x_hint_back").move(sky).key("h").key("h").run().report;
    const json plain = xWindow("x_hint_plain", "--hide-ui").move(sky).run().report;
    ASSERT_TRUE(hidden.contains("window") && back.contains("window") && plain.contains("window"));
    ASSERT_EQ(hidden["window"]["panels"].size(), 1u) << hidden["window"].dump();
    const json& hint = hidden["window"]["panels"][0];
    EXPECT_EQ(hint["name"], "Hint");
    std::vector<std::string> names;
    for (const json& p : back["window"]["panels"]) names.push_back(p["name"]);
    EXPECT_TRUE(std::find(names.begin(), names.end(), "Hint") == names.end()) << "gone when they are shown";
    EXPECT_TRUE(std::find(names.begin(), names.end(), "Scene") != names.end()) << "H again showed them";
    EXPECT_EQ(plain["window"]["panels"], json::array()) << "--hide-ui: the scene alone";
    // Where: 8 pixels in from the bottom-left corner. Its size: one line of "H: show the panels"
    // (the font's 13 pixels high, 7 wide a character) and the window padding of 8 all round
    // (ImGui fits some a pixel wider: 0 to 1 more, as the menus' tooltips), and no lower than
    // ImGui's smallest window, 32 pixels.
    const std::string text = "H: show the panels";
    const PanelRect r = panelRect(hint);
    EXPECT_EQ(r.min.x, 8);
    EXPECT_EQ(r.max.y, 360 - 8);
    const glm::ivec2 extra = r.max - r.min - glm::ivec2(7 * static_cast<int>(text.size()) + 16, 32);
    EXPECT_TRUE(extra.x >= 0 && extra.x <= 1 && extra.y == 0) << hint.dump();
    // The pixels, in the pictures taken on quitting: with the hint, the picture is the scene's alone
    // (--hide-ui's) but inside the hint's rectangle, where most pixels differ; and it holds text,
    // ImGui's TextDisabled grey (at least 5 pixels a character of its 15 glyphs but the spaces).
    const fs::path dir = tempDir();
    const Image a = loadPng(dir / "x_hint" / "quit.png");
    const Image b = loadPng(dir / "x_hint_plain" / "quit.png");
    ASSERT_EQ(glm::ivec2(a.width, a.height), glm::ivec2(640, 360));
    const int inside = differingPixels(a, b, r.min, r.max);
    EXPECT_GT(inside, (r.max.x - r.min.x) * (r.max.y - r.min.y) / 2) << "the hint is not drawn where the report says";
    EXPECT_EQ(differingPixels(a, b), inside) << "pixels changed outside the hint";
    int ink = 0;
    for (int y = r.min.y; y < r.max.y; ++y)
        for (int x = r.min.x; x < r.max.x; ++x) ink += closeTo(a.at(x, y), glm::ivec3(128));
    std::printf("precision: the hint at (%d, %d), %dx%d, %d of its pixels differ from the scene's, %d text pixels\n",
                r.min.x, r.min.y, r.max.x - r.min.x, r.max.y - r.min.y, inside, ink);
    EXPECT_GE(ink, 5 * 15);
    // A script's H leaves no hint: its pictures show the scene alone, as --hide-ui's.
    EXPECT_EQ(runForReport("hint_script", {"--headless", "--size", "640x360", "--key", "h"})["window"]["panels"],
              json::array());
}

TEST(Xvfb, CopyAsJsonPutsTheRayThePickAndTheHitsOnTheClipboard) {
    if (!xToolsInstalled({"xclip"})) return;
    // Where the button is after a click on the ball: the same window, headless.
    const json layout =
        runForReport("copy_layout", {"--headless", "--size", "1280x720", "--scene", kDefaultScene.string(),
                                     "--no-stats", "--ui-scale", "1", "--click", "480,310"});
    ASSERT_EQ(layout["clicks"][0]["picked"], "ball");
    std::optional<glm::ivec2> button;
    for (const json& t : layout["window"]["tooltips"])
        if (t["text"].get<std::string>().rfind("Copy the ray", 0) == 0) button = centreOf(t);
    ASSERT_TRUE(button) << layout["window"]["tooltips"].dump();
    // In a real window: the click, the button, then the clipboard read while the window is open.
    const json r = xWindow("x_copy", "--ui-scale 1", "1280x720")
                       .move({480, 310})
                       .click()
                       .move(*button)
                       .click()
                       .shell("timeout 10 xclip -o -selection clipboard > clipboard.json || true\n")
                       .run()
                       .report;
    ASSERT_TRUE(r.contains("clicks") && !r["clicks"].empty()) << r.dump();
    const std::string text = fileText(tempDir() / "x_copy" / "clipboard.json");
    ASSERT_FALSE(text.empty()) << "nothing on the clipboard";
    const json copied = json::parse(text);
    const json& click = r["clicks"][0];
    ASSERT_EQ(click["picked"], "ball");
    // Bit for bit: both are floats written so that they read back exactly (the report's as the
    // float's double, the copy as the float's shortest text).
    const auto same = [](const json& a, const json& b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i].get<float>() != b[i].get<float>()) return false;
        return true;
    };
    EXPECT_TRUE(same(copied["ray"]["origin"], click["ray"]["origin"])) << text;
    EXPECT_TRUE(same(copied["ray"]["direction"], click["ray"]["direction"])) << text;
    EXPECT_EQ(copied["cursor"], click["cursor"]);
    EXPECT_EQ(copied["pick"]["object"], "ball");
    EXPECT_EQ(copied["pick"]["t"].get<float>(), click["hits"][0]["t"].get<float>());
    EXPECT_TRUE(same(copied["pick"]["point"], click["hits"][0]["point"])) << text;
    EXPECT_TRUE(same(copied["pick"]["normal"], click["hits"][0]["normal"])) << text;
    // Every object the line crosses, the ball among them, each entered before it is left.
    ASSERT_GE(copied["hits"].size(), click["hits"].size());
    int spans = 0;
    for (const json& h : copied["hits"]) {
        EXPECT_LE(h["enter"].get<float>(), h["exit"].get<float>()) << h.dump();
        spans += h["object"] == "ball";
    }
    EXPECT_EQ(spans, 1);
}

// The Math panel's Copy as text in a real window: a click on the ball, M, the button;
// the clipboard's near and far world points are the report's unproject, double for double.
TEST(Xvfb, TheMathPanelsCopyAsTextPutsTheClicksUnprojectionOnTheClipboard) {
    if (!xToolsInstalled({"xclip"})) return;
    const json layout =
        runForReport("math_copy_layout", {"--headless", "--size", "1280x720", "--scene", kDefaultScene.string(),
                                          "--no-stats", "--ui-scale", "1", "--click", "480,310", "--key", "m"});
    ASSERT_EQ(layout["clicks"][0]["picked"], "ball");
    std::optional<glm::ivec2> button;
    for (const json& t : layout["window"]["tooltips"])
        if (t["text"].get<std::string>().rfind("Copy every number", 0) == 0) button = centreOf(t);
    ASSERT_TRUE(button) << layout["window"]["tooltips"].dump();
    const json r = xWindow("x_math_copy", "--ui-scale 1", "1280x720")
                       .move({480, 310})
                       .click()
                       .key("m")
                       .move(*button)
                       .click()
                       .shell("timeout 10 xclip -o -selection clipboard > clipboard.txt || true\n")
                       .run()
                       .report;
    ASSERT_TRUE(r.contains("clicks") && !r["clicks"].empty()) << r.dump();
    const json& u = r["clicks"][0]["unproject"];
    const std::string text = fileText(tempDir() / "x_math_copy" / "clipboard.txt");
    ASSERT_FALSE(text.empty()) << "nothing on the clipboard";
    // "  world  (x, y, z)": the near point's line comes first, the far point's second.
    std::vector<std::vector<double>> worlds;
    for (std::size_t at = text.find("  world  ("); at != std::string::npos; at = text.find("  world  (", at + 1)) {
        std::vector<double> v(3);
        ASSERT_EQ(std::sscanf(text.c_str() + at, "  world  (%lf, %lf, %lf)", &v[0], &v[1], &v[2]), 3);
        worlds.push_back(v);
    }
    ASSERT_EQ(worlds.size(), 2u) << text;
    for (std::size_t k = 0; k < 3; ++k) {
        EXPECT_EQ(worlds[0][k], u["world_near"][k].get<double>()) << text;
        EXPECT_EQ(worlds[1][k], u["world_far"][k].get<double>()) << text;
    }
    EXPECT_NE(text.find("the unprojection of the last pick"), std::string::npos) << text;
}

// Left alone, pickray sleeps: no frame is drawn until an event comes. Measured as a user would, on
// the real binary in a real X window: from the moment its status says it sleeps, its CPU time and
// its frames over 5 idle seconds; and it still wakes by itself for a toast's fade and a text
// field's blinking caret, each time because it asked to, and sleeps again once they are gone.
TEST(Xvfb, LeftAloneTheWindowSleepsAndWakesOnlyForEventsAToastsFadeAndTheCaret) {
    if (!xToolsInstalled()) return;
    // Asleep after its first frames; then a measurement of 5 s, not a wait: CPU time and the status
    // at both ends.
    const XSession::Result alone = xWindow("x_idle")
                                       .waitAsleep("asleep after the first frames")
                                       .snapshot("idle_start.json")
                                       .shell(kCpuTicks + "sleep 5  # the measurement\n" + kCpuTicks)
                                       .snapshot("idle_end.json")
                                       .run();
    const std::vector<long> ticks = cpuTicks(alone.dir);
    ASSERT_EQ(ticks.size(), 2u) << alone.output;
    const long hertz = sysconf(_SC_CLK_TCK);
    const double share = static_cast<double>(ticks[1] - ticks[0]) / static_cast<double>(hertz) / 5.0;
    std::printf("precision: idle for 5 s: %.2f%% of a core (%ld ticks of 1/%ld s)\n", 100.0 * share,
                ticks[1] - ticks[0], hertz);
    EXPECT_LT(share, 0.02) << "under 2% of a core when idle";
    const json start = statusIn(alone, "idle_start.json");
    const json end = statusIn(alone, "idle_end.json");
    ASSERT_TRUE(start.contains("frames") && end.contains("frames")) << alone.output;
    EXPECT_EQ(grew(start, end, "frames"), 0) << "frames drawn while nothing happened";
    EXPECT_TRUE(end["asleep"].get<bool>()) << end.dump();

    // F12's toast ("screenshot saved", 4 s, fading in its last second): once F12 is handled the
    // window asks to be woken when the fade starts; then it sleeps again once the toast has gone.
    const XSession::Result toast = xWindow("x_idle_toast")
                                       .waitAsleep("asleep after the first frames")
                                       .key("F12")
                                       .snapshot("toast_shown.json")
                                       .waitAsleep("asleep again once the toast has gone")
                                       .snapshot("toast_gone.json")
                                       .run();
    const json shown = statusIn(toast, "toast_shown.json");
    const json gone = statusIn(toast, "toast_gone.json");
    ASSERT_TRUE(shown.contains("wake") && gone.contains("wake")) << toast.output;
    EXPECT_FALSE(shown["asleep"].get<bool>()) << "the toast shown: a wake asked for, " << shown.dump();
    ASSERT_TRUE(shown["wake"].is_number()) << shown.dump();
    EXPECT_GT(shown["wake"].get<double>(), 0.0) << "nothing to draw until the fade starts";
    EXPECT_LE(shown["wake"].get<double>(), 3.0) << "woken by the fade's start at the latest";
    // Every frame between is one the window asked for (no event came): the fade's start and its
    // steps, at least two.
    EXPECT_EQ(grew(shown, gone, "events"), 0) << "no input in between";
    EXPECT_GE(grew(shown, gone, "timedWakes"), 2) << "the toast's fade was not drawn: the window did not wake for it";
    EXPECT_EQ(grew(shown, gone, "frames"), grew(shown, gone, "timedWakes")) << "frames it did not ask for";
    EXPECT_TRUE(gone["wake"].is_null());
    std::printf("precision: the toast's fade drawn in %ld frames, each a wake the window asked for\n",
                grew(shown, gone, "timedWakes"));

    // Ctrl+O: the file browser, its name field taking the keyboard with a blinking caret: the
    // window asks to be woken ten times a second and is woken so, three times at least here; once
    // Esc has closed the browser it sleeps until an event again.
    const XSession::Result caret =
        xWindow("x_idle_caret")
            .waitAsleep("asleep after the first frames")
            .key("ctrl+o")
            .snapshot("caret_shown.json")
            .shell("WAKES=$(field timedWakes)\n")
            .waitUntil("[ \"$(field timedWakes)\" -ge $((WAKES + 3)) ]", "the caret blinked: three wakes")
            .snapshot("caret_blinked.json")
            .key("Escape")
            .waitAsleep("asleep again once the browser is closed")
            .snapshot("caret_closed.json")
            .run();
    const json editing = statusIn(caret, "caret_shown.json");
    const json blinked = statusIn(caret, "caret_blinked.json");
    const json closed = statusIn(caret, "caret_closed.json");
    ASSERT_TRUE(editing.contains("wake") && blinked.contains("wake") && closed.contains("wake")) << caret.output;
    ASSERT_TRUE(editing["wake"].is_number()) << "the caret's wake asked for: " << editing.dump();
    EXPECT_GT(editing["wake"].get<double>(), 0.0);
    EXPECT_LE(editing["wake"].get<double>(), 0.1) << "the caret looked at ten times a second";
    EXPECT_EQ(grew(editing, blinked, "events"), 0);
    EXPECT_EQ(grew(editing, blinked, "frames"), grew(editing, blinked, "timedWakes")) << "frames it did not ask for";
    EXPECT_EQ(grew(editing, blinked, "unaskedWakes"), 0);
    EXPECT_TRUE(closed["asleep"].get<bool>() && closed["wake"].is_null()) << closed.dump();
}

// --id-buffer in a window of the user's is written on quitting, from the same exact
// pass as a headless run's: the same scene and camera give the same file, pixel for pixel, though
// the window's picture had the hover's outline and the panels over it.
TEST(Xvfb, TheIdBufferWrittenOnQuittingAWindowEqualsTheHeadlessOne) {
    if (!xToolsInstalled()) return;
    const json window = xWindow("x_ids", "--id-buffer ids.png").move({320, 180}).run().report;
    ASSERT_TRUE(window.contains("window"));
    const fs::path headless = tempDir() / "x_ids_headless.png";
    const ProcessResult run = runPickray({"--headless", "--size", "640x360", "--scene", kDefaultScene.string(),
                                          "--hover", "320,180", "--id-buffer", headless.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const Image a = loadPng(tempDir() / "x_ids" / "ids.png");
    const Image b = loadPng(headless);
    ASSERT_EQ(glm::ivec2(a.width, a.height), glm::ivec2(640, 360));
    EXPECT_EQ(a.rgba, b.rgba) << differingPixels(a, b) << " pixels differ";
    int objectPixels = 0;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) objectPixels += a.at(x, y) != glm::ivec3(0);
    EXPECT_GT(objectPixels, 640 * 360 / 20) << "the objects are in it";
}

TEST(Xvfb, ARecentFileThatNoLongerExistsIsMarkedMissingAndRemoveMissingDropsIt) {
    if (!xToolsInstalled()) return;
    // Where File and its Open recent entry are: the same window, headless (a script has no recent
    // files, but the entry is drawn, disabled, in the same place).
    const json bar = runForReport("recent_bar", {"--headless", "--size", "640x360", "--ui-scale", "1"});
    ASSERT_FALSE(bar["window"]["menus"].empty());
    ASSERT_EQ(bar["window"]["menus"][0]["name"], "File");
    const glm::ivec2 file = centreOf(bar["window"]["menus"][0]);
    const json menu =
        runForReport("recent_menu", {"--headless", "--size", "640x360", "--ui-scale", "1", "--click", pixelArg(file)});
    ASSERT_TRUE(menu["window"]["recentMenu"].is_object()) << menu["window"].dump();
    const json& recentMenu = menu["window"]["recentMenu"];
    const glm::ivec2 recent = centreOf(recentMenu);
    const fs::path here = tempDir() / "recent_here.json";
    fs::copy_file(kDefaultScene, here, fs::copy_options::overwrite_existing);
    const std::string gone = (tempDir() / "recent_gone.json").string();
    fs::remove(gone);
    const std::string setup = "mkdir -p config/pickray\nprintf '%s\\n%s\\n' " + quote(gone) + " " +
                              quote(here.string()) + " > config/pickray/recent-files\n";
    // (Under Xvfb with no window manager ImGui 1.86 follows the pointer on clicks: Open recent is
    // clicked, not hovered.)
    const auto open = [&](XSession s) {
        s.before(setup).move(file).click().move(recent).click();
        return s;
    };
    // The list as it shows: the missing file marked and disabled, the other as it was, and the entry
    // that drops the missing ones.
    const json shown = open(xWindow("x_recent", "--ui-scale 1")).key("Escape").key("Escape").run().report;
    const json& entries = shown["window"]["recentEntries"];
    ASSERT_EQ(entries.size(), 3u) << shown["window"].dump();
    EXPECT_EQ(entries[0]["text"], gone + "  (missing)");
    EXPECT_FALSE(entries[0]["enabled"].get<bool>());
    EXPECT_EQ(entries[1]["text"], here.string());
    EXPECT_TRUE(entries[1]["enabled"].get<bool>());
    EXPECT_EQ(entries[2]["text"], "Remove missing");
    // Remove missing, clicked: the list kept on disk holds the file that is there, alone.
    const json removed =
        open(xWindow("x_recent_removed", "--ui-scale 1")).move(centreOf(entries[2])).click().run().report;
    ASSERT_TRUE(removed.contains("window"));
    EXPECT_EQ(fileText(tempDir() / "x_recent_removed" / "config" / "pickray" / "recent-files"), here.string() + "\n");
}

TEST(Xvfb, QuittingAnUntitledSceneThroughSaveAsQuitsOnceItIsSaved) {
    if (!xToolsInstalled()) return;
    // The shipped scene (Save never writes it) with the ball deleted; Ctrl+Q asks, Enter is "Save
    // as...", Enter in the browser saves scene.json in the session's folder: then the window quits
    // by itself (before, it stayed open and needed Ctrl+Q again).
    // Each key waited for until handled; the last one's answer is the quit (or the window still
    // open, idle, once it has handled the key).
    const json r = xWindow("x_quit_save_as", "--select ball")
                       .key("Delete")
                       .key("ctrl+q")
                       .key("Return")
                       .shell("mark\nxdotool key --delay 0 Return\n")
                       .waitUntil("exited || handled", "the browser's Return handled")
                       .shell("if ! exited; then echo running > still-running.txt; fi\n")
                       .run()
                       .report;
    const fs::path dir = tempDir() / "x_quit_save_as";
    EXPECT_FALSE(fs::exists(dir / "still-running.txt")) << "saved, but still running";
    ASSERT_TRUE(fs::exists(dir / "scene.json"));
    EXPECT_EQ(ps::loadScene(dir / "scene.json").scene->objects.size(), loadDefaultScene().objects.size() - 1);
    ASSERT_TRUE(r.contains("editor"));
    EXPECT_FALSE(r["editor"]["unsaved"].get<bool>());
}

// A wheel's steps come apart: in a window the view stays approximate after each for a quarter of
// a second (SettleRule), then one exact frame is drawn with no event to cause it (the window wakes
// for it). An exact frame between two steps would stall the zoom at 1e5 objects (most of a second
// each on software GL). Checked on the app's own clock: each redraw's seconds since the camera
// moved, as the report gives them, whatever the host's speed made of the steps' spacing.
TEST(Xvfb, AWheelZoomStaysApproximateBetweenItsStepsAndEndsOnOneExactFrame) {
    if (!xToolsInstalled()) return;
    constexpr double kSettleSeconds = 0.25;  // SettleRule::kSettleSeconds
    XSession session = xWindow("x_wheel");
    session.move({400, 200});
    for (int step = 0; step < 5; ++step) session.click(4);  // each step handled before the next
    const XSession::Result r =
        session.snapshot("wheel_done.json").waitAsleep("the view settled").snapshot("settled.json").run();
    const json& report = r.report;
    ASSERT_TRUE(report.contains("frame") && report["frame"].contains("redraws")) << report.dump();
    std::string sequence;  // A: approximate, E: exact, in order
    int broken = 0;
    for (const json& redraw : report["frame"]["redraws"]) {
        const bool approximate = redraw["approximate"].get<bool>();
        sequence += approximate ? 'A' : 'E';
        const json& since = redraw["sinceCameraMoved"];
        const bool settling = since.is_number() && since.get<double>() < kSettleSeconds;
        EXPECT_EQ(approximate, settling) << "redraw " << sequence.size() << ": " << redraw.dump();
        broken += approximate != settling;
    }
    std::printf("precision: redraws of the session: %s, %d against the settle rule\n", sequence.c_str(), broken);
    const std::size_t first = sequence.find('A');
    ASSERT_NE(first, std::string::npos) << "the wheel drew no approximate frame";
    EXPECT_GE(std::count(sequence.begin(), sequence.end(), 'A'), 5) << "each of the 5 steps drew approximately";
    EXPECT_EQ(sequence.substr(sequence.rfind('A') + 1), "E") << "one exact frame after the last step, the last";
    // That exact frame was a wake the window asked for: no event came after the last step.
    const json done = statusIn(r, "wheel_done.json");
    const json settled = statusIn(r, "settled.json");
    EXPECT_EQ(grew(done, settled, "events"), 0);
    EXPECT_GE(grew(done, settled, "timedWakes"), 1) << "the window did not wake for the exact frame";
    EXPECT_FALSE(settled["lastRedraw"]["approximate"].get<bool>()) << settled.dump();
}

TEST(Xvfb, HoverAndTooltipsFollowAnAbsolutePointerMove) {
    // A click on the outliner's "pole" row (its tooltip shows), then the pointer warped onto the
    // ball in one absolute move, as VNC, tablets and remote desktops move it: the row's tooltip goes
    // and the view hovers the ball.
    if (!xToolsInstalled()) return;
    XSession session("x_hover_absolute");
    const XSession::Result r =
        session.options("--size 1280x720 --scene " + quote(kDefaultScene.string()) + " --no-stats --report report.json")
            .moveTo({60, 177})
            .click()
            .move({472, 317})
            .run();
    ASSERT_TRUE(r.ok) << r.output;
    EXPECT_EQ(r.report["editor"]["hovered"], "ball") << r.report["editor"].dump();
    EXPECT_TRUE(r.report["window"]["tooltipShown"].is_null()) << r.report["window"]["tooltipShown"];
}
