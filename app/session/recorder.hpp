// SPDX-License-Identifier: MIT
#pragma once
// The two ends of a session as the frames run. SessionRecorder (--record-input) starts each
// frame's record, takes what the frame's parts took in at their places, and writes the frame if
// anything happened. FrameInput (--replay) is where a frame's input comes from: the window's, or a
// recorded frame's in its place. No SDL, no GL, no ImGui.

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "session/session.hpp"

namespace pickray::app {

/// `path` made absolute, as a recording names files (as given when that fails).
[[nodiscard]] std::string absolutePath(const std::string& path);

class SessionRecorder {
public:
    using Clock = std::chrono::steady_clock;
    /// From now on each frame in which something happens goes to `writer` (nullptr stops), its
    /// time counted from `now`; `windowSize` and `settings` are the recording's start's.
    void start(SessionWriter* writer, Clock::time_point now, glm::ivec2 windowSize, const SessionSettings& settings);
    /// This frame is being recorded.
    [[nodiscard]] bool recording() const { return frame_.has_value(); }

    /// A frame starts at `now` in a window `windowSize` big (a resize is recorded).
    void beginFrame(Clock::time_point now, glm::ivec2 windowSize);
    /// The events the views received (a Close is not kept: a replay does not quit by it).
    void events(std::span<const InputEvent> events);
    /// A panel had the mouse this frame (kept only with events: it says where presses went).
    void mouseOnUi(bool onUi);
    void cameraMove(const CameraMove& move);
    /// An editor command applied this frame; the files it names made absolute.
    void command(const EditorCommand& command);
    /// The observer's camera now (kept when it changed).
    void observerCamera(const scene::Camera& camera);
    void screenshot(bool withUi);
    /// Ends the frame with the view settings now: written if anything happened. A message when
    /// writing failed (the recording then stops).
    [[nodiscard]] std::optional<std::string> endFrame(const SessionSettings& settings);

private:
    SessionWriter* writer_ = nullptr;
    std::optional<SessionFrame> frame_;  ///< this frame, as it is being recorded
    Clock::time_point start_;
    glm::ivec2 windowSize_{0};               ///< the window size last recorded
    SessionSettings settings_;               ///< the view settings last recorded
    std::optional<scene::Camera> observer_;  ///< the observer's camera last recorded
};

class FrameInput {
public:
    /// The next frame's input is `frame`'s (its positions in this window's pixels); nullptr: the window's.
    void replay(const SessionFrame* frame) { replayed_ = frame; }
    [[nodiscard]] bool replaying() const { return replayed_ != nullptr; }

    /// The events the views get: the window's, or the recording's.
    [[nodiscard]] std::vector<InputEvent> events(std::vector<InputEvent> window) const {
        return replayed_ ? replayed_->events : window;
    }
    /// A panel has the mouse (a press picks nothing).
    [[nodiscard]] bool mouseOnUi(bool window) const { return replayed_ ? replayed_->mouseOnUi : window; }
    /// The main view's camera move in place of the one its events would make (none: the window's).
    [[nodiscard]] std::optional<CameraMove> cameraMove() const {
        return replayed_ ? std::optional(replayed_->cameraMove.value_or(CameraMove{})) : std::nullopt;
    }
    /// The editor commands applied in place of the keys' (none from the window: the keys give them).
    [[nodiscard]] std::span<const EditorCommand> commands() const {
        return replayed_ ? std::span<const EditorCommand>(replayed_->commands) : std::span<const EditorCommand>();
    }
    [[nodiscard]] const std::optional<SessionSettings>& settings() const {
        return replayed_ ? replayed_->settings : none_.settings;
    }
    [[nodiscard]] const std::optional<scene::Camera>& observerCamera() const {
        return replayed_ ? replayed_->observerCamera : none_.observerCamera;
    }

private:
    const SessionFrame* replayed_ = nullptr;
    SessionFrame none_;
};

}  // namespace pickray::app
