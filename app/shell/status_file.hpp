// SPDX-License-Identifier: MIT
#pragma once
// --status FILE: after every frame of a window, one JSON object that a program driving the window
// (a test's xdotool script) waits on instead of sleeping: the frames run, the events handled,
// whether the window now sleeps until an event or asked to be woken, its title and its last
// redraw. The file is replaced whole each time (written beside it, then renamed), so a reader
// never sees half of one. docs/DEMO.md ("Driving a window") names the fields.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace pickray::app {

/// What one frame of a window did, as the frame owner saw it.
struct FrameStatus {
    std::size_t frames = 0;  ///< frames run so far, this one included
    std::size_t events = 0;  ///< the events SDL delivered in this frame
    /// What the frame pacer asked for after it: 0 the next frame at once, a time in seconds,
    /// infinity nothing until an event.
    double wait = 0.0;
    std::string title;
    /// This frame redrew the scene: whether approximately, and the settle rule's seconds since
    /// the camera last moved (none: it never moved).
    bool redrawn = false;
    bool approximate = false;
    std::optional<double> sinceCameraMoved;
    double now = 0.0;  ///< the frame's end, on the app's steady clock (seconds)
    /// What the Pick audit panel showed: "off" (View > Pick audit is off), "waiting" (for a still
    /// view), "running" or "shown" (the result of the view drawn).
    std::string audit;
    bool gizmoShown = true;  ///< View > Transform gizmo
};

class StatusFile {
public:
    using Say = std::function<void(std::string text, bool isError)>;
    /// `path` empty: nothing is written. A file that cannot be written is said once, by `say`.
    StatusFile(std::string path, Say say) : path_(std::move(path)), say_(std::move(say)) {}

    /// Counts `frame` in and rewrites the file.
    void frameDone(const FrameStatus& frame);
    /// The object last written, one line (empty before the first frame).
    [[nodiscard]] const std::string& text() const { return text_; }

private:
    void write();

    std::string path_;
    Say say_;
    std::string text_;
    bool failed_ = false;  ///< a write failed (said once)
    std::size_t events_ = 0;
    std::size_t timedWakes_ = 0;    ///< frames with no event after a timed wait: woken as asked
    std::size_t unaskedWakes_ = 0;  ///< frames with no event after a wait for events only (X traffic)
    std::size_t redraws_ = 0;
    double lastWait_ = 0.0;
    std::optional<double> eventsAt_;  ///< the end of the last frame with events
    struct Redrawn {
        bool approximate = false;
        std::optional<double> sinceInput;  ///< from the end of the last frame with events
        std::optional<double> sinceCameraMoved;
    };
    std::optional<Redrawn> lastRedraw_;
};

}  // namespace pickray::app
