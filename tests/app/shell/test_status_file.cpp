// SPDX-License-Identifier: MIT
// StatusFile (--status): what a driver of the window waits on, written after every frame, without
// a window: the frames and events counted, asleep or the wake asked for, wakes told apart, the
// last redraw on the app's clock; the file replaced whole; an unwritable path said once.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shell/status_file.hpp"

namespace pickray::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
constexpr double kNever = std::numeric_limits<double>::infinity();

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("pickray_status_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

json read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str());
}

FrameStatus frame(std::size_t n, std::size_t events, double wait, double now) {
    FrameStatus f;
    f.frames = n;
    f.events = events;
    f.wait = wait;
    f.title = "default.json - pickray";
    f.now = now;
    return f;
}

TEST(StatusFile, SaysTheFramesTheEventsAndWhetherTheWindowSleepsOrAskedToWake) {
    const fs::path dir = scratch("counts");
    const fs::path path = dir / "status.json";
    std::vector<std::string> said;
    StatusFile status(path.string(), [&](std::string text, bool) { said.push_back(std::move(text)); });
    status.frameDone(frame(1, 4, 0.0, 10.0));  // the window's first events
    json s = read(path);
    EXPECT_EQ(s["frames"], 1);
    EXPECT_EQ(s["events"], 4);
    EXPECT_FALSE(s["asleep"].get<bool>());
    EXPECT_EQ(s["wake"], 0.0) << "the next frame at once";
    EXPECT_FALSE(s["idle"].get<bool>());
    EXPECT_EQ(s["title"], "default.json - pickray");
    EXPECT_EQ(s["redraws"], 0);
    EXPECT_TRUE(s["lastRedraw"].is_null());
    status.frameDone(frame(2, 0, 0.0, 10.1));
    status.frameDone(frame(3, 2, kNever, 10.2));
    s = read(path);
    EXPECT_EQ(s["frames"], 3);
    EXPECT_EQ(s["events"], 6) << "events summed over the frames";
    EXPECT_TRUE(s["asleep"].get<bool>());
    EXPECT_TRUE(s["wake"].is_null());
    EXPECT_TRUE(s["idle"].get<bool>());
    EXPECT_FALSE(fs::exists(dir / "status.json.tmp")) << "written beside it, then renamed over it";
    EXPECT_EQ(status.text(), read(path).dump() + "\n");
    EXPECT_TRUE(said.empty());
}

TEST(StatusFile, TellsAWakeAskedForFromOneNobodyAskedFor) {
    StatusFile status("", [](std::string, bool) {});
    status.frameDone(frame(1, 3, 0.0, 0.0));
    status.frameDone(frame(2, 0, 0.25, 0.1));  // owed after events; then asks to be woken in 0.25 s
    const json asked = json::parse(status.text());
    EXPECT_TRUE(asked["idle"].get<bool>() && !asked["asleep"].get<bool>()) << asked.dump();
    EXPECT_EQ(asked["wake"], 0.25);
    status.frameDone(frame(3, 0, kNever, 0.4));  // woken as asked; then sleeps until an event
    json s = json::parse(status.text());
    EXPECT_EQ(s["timedWakes"], 1);
    EXPECT_EQ(s["unaskedWakes"], 0);
    status.frameDone(frame(4, 1, 0.5, 3.0));     // an event: neither
    status.frameDone(frame(5, 1, kNever, 3.1));  // an event cut the timed wait short: neither
    s = json::parse(status.text());
    EXPECT_EQ(s["timedWakes"], 1);
    EXPECT_EQ(s["unaskedWakes"], 0);
    status.frameDone(frame(6, 0, kNever, 9.0));  // no event after a wait for events only
    s = json::parse(status.text());
    EXPECT_EQ(s["timedWakes"], 1);
    EXPECT_EQ(s["unaskedWakes"], 1);
}

TEST(StatusFile, TheLastRedrawsKindAndAgeOnTheAppsClock) {
    StatusFile status("", [](std::string, bool) {});
    FrameStatus f = frame(1, 0, 0.0, 5.0);
    f.redrawn = true;
    status.frameDone(f);
    json s = json::parse(status.text());
    EXPECT_EQ(s["redraws"], 1);
    EXPECT_FALSE(s["lastRedraw"]["approximate"].get<bool>());
    EXPECT_TRUE(s["lastRedraw"]["sinceInput"].is_null()) << "no input yet";
    EXPECT_TRUE(s["lastRedraw"]["sinceCameraMoved"].is_null()) << "the camera never moved";
    status.frameDone(frame(2, 2, 0.0, 6.0));  // a wheel step, no redraw in this frame
    f = frame(3, 0, 0.125, 6.5);
    f.redrawn = true;
    f.approximate = true;
    f.sinceCameraMoved = 0.125;
    status.frameDone(f);
    status.frameDone(frame(4, 0, kNever, 7.0));  // nothing drawn: the last redraw stays
    s = json::parse(status.text());
    EXPECT_EQ(s["redraws"], 2);
    EXPECT_TRUE(s["lastRedraw"]["approximate"].get<bool>());
    EXPECT_EQ(s["lastRedraw"]["sinceInput"], 0.5);
    EXPECT_EQ(s["lastRedraw"]["sinceCameraMoved"], 0.125);
}

TEST(StatusFile, ATitleThatIsNotUtf8IsWrittenAsJsonStill) {
    StatusFile status("", [](std::string, bool) {});
    FrameStatus f = frame(1, 0, kNever, 0.0);
    f.title = "caf\xe9.json - pickray";
    status.frameDone(f);
    EXPECT_TRUE(json::accept(status.text())) << status.text();
}

TEST(StatusFile, AnUnwritablePathIsSaidOnceAndTheFramesGoOn) {
    const fs::path dir = scratch("unwritable");
    const fs::path path = dir / "no such folder" / "status.json";
    std::vector<std::string> said;
    StatusFile status(path.string(), [&](std::string text, bool isError) {
        EXPECT_TRUE(isError);
        said.push_back(std::move(text));
    });
    for (std::size_t n = 1; n <= 3; ++n) status.frameDone(frame(n, 0, kNever, 0.0));
    ASSERT_EQ(said.size(), 1u);
    EXPECT_NE(said[0].find("--status " + path.string()), std::string::npos) << said[0];
    EXPECT_NE(said[0].find("No such file or directory"), std::string::npos) << said[0];
    EXPECT_EQ(json::parse(status.text())["frames"], 3) << "still counted";
}

}  // namespace
}  // namespace pickray::app
