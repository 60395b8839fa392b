// SPDX-License-Identifier: MIT
// The panels as a user meets them, end to end on the real binary (headless): nothing cut off at
// the usual window sizes, every shortcut in a tooltip, Ctrl+click, messages that show and clear,
// the selection's and the hover's outlines, moving a panel and Reset layout, pictures after the
// window grows. Expected pixels and picks come from the scene file and the long-double reference
// (e2e_support.hpp), not from the application or the library.
#include "ui_support.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests
using namespace ui;   // NOLINT

TEST(Ui, NothingIsCutOffAtTheUsualWindowSizes) {
    // Every panel open that can be: two capsules selected (the pair panel), the crate picked, the
    // timings shown, the help window, the Constructions (the crate's slabs, the capsules' square);
    // at the default size and two smaller ones. In a fourth run
    // at each size the plinth, selected, is named 200 Ws, which no panel has room for on one line:
    // the panels wrap it. (The outliner's list and the rename field clip it inside their own
    // frames, away from the panel's edge: not read here.)
    ps::Scene longName = loadDefaultScene();
    const std::string ws(200, 'W');
    longName.objects[objectNamed(longName, "plinth")].name = ws;
    const fs::path longScene = tempDir() / "cut_long_name.json";
    std::ofstream(longScene) << ps::toJsonText(longName);
    int rows = 0;
    int panelsRead = 0;
    int nearest = 1 << 30;
    for (const glm::ivec2 size : {glm::ivec2(1280, 720), glm::ivec2(1024, 600), glm::ivec2(800, 500)}) {
        const std::string sizeArg = std::to_string(size.x) + "x" + std::to_string(size.y);
        for (const std::string selected : {"crate", "ball", "pole", ws.c_str()}) {
            const std::string name = "cut_" + sizeArg + selected.substr(0, 6);
            const fs::path png = tempDir() / (name + ".png");
            const json r =
                runForReport(name, {"--headless", "--size", sizeArg, "--scene",
                                    selected == ws ? longScene.string() : kDefaultScene.string(), "--click",
                                    pixelArg(pixelOf("crate", size)), "--select", "capsule A", "--select", "capsule B",
                                    "--select", selected, "--key", "f1", "--key", "c", "--screenshot", png.string()});
            ASSERT_EQ(r["clicks"][0]["picked"], "crate") << sizeArg << ": the crate is picked (the Pick panel full)";
            ASSERT_EQ(r["window"]["uiScale"], 1.0f) << "the sizes above are ImGui's at scale 1";
            std::set<std::string> names;
            const Image image = loadPng(png);
            ASSERT_EQ(glm::ivec2(image.width, image.height), size);
            const json& panels = r["window"]["panels"];
            for (const json& p : panels) {
                names.insert(p["name"]);
                const std::string where =
                    sizeArg + ", " + selected.substr(0, 6) + " selected: " + p["name"].get<std::string>();
                EXPECT_LE(p["contentWidth"].get<float>(), p["roomWidth"].get<float>())
                    << where << ": its widest line is cut off: " << p.dump();
                // The pixels: each panel drawn where the report says, and no ink at its clip edge
                // (the menu bar holds four titles; the messages' box grows with its text).
                if (p["name"] == "Menu bar" || p["name"] == "Messages") continue;
                // The help window, opened last, lies over the Constructions panel in the smaller
                // windows: its words are measured above, its pixels cannot be read.
                if (p["name"] == "Constructions" && overlapsHelp(p, panels)) continue;
                EXPECT_EQ(panelNotDrawn(image, p, panels), "") << where;
                const EdgeInk e = inkAtTheClipEdge(image, p, panels);
                EXPECT_EQ(e.problem, "") << where;
                EXPECT_EQ(e.ink, 0) << where << ": a line is cut off at its edge (row " << e.firstRow << ")";
                rows += e.rows;
                ++panelsRead;
                nearest = std::min(nearest, e.nearest);
            }
            for (const char* panel : {"Scene", "Inspector", "Pick", "Camera", "Help"})
                EXPECT_TRUE(names.count(panel)) << sizeArg << ": no " << panel << " panel";
        }
    }
    std::printf(
        "precision: %d panel rows read in %d panels of 12 pictures, no ink in the %d columns left of "
        "each clip edge; the nearest ink ends %d columns left of them\n",
        rows, panelsRead, kEdgeColumns, nearest - kEdgeColumns);
    // Six panels in each picture (Scene, Inspector, Capsule pair, Pick, Camera, Help), and most
    // of their rows: 10,884 are not under Help in these pictures (at 800x500 Help hides the right
    // edges of the left column); fewer than 10,000 would mean panels are no longer read.
    EXPECT_EQ(panelsRead, 12 * 6);
    EXPECT_GT(rows, 10000);
    // Both see a cut when there is one: in a narrow window the panels cannot hold their lines (the
    // measure), and the Camera panel's radio buttons' labels are cut at its edge (the pixels).
    const fs::path narrowPng = tempDir() / "cut_narrow.png";
    const json narrow = runForReport(
        "cut_narrow", {"--headless", "--size", "280x400", "--select", "crate", "--screenshot", narrowPng.string()});
    bool anyCut = false;
    const Image narrowImage = loadPng(narrowPng);
    int edgeInk = 0;
    for (const json& p : narrow["window"]["panels"]) {
        anyCut |= p["contentWidth"].get<float>() > p["roomWidth"].get<float>();
        if (p["name"] != "Camera") continue;
        EXPECT_EQ(panelNotDrawn(narrowImage, p, narrow["window"]["panels"]), "");
        const EdgeInk e = inkAtTheClipEdge(narrowImage, p, narrow["window"]["panels"]);
        EXPECT_EQ(e.problem, "");
        edgeInk = e.ink;
    }
    std::printf("precision: at 280x400, %d ink pixels at the Camera panel's clip edge\n", edgeInk);
    EXPECT_TRUE(anyCut) << narrow["window"].dump();
    EXPECT_GT(edgeInk, 0) << "the cut labels of the Camera panel";
}

TEST(Ui, EveryShortcutIsInATooltipOfAControlThatDoesTheSame) {
    // The panels with the crate selected and picked, then each menu opened by a click on its title.
    const std::vector<std::string> base = {"--headless", "--size", "1280x720", "--select", "crate"};
    json first = runForReport("tooltips", base);
    std::vector<std::string> texts;
    for (const json& t : first["window"]["tooltips"]) texts.push_back(t["text"]);
    ASSERT_EQ(first["window"]["menus"].size(), 4u) << first["window"].dump();
    for (const json& menu : first["window"]["menus"]) {
        std::vector<std::string> args = base;
        args.insert(args.end(), {"--click", pixelArg(centreOf(menu))});
        const json opened = runForReport("tooltips_" + menu["name"].get<std::string>(), args);
        std::size_t inMenu = 0;
        for (const json& t : opened["window"]["tooltips"]) {
            texts.push_back(t["text"]);
            if (t["pos"][1].get<float>() > 19.0f && t["pos"][0].get<float>() < 300.0f) ++inMenu;
        }
        EXPECT_GT(inMenu, 0u) << menu["name"] << " did not open: " << opened["window"].dump();
    }
    // Every key of the help's table (docs/DEMO.md), as the tooltips must write it.
    for (const std::string keys : {"(Ctrl+Z)", "(Ctrl+Shift+Z or Ctrl+Y)",
                                   "(Delete)", "(Ctrl+D)",
                                   "(F)",      "(Home)",
                                   "(Esc)",    "(Ctrl+O)",
                                   "(Ctrl+S)", "(Ctrl+Shift+S)",
                                   "(H)",      "(F1)",
                                   "(F12)",    "(W)",
                                   "(E)",      "(R)",
                                   "(Q)",      "(G)",
                                   "(Ctrl+Q)", "Ctrl+click"}) {
        EXPECT_TRUE(std::any_of(texts.begin(), texts.end(),
                                [&](const std::string& t) { return t.find(keys) != std::string::npos; }))
            << "no tooltip names " << keys;
    }
}

TEST(Ui, HoveringAControlShowsItsTooltip) {
    const std::vector<std::string> base = {"--headless", "--size", "1280x720", "--select", "crate"};
    const json r = runForReport("hover_tooltips", base);
    const auto duplicate =
        std::find_if(r["window"]["tooltips"].begin(), r["window"]["tooltips"].end(),
                     [](const json& t) { return t["text"] == "Duplicate the selected objects (Ctrl+D)"; });
    ASSERT_NE(duplicate, r["window"]["tooltips"].end()) << r["window"].dump();
    const glm::ivec2 cursor = centreOf(*duplicate);
    const fs::path shownPng = tempDir() / "hover_tooltip.png";
    const fs::path nonePng = tempDir() / "hover_none.png";
    std::vector<std::string> args = base;
    args.insert(args.end(), {"--no-stats", "--hover", pixelArg(cursor), "--screenshot", shownPng.string()});
    EXPECT_EQ(runForReport("hover_tooltip", args)["window"]["tooltipShown"], "Duplicate the selected objects (Ctrl+D)");
    args[args.size() - 3] = "640,500";  // the view: no tooltip
    args.back() = nonePng.string();
    EXPECT_TRUE(runForReport("hover_none", args)["window"]["tooltipShown"].is_null());
    // The pixels: a box of text just right of and below the cursor (ImGui's place for a tooltip;
    // 200x18 pixels of it, left of its end and past the button's own hover colour), drawn over
    // what is there without the tooltip: most of those pixels differ.
    const Image shown = loadPng(shownPng);
    const Image none = loadPng(nonePng);
    ASSERT_EQ(shown.width, 1280);
    const glm::ivec2 min = cursor + glm::ivec2(30, 6);
    const glm::ivec2 max = min + glm::ivec2(200, 18);
    EXPECT_GT(differingPixels(shown, none, min, max), (max.x - min.x) * (max.y - min.y) / 2) << "no tooltip drawn";
}

TEST(Ui, CtrlClickAddsToTheSelectionTakesOutAndACtrlDragStillMoves) {
    const glm::ivec2 ball = pixelOf("ball");
    const glm::ivec2 drum = pixelOf("drum");
    const auto ctrlClick = [](glm::ivec2 p) { return pixelArg(p) + "," + pixelArg(p) + ",ctrl+left"; };
    const std::vector<std::string> base = {"--headless", "--size",       "640x360", "--hide-ui",
                                           "--click",    pixelArg(ball), "--drag",  ctrlClick(drum)};
    EXPECT_EQ(runForReport("ctrl_add", base)["editor"]["selection"], json::array({"ball", "drum"}));
    std::vector<std::string> out = base;
    out.insert(out.end(), {"--drag", ctrlClick(ball)});
    EXPECT_EQ(runForReport("ctrl_out", out)["editor"]["selection"], json::array({"drum"}));
    // A Ctrl drag from the selected ball moves it and keeps both selected.
    std::vector<std::string> moved = base;
    const fs::path saved = tempDir() / "ctrl_drag_scene.json";
    moved.insert(moved.end(), {"--drag", pixelArg(ball) + "," + pixelArg(ball + glm::ivec2(30, 0)) + ",ctrl+left",
                               "--save", saved.string()});
    EXPECT_EQ(runForReport("ctrl_drag", moved)["editor"]["selection"], json::array({"ball", "drum"}));
    const auto loaded = ps::loadScene(saved);
    ASSERT_TRUE(loaded.scene) << loaded.error;
    const ps::Scene original = loadDefaultScene();
    const auto& before = std::get<pickray::Sphere>(original.objects[objectNamed(original, "ball")].shape);
    const auto& after = std::get<pickray::Sphere>(loaded.scene->objects[objectNamed(*loaded.scene, "ball")].shape);
    EXPECT_GT(glm::length(after.center - before.center), 0.1f) << "the ball moved with the Ctrl drag";
}

TEST(Ui, MessagesShowAsToastsEvenWithThePanelsHiddenAndASuccessClearsAnError) {
    const fs::path bad = tempDir() / "bad_scene.json";
    std::ofstream(bad) << "{ not json";
    const fs::path report = tempDir() / "toasts.json";
    ProcessResult run = runPickray(
        {"--headless", "--size", "640x360", "--hide-ui", "--load", bad.string(), "--report", report.string()});
    EXPECT_NE(run.exitCode, 0) << "a failed step fails the script";
    json r = readJson(report);
    ASSERT_EQ(r["window"]["messages"].size(), 1u) << r["window"].dump();
    EXPECT_EQ(r["window"]["messages"][0].get<std::string>().rfind("error: load failed", 0), 0u) << r["window"].dump();
    EXPECT_EQ(r["errors"].size(), 1u);
    bool drawn = false;
    for (const json& p : r["window"]["panels"]) drawn |= p["name"] == "Messages";
    EXPECT_TRUE(drawn) << "the message is on screen with the panels hidden: " << r["window"].dump();
    // The pixels: the toast is drawn where the report says (most of its rectangle differs from the
    // same frame without the message), and nothing else changed. With the panels shown: a picture
    // taken with them hidden is the scene's alone, without any of the interface, toasts included
    // (Captures::takeUnderPanels), so there the report is all there is to read.
    const fs::path plainPng = tempDir() / "toasts_plain.png";
    const fs::path toastPng = tempDir() / "toasts.png";
    const fs::path shownReport = tempDir() / "toasts_shown.json";
    const std::vector<std::string> shown = {"--headless", "--size", "1280x720", "--no-stats"};
    auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), shown.begin(), shown.end());
        return runPickray(more).exitCode;
    };
    ASSERT_EQ(with({"--hover", "1,1", "--screenshot", plainPng.string()}), 0);
    EXPECT_EQ(with({"--load", bad.string(), "--hover", "1,1", "--screenshot", toastPng.string()}), 1);
    EXPECT_EQ(with({"--load", bad.string(), "--report", shownReport.string()}), 1);
    const Image plain = loadPng(plainPng);
    const Image toast = loadPng(toastPng);
    ASSERT_EQ(plain.width, 1280);
    int toasts = 0;
    const json shownWindow = readJson(shownReport)["window"];
    for (const json& p : shownWindow["panels"]) {
        if (p["name"] != "Messages") continue;
        ++toasts;
        const glm::ivec2 min(p["pos"][0].get<float>(), p["pos"][1].get<float>());
        const glm::ivec2 max = min + glm::ivec2(p["size"][0].get<float>(), p["size"][1].get<float>());
        const int area = (max.x - min.x) * (max.y - min.y);
        ASSERT_GT(area, 0) << p.dump();
        const int inside = differingPixels(toast, plain, min, max);
        EXPECT_GT(inside, area / 2) << "the toast is not drawn where the report says: " << p.dump();
        EXPECT_EQ(differingPixels(toast, plain), inside) << "pixels changed outside the toast";
    }
    EXPECT_EQ(toasts, 1);

    run = runPickray({"--headless", "--size", "640x360", "--hide-ui", "--load", bad.string(), "--load",
                      kDefaultScene.string(), "--report", report.string()});
    r = readJson(report);
    ASSERT_EQ(r["window"]["messages"].size(), 1u) << r["window"].dump();
    EXPECT_EQ(r["window"]["messages"][0], "loaded " + kDefaultScene.string()) << "the error is gone";
}

TEST(Ui, TheSelectionAndTheHoverHaveOutlinesThatReadOnAnyColour) {
    const ps::Scene scene = loadDefaultScene();
    const std::size_t ball = objectNamed(scene, "ball");
    const glm::ivec2 inside = pixelOf("ball");
    const fs::path plain = tempDir() / "outline_plain.png";
    const fs::path selected = tempDir() / "outline_selected.png";
    const fs::path hovered = tempDir() / "outline_hovered.png";
    // --aa off: the rings are told by their exact colours, which FXAA blends with the dark outer
    // ring and the ball (the outline still shows, softened: AntiAliasing.* tests FXAA).
    const std::vector<std::string> base = {"--headless", "--size", "640x360", "--hide-ui", "--aa", "off"};
    auto with = [&](std::initializer_list<std::string> more) {
        std::vector<std::string> args = base;
        args.insert(args.end(), more);
        const ProcessResult run = runPickray(args);
        EXPECT_EQ(run.exitCode, 0) << run.output;
    };
    with({"--screenshot", plain.string()});
    with({"--select", "ball", "--screenshot", selected.string()});
    with({"--hover", pixelArg(inside), "--screenshot", hovered.string()});
    EXPECT_LE(outlinedDirections(scene, ball, inside, loadPng(plain), looksSelected), 0);
    EXPECT_LE(outlinedDirections(scene, ball, inside, loadPng(plain), looksHovered), 0);
    EXPECT_GE(outlinedDirections(scene, ball, inside, loadPng(selected), looksSelected), 6);
    EXPECT_GE(outlinedDirections(scene, ball, inside, loadPng(hovered), looksHovered), 6);
}

TEST(Ui, APanelDraggedByItsTitleMovesAndResetLayoutPutsItBack) {
    const std::vector<std::string> moved = {"--headless", "--size", "1280x720", "--drag", "100,37,300,200"};
    const auto sceneAt = [](const json& r) {
        for (const json& p : r["window"]["panels"])
            if (p["name"] == "Scene") return glm::vec2(p["pos"][0].get<float>(), p["pos"][1].get<float>());
        ADD_FAILURE() << "no Scene panel";
        return glm::vec2(-1.0f);
    };
    const glm::vec2 home = sceneAt(runForReport("layout_home", {"--headless", "--size", "1280x720"}));
    std::vector<std::string> args = moved;
    args.insert(args.end(), {"--click", "114,10"});  // the View menu (its title's place is in the report)
    const json afterMove = runForReport("layout_moved", args);
    EXPECT_EQ(sceneAt(afterMove), home + glm::vec2(200, 163)) << "the panel follows its title bar";
    const auto reset =
        std::find_if(afterMove["window"]["tooltips"].begin(), afterMove["window"]["tooltips"].end(),
                     [](const json& t) { return t["text"].get<std::string>().rfind("Reset layout", 0) == 0; });
    ASSERT_NE(reset, afterMove["window"]["tooltips"].end()) << afterMove["window"].dump();
    args.insert(args.end(), {"--click", pixelArg(centreOf(*reset))});
    EXPECT_EQ(sceneAt(runForReport("layout_reset", args)), home) << "Reset layout puts it back";
    // And a moved panel stays where the user put it across a resize and back.
    args = moved;
    args.insert(args.end(), {"--resize", "1000x700", "--resize", "1280x720"});
    EXPECT_EQ(sceneAt(runForReport("layout_kept", args)), home + glm::vec2(200, 163));
    // The pixels: after the move, the panel is drawn at its new place (most of a 200x160 corner of
    // it differs from the picture without panels) and gone from its old one (the same corner of
    // its old place, clear of the new one, is the picture without panels exactly), where it was
    // drawn before the move.
    const fs::path plainPng = tempDir() / "layout_plain.png";
    const fs::path homePng = tempDir() / "layout_home.png";
    const fs::path movedPng = tempDir() / "layout_moved.png";
    const std::vector<std::string> still = {"--headless", "--size", "1280x720", "--no-stats"};
    const auto picture = [&](std::vector<std::string> more) {
        more.insert(more.begin(), still.begin(), still.end());
        EXPECT_EQ(runPickray(more).exitCode, 0);
        return loadPng(more.back());
    };
    const Image plain = picture({"--hide-ui", "--screenshot", plainPng.string()});
    const Image before = picture({"--screenshot", homePng.string()});
    const Image after = picture({"--drag", "100,37,300,200", "--screenshot", movedPng.string()});
    ASSERT_EQ(plain.width, 1280);
    const glm::ivec2 corner(200, 160);  // the new place is 200 right and 163 down: no overlap
    const glm::ivec2 oldMin(home);
    const glm::ivec2 newMin(home + glm::vec2(200, 163));
    const int area = corner.x * corner.y;
    EXPECT_GT(differingPixels(before, plain, oldMin, oldMin + corner), area / 2) << "drawn at home before";
    EXPECT_EQ(differingPixels(after, plain, oldMin, oldMin + corner), 0) << "gone from home after the move";
    EXPECT_GT(differingPixels(after, plain, newMin, newMin + corner), area / 2) << "drawn at its new place";
}

TEST(Ui, APictureAfterTheWindowGrowsIsThePictureOfAWindowMadeThatSize) {
    // SDL's offscreen surface does not grow with its window: a picture after a resize to a larger
    // size came out black beyond the old size.
    const fs::path grown = tempDir() / "grown.png";
    const fs::path direct = tempDir() / "direct.png";
    ASSERT_EQ(runPickray({"--headless", "--size", "320x180", "--no-stats", "--resize", "640x360", "--click", "300,200",
                          "--screenshot", grown.string()})
                  .exitCode,
              0);
    ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--no-stats", "--click", "300,200", "--screenshot",
                          direct.string()})
                  .exitCode,
              0);
    const Image a = loadPng(grown);
    const Image b = loadPng(direct);
    ASSERT_EQ(a.width, 640);
    ASSERT_EQ(a.height, 360);
    ASSERT_EQ(b.width, 640);
    int differing = 0;
    for (int y = 0; y < 360; ++y)
        for (int x = 0; x < 640; ++x) {
            const glm::ivec3 d = glm::abs(a.at(x, y) - b.at(x, y));
            if (std::max({d.r, d.g, d.b}) > 2) ++differing;
        }
    EXPECT_EQ(differing, 0);
}

TEST(Ui, TheEditMenusUndoAndRedoPutTheDeletedCrateBackAndTakeItAway) {
    std::vector<std::string> args = {"--headless", "--size", "1280x720", "--select", "crate",
                                     "--key",      "delete", "--click",  "70,10"};  // the Edit menu's title
    const json undo = controlWithTooltip("edit_menu", args, "Undo the last change");
    args.insert(args.end(), {"--click", pixelArg(centreOf(undo))});
    json r = runForReport("edit_undo", args);
    EXPECT_EQ(r["editor"]["undoSteps"], 0);
    EXPECT_EQ(r["frame"]["objects"], 7) << "the crate is back";
    EXPECT_EQ(r["editor"]["selection"], json::array({"crate"}));
    args.insert(args.end(), {"--click", "70,10"});
    const json redo = controlWithTooltip("edit_menu_again", args, "Redo what was undone");
    args.insert(args.end(), {"--click", pixelArg(centreOf(redo))});
    r = runForReport("edit_redo", args);
    EXPECT_EQ(r["editor"]["undoSteps"], 1);
    EXPECT_EQ(r["frame"]["objects"], 6) << "the crate is deleted again";
}

TEST(Ui, GenerateWithACountBelowOneIsRefusedWithAMessageAndChangesNothing) {
    std::vector<std::string> args = {"--headless", "--size", "1280x720"};
    const json count = controlWithTooltip("generate_count", args, "How many objects Generate makes");
    const json generate = controlWithTooltip("generate_button", args, "Generate: replace the scene");
    // Into the count field: select what is there, type -5, then press Generate.
    args.insert(args.end(), {"--click", pixelArg(centreOf(count)), "--key", "ctrl+a", "--type", "-5", "--click",
                             pixelArg(centreOf(generate))});
    const json r = runForReport("generate_refused", args);
    ASSERT_EQ(r["window"]["messages"].size(), 1u) << r["window"].dump();
    EXPECT_EQ(r["window"]["messages"][0].get<std::string>().rfind("error: generate refused: -5 objects", 0), 0u)
        << r["window"]["messages"].dump();
    EXPECT_EQ(r["frame"]["objects"], 7) << "the scene is as it was";
    EXPECT_EQ(r["editor"]["undoSteps"], 0);
}

TEST(Ui, TheUiScaleSliderTakesItsValueWhenLetGoAndThePanelsFollowIt) {
    // View > UI scale dragged from its left part to the right. Applied while held, the menu grew
    // under the cursor and the value ran away (it ended at 0.5).
    std::vector<std::string> args = {"--headless", "--size", "1280x720", "--click", "114,10"};  // the View menu
    const json before = runForReport("scale_menu", args);
    EXPECT_EQ(before["window"]["uiScale"], 1.0f);
    // The slider's row, below Reset layout (y = 215 at scale 1: View has 10 entries above it).
    args.insert(args.end(), {"--drag", "127,215,190,215", "--key", "esc"});
    const json r = runForReport("scale_dragged", args);
    const float scale = r["window"]["uiScale"];
    // The slider runs 0.5 to 3 over about 118 pixels from x = 100: 190 is three quarters along.
    EXPECT_GT(scale, 2.2f);
    EXPECT_LT(scale, 2.7f);
    // The text follows: the File menu's title, 44 pixels wide at scale 1 (a glyph's advance is a
    // whole number of pixels at any size, hence the tolerance).
    float width = 0.0f;
    for (const json& m : r["window"]["menus"])
        if (m["name"] == "File") width = m["size"][0];
    EXPECT_NEAR(width / 44.0f, scale, 0.05f);
    // The pixels: the word "File" in the menu bar, measured in the pictures at scale 1 and after the
    // drag (its ink: the columns of light pixels from the bar's left up to the first gap of 10
    // pixels a scale; between its letters the gaps are at most 5, before "Edit" about 20), is
    // `scale` times as wide.
    const fs::path atOne = tempDir() / "scale_one.png";
    const fs::path atScale = tempDir() / "scale_dragged.png";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--no-stats", "--screenshot", atOne.string()}).exitCode,
              0);
    args.insert(args.end(), {"--no-stats", "--screenshot", atScale.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    const auto inkWidth = [](const Image& image, float uiScale) {
        const int rows = static_cast<int>(19 * uiScale);  // the menu bar's height
        const int gap = static_cast<int>(std::ceil(10 * uiScale));
        int first = -1, last = -1;
        for (int x = 0; x < image.width && (last < 0 || x - last <= gap); ++x)
            for (int y = 0; y < rows; ++y)
                if (const glm::ivec3 c = image.at(x, y); std::min({c.r, c.g, c.b}) > 128) {
                    if (first < 0) first = x;
                    last = x;
                    break;
                }
        return first < 0 ? 0 : last - first + 1;
    };
    const int one = inkWidth(loadPng(atOne), 1.0f);
    const int scaled = inkWidth(loadPng(atScale), scale);
    std::printf("precision: \"File\" is %d pixels wide at UI scale 1, %d at %.3f (%.3f times)\n", one, scaled,
                double(scale), double(scaled) / one);
    ASSERT_GT(one, 10) << "the word is found in the menu bar";
    // The font is rasterised at its new size, not magnified: the ink scales, each end landing on a
    // whole pixel, so within a pixel at each end (2 pixels).
    EXPECT_LE(std::fabs(static_cast<float>(scaled) - scale * static_cast<float>(one)), 2.0f);
}

TEST(Ui, EscClosesAnOpenMenuFirstAndOnlyASecondEscClearsTheSelection) {
    // Each menu opened by a click on its title, the crate selected: Esc closed nothing and cleared
    // the selection. Now the first Esc closes the menu and does nothing else, the second clears.
    const std::vector<std::string> base = {"--headless", "--size", "1280x720", "--no-stats", "--select", "crate"};
    const json closed = runForReport("esc_closed", base);
    const std::size_t controls = closed["window"]["tooltips"].size();  // the panels' controls, no menu's
    int menus = 0;
    for (const json& menu : closed["window"]["menus"]) {
        const std::string name = menu["name"];
        std::vector<std::string> args = base;
        args.insert(args.end(), {"--click", pixelArg(centreOf(menu))});
        const json opened = runForReport("esc_open_" + name, args);
        EXPECT_GT(opened["window"]["tooltips"].size(), controls) << name << " did not open";
        args.insert(args.end(), {"--key", "esc"});
        const json once = runForReport("esc_once_" + name, args);
        EXPECT_EQ(once["editor"]["selection"], json::array({"crate"})) << name << ": the first Esc kept the selection";
        EXPECT_EQ(once["window"]["tooltips"].size(), controls) << name << ": the first Esc closed the menu";
        EXPECT_EQ(once["editor"]["undoSteps"], 0);
        args.insert(args.end(), {"--key", "esc"});
        EXPECT_EQ(runForReport("esc_twice_" + name, args)["editor"]["selection"], json::array())
            << name << ": the second Esc cleared the selection";
        ++menus;
    }
    EXPECT_EQ(menus, 4) << "File, Edit, View and Help";
    // The pixels: after the Esc the window is the one whose menu was never opened (the cursor
    // resting on the title, as the click left it), the crate's outline and every panel as they were.
    const json file = closed["window"]["menus"][0];
    const fs::path escPng = tempDir() / "esc_closed_menu.png";
    const fs::path hoverPng = tempDir() / "esc_never_opened.png";
    std::vector<std::string> args = base;
    args.insert(args.end(), {"--click", pixelArg(centreOf(file)), "--key", "esc", "--screenshot", escPng.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    args = base;
    args.insert(args.end(), {"--hover", pixelArg(centreOf(file)), "--screenshot", hoverPng.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    const Image esc = loadPng(escPng);
    ASSERT_EQ(esc.width, 1280);
    EXPECT_EQ(differingPixels(esc, loadPng(hoverPng)), 0) << "the menu is still drawn after Esc";
}

TEST(Ui, ANewlySelectedOutlinerRowIsScrolledFullyIntoView) {
    // 60 generated objects: the list shows about 8 rows at 1280x720. A row just past the list's
    // bottom edge (within the window padding) was not scrolled to and stayed cut in half.
    const fs::path names = tempDir() / "outliner_names.json";
    ASSERT_EQ(runPickray({"--headless", "--generate", "60", "--save", names.string()}).exitCode, 0);
    const json saved = readJson(names);
    std::vector<std::string> objects;
    for (const json& o : saved["objects"]) objects.push_back(o["name"]);
    ASSERT_EQ(objects.size(), 60u);
    // The first row, each row from the unscrolled list's bottom edge to past it, a row far down and
    // the last; then, from the list scrolled to row 45, each row from above its top to inside it.
    std::vector<std::vector<std::string>> selections;
    for (std::size_t i : {0u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 30u, 59u}) selections.push_back({objects[i]});
    for (std::size_t i : {37u, 38u, 39u, 40u, 41u, 42u}) selections.push_back({objects[45], objects[i]});
    const std::vector<std::string> base = {"--headless", "--size", "1280x720", "--generate", "60", "--no-stats"};
    int checked = 0;
    for (std::size_t c = 0; c < selections.size(); ++c) {
        std::vector<std::string> args = base;
        for (const std::string& name : selections[c])  // a --hover between: each --select a selection of its own
            args.insert(args.end(), {"--hover", "900,600", "--select", name});
        const fs::path png = tempDir() / ("outliner_row_" + std::to_string(c) + ".png");
        args.insert(args.end(), {"--screenshot", png.string()});
        const json r = runForReport("outliner_row_" + std::to_string(c), args);
        const std::string& selected = selections[c].back();
        ASSERT_EQ(r["editor"]["selection"], json::array({selected}));
        ASSERT_EQ(r["window"]["uiScale"], 1.0f);
        const auto scene = std::find_if(r["window"]["panels"].begin(), r["window"]["panels"].end(),
                                        [](const json& p) { return p["name"] == "Scene"; });
        ASSERT_NE(scene, r["window"]["panels"].end());
        const std::vector<glm::ivec2> bands = selectedRowBands(loadPng(png), *scene);
        // One row highlighted, all of it: at UI scale 1 a row is the font's 13 pixels and the item
        // spacing's 4 (the highlight reaches half of it above and below the text). Cut by the
        // list's edge, fewer rows of it show.
        ASSERT_EQ(bands.size(), 1u) << selected << ": " << bands.size() << " highlighted bands";
        EXPECT_EQ(bands[0].y, 17) << selected << ": its row shows " << bands[0].y << " of 17 pixels (at y "
                                  << bands[0].x << ")";
        ++checked;
    }
    EXPECT_EQ(checked, 17);
}

TEST(Ui, AMenuEntrysTooltipGoesBesideTheMenuNotOverItsShortcutsAndInsideTheWindow) {
    // ImGui puts a tooltip below and right of the cursor: on a menu entry, over the shortcut
    // column of the entry and of those below it. Each menu, its entry with the longest tooltip
    // hovered, at 1280x720 (room right of the menu); and File's at 640x360 (no room beside it:
    // below it).
    int menusRead = 0;
    int inkKept = 0;
    int widest = 0;
    for (const std::string size : {"1280x720", "640x360"}) {
        const std::vector<std::string> base = {"--headless", "--size", size, "--no-stats", "--select", "crate"};
        const json closed = runForReport("menu_tip_closed", base);
        for (const json& menu : closed["window"]["menus"]) {
            const std::string name = menu["name"];
            const std::string where = size + ", " + name;
            if (size == "640x360" && name != "File") continue;  // the widest tooltip, where no room is beside
            std::vector<std::string> open = base;
            open.insert(open.end(), {"--click", pixelArg(centreOf(menu))});
            const json opened = runForReport("menu_tip_open", open);
            // The menu's entries: the controls with tooltips that the closed menu had not.
            std::vector<json> entries;
            for (const json& t : opened["window"]["tooltips"])
                if (std::find(closed["window"]["tooltips"].begin(), closed["window"]["tooltips"].end(), t) ==
                    closed["window"]["tooltips"].end())
                    entries.push_back(t);
            ASSERT_FALSE(entries.empty()) << where << " did not open";
            Box items;
            for (const json& e : entries) {
                items.add(rectOf(e).min);
                items.add(rectOf(e).max - 1);
            }
            const json hovered = *std::max_element(entries.begin(), entries.end(), [](const json& a, const json& b) {
                return a["text"].get<std::string>().size() < b["text"].get<std::string>().size();
            });
            const std::string text = hovered["text"];
            // A: the entry hovered, its tooltip shown. B: the same menu open, the cursor on its title.
            const fs::path aPng = tempDir() / "menu_tip_shown.png";
            const fs::path bPng = tempDir() / "menu_tip_none.png";
            std::vector<std::string> args = open;
            args.insert(args.end(), {"--hover", pixelArg(centreOf(hovered)), "--screenshot", aPng.string()});
            ASSERT_EQ(runForReport("menu_tip_shown", args)["window"]["tooltipShown"], text) << where;
            args = open;
            args.insert(args.end(), {"--hover", pixelArg(centreOf(menu)), "--screenshot", bPng.string()});
            ASSERT_TRUE(runForReport("menu_tip_none", args)["window"]["tooltipShown"].is_null()) << where;
            const Image a = loadPng(aPng);
            const Image b = loadPng(bPng);
            ASSERT_EQ(a.width, b.width);
            // The menu's entries are as without the tooltip, but for the hovered one's highlight;
            // on that one every pixel of text (its label and its shortcut) still shows.
            const Box row = rectOf(hovered);
            EXPECT_EQ(differingPixels(a, b, items.min, items.max), differingPixels(a, b, row.min, row.max))
                << where << ": the tooltip covers other entries";
            int ink = 0, kept = 0;
            for (int y = row.min.y; y < row.max.y; ++y)
                for (int x = row.min.x; x < row.max.x; ++x)
                    if (looksLikeInk(b.at(x, y))) {
                        ++ink;
                        kept += looksLikeInk(a.at(x, y)) || !looksLikeTooltipBackground(a.at(x, y));
                    }
            EXPECT_GT(ink, 50) << where << ": the entry's text is read";
            EXPECT_EQ(kept, ink) << where << ": the tooltip covers the hovered entry's text";
            inkKept += kept;
            // The tooltip: what differs outside the menu's window (its entries and 8 pixels of
            // padding around them) and the menu bar is a box of the font's line, 13 pixels high and
            // 7 wide a character (ProggyClean), and ImGui's window padding of 8 all round: all of it
            // inside the window, none cut off by its edge. ImGui fits some a pixel wider than that
            // (printed below): 0 to 1 more.
            Box tip;
            for (int y = 19; y < a.height; ++y)
                for (int x = 0; x < a.width; ++x) {
                    const glm::ivec2 p(x, y);
                    if (p.x >= items.min.x - 8 && p.y >= items.min.y - 8 && p.x < items.max.x + 8 &&
                        p.y < items.max.y + 8)
                        continue;
                    const glm::ivec3 d = glm::abs(a.at(x, y) - b.at(x, y));
                    if (std::max({d.r, d.g, d.b}) > 2) tip.add(p);
                }
            const glm::ivec2 expected(7 * static_cast<int>(text.size()) + 16, 13 + 16);
            const glm::ivec2 extra = tip.max - tip.min - expected;
            EXPECT_TRUE(extra.x >= 0 && extra.x <= 1 && extra.y == 0)
                << where << ": the tooltip's box is " << extra.x << ", " << extra.y
                << " pixels larger than its text's, at (" << tip.min.x << ", " << tip.min.y << ")";
            widest = std::max(widest, extra.x);
            ++menusRead;
        }
    }
    std::printf(
        "precision: %d menus read, %d pixels of the hovered entries' text kept; the widest tooltip %d pixel "
        "wider than its text and padding\n",
        menusRead, inkKept, widest);
    EXPECT_EQ(menusRead, 5) << "four menus at 1280x720, one at 640x360";
}

TEST(Ui, ThePickPanelsNumbersAreNeverSplitNeverNegativeZeroAndFitTheirCells) {
    const fs::path scene = numbersScene();
    int pieces = 0, numbers = 0, scientific = 0, compared = 0;
    for (const char* scale : {"1", "1.56"}) {
        // A click left of the view's middle, low: on the ground, a little left of straight ahead;
        // then the Pick panel's scrollbar dragged to its end, where the table of spans is.
        const std::vector<std::string> script = {"--headless", "--size",  "800x500",      "--ui-scale", scale,
                                                 "--no-stats", "--scene", scene.string(), "--click",    "360,400"};
        // (Where the Pick panel is depends on the window's size and the UI scale only: measured in
        // the default scene, quicker to draw.)
        const json first = runForReport(std::string("numbers_place_") + scale,
                                        {"--headless", "--size", "800x500", "--ui-scale", scale, "--no-stats"});
        json pick;
        for (const json& p : first["window"]["panels"])
            if (p["name"] == "Pick") pick = p;
        ASSERT_FALSE(pick.is_null()) << first["window"]["panels"].dump();
        // The scrollbar's grab, at its top: 7 pixels in from the right edge (it is 14 wide), below
        // the title bar (under two lines high).
        const float lineHeight = first["window"]["lineHeight"].get<float>();
        const int x = static_cast<int>(pick["pos"][0].get<float>() + pick["size"][0].get<float>()) - 7;
        const int from = static_cast<int>(pick["pos"][1].get<float>() + 2.0f * lineHeight) + 6;
        const int to = static_cast<int>(pick["pos"][1].get<float>() + pick["size"][1].get<float>()) - 2;
        std::vector<std::string> args = script;
        std::string drag = pixelArg({x, from});
        drag += ',';
        drag += pixelArg({x, to});
        args.insert(args.end(), {"--drag", drag});
        const json r = runForReport(std::string("numbers_") + scale, args);
        ASSERT_EQ(r["clicks"].size(), 2u) << "the pick's and the scrollbar's";
        ASSERT_TRUE(r["clicks"][1]["onUi"]);
        ASSERT_EQ(r["clicks"][0]["picked"], "ground") << r["clicks"][0].dump();
        const float line = r["window"]["lineHeight"].get<float>();
        ASSERT_GT(line, 0.0f);
        const json& texts = r["window"]["numberTexts"];
        // cursor 4 pieces; ray origin, direction, point, normal 4 each; t 2; the spans' 2 rows of 2 cells.
        EXPECT_EQ(texts.size(), 4u + 4 * 4 + 2 + 4) << texts.dump();
        std::vector<std::string> all;
        for (const json& t : texts) {
            const std::string text = t["text"];
            // One line high: ImGui did not wrap it. Inside its room (the panel, or its column).
            EXPECT_EQ(t["size"][1].get<float>(), line) << "wrapped: " << text;
            EXPECT_LE(t["pos"][0].get<float>() + t["size"][0].get<float>(), t["roomRight"].get<float>())
                << "wider than its room: " << text;
            for (const std::string& n : numbersIn(text)) {
                ++numbers;
                scientific += n.find('e') != std::string::npos;
                if (std::strtod(n.c_str(), nullptr) == 0.0) {
                    EXPECT_NE(n[0], '-') << "a signed zero: " << text;
                }
                all.push_back(n);
            }
            ++pieces;
        }
        // The pieces hold whole numbers: read back, the ray and the hit are the report's to within
        // half a unit of each text's last digit (4 decimals, or the scientific form's last digit)
        // and the float's own rounding in the report (its relative 2^-24).
        const json& click = r["clicks"][0];
        const std::vector<double> expected = {
            click["ray"]["origin"][0],    click["ray"]["origin"][1],     click["ray"]["origin"][2],
            click["ray"]["direction"][0], click["ray"]["direction"][1],  click["ray"]["direction"][2],
            click["hits"][0]["t"],        click["hits"][0]["point"][0],  click["hits"][0]["point"][1],
            click["hits"][0]["point"][2], click["hits"][0]["normal"][0], click["hits"][0]["normal"][1],
            click["hits"][0]["normal"][2]};
        ASSERT_GE(all.size(), 4u + expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const std::string& n = all[4 + i];  // after the cursor's four numbers
            const std::size_t e = n.find('e');
            const std::string mantissa = n.substr(0, e);
            const std::size_t point = mantissa.find('.');
            const int decimals = point == std::string::npos ? 0 : static_cast<int>(mantissa.size() - point - 1);
            const int exponent = e == std::string::npos ? 0 : std::atoi(n.c_str() + e + 1);
            const double half = 0.5 * std::pow(10.0, exponent - decimals);
            EXPECT_LE(std::abs(std::strtod(n.c_str(), nullptr) - expected[i]), half + std::abs(expected[i]) * 0x1p-24)
                << n << " for " << expected[i];
            ++compared;
        }
    }
    std::printf("precision: %d pieces of text, %d numbers (%d scientific) read, %d compared with the report\n", pieces,
                numbers, scientific, compared);
    EXPECT_EQ(pieces, 2 * 26);
    EXPECT_EQ(compared, 2 * 13);
    EXPECT_GE(scientific, 2 * 5) << "the ray origin's x and the slab's enter and exit at least, both scales";
}

TEST(Ui, GenerateStartsWithAFluidSceneAndLargerSizesAreAChoice) {
    // The Scene panel's Generate, clicked at once, makes a scene that stays fluid on any machine:
    // a thousand objects. x10 twice makes 100,000; /10 once more, 10,000.
    const fs::path layout = tempDir() / "generate_default_layout.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--report", layout.string()}).exitCode, 0);
    const json controls = readJson(layout)["window"]["tooltips"];
    const auto control = [&](const std::string& tooltip) {
        for (const json& t : controls)
            if (t["text"].get<std::string>().rfind(tooltip, 0) == 0)
                return std::to_string(static_cast<int>(t["pos"][0].get<float>() + t["size"][0].get<float>() / 2)) +
                       "," + std::to_string(static_cast<int>(t["pos"][1].get<float>() + t["size"][1].get<float>() / 2));
        ADD_FAILURE() << "no control with the tooltip " << tooltip << " in " << controls.dump();
        return std::string("0,0");
    };
    const std::string generate = control("Generate: replace the scene");
    const std::string times10 = control("Ten times as many objects");
    const std::string tenth = control("A tenth as many objects");
    const auto objectsAfter = [&](const std::vector<std::string>& clicks) {
        std::vector<std::string> args = {"--headless", "--size", "1280x720"};
        for (const std::string& c : clicks) args.insert(args.end(), {"--click", c});
        const fs::path report = tempDir() / "generate_default.json";
        args.insert(args.end(), {"--click", generate, "--report", report.string()});
        EXPECT_EQ(runPickray(args).exitCode, 0);
        return readJson(report)["frame"]["objects"].get<std::size_t>();
    };
    EXPECT_EQ(objectsAfter({}), 1000u);
    EXPECT_EQ(objectsAfter({times10, times10, tenth}), 10000u);
}
