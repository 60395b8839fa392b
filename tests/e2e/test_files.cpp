// SPDX-License-Identifier: MIT
// Files end to end: open through the browser, save, save as onto an existing file, the shipped scene
// never overwritten, unsaved changes asked about before they are lost.
#include "editing_support.hpp"

using namespace e2e;      // NOLINT: the shared helpers read as part of the tests
using namespace editing;  // NOLINT

TEST(Files, CtrlOOpensAFileThroughTheBrowserAndSaveThenWritesThatFile) {
    const fs::path dir = folderWithScene("open");
    fs::create_directories(dir / "sub");
    fs::copy_file(dir / "scene.json", dir / "sub" / "other.json");
    const fs::path report = tempDir() / "open_report.json";
    // Into the folder by typing its path, then the file by its name; then edit and Ctrl+S.
    const ProcessResult run =
        runPickray({"--headless", "--size", "1280x720", "--key",      "ctrl+o", "--type",   (dir / "sub").string(),
                    "--key",      "enter",  "--type",   "other.json", "--key",  "enter",    "--select",
                    "ball",       "--key",  "delete",   "--key",      "ctrl+s", "--report", report.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_EQ(r["window"]["title"], "other.json - pickray") << "the title follows the opened file";
    EXPECT_FALSE(r["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(loadSaved(dir / "sub" / "other.json").objects.size(), loadDefaultScene().objects.size() - 1)
        << "Ctrl+S wrote the file that was opened";
    EXPECT_EQ(fileText(dir / "scene.json"), fileText(kDefaultScene)) << "and no other";
}

TEST(Files, SaveAsOntoAnExistingFileAsksAndEscKeepsTheFile) {
    const fs::path dir = folderWithScene("save_as");
    const std::string target = (dir / "scene.json").string();
    const fs::path asked = tempDir() / "save_as_asked.json";
    const fs::path askedPng = tempDir() / "save_as_asked.png";
    const fs::path kept = tempDir() / "save_as_kept.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--select", "ball", "--key", "delete", "--key",
                          "ctrl+shift+s", "--type", target, "--key", "enter", "--no-stats", "--screenshot",
                          askedPng.string(), "--report", asked.string()})
                  .exitCode,
              0);
    EXPECT_TRUE(has(panelNames(readJson(asked)), "Replace the file?")) << readJson(asked)["window"].dump();
    EXPECT_EQ(questionNotDrawn(askedPng, readJson(asked), "Replace the file?"), "");
    EXPECT_EQ(fileText(target), fileText(kDefaultScene)) << "nothing written while it asks";
    ASSERT_EQ(
        runPickray({"--headless", "--size", "1280x720", "--select", "ball", "--key", "delete", "--key", "ctrl+shift+s",
                    "--type", target, "--key", "enter", "--key", "esc", "--report", kept.string()})
            .exitCode,
        0);
    EXPECT_FALSE(has(panelNames(readJson(kept)), "Replace the file?"));
    EXPECT_EQ(fileText(target), fileText(kDefaultScene)) << "Esc: the file is kept";
    EXPECT_TRUE(readJson(kept)["editor"]["unsaved"].get<bool>());
}

TEST(Files, SaveAsOntoAnExistingFileEnterKeepsItAndTheReplaceButtonReplacesIt) {
    // Enter, pressed by habit, must not overwrite: it answers Cancel, the framed button whose
    // tooltip names Enter. The Replace button (where the report's tooltips say) replaces the file.
    const fs::path dir = folderWithScene("replace");
    const std::string target = (dir / "scene.json").string();
    const fs::path asking = tempDir() / "replace_asking.json";
    const fs::path report = tempDir() / "replace_report.json";
    const std::vector<std::string> ask = {"--headless", "--size", "1280x720", "--select",     "ball",
                                          "--key",      "delete", "--key",    "ctrl+shift+s", "--type",
                                          target,       "--key",  "enter"};
    const auto with = [&](std::vector<std::string> more) {
        std::vector<std::string> args = ask;
        args.insert(args.end(), more.begin(), more.end());
        return args;
    };
    ASSERT_EQ(runPickray(with({"--key", "enter", "--report", report.string()})).exitCode, 0);
    EXPECT_EQ(fileText(target), fileText(kDefaultScene)) << "Enter kept the file";
    EXPECT_FALSE(has(panelNames(readJson(report)), "Replace the file?")) << "Enter answered";
    EXPECT_TRUE(readJson(report)["editor"]["unsaved"].get<bool>());
    ASSERT_EQ(runPickray(with({"--report", asking.string()})).exitCode, 0);
    std::string replace;
    bool cancelIsEnter = false;
    const json controls = readJson(asking)["window"]["tooltips"];
    for (const json& t : controls) {
        if (t["text"] == "Overwrite " + target + " with this scene")
            replace = std::to_string(static_cast<int>(t["pos"][0].get<float>() + t["size"][0].get<float>() / 2)) + "," +
                      std::to_string(static_cast<int>(t["pos"][1].get<float>() + t["size"][1].get<float>() / 2));
        cancelIsEnter = cancelIsEnter || t["text"] == "Keep the file as it is (Enter)";
    }
    EXPECT_TRUE(cancelIsEnter) << controls.dump();
    ASSERT_FALSE(replace.empty()) << controls.dump();
    ASSERT_EQ(runPickray(with({"--click", replace, "--report", report.string()})).exitCode, 0);
    EXPECT_EQ(loadSaved(target).objects.size(), loadDefaultScene().objects.size() - 1);
    EXPECT_EQ(readJson(report)["window"]["title"], "scene.json - pickray") << "the document is the file saved";
    EXPECT_FALSE(readJson(report)["editor"]["unsaved"].get<bool>());
}

TEST(Files, SaveNeverOverwritesTheShippedSceneItAsksWhereInstead) {
    const std::string shipped = fileText(kDefaultScene);
    const fs::path report = tempDir() / "shipped_report.json";
    const fs::path picture = tempDir() / "shipped_report.png";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--select", "ball", "--key", "delete", "--key", "ctrl+s",
                          "--no-stats", "--screenshot", picture.string(), "--report", report.string()})
                  .exitCode,
              0);
    EXPECT_TRUE(has(panelNames(readJson(report)), "Save scene as")) << "Ctrl+S on the shipped scene is Save as";
    EXPECT_EQ(questionNotDrawn(picture, readJson(report), "Save scene as"), "");
    EXPECT_EQ(fileText(kDefaultScene), shipped) << "the shipped scene is untouched";
}

TEST(Files, OpeningWithUnsavedChangesAsksFirstAndCtrlZUndoesTheOpen) {
    const fs::path dir = folderWithScene("discard");
    const std::string other = (dir / "scene.json").string();
    const fs::path kept = tempDir() / "discard_kept.json";
    const fs::path opened = tempDir() / "discard_opened.json";
    const fs::path undone = tempDir() / "discard_undone.json";
    // Unsaved: the ball deleted. Esc at the question keeps the scene as it is.
    ASSERT_EQ(runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key",
                                 "enter", "--key", "esc", "--save", kept.string()},
                                false))
                  .exitCode,
              0);
    EXPECT_EQ(loadSaved(kept).objects.size(), loadDefaultScene().objects.size() - 1) << "Esc kept the edited scene";
    // Before Esc, the question is shown: listed in the report and drawn where it says.
    const fs::path asking = tempDir() / "discard_asking.json";
    const fs::path askingPng = tempDir() / "discard_asking.png";
    ASSERT_EQ(
        runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key", "enter",
                           "--no-stats", "--screenshot", askingPng.string(), "--report", asking.string()},
                          false))
            .exitCode,
        0);
    EXPECT_EQ(questionNotDrawn(askingPng, readJson(asking), "Discard the unsaved changes?"), "");
    // "Open anyway" (its button, where the report's tooltips say) opens it; Ctrl+Z puts the edited
    // scene back. (Enter is "Save first": discard_save_first's tests.)
    std::string openAnyway;
    const json askingReport = readJson(asking);
    for (const json& t : askingReport["window"]["tooltips"])
        if (t["text"] == "Open, losing the changes")
            openAnyway = std::to_string(static_cast<int>(t["pos"][0].get<float>() + t["size"][0].get<float>() / 2)) +
                         "," +
                         std::to_string(static_cast<int>(t["pos"][1].get<float>() + t["size"][1].get<float>() / 2));
    ASSERT_FALSE(openAnyway.empty()) << askingReport["window"]["tooltips"].dump();
    ASSERT_EQ(runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key",
                                 "enter", "--click", openAnyway, "--save", opened.string(), "--key", "ctrl+z", "--save",
                                 undone.string()},
                                false))
                  .exitCode,
              0);
    EXPECT_EQ(loadSaved(opened).objects.size(), loadDefaultScene().objects.size());
    EXPECT_EQ(fileText(undone), fileText(kept)) << "undoing the open gives the edited objects back";
}

TEST(Files, SaveFirstSavesToTheDocumentThenOpensAndOpensNothingIfThatSaveFails) {
    const fs::path dir = folderWithScene("discard_save_first");
    const fs::path document = dir / "scene.json";
    fs::copy_file(kDefaultScene, dir / "other.json");
    const std::string other = (dir / "other.json").string();
    const fs::path report = dir / "report.json";
    const std::size_t all = loadDefaultScene().objects.size();
    // The ball deleted, then Open: Enter answers "Save first".
    const auto run = [&](const std::string& scene) {
        return runPickray(script({"--scene", scene, "--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type",
                                  other, "--key", "enter", "--key", "enter", "--report", report.string()}));
    };
    ASSERT_EQ(run(document.string()).exitCode, 0);
    EXPECT_EQ(loadSaved(document).objects.size(), all - 1) << "saved first, without the ball";
    json r = readJson(report);
    EXPECT_EQ(r["window"]["title"], "other.json - pickray") << "then opened";
    EXPECT_FALSE(r["editor"]["unsaved"].get<bool>());
    // A save that fails (its temporary file's name taken by a folder) opens nothing: the edited
    // scene stays, unsaved, with the reason shown.
    const fs::path blocked = dir / "blocked.json";
    fs::copy_file(kDefaultScene, blocked);
    fs::create_directories(dir / "blocked.json.tmp");
    ASSERT_EQ(run(blocked.string()).exitCode, 0);
    r = readJson(report);
    EXPECT_EQ(r["window"]["title"], "*blocked.json - pickray") << "not opened";
    EXPECT_TRUE(r["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(loadSaved(blocked).objects.size(), all) << "the file as it was";
    EXPECT_FALSE(has(panelNames(r), "Discard the unsaved changes?")) << "not asked again either";
    ASSERT_FALSE(r["window"]["messages"].empty());
    EXPECT_NE(r["window"]["messages"].back().get<std::string>().find("save failed"), std::string::npos)
        << r["window"]["messages"].dump();
}

TEST(Files, SaveFirstWithoutADocumentGoesThroughSaveAsThenOpens) {
    const fs::path dir = folderWithScene("discard_save_as");
    const std::string other = (dir / "scene.json").string();
    const fs::path saved = dir / "kept.json";
    const fs::path report = dir / "report.json";
    // The shipped scene (Save never writes it): "Save first" asks where, then opens.
    ASSERT_EQ(
        runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key", "enter",
                           "--key", "enter", "--type", saved.string(), "--key", "enter", "--report", report.string()}))
            .exitCode,
        0);
    EXPECT_EQ(loadSaved(saved).objects.size(), loadDefaultScene().objects.size() - 1);
    EXPECT_EQ(readJson(report)["window"]["title"], "scene.json - pickray");
    // Esc in the browser: nothing saved, nothing opened.
    ASSERT_EQ(runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key",
                                 "enter", "--key", "enter", "--key", "esc", "--report", report.string()}))
                  .exitCode,
              0);
    EXPECT_EQ(readJson(report)["window"]["title"], "*default.json - pickray");
}

TEST(Files, ASizeOver1000TimesTheOthersMedianIsKeptWithAWarningBesideItsField) {
    // The ball's radius 1e30 (the others' sizes: 0.3 to 1.76, their median 0.9): the library takes
    // it, so loading and saving keep it; the Inspector says it stands out.
    const fs::path dir = tempDir() / "outsized";
    fs::create_directories(dir);
    std::string text = fileText(kDefaultScene);
    const std::string from = "\"center\": [-3.0, 1.0, 0.5], \"radius\": 1.0";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(), "\"center\": [-3.0, 1.0, 0.5], \"radius\": 1e30");
    const fs::path scene = dir / "scene.json";
    std::ofstream(scene) << text;
    const fs::path report = dir / "report.json";
    const fs::path saved = dir / "saved.json";
    ASSERT_EQ(runPickray(script({"--scene", scene.string(), "--select", "ball", "--save", saved.string(), "--report",
                                 report.string()},
                                false))
                  .exitCode,
              0);
    EXPECT_EQ(std::get<pickray::Sphere>(loadSaved(saved).objects[0].shape).radius, 1e30f) << "accepted as it is";
    const json warned = readJson(report)["window"]["sizeWarning"];
    ASSERT_TRUE(warned.is_string()) << warned;
    EXPECT_EQ(warned, "Size: its radius is 1e+30, more than 1000x the median size of the other objects (0.9)");
    // The others are ordinary: no warning (the crate, whose others' median includes the ball).
    ASSERT_EQ(runPickray(script({"--scene", scene.string(), "--select", "crate", "--report", report.string()}, false))
                  .exitCode,
              0);
    EXPECT_TRUE(readJson(report)["window"]["sizeWarning"].is_null());
}

TEST(Files, QuittingWithUnsavedChangesAsksInARealWindowUnderXvfb) {
    if (!xToolsInstalled()) return;
    XSession session("quit");
    const fs::path dir = session.dir();
    const fs::path scene = dir / "scene.json";
    fs::copy_file(kDefaultScene, scene);
    const fs::path config = dir / "config";
    const fs::path geometry = dir / "geometry.txt";
    const fs::path asking = dir / "asking.xwd";
    const fs::path answered = dir / "answered.xwd";
    // Delete the ball (Delete on the selection given by --select), Ctrl+Q: the question appears and
    // the program keeps running; Esc; Ctrl+Q again and Enter ("Save and quit"). The pointer, which
    // Xvfb draws in its screen, off the question; then the screen copied while the question is
    // shown, and again once Esc answered it.
    const XSession::Result r = session.options("--size 800x600 --scene scene.json --select ball")
                                   .keepScreen()
                                   .answerTheQuit()
                                   .move({600, 300})
                                   .key("Delete")
                                   .key("ctrl+q")
                                   .shell("kill -0 $PID\n")  // still running: it asked
                                   .move({10, 590})
                                   .shell(
                                       "xdotool getwindowgeometry --shell \"$WID\" > geometry.txt\n"
                                       "cp \"$SCREEN\" asking.xwd\n")
                                   .key("Escape")
                                   .shell("cp \"$SCREEN\" answered.xwd\n")
                                   .run();
    ASSERT_TRUE(r.ok) << r.output;
    // The question as it was shown: in the middle of the window, its title, its text and its three
    // answers (the scene has a file: "Save and quit", "Quit without saving", "Cancel"); gone once
    // answered.
    std::string measured;
    EXPECT_EQ(questionNotSeen(windowInScreen(asking, geometry), "Quit with unsaved changes?",
                              "The scene has changes that are not saved. Save them first?", 3, measured),
              "");
    std::printf("precision: the quit question read from the screen: %s\n", measured.c_str());
    EXPECT_NE(questionNotSeen(windowInScreen(answered, geometry), "Quit with unsaved changes?",
                              "The scene has changes that are not saved. Save them first?", 3, measured),
              "")
        << "the question is read after Esc answered it";
    EXPECT_EQ(loadSaved(scene).objects.size(), loadDefaultScene().objects.size() - 1) << "saved before quitting";
    // The save is remembered among the recent files, in the user's config folder.
    EXPECT_EQ(fileText(config / "pickray" / "recent-files"), fs::canonical(scene).string() + "\n");
}

TEST(Files, TheBrowserListsScenesOnlyAndAReportOpenedByNameSaysWhatItIs) {
    // A folder with a scene, and a report and a recorded session of pickray's beside it (written
    // by a run, as a user's folder gets them).
    const fs::path dir = folderWithScene("browser_kinds");
    ASSERT_EQ(runPickray(
                  {"--headless", "--size", "320x200", "--click", "160,100", "--report", (dir / "report.json").string()})
                  .exitCode,
              0);
    std::ofstream(dir / "session.json") << R"({"pickraySession": 1, "start": {}, "frames": []})";
    const fs::path browsing = tempDir() / "browser_kinds_browsing.json";
    const fs::path opened = tempDir() / "browser_kinds_opened.json";
    const std::vector<std::string> browse = {"--headless", "--size",     "1280x720", "--key", "ctrl+o",
                                             "--type",     dir.string(), "--key",    "enter"};
    std::vector<std::string> args = browse;
    args.insert(args.end(), {"--report", browsing.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    EXPECT_EQ(readJson(browsing)["window"]["browserRows"],
              json::array({"../", "scene.json", "Not shown: 1 report, 1 session"}));
    args = browse;
    args.insert(args.end(), {"--type", "report.json", "--key", "enter", "--report", opened.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    const json r = readJson(opened);
    EXPECT_EQ(r["window"]["title"], "default.json - pickray") << "the scene stays";
    ASSERT_FALSE(r["window"]["messages"].empty());
    EXPECT_NE(r["window"]["messages"].back().get<std::string>().find((dir / "report.json").string() +
                                                                     ": a report written by --report, not a scene"),
              std::string::npos)
        << r["window"]["messages"].dump();
}
