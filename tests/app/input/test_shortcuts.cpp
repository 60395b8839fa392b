// SPDX-License-Identifier: MIT
// The shortcut table: the chords editors use, one action per chord, labels as people write them,
// and the --key spelling read back.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "input/shortcuts.hpp"

namespace pickray::app {
namespace {

TEST(Shortcuts, TheChordsOfTheThreeJsEditorBlenderAndGodot) {
    // Written out here, independently of the table.
    const std::pair<const char*, Action> expected[] = {
        {"ctrl+z", Action::Undo},
        {"ctrl+shift+z", Action::Redo},
        {"ctrl+y", Action::Redo},
        {"delete", Action::DeleteSelection},
        {"ctrl+d", Action::DuplicateSelection},
        {"f", Action::FrameSelection},
        {"home", Action::FrameAll},
        {"esc", Action::ClearSelection},
        {"ctrl+s", Action::Save},
        {"h", Action::ToggleUi},
        {"f1", Action::Help},
        {"f12", Action::Screenshot},
        {"ctrl+q", Action::Quit},
        {"ctrl+o", Action::Open},
        {"ctrl+shift+s", Action::SaveAs},
        {"w", Action::GizmoMove},
        {"e", Action::GizmoRotate},
        {"r", Action::GizmoScale},
        {"q", Action::GizmoSpace},
        {"g", Action::ToggleGizmo},
        {"p", Action::PickAudit},
        {"m", Action::MathPanel},
        {"c", Action::Constructions},
        {"o", Action::ObserverView},
    };
    for (const auto& [spec, action] : expected) {
        const auto chord = parseKeySpec(spec);
        ASSERT_TRUE(chord) << spec;
        EXPECT_EQ(actionFor(*chord), action) << spec;
    }
    EXPECT_EQ(shortcuts().size(), std::size(expected)) << "every shortcut is checked above";
    EXPECT_FALSE(actionFor(*parseKeySpec("z"))) << "Z alone does nothing";
    EXPECT_FALSE(actionFor(*parseKeySpec("ctrl+f"))) << "modifiers must match";
}

TEST(Shortcuts, EveryChordHasOneActionAndALabelReadBackAsTheSameChord) {
    std::set<std::string> labels;
    for (const Shortcut& s : shortcuts()) {
        const std::string label = chordLabel(s.chord);
        EXPECT_TRUE(labels.insert(label).second) << label << " is bound twice";
        EXPECT_EQ(parseKeySpec(label), s.chord) << label;
    }
    EXPECT_EQ(chordLabel(*parseKeySpec("ctrl+shift+z")), "Ctrl+Shift+Z");
    EXPECT_EQ(shortcutLabel(Action::Redo), "Ctrl+Shift+Z") << "the first chord names the action";
    EXPECT_EQ(shortcutLabel(Action::DeleteSelection), "Delete");
}

TEST(Shortcuts, KeySpecsTakeAnyCaseAndRefuseWhatIsNoKey) {
    EXPECT_EQ(parseKeySpec("CTRL+Shift+z"), parseKeySpec("ctrl+shift+z"));
    EXPECT_EQ(parseKeySpec("escape"), parseKeySpec("esc"));
    EXPECT_EQ(parseKeySpec("del"), parseKeySpec("delete"));
    EXPECT_EQ(parseKeySpec("7")->key, SDLK_7);
    for (const char* bad : {"", "ctrl+", "+", "ctrl++", "super+z", "zz", "f13", "ctrl+shift"})
        EXPECT_FALSE(parseKeySpec(bad)) << bad;
}

}  // namespace
}  // namespace pickray::app
