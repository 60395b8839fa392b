// SPDX-License-Identifier: MIT
// The window's commands without a window (shell/command_runner.hpp, shell/document_files.hpp):
// Open and Save as ask first when something would be lost or replaced, the recent files learn of
// what went through, "Save first" goes on only after its save did, Quit asks while work is unsaved,
// H hides the panels, a command that ends a drag ends it, and a recording keeps what was applied.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "scene/scene_io.hpp"
#include "shell/command_runner.hpp"
#include "support/three_spheres.hpp"

namespace fs = std::filesystem;

namespace pickray::app {
namespace {

struct Window {
    explicit Window(bool script = false) : headless(script) {}
    bool headless;
    Editor editor{threeSpheres()};
    SceneView view;
    UiState ui;
    DocumentFiles files{fs::path("/nonexistent/default.json"), true};  // headless: no recent-files file
    Captures captures{1, [](std::string, bool) {}};
    SessionRecorder recorder;
    FrameInput input;
    std::ostringstream out, err;
    Messages messages{out, err};
    bool hideUi = false;
    CommandRunner runner{{editor, view, ui, files, captures, recorder, input, messages, hideUi}, headless};
};

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("pickray_commands_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

TEST(CommandRunner, OpenLoadsAtOnceWhenNothingIsUnsavedAndAsksFirstWhenSomethingIs) {
    const fs::path dir = scratch("open");
    const std::string file = (dir / "a.json").string();
    ASSERT_FALSE(scene::saveScene(threeSpheres(), file).has_value());
    Window w;
    EXPECT_TRUE(w.runner.apply(command::Open{file}));
    EXPECT_EQ(w.editor.documentPath(), file);
    EXPECT_EQ(w.files.recent(), std::vector<std::string>{fs::absolute(file).string()});
    EXPECT_FALSE(w.ui.confirmDiscard.has_value());
    // Unsaved work: asked first, nothing loaded.
    ASSERT_TRUE(w.runner.apply(command::Delete{0}));
    ASSERT_TRUE(w.editor.unsaved());
    EXPECT_TRUE(w.runner.apply(command::Open{file}));
    EXPECT_EQ(w.ui.confirmDiscard, file);
    EXPECT_EQ(w.editor.scene().objects.size(), 2u);
    // "Save first" whose save failed: refused.
    EXPECT_FALSE(w.runner.apply(command::Open{file, true}));
}

TEST(CommandRunner, SaveAsAsksBeforeReplacingAFileAndSaveFirstGoesOnOnlyAfterItsSave) {
    const fs::path dir = scratch("save_as");
    const std::string existing = (dir / "old.json").string();
    std::ofstream(existing) << "{}";
    Window w;
    EXPECT_TRUE(w.runner.apply(command::SaveAs{existing}));
    EXPECT_EQ(w.ui.confirmOverwrite, existing);
    std::stringstream kept;
    kept << std::ifstream(existing).rdbuf();
    EXPECT_EQ(kept.str(), "{}") << "not replaced before the answer";
    const std::string fresh = (dir / "new.json").string();
    // Unsaved, then Quit's "Save as...": the quit goes on once the save went through.
    ASSERT_TRUE(w.runner.apply(command::Delete{0}));
    w.ui.afterSave = Command{WindowCommand{command::Quit{true, true}}};
    EXPECT_TRUE(w.runner.apply(command::SaveAs{fresh}));
    EXPECT_TRUE(fs::exists(fresh));
    EXPECT_FALSE(w.editor.unsaved());
    EXPECT_FALSE(w.runner.running());
    EXPECT_FALSE(w.ui.afterSave.has_value());
    // A save that fails keeps the window open and asks nothing more.
    Window failing;
    ASSERT_TRUE(failing.runner.apply(command::Delete{0}));
    failing.ui.afterSave = Command{WindowCommand{command::Quit{true, true}}};
    EXPECT_FALSE(failing.runner.apply(command::Save{(dir / "missing-dir" / "x.json").string()}));
    EXPECT_TRUE(failing.runner.running());
    EXPECT_FALSE(failing.ui.afterSave.has_value());
    EXPECT_NE(failing.err.str().find("pickray: "), std::string::npos) << "the failure is said";
}

TEST(CommandRunner, QuitAsksWhileWorkIsUnsavedInAWindowButNotInAScript) {
    Window window;
    ASSERT_TRUE(window.runner.apply(command::Delete{0}));
    EXPECT_TRUE(window.runner.apply(command::Quit{}));
    EXPECT_TRUE(window.ui.confirmQuit);
    EXPECT_TRUE(window.runner.running());
    EXPECT_TRUE(window.runner.apply(command::Quit{true}));
    EXPECT_FALSE(window.runner.running());

    Window script(true);
    ASSERT_TRUE(script.runner.apply(command::Delete{0}));
    EXPECT_TRUE(script.runner.apply(command::Quit{}));
    EXPECT_FALSE(script.ui.confirmQuit);
    EXPECT_FALSE(script.runner.running());
}

TEST(CommandRunner, HHidesThePanelsAndOnlyAWindowOfTheUsersShowsTheHint) {
    Window window;
    EXPECT_TRUE(window.runner.apply(command::ToggleUi{}));
    EXPECT_TRUE(window.hideUi);
    EXPECT_TRUE(window.runner.hiddenByUser());
    EXPECT_TRUE(window.runner.apply(command::ToggleUi{}));
    EXPECT_FALSE(window.hideUi);
    EXPECT_FALSE(window.runner.hiddenByUser());
    Window script(true);
    EXPECT_TRUE(script.runner.apply(command::ToggleUi{}));
    EXPECT_TRUE(script.hideUi);
    EXPECT_FALSE(script.runner.hiddenByUser());
    EXPECT_TRUE(script.runner.apply(command::ToggleHelp{}));
    EXPECT_TRUE(script.ui.showHelp);
}

TEST(CommandRunner, ARecordingKeepsTheEditorsCommandsButNotAReplayedFramesOwn) {
    const fs::path dir = scratch("record");
    const fs::path path = dir / "s.json";
    {
        Window w;
        SessionWriter writer(path.string(), SessionStart{w.editor.scene(), "", {200, 100}, {}, {}});
        w.recorder.start(&writer, SessionRecorder::Clock::now(), {200, 100}, SessionSettings{});
        w.recorder.beginFrame(SessionRecorder::Clock::now(), {200, 100});
        EXPECT_TRUE(w.runner.apply(command::Delete{2}));
        EXPECT_FALSE(w.recorder.endFrame(SessionSettings{}).has_value());
        SessionFrame replayed;
        w.input.replay(&replayed);
        w.recorder.beginFrame(SessionRecorder::Clock::now(), {200, 100});
        EXPECT_TRUE(w.runner.apply(command::Delete{1}));
        EXPECT_FALSE(w.recorder.endFrame(SessionSettings{}).has_value());
        EXPECT_EQ(writer.framesWritten(), 1u);
    }
    const auto read = readSession(path.string());
    ASSERT_TRUE(std::holds_alternative<Session>(read));
    const Session& session = std::get<Session>(read);
    ASSERT_EQ(session.frames.size(), 1u);
    ASSERT_EQ(session.frames[0].commands.size(), 1u);
    EXPECT_EQ(std::get<command::Delete>(session.frames[0].commands[0]).object, 2u);
}

TEST(DocumentFiles, SaveWritesTheDocumentsFileButNeverTheBundledScene) {
    const fs::path dir = scratch("savable");
    const std::string bundled = (dir / "default.json").string();
    const std::string mine = (dir / "mine.json").string();
    ASSERT_FALSE(scene::saveScene(threeSpheres(), bundled).has_value());
    ASSERT_FALSE(scene::saveScene(threeSpheres(), mine).has_value());
    const DocumentFiles files(bundled, true);
    Editor editor(threeSpheres());
    EXPECT_EQ(files.savablePath(editor), "") << "a generated scene has no file";
    editor.setDocumentPath(bundled);
    EXPECT_EQ(files.savablePath(editor), "");
    editor.setDocumentPath((dir / "." / "default.json").string());
    EXPECT_EQ(files.savablePath(editor), "") << "the same file by another name";
    editor.setDocumentPath(mine);
    EXPECT_EQ(files.savablePath(editor), mine);
    EXPECT_EQ(DocumentFiles::title(editor), "mine.json - pickray");
    ASSERT_FALSE(editor.apply(command::Delete{0}).refused);
    EXPECT_EQ(DocumentFiles::title(editor), "*mine.json - pickray");
    EXPECT_EQ(DocumentFiles::title(Editor(threeSpheres())), "untitled - pickray");
}

}  // namespace
}  // namespace pickray::app
