// SPDX-License-Identifier: MIT
#include "session/recorder.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <utility>
#include <variant>

namespace pickray::app {

std::string absolutePath(const std::string& path) {
    std::error_code error;
    const std::filesystem::path whole = std::filesystem::absolute(path, error);
    return error ? path : whole.lexically_normal().string();
}

void SessionRecorder::start(SessionWriter* writer, Clock::time_point now, glm::ivec2 windowSize,
                            const SessionSettings& settings) {
    writer_ = writer;
    start_ = now;
    windowSize_ = windowSize;
    settings_ = settings;
    observer_.reset();
}

void SessionRecorder::beginFrame(Clock::time_point now, glm::ivec2 windowSize) {
    frame_.reset();
    if (!writer_) return;
    frame_ = SessionFrame{};
    frame_->seconds = std::chrono::duration<double>(now - start_).count();
    if (windowSize != windowSize_ && glm::min(windowSize.x, windowSize.y) > 0)
        windowSize_ = *(frame_->windowSize = windowSize);
}

void SessionRecorder::events(std::span<const InputEvent> events) {
    if (!frame_) return;
    const auto closed = [](const InputEvent& e) { return std::holds_alternative<event::Close>(e); };
    std::remove_copy_if(events.begin(), events.end(), std::back_inserter(frame_->events), closed);
}

void SessionRecorder::mouseOnUi(bool onUi) {
    if (frame_) frame_->mouseOnUi = onUi && !frame_->events.empty();
}

void SessionRecorder::cameraMove(const CameraMove& move) {
    if (frame_ && !move.none()) frame_->cameraMove = move;
}

void SessionRecorder::command(const EditorCommand& command) {
    if (!frame_) return;
    // A recorded Load or Save names its file wherever the replay runs from.
    EditorCommand kept = command;
    if (auto* load = std::get_if<command::Load>(&kept)) load->path = absolutePath(load->path);
    if (auto* save = std::get_if<command::Save>(&kept)) save->path = absolutePath(save->path);
    frame_->commands.push_back(std::move(kept));
}

void SessionRecorder::observerCamera(const scene::Camera& camera) {
    if (frame_ && observer_ != camera) observer_ = frame_->observerCamera = camera;
}

void SessionRecorder::screenshot(bool withUi) {
    if (frame_) frame_->screenshot = withUi;
}

std::optional<std::string> SessionRecorder::endFrame(const SessionSettings& settings) {
    if (!frame_) return std::nullopt;
    if (settings != settings_) settings_ = *(frame_->settings = settings);
    SessionFrame frame = std::move(*frame_);
    frame_.reset();
    const bool happened = frame.windowSize || !frame.events.empty() || frame.cameraMove || !frame.commands.empty() ||
                          frame.settings || frame.observerCamera || frame.screenshot;
    if (!happened || writer_->add(frame)) return std::nullopt;
    std::string error = "recording stopped: " + writer_->error().value_or("could not write the session");
    writer_ = nullptr;
    return error;
}

}  // namespace pickray::app
