// SPDX-License-Identifier: MIT
#pragma once
// --record-input and --replay where they meet the frame owner: where a recording starts (the
// document, the window and the view settings now), a replay's start (its selection and settings),
// and a replayed frame's settings. --hide-ui on a replay's command line keeps the panels hidden
// whatever the recording's settings say: pictures of the view alone.

#include <optional>

#include <glm/vec2.hpp>

#include "editor/editor.hpp"
#include "panels/ui.hpp"
#include "session/recorder.hpp"
#include "session/session.hpp"

namespace pickray::app {

class SessionLink {
public:
    struct Parts {
        Editor& editor;
        UiState& ui;
        bool& hideUi;  ///< the panels are hidden (H, --hide-ui)
        SessionRecorder& recorder;
    };
    explicit SessionLink(const Parts& parts) : p_(parts) {}

    /// The document, the window (`windowSize`) and the view settings now: where a recording starts.
    [[nodiscard]] SessionStart start(glm::ivec2 windowSize) const;
    /// Each frame from now on in which something happens goes to `writer` (nullptr stops).
    void record(SessionWriter* writer, glm::ivec2 windowSize);
    /// A replay's start: its selection and view settings (its scene is the document's already).
    void startFrom(const SessionStart& start);
    /// A replayed frame's settings, if it has any.
    void apply(const std::optional<SessionSettings>& settings);
    /// The view settings now, as a session keeps them.
    [[nodiscard]] SessionSettings settings() const;

private:
    Parts p_;
    bool keepUiHidden_ = false;  ///< a replay with --hide-ui
};

}  // namespace pickray::app
