// SPDX-License-Identifier: MIT
// The session file (session.hpp): a hand-written file reads as what it says, every kind of event,
// command and move written and read back bit for bit, a file cut short by a kill, bad files named
// by frame and field, and positions at another window size.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include <gtest/gtest.h>

#include "cli/cli.hpp"
#include "session/session.hpp"

namespace fs = std::filesystem;
using namespace pickray::app;

namespace {

fs::path temp(const std::string& name) { return fs::temp_directory_path() / ("pickray_session_" + name); }

std::string text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const char* kHeader = R"({"pickraySession": 1,
"start": {"window": [200, 100], "document": "/d/scene.json", "selection": [1],
  "settings": {"gizmo": "rotate", "gizmoSpace": "local", "pickAudit": false, "mathPanel": true,
    "constructions": false, "mathOfHover": false, "analyticRenderer": true, "fxaa": false, "naiveRay": false,
    "help": false, "hideUi": true, "observer": "pip"},
  "scene": {"objects": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1},
                        {"name": "b", "type": "sphere", "center": [3, 0, 0], "radius": 0.5}]}},
"frames": [
)";

std::variant<Session, std::string> parse(const std::string& frames) {
    return parseSession(std::string(kHeader) + frames + "\n]}\n", "t.json");
}

TEST(Session, AHandWrittenFileReadsAsItSays) {
    // Shares of a 200x100 window: (0.5 + x) / 200 is pixel x's centre.
    const auto read = parse(
        R"({"t": 0.5, "events": [{"press": "left", "at": [0.0525, 0.995], "held": ["ctrl", "alt"]},)"
        R"( {"release": "middle", "at": [-0.0025, 1.5], "held": []}, {"move": [0.9975, 0.005], "held": ["shift"]},)"
        R"( {"wheel": -2.5}, {"leave": true}, {"key": "Ctrl+Z", "code": 122, "held": ["ctrl"]}, {"keyUp": []}],)"
        R"( "mouseOnUi": true},)"
        "\n"
        R"({"t": 1, "window": [400, 300], "events": [{"move": [0.50125, 0.5]}],)"
        R"( "camera": {"zoom": 1, "orbit": [0.25, -0.5], "pan": {"x": 3, "y": -4, "ofHeight": 300}},)"
        R"( "commands": [{"select": {"object": null, "additive": true}}, {"add": "capsule"}, {"undo": true},)"
        R"( {"frame": {"all": true, "aspect": 2}}, {"generate": 7}, {"save": "/x/y.json"}],)"
        R"( "screenshot": {"withUi": false}})");
    ASSERT_TRUE(std::holds_alternative<Session>(read)) << std::get<std::string>(read);
    const Session& s = std::get<Session>(read);
    EXPECT_TRUE(s.complete);
    EXPECT_EQ(s.start.windowSize, glm::ivec2(200, 100));
    EXPECT_EQ(s.start.documentPath, "/d/scene.json");
    ASSERT_EQ(s.start.scene.objects.size(), 2u);
    EXPECT_EQ(s.start.scene.objects[1].name, "b");
    EXPECT_EQ(s.start.selection, std::vector<std::size_t>{1});
    EXPECT_EQ(s.start.settings.gizmoMode, GizmoMode::Rotate);
    EXPECT_EQ(s.start.settings.gizmoSpace, GizmoSpace::Local);
    EXPECT_TRUE(s.start.settings.mathPanel);
    EXPECT_FALSE(s.start.settings.fxaa);
    EXPECT_TRUE(s.start.settings.hideUi);
    EXPECT_EQ(s.start.settings.observer, ObserverMode::Inset);
    EXPECT_TRUE(s.start.settings.gizmoShown) << "a file without the field: shown, as before it could be hidden";
    ASSERT_EQ(s.frames.size(), 2u);

    const SessionFrame& f = s.frames[0];
    EXPECT_EQ(f.seconds, 0.5);
    EXPECT_TRUE(f.mouseOnUi);
    ASSERT_EQ(f.events.size(), 7u);
    const auto& press = std::get<event::ButtonDown>(f.events[0]);
    EXPECT_EQ(press.button, MouseButton::Left);
    EXPECT_EQ(press.at, glm::ivec2(10, 99));
    EXPECT_TRUE(press.held.ctrl && press.held.alt && !press.held.shift);
    const auto& release = std::get<event::ButtonUp>(f.events[1]);
    EXPECT_EQ(release.button, MouseButton::Middle);
    EXPECT_EQ(release.at, glm::ivec2(-1, 150)) << "a drag held past the window's edge";
    EXPECT_EQ(std::get<event::Motion>(f.events[2]).at, glm::ivec2(199, 0));
    EXPECT_TRUE(std::get<event::Motion>(f.events[2]).held.shift);
    EXPECT_EQ(std::get<event::Wheel>(f.events[3]).steps, -2.5f);
    EXPECT_TRUE(std::holds_alternative<event::Leave>(f.events[4]));
    const KeyChord chord = std::get<event::KeyDown>(f.events[5]).chord;
    EXPECT_EQ(chord.key, SDLK_z);
    EXPECT_TRUE(chord.ctrl && !chord.shift && !chord.alt);
    EXPECT_FALSE(std::get<event::KeyUp>(f.events[6]).held.ctrl);

    const SessionFrame& g = s.frames[1];
    EXPECT_EQ(g.windowSize, glm::ivec2(400, 300));
    EXPECT_EQ(std::get<event::Motion>(g.events[0]).at, glm::ivec2(200, 150)) << "in the resized window's pixels";
    ASSERT_TRUE(g.cameraMove);
    EXPECT_EQ(g.cameraMove->zoomSteps, 1.0f);
    EXPECT_EQ(g.cameraMove->orbitRadians, glm::vec2(0.25f, -0.5f));
    EXPECT_EQ(g.cameraMove->panPixels, glm::vec2(3.0f, -4.0f));
    EXPECT_EQ(g.cameraMove->panDrawableHeight, 300.0f);
    ASSERT_EQ(g.commands.size(), 6u);
    const auto& select = std::get<command::Select>(g.commands[0]);
    EXPECT_FALSE(select.object);
    EXPECT_TRUE(select.additive);
    EXPECT_EQ(std::get<command::Add>(g.commands[1]).kind, pickray::Shape(pickray::Capsule{}).index());
    EXPECT_TRUE(std::holds_alternative<command::Undo>(g.commands[2]));
    EXPECT_TRUE(std::get<command::Frame>(g.commands[3]).all);
    EXPECT_EQ(std::get<command::Frame>(g.commands[3]).aspect, 2.0f);
    EXPECT_EQ(std::get<command::Generate>(g.commands[4]).count, 7);
    EXPECT_EQ(std::get<command::Save>(g.commands[5]).path, "/x/y.json");
    EXPECT_EQ(g.screenshot, std::optional<bool>(false));
}

TEST(Session, EveryKindWrittenAsItGoesReadsBackBitForBit) {
    SessionStart start;
    start.windowSize = {333, 177};
    start.documentPath = "/a/b.json";
    start.scene.camera.eye = {0.1f, 1.0f / 3.0f, 1e-7f};
    pickray::scene::Object box;
    box.name = "box";
    box.shape = pickray::OrientedBox{};
    box.placement.rotationDegrees = {10.1f, 0.3f, 1.0f / 7.0f};
    box.placement.shear = {0.1f, 0.0f, 0.2f};
    start.scene.objects = {box};
    start.selection = {0};
    start.settings.constructions = true;

    SessionFrame a;
    a.seconds = 0.123456789;
    // Every pixel of the window's corners and middle reads back as itself.
    for (const glm::ivec2 p : {glm::ivec2(0, 0), glm::ivec2(332, 176), glm::ivec2(166, 88), glm::ivec2(-5, 200)})
        a.events.push_back(event::Motion{p, {}});
    a.events.push_back(event::KeyDown{KeyChord{SDLK_LCTRL, true, false, false}});
    a.mouseOnUi = true;
    a.cameraMove = CameraMove{0.5f, {-0.008f * 3.0f, 0.008f}, {1.0f / 3.0f, 2.0f}, 177.0f};
    pickray::scene::Object edited = box;
    edited.placement.position = {1.0f / 3.0f, -2.0f / 7.0f, 1e-30f};
    a.commands = {command::Edit{0, edited, true},
                  command::Rename{0, "bo\"x"},
                  command::SetCamera{start.scene.camera},
                  command::Delete{0},
                  command::Duplicate{0},
                  command::Load{"/l.json"},
                  command::ClearPick{},
                  command::DeleteSelection{},
                  command::DuplicateSelection{},
                  command::ClearSelection{},
                  command::Redo{}};
    a.settings = start.settings;
    a.settings->observer = ObserverMode::Main;
    a.settings->gizmoShown = false;
    a.observerCamera = start.scene.camera;
    a.observerCamera->near = 0.3f;
    SessionFrame b;
    b.seconds = 2.0;
    b.windowSize = glm::ivec2(100, 50);
    b.events.push_back(event::ButtonDown{MouseButton::Right, {99, 49}, {false, true, false}});

    const fs::path path = temp("round_trip.json");
    {
        SessionWriter writer(path.string(), start);
        ASSERT_FALSE(writer.error());
        EXPECT_TRUE(writer.add(a));
        EXPECT_TRUE(writer.add(b));
    }
    const auto read = readSession(path.string());
    ASSERT_TRUE(std::holds_alternative<Session>(read)) << std::get<std::string>(read);
    const Session& s = std::get<Session>(read);
    EXPECT_TRUE(s.complete);
    EXPECT_EQ(s.start.windowSize, start.windowSize);
    EXPECT_EQ(s.start.documentPath, start.documentPath);
    EXPECT_EQ(s.start.selection, start.selection);
    EXPECT_EQ(s.start.settings, start.settings);
    EXPECT_EQ(s.start.scene.camera, start.scene.camera);
    ASSERT_EQ(s.start.scene.objects.size(), 1u);
    EXPECT_EQ(s.start.scene.objects[0].placement.rotationDegrees, box.placement.rotationDegrees);
    EXPECT_EQ(s.start.scene.objects[0].placement.shear, box.placement.shear);
    ASSERT_EQ(s.frames.size(), 2u);
    const SessionFrame& ra = s.frames[0];
    EXPECT_EQ(ra.seconds, a.seconds);
    ASSERT_EQ(ra.events.size(), a.events.size());
    for (std::size_t i = 0; i < 4; ++i)
        EXPECT_EQ(std::get<event::Motion>(ra.events[i]).at, std::get<event::Motion>(a.events[i]).at) << i;
    EXPECT_EQ(std::get<event::KeyDown>(ra.events[4]).chord, std::get<event::KeyDown>(a.events[4]).chord);
    EXPECT_TRUE(ra.mouseOnUi);
    EXPECT_EQ(ra.cameraMove, a.cameraMove);
    ASSERT_EQ(ra.commands.size(), a.commands.size());
    const auto& redit = std::get<command::Edit>(ra.commands[0]);
    EXPECT_EQ(redit.value.placement.position, edited.placement.position);
    EXPECT_EQ(redit.value.placement.shear, edited.placement.shear);
    EXPECT_TRUE(redit.continuesGesture);
    EXPECT_EQ(std::get<command::Rename>(ra.commands[1]).name, "bo\"x");
    EXPECT_EQ(std::get<command::SetCamera>(ra.commands[2]).camera, start.scene.camera);
    EXPECT_EQ(std::get<command::Load>(ra.commands[5]).path, "/l.json");
    for (std::size_t i = 0; i < a.commands.size(); ++i) EXPECT_EQ(ra.commands[i].index(), a.commands[i].index()) << i;
    EXPECT_EQ(ra.settings, a.settings);
    EXPECT_EQ(ra.observerCamera, a.observerCamera);
    const SessionFrame& rb = s.frames[1];
    EXPECT_EQ(rb.windowSize, glm::ivec2(100, 50));
    const auto& press = std::get<event::ButtonDown>(rb.events[0]);
    EXPECT_EQ(press.at, glm::ivec2(99, 49)) << "relative to the resized window";
    EXPECT_EQ(press.button, MouseButton::Right);
    EXPECT_TRUE(press.held.shift);
}

TEST(Session, AFileCutShortByAKillLosesAtMostItsLastLine) {
    SessionStart start;
    start.windowSize = {64, 64};
    const fs::path path = temp("cut.json");
    {
        SessionWriter writer(path.string(), start);
        for (int i = 0; i < 3; ++i) {
            SessionFrame f;
            f.seconds = i;
            f.events.push_back(event::Wheel{static_cast<float>(i + 1)});
            writer.add(f);
        }
    }
    const std::string whole = text(path);
    ASSERT_TRUE(whole.ends_with("\n]}\n"));
    const auto framesOf = [](const std::string& t) {
        const auto read = parseSession(t, "cut.json");
        if (const auto* why = std::get_if<std::string>(&read)) return std::pair{-1, *why};
        return std::pair{static_cast<int>(std::get<Session>(read).frames.size()),
                         std::string(std::get<Session>(read).complete ? "complete" : "cut")};
    };
    EXPECT_EQ(framesOf(whole), std::pair(3, std::string("complete")));
    // Killed after the last frame's line was flushed: all three.
    EXPECT_EQ(framesOf(whole.substr(0, whole.size() - 4)), std::pair(3, std::string("cut")));
    // Killed in the middle of the last line: the two before it.
    const std::size_t lastLine = whole.rfind("{\"events\"");
    EXPECT_EQ(framesOf(whole.substr(0, lastLine + 12)), std::pair(2, std::string("cut")));
    // Killed right after the header: no frames, still a session.
    EXPECT_EQ(framesOf(whole.substr(0, whole.find("\"frames\": [") + 12)), std::pair(0, std::string("cut")));
    // In the header: not a session.
    const auto half = framesOf(whole.substr(0, 40));
    EXPECT_EQ(half.first, -1);
    EXPECT_NE(half.second.find("cut.json: not a session file (not valid JSON"), std::string::npos) << half.second;
}

TEST(Session, AFileThatCannotBeWrittenSaysSoAndTakesNothingMore) {
    SessionStart start;
    start.windowSize = {8, 8};
    for (const std::string& path : {std::string("/dev/full"), fs::temp_directory_path().string()}) {
        SessionWriter writer(path, start);
        ASSERT_TRUE(writer.error()) << path;
        EXPECT_EQ(*writer.error(), path + ": could not write the file");
        EXPECT_FALSE(writer.add(SessionFrame{}));
        EXPECT_EQ(writer.framesWritten(), 0u);
    }
}

TEST(Session, ABadFileIsRefusedNamingTheFrameAndTheField) {
    const auto why = [](const std::variant<Session, std::string>& r) {
        return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string("read");
    };
    EXPECT_EQ(why(parse(R"({"t": 0, "events": [{"press": "left", "at": [0.5], "held": []}]})")),
              "t.json: frames[0].events[0]: field \"at\": expected [x, y], shares of the window (0 to 1 inside it)");
    EXPECT_EQ(why(parse(R"({"t": 0}, {"t": 1, "events": [{"press": "thumb", "at": [0, 0], "held": []}]})")),
              "t.json: frames[1].events[0]: field \"press\": \"thumb\" is not \"left\", \"right\" or \"middle\"");
    EXPECT_EQ(why(parse(R"({"events": []})")), "t.json: frames[0]: field \"t\": missing");
    EXPECT_EQ(why(parse(R"({"t": 0, "commands": [{"fly": true}]})")),
              "t.json: frames[0].commands[0]: \"fly\" is not a command");
    EXPECT_EQ(why(parse(R"({"t": 0, "commands": [{"delete": -1}]})")),
              "t.json: frames[0].commands[0].delete: field \"object\": expected an object's index (a whole number "
              "from 0)");
    const std::string badEdit =
        why(parse(R"({"t": 0, "commands": [{"edit": {"object": 0, "continuesGesture": false,)"
                  R"( "value": {"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": -1}}}]})"));
    EXPECT_NE(badEdit.find("t.json: frames[0].commands[0].edit.value"), std::string::npos) << badEdit;
    EXPECT_NE(badEdit.find("radius"), std::string::npos) << badEdit;
    EXPECT_EQ(why(parse(R"({"t": 0, "window": [0, 10]})")),
              "t.json: frames[0]: field \"window\": expected [width, height], whole numbers from 1 to 16384");
    EXPECT_EQ(why(parse(R"({"t": 0, "camera": {"pan": {"x": 1, "y": 1, "ofHeight": 0}}})")),
              "t.json: frames[0].camera.pan: field \"ofHeight\": must be above 0");
    EXPECT_EQ(why(parseSession("{\"frames\": []}", "x.json")),
              "x.json: not a session file (no \"pickraySession\" field; pickray --record-input writes them)");
    EXPECT_EQ(why(parseSession("{\"pickraySession\": 2}", "x.json")),
              "x.json: session format 2 is not 1, the one this pickray reads");
    std::string outOfRange = kHeader;
    outOfRange.replace(outOfRange.find("\"selection\": [1]"), 16, "\"selection\": [5]");
    EXPECT_EQ(why(parseSession(outOfRange + "]}", "x.json")),
              "x.json: start: field \"selection\": 5 is not an object of the scene (it has 2)");
    EXPECT_EQ(why(readSession(temp("missing.json").string())).rfind(temp("missing.json").string() + ": cannot read", 0),
              0u);
}

// The largest window the command line makes (--resize) is written and read back, at the start
// and in a frame; one pixel more is refused.
TEST(Session, TheLargestWindowTheCommandLineMakesReadsBack) {
    SessionStart start;
    start.windowSize = {kMaxResize, kMaxResize};
    const fs::path path = temp("largest.json");
    {
        SessionWriter writer(path.string(), start);
        SessionFrame f;
        f.windowSize = glm::ivec2(1, kMaxResize);
        ASSERT_TRUE(writer.add(f));
    }
    const auto read = readSession(path.string());
    ASSERT_TRUE(std::holds_alternative<Session>(read)) << std::get<std::string>(read);
    const Session& s = std::get<Session>(read);
    EXPECT_EQ(s.start.windowSize, glm::ivec2(kMaxResize, kMaxResize));
    ASSERT_EQ(s.frames.size(), 1u);
    EXPECT_EQ(s.frames[0].windowSize, glm::ivec2(1, kMaxResize));
    fs::remove(path);
    const std::string tooLarge = "{\"t\": 0, \"window\": [" + std::to_string(kMaxResize + 1) + ", 1]}";
    EXPECT_TRUE(std::holds_alternative<std::string>(parse(tooLarge)));
}

TEST(Session, PositionsMoveToTheSamePlaceInAWindowOfAnotherSize) {
    // The same size: every pixel is itself.
    for (int x = -3; x < 203; ++x) EXPECT_EQ(scaledPixel({x, x / 2}, {200, 100}, {200, 100}), glm::ivec2(x, x / 2));
    // Twice the size: pixel x's centre x + 0.5 is at 2x + 1 there, in pixel 2x + 1.
    EXPECT_EQ(scaledPixel({0, 0}, {200, 100}, {400, 200}), glm::ivec2(1, 1));
    EXPECT_EQ(scaledPixel({199, 99}, {200, 100}, {400, 200}), glm::ivec2(399, 199));
    // Half: the pixel holding the centre's half.
    EXPECT_EQ(scaledPixel({7, 3}, {200, 100}, {100, 50}), glm::ivec2(3, 1));
    const InputEvent moved = scaledEvent(event::ButtonUp{MouseButton::Left, {10, 20}, {}}, {100, 100}, {300, 300});
    EXPECT_EQ(std::get<event::ButtonUp>(moved).at, glm::ivec2(31, 61));
    EXPECT_EQ(std::get<event::Wheel>(scaledEvent(event::Wheel{2.0f}, {1, 1}, {9, 9})).steps, 2.0f);
}

}  // namespace
