// SPDX-License-Identifier: MIT
// Recording a session as the frames run (session/recorder.hpp), read back by the session reader:
// a frame is kept only when something happened, a Close is not kept, files are named absolutely,
// settings, the observer's camera and the window size only when they change, the time from the
// start; a writer that fails stops the recording with a message. FrameInput: the window's input,
// or a replayed frame's in its place.
#include <chrono>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "session/recorder.hpp"

namespace fs = std::filesystem;
using namespace pickray::app;
using Clock = SessionRecorder::Clock;

namespace {

SessionStart startOf(glm::ivec2 window) {
    SessionStart start;
    start.windowSize = window;
    return start;
}

Session readBack(const fs::path& path) {
    const auto read = readSession(path.string());
    if (const auto* error = std::get_if<std::string>(&read)) ADD_FAILURE() << *error;
    return std::get<Session>(read);
}

TEST(SessionRecorder, KeepsOnlyFramesInWhichSomethingHappenedWithTheirTimeFromTheStart) {
    const fs::path path = fs::temp_directory_path() / "pickray_recorder_frames.json";
    const glm::ivec2 window(200, 100);
    const Clock::time_point t0{};
    {
        SessionWriter writer(path.string(), startOf(window));
        SessionRecorder recorder;
        recorder.start(&writer, t0, window, SessionSettings{});
        // Nothing happens: not written.
        recorder.beginFrame(t0 + std::chrono::milliseconds(100), window);
        EXPECT_TRUE(recorder.recording());
        EXPECT_FALSE(recorder.endFrame(SessionSettings{}).has_value());
        // A press and a Close: the press, not the Close; a panel had the mouse.
        recorder.beginFrame(t0 + std::chrono::milliseconds(1500), window);
        const std::vector<InputEvent> events{event::ButtonDown{MouseButton::Left, {10, 20}, {}}, event::Close{}};
        recorder.events(events);
        recorder.mouseOnUi(true);
        recorder.cameraMove(CameraMove{});  // none: not kept
        EXPECT_FALSE(recorder.endFrame(SessionSettings{}).has_value());
        // A Load by a relative path, a resize, changed settings, the observer's camera twice.
        recorder.beginFrame(t0 + std::chrono::seconds(2), glm::ivec2(300, 150));
        recorder.command(command::Load{"scenes/a.json"});
        pickray::scene::Camera observer;
        observer.eye = {1.0f, 2.0f, 3.0f};
        recorder.observerCamera(observer);
        SessionSettings changed;
        changed.mathPanel = true;
        EXPECT_FALSE(recorder.endFrame(changed).has_value());
        // The same camera and settings again, with no other change: nothing happened.
        recorder.beginFrame(t0 + std::chrono::seconds(3), glm::ivec2(300, 150));
        recorder.observerCamera(observer);
        EXPECT_FALSE(recorder.endFrame(changed).has_value());
        EXPECT_EQ(writer.framesWritten(), 2u);
    }
    const Session session = readBack(path);
    ASSERT_EQ(session.frames.size(), 2u);
    const SessionFrame& press = session.frames[0];
    EXPECT_DOUBLE_EQ(press.seconds, 1.5);
    ASSERT_EQ(press.events.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<event::ButtonDown>(press.events[0]));
    EXPECT_TRUE(press.mouseOnUi);
    EXPECT_FALSE(press.cameraMove.has_value());
    const SessionFrame& load = session.frames[1];
    EXPECT_DOUBLE_EQ(load.seconds, 2.0);
    EXPECT_EQ(load.windowSize, glm::ivec2(300, 150));
    ASSERT_EQ(load.commands.size(), 1u);
    const auto& loaded = std::get<command::Load>(load.commands[0]);
    EXPECT_EQ(fs::path(loaded.path), (fs::current_path() / "scenes/a.json").lexically_normal());
    ASSERT_TRUE(load.settings.has_value());
    EXPECT_TRUE(load.settings->mathPanel);
    ASSERT_TRUE(load.observerCamera.has_value());
    EXPECT_EQ(load.observerCamera->eye, glm::vec3(1.0f, 2.0f, 3.0f));
    fs::remove(path);
}

TEST(SessionRecorder, WithoutAWriterNothingIsRecorded) {
    SessionRecorder recorder;
    recorder.beginFrame(Clock::now(), {200, 100});
    EXPECT_FALSE(recorder.recording());
    recorder.command(command::Undo{});
    EXPECT_FALSE(recorder.endFrame(SessionSettings{}).has_value());
}

TEST(SessionRecorder, AWriterThatFailsStopsTheRecordingWithAMessage) {
    SessionWriter writer("/nonexistent-pickray-dir/session.json", startOf({200, 100}));
    ASSERT_TRUE(writer.error().has_value());
    SessionRecorder recorder;
    recorder.start(&writer, Clock::now(), {200, 100}, SessionSettings{});
    recorder.beginFrame(Clock::now(), {200, 100});
    recorder.command(command::Undo{});
    const std::optional<std::string> error = recorder.endFrame(SessionSettings{});
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->rfind("recording stopped: ", 0), 0u) << *error;
    recorder.beginFrame(Clock::now(), {200, 100});
    EXPECT_FALSE(recorder.recording());
}

TEST(FrameInput, TheWindowsInputUnlessAFrameIsReplayed) {
    FrameInput input;
    const std::vector<InputEvent> window{event::Leave{}};
    EXPECT_FALSE(input.replaying());
    EXPECT_EQ(input.events(window).size(), 1u);
    EXPECT_TRUE(input.mouseOnUi(true));
    EXPECT_FALSE(input.cameraMove().has_value());
    EXPECT_TRUE(input.commands().empty());
    EXPECT_FALSE(input.settings().has_value());

    SessionFrame replayed;
    replayed.events = {event::Wheel{2.0f}, event::Wheel{1.0f}};
    replayed.commands = {command::Undo{}};
    replayed.settings = SessionSettings{};
    input.replay(&replayed);
    EXPECT_TRUE(input.replaying());
    EXPECT_EQ(input.events(window).size(), 2u);
    EXPECT_FALSE(input.mouseOnUi(true));
    ASSERT_TRUE(input.cameraMove().has_value());  // a replayed frame moves the camera by its own move alone
    EXPECT_TRUE(input.cameraMove()->none());
    EXPECT_EQ(input.commands().size(), 1u);
    EXPECT_TRUE(input.settings().has_value());
    input.replay(nullptr);
    EXPECT_FALSE(input.replaying());
}

}  // namespace
