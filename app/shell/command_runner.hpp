// SPDX-License-Identifier: MIT
#pragma once
// The commands the panels, the menus and the keys return, applied. The editor's go to the Editor:
// a drag ends where indices change, --record-input keeps them, the recent files learn of a load or
// a save, and "Save first" goes on once its save went through. The window's are run here: Open and
// Save as (asking first, DocumentFiles), a screenshot, the panels hidden or shown, help, quit.

#include "editor/commands.hpp"
#include "editor/editor.hpp"
#include "panels/ui.hpp"
#include "session/recorder.hpp"
#include "shell/captures.hpp"
#include "shell/document_files.hpp"
#include "shell/messages.hpp"
#include "viewport/scene_view.hpp"

namespace pickray::app {

class CommandRunner {
public:
    /// The frame owner's parts the commands act on.
    struct Parts {
        Editor& editor;
        SceneView& view;
        UiState& ui;
        DocumentFiles& files;
        Captures& captures;
        SessionRecorder& recorder;
        const FrameInput& input;
        Messages& messages;
        bool& hideUi;  ///< the panels are hidden (H, --hide-ui)
    };
    /// `headless`: a script's run, which never asks before quitting and shows no hint for H.
    CommandRunner(const Parts& parts, bool headless) : p_(parts), headless_(headless) {}

    /// Applies `command` and says what came of it; false when refused (a question asked first
    /// counts as done).
    bool apply(const Command& command);
    bool applyToEditor(const EditorCommand& command);

    /// False once Quit went through.
    [[nodiscard]] bool running() const { return running_; }
    /// H hid the panels in a window of the user's: the view says how to get them back.
    [[nodiscard]] bool hiddenByUser() const { return hiddenByUser_; }

private:
    bool run(const command::Open& c);
    bool run(const command::SaveAs& c);
    bool run(const command::Screenshot& c);
    bool run(const command::ToggleUi& c);
    bool run(const command::ToggleHelp& c);
    bool run(const command::Quit& c);
    bool run(const command::ForgetMissingRecent& c);

    Parts p_;
    bool headless_ = false;
    bool running_ = true;
    bool hiddenByUser_ = false;
};

}  // namespace pickray::app
