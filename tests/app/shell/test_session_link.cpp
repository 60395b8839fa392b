// SPDX-License-Identifier: MIT
// Where a session meets the frame owner (shell/session_link.hpp), without a window: a recording
// starts from the document, window and settings now; a replay's start selects and sets what it
// says; --hide-ui on the replay's command line keeps the panels hidden whatever the recording says.
#include <filesystem>

#include <gtest/gtest.h>

#include "shell/session_link.hpp"
#include "support/three_spheres.hpp"

namespace pickray::app {
namespace {

struct Link {
    Editor editor{threeSpheres()};
    UiState ui;
    bool hideUi = false;
    SessionRecorder recorder;
    SessionLink link{{editor, ui, hideUi, recorder}};
};

TEST(SessionLink, ARecordingStartsFromTheDocumentTheWindowAndTheSettingsNow) {
    Link l;
    l.editor.setDocumentPath("scenes/../a.json");
    l.editor.select(2, false);
    l.ui.mathPanel = true;
    const SessionStart start = l.link.start({640, 360});
    EXPECT_EQ(start.documentPath, (std::filesystem::current_path() / "a.json").string());
    EXPECT_EQ(start.windowSize, glm::ivec2(640, 360));
    EXPECT_EQ(start.selection, std::vector<std::size_t>{2});
    EXPECT_TRUE(start.settings.mathPanel);
    EXPECT_EQ(start.scene.objects.size(), 3u);
    Link untitled;
    EXPECT_EQ(untitled.link.start({640, 360}).documentPath, "") << "a scene with no file";
}

TEST(SessionLink, AReplaysStartSelectsAndSetsWhatItSays) {
    Link l;
    SessionStart start;
    start.selection = {0, 2};
    start.settings.constructions = true;
    start.settings.hideUi = true;
    l.link.startFrom(start);
    EXPECT_EQ(l.editor.selection(), (std::vector<std::size_t>{0, 2}));
    EXPECT_TRUE(l.ui.constructions);
    EXPECT_TRUE(l.hideUi);
    // A frame's settings show the panels again; a frame without settings changes nothing.
    SessionSettings shown;
    l.link.apply(shown);
    EXPECT_FALSE(l.hideUi);
    EXPECT_FALSE(l.ui.constructions);
    l.hideUi = true;
    l.link.apply(std::nullopt);
    EXPECT_TRUE(l.hideUi);
}

TEST(SessionLink, HideUiOnTheReplaysCommandLineKeepsThePanelsHidden) {
    Link l;
    l.hideUi = true;  // --hide-ui
    l.link.startFrom(SessionStart{});
    EXPECT_TRUE(l.hideUi) << "the start's settings show the panels";
    l.link.apply(SessionSettings{});
    EXPECT_TRUE(l.hideUi) << "a frame's settings show the panels";
    EXPECT_TRUE(l.link.settings().hideUi);
}

}  // namespace
}  // namespace pickray::app
