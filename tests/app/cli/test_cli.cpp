// SPDX-License-Identifier: MIT
// Command-line parsing: every option, the script in the order given, and bad arguments refused
// (the binary exits 2 on those).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "cli/cli.hpp"

using pickray::app::Options;
using pickray::app::parseCommandLine;
using pickray::app::ScriptStep;
using pickray::app::UsageError;
namespace step = pickray::app::step;

namespace {

Options parsed(const std::vector<std::string>& args) {
    auto result = parseCommandLine(args);
    if (const auto* bad = std::get_if<UsageError>(&result)) ADD_FAILURE() << bad->message;
    EXPECT_TRUE(std::holds_alternative<Options>(result));
    return std::holds_alternative<Options>(result) ? std::get<Options>(result) : Options{};
}

bool refused(const std::vector<std::string>& args) {
    const auto result = parseCommandLine(args);
    const auto* bad = std::get_if<UsageError>(&result);
    // One line naming the problem; the caller adds the hint.
    if (bad) {
        EXPECT_EQ(bad->message.find('\n'), std::string::npos) << bad->message;
    }
    return bad != nullptr;
}

std::string refusal(const std::vector<std::string>& args) {
    const auto result = parseCommandLine(args);
    const auto* bad = std::get_if<UsageError>(&result);
    return bad ? bad->message : "(accepted)";
}

template <class Step>
const Step& stepAt(const Options& o, std::size_t i) {
    EXPECT_LT(i, o.script.size());
    EXPECT_TRUE(std::holds_alternative<Step>(o.script.at(i)))
        << "step " << i << " is " << pickray::app::optionName(o.script.at(i));
    static const Step none{};
    return std::holds_alternative<Step>(o.script.at(i)) ? std::get<Step>(o.script.at(i)) : none;
}

}  // namespace

TEST(Cli, ParsesAHeadlessRunOfClicksAReportAndAScreenshot) {
    const Options o = parsed({"--headless", "--scene", "s.json", "--size", "800x600", "--click", "10,20", "--click",
                              "30,40", "--report", "r.json", "--screenshot", "s.png", "--hide-ui"});
    EXPECT_TRUE(o.headless);
    EXPECT_EQ(o.scenePath, "s.json");
    EXPECT_EQ(o.size, glm::ivec2(800, 600));
    ASSERT_EQ(o.script.size(), 3u);
    EXPECT_EQ(stepAt<step::Click>(o, 0).at, glm::ivec2(10, 20));
    EXPECT_EQ(stepAt<step::Click>(o, 1).at, glm::ivec2(30, 40));
    EXPECT_EQ(o.reportPath, "r.json");
    EXPECT_EQ(stepAt<step::Screenshot>(o, 2).path, "s.png");
    EXPECT_TRUE(o.hideUi);
}

TEST(Cli, ParsesCameraOverrides) {
    const Options o = parsed({"--clip-depth", "direct3d", "--projection", "orthographic", "--eye", "1,2,3", "--target",
                              "0,0.5,0", "--fov", "60", "--ortho-height", "4.5"});
    EXPECT_EQ(o.clipDepth, pickray::ClipDepth::ZeroToOne);
    EXPECT_EQ(o.projection, pickray::scene::Projection::Orthographic);
    EXPECT_EQ(o.eye, glm::vec3(1, 2, 3));
    EXPECT_EQ(o.target, glm::vec3(0, 0.5f, 0));
    EXPECT_EQ(o.fovYDegrees, 60.0f);
    EXPECT_EQ(o.orthoHeight, 4.5f);
    // Negative coordinates are values, not options.
    EXPECT_EQ(parsed({"--eye", "-2,5,-6"}).eye, glm::vec3(-2, 5, -6));
}

TEST(Cli, ParsesNearFarAndMoveAll) {
    const Options o = parsed({"--near", "0.01", "--far", "1e4", "--move-all", "5773.5,-5773.5,5773.5"});
    EXPECT_EQ(o.nearPlane, 0.01f);
    EXPECT_EQ(o.farPlane, 1e4f);
    EXPECT_EQ(o.moveAll, glm::vec3(5773.5f, -5773.5f, 5773.5f));
    EXPECT_FALSE(parsed({}).nearPlane || parsed({}).farPlane || parsed({}).moveAll);
    // Each alone (checked against the scene's other plane after loading, see the end-to-end test).
    EXPECT_EQ(parsed({"--far", "0.05"}).farPlane, 0.05f);
}

TEST(Cli, RefusesBadNearFarAndMoveAll) {
    EXPECT_EQ(refusal({"--near", "0"}), "--near 0: expects a positive number");
    EXPECT_EQ(refusal({"--near", "-1"}), "--near -1: expects a positive number");
    EXPECT_EQ(refusal({"--far", "inf"}), "--far inf: expects a positive number");
    EXPECT_EQ(refusal({"--near", "nan"}), "--near nan: expects a positive number");
    EXPECT_EQ(refusal({"--near", "2", "--far", "1"}), "--far 1: expects a distance greater than --near 2");
    EXPECT_EQ(refusal({"--near", "2", "--far", "2"}), "--far 2: expects a distance greater than --near 2");
    EXPECT_EQ(refusal({"--move-all", "1,2"}), "--move-all 1,2: expects X,Y,Z");
    EXPECT_EQ(refusal({"--move-all", "1,2,inf"}), "--move-all 1,2,inf: expects X,Y,Z");
}

TEST(Cli, RefusesBadArguments) {
    EXPECT_TRUE(refused({"--bogus"}));
    EXPECT_TRUE(refused({"--size", "800"}));
    EXPECT_TRUE(refused({"--size", "800x"}));
    EXPECT_TRUE(refused({"--size", "0x600"}));
    EXPECT_TRUE(refused({"--headless", "--click", "1,2,3"}));
    EXPECT_TRUE(refused({"--headless", "--click", "a,b"}));
    EXPECT_TRUE(refused({"--headless", "--click", "-1,5"}));
    EXPECT_TRUE(refused({"--headless", "--size", "100x100", "--click", "100,5"}));  // outside the window
    EXPECT_TRUE(refused({"--scene"}));
    EXPECT_TRUE(refused({"--clip-depth", "vulkan"}));
    EXPECT_TRUE(refused({"--fov", "-3"}));
    EXPECT_TRUE(refused({"--eye", "1,2"}));
    EXPECT_TRUE(refused({"--click", "1,2"}));  // script steps need --headless
    EXPECT_TRUE(refused({"--headless", "extra"}));
}

TEST(Cli, EveryRefusalNamesTheOptionAndTheValue) {
    EXPECT_EQ(refusal({"--size", "800"}), "--size 800: expects WxH with both between 16 and 8192, e.g. 1280x720");
    EXPECT_EQ(refusal({"--headless", "--click", "a,b"}), "--click a,b: expects X,Y in window pixels, e.g. 640,360");
    EXPECT_EQ(refusal({"--fov", "-3"}), "--fov -3: expects a positive number");
    EXPECT_EQ(refusal({"--headless", "--scene", ""}), "--scene \"\": expects a value");
    EXPECT_NE(refusal({"--bogus"}).find("--bogus"), std::string::npos);
    EXPECT_NE(refusal({"--size"}).find("--size"), std::string::npos);
    EXPECT_EQ(refusal({"--drag", "1,2,3,4"}), "--drag is a script step: it needs --headless");
    EXPECT_EQ(refusal({"--size", "640\nx480"}),
              "--size 640\\x0ax480: expects WxH with both between 16 and 8192, e.g. 1280x720");
}

TEST(Cli, RefusesEveryMalformedSizeAndClick) {
    for (const char* size : {"0x0", "-5x5", "1e9x1", "12x", "x12", "text", "", "15x720", "1280x8193", "0x12",
                             "99999999999x100", "1280x720x3", " 1280x720", "1280 x720", "0x10x10"})
        EXPECT_TRUE(refused({"--size", size})) << size;
    for (const char* click : {"1,2,3", "a,b", "", ",", "1,", ",1", "1.5,2", "1;2", "99999999999,1", "+1,2"})
        EXPECT_TRUE(refused({"--headless", "--click", click})) << click;
    for (const char* missing : {"--size", "--click", "--scene", "--fov", "--eye", "--drag", "--generate", "--load"})
        EXPECT_TRUE(refused({"--headless", missing})) << missing;
}

TEST(Cli, HelpIsNotAnErrorAndListsEveryStep) {
    const auto result = parseCommandLine({"--help"});
    ASSERT_TRUE(std::holds_alternative<pickray::app::HelpRequested>(result));
    const std::string& text = std::get<pickray::app::HelpRequested>(result).text;
    for (const char* option : {"--click", "--drag", "--hover", "--select", "--duplicate", "--delete", "--load",
                               "--save", "--screenshot", "--orbit", "--resize", "--minimize", "--key", "--repeat",
                               "--report", "--size", "--no-stats", "--id-buffer", "--audit"})
        EXPECT_NE(text.find(option), std::string::npos) << option;
    EXPECT_EQ(text.find("--debug-provoke-gl-error"), std::string::npos) << "a hidden test option";
}

TEST(Cli, HelpListsEveryShortcutAsKeySpellsIt) {
    const auto result = parseCommandLine({"--help"});
    ASSERT_TRUE(std::holds_alternative<pickray::app::HelpRequested>(result));
    std::string text = std::get<pickray::app::HelpRequested>(result).text;
    text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());  // CLI11 wraps long lines
    const std::size_t keyHelp = text.find("the shortcuts:");
    ASSERT_NE(keyHelp, std::string::npos);
    const std::string listed = text.substr(keyHelp);
    // Each shortcut, spelled in lower case with '+' as --key takes it, is listed and parses back.
    for (const pickray::app::Shortcut& s : pickray::app::shortcuts()) {
        std::string spelled = pickray::app::chordLabel(s.chord);
        for (char& c : spelled) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const bool inList = listed.find(" " + spelled + ",") != std::string::npos ||
                            listed.find(" " + spelled + " (") != std::string::npos;
        EXPECT_TRUE(inList) << spelled << " in " << listed;
        EXPECT_EQ(pickray::app::parseKeySpec(spelled), s.chord) << spelled;
    }
}

TEST(Cli, ParsesScriptSteps) {
    const Options o = parsed({"--headless", "--drag", "1,2,3,4", "--orbit", "45,-10", "--load", "a.json", "--save",
                              "b.json", "--select", "ball", "--hover", "5,6"});
    ASSERT_EQ(o.script.size(), 6u);
    EXPECT_EQ(stepAt<step::Drag>(o, 0).to, glm::ivec2(3, 4));
    EXPECT_EQ(stepAt<step::Orbit>(o, 1).degrees, glm::vec2(45, -10));
    EXPECT_EQ(stepAt<step::Load>(o, 2).path, "a.json");
    EXPECT_EQ(stepAt<step::Save>(o, 3).path, "b.json");
    EXPECT_EQ(stepAt<step::Select>(o, 4).name, "ball");
    EXPECT_EQ(stepAt<step::Hover>(o, 5).at, glm::ivec2(5, 6));
    EXPECT_TRUE(refused({"--drag", "1,2,3,4"}));  // a script step without --headless
    EXPECT_TRUE(refused({"--headless", "--drag", "1,2,3"}));
}

TEST(Cli, TheScriptKeepsTheOrderGivenWithEveryStepRepeatable) {
    const Options o =
        parsed({"--headless", "--save", "a.json", "--click", "1,1", "--load", "b.json", "--click", "2,2", "--save",
                "c.json", "--screenshot", "1.png", "--duplicate", "--screenshot", "2.png", "--delete", "--duplicate"});
    const std::vector<std::string> names = {"--save",       "--click",     "--load",       "--click",  "--save",
                                            "--screenshot", "--duplicate", "--screenshot", "--delete", "--duplicate"};
    ASSERT_EQ(o.script.size(), names.size());
    for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(pickray::app::optionName(o.script[i]), names[i]) << i;
    EXPECT_EQ(stepAt<step::Save>(o, 0).path, "a.json");
    EXPECT_EQ(stepAt<step::Click>(o, 3).at, glm::ivec2(2, 2));
    EXPECT_EQ(stepAt<step::Save>(o, 4).path, "c.json");
    EXPECT_EQ(stepAt<step::Screenshot>(o, 7).path, "2.png");
}

TEST(Cli, ARepeatedSingleValueOptionKeepsItsLastValue) {
    const Options o = parsed({"--size", "640x480", "--size", "800x600", "--scene", "a.json", "--scene", "b.json",
                              "--fov", "30", "--fov", "45", "--report", "r1.json", "--report", "r2.json"});
    EXPECT_EQ(o.size, glm::ivec2(800, 600));
    EXPECT_EQ(o.scenePath, "b.json");
    EXPECT_EQ(o.fovYDegrees, 45.0f);
    EXPECT_EQ(o.reportPath, "r2.json");
}

TEST(Cli, InteractiveRunsTakeOnlySelectScreenshotIdBufferAuditAndSave) {
    const Options o = parsed({"--select", "ball", "--screenshot", "s.png", "--save", "s.json", "--report", "r.json",
                              "--id-buffer", "ids.png", "--audit", "a.json"});
    EXPECT_FALSE(o.headless);
    EXPECT_EQ(o.script.size(), 5u);
    EXPECT_EQ(stepAt<step::IdBuffer>(o, 3).path, "ids.png");
    EXPECT_EQ(stepAt<step::Audit>(o, 4).path, "a.json");
    EXPECT_TRUE(refused({"--headless", "--audit", ""})) << "a file name is needed";
    EXPECT_TRUE(refused({"--headless", "--id-buffer", ""})) << "a file name is needed";
    for (const char* step : {"--click", "--hover", "--load", "--orbit"}) EXPECT_TRUE(refused({step, "1,1"})) << step;
}

TEST(Cli, GenerateTakesACount) {
    EXPECT_EQ(parsed({"--generate", "100000"}).generate, std::size_t{100000});
    EXPECT_FALSE(parsed({}).generate);
    EXPECT_TRUE(refused({"--generate"}));
    EXPECT_TRUE(refused({"--generate", "0"}));
    EXPECT_TRUE(refused({"--generate", "-5"}));
    EXPECT_TRUE(refused({"--generate", "12x"}));
    EXPECT_TRUE(refused({"--generate", "99999999"}));
    EXPECT_TRUE(refused({"--generate", "10", "--scene", "a.json"}));
}

TEST(Cli, WindowStepsRepeatAndEditsAreScriptSteps) {
    const Options o = parsed({"--headless", "--size", "640x480", "--resize", "0x0", "--minimize", "--resize", "100x50",
                              "--click", "99,49", "--duplicate", "--delete", "--repeat", "3"});
    ASSERT_EQ(o.script.size(), 6u);
    EXPECT_EQ(stepAt<step::Resize>(o, 0).size, glm::ivec2(0, 0));
    EXPECT_TRUE(std::holds_alternative<step::Minimize>(o.script[1]));
    EXPECT_EQ(stepAt<step::Resize>(o, 2).size, glm::ivec2(100, 50));
    EXPECT_EQ(o.repeat, 3);
    EXPECT_TRUE(std::holds_alternative<step::Duplicate>(o.script[4]) &&
                std::holds_alternative<step::Delete>(o.script[5]));
    EXPECT_FALSE(parsed({}).provokeGlError);
    EXPECT_TRUE(parsed({"--headless", "--debug-provoke-gl-error"}).provokeGlError);
    // A click must lie in the window the --resize before it leaves.
    EXPECT_TRUE(refused({"--headless", "--size", "640x480", "--resize", "100x50", "--click", "100,10"}));
    EXPECT_FALSE(refused({"--headless", "--size", "640x480", "--click", "600,10", "--resize", "100x50"}));
    for (const char* size : {"-1x5", "16385x1", "1x", "big"})
        EXPECT_TRUE(refused({"--headless", "--resize", size})) << size;
    for (const char* n : {"0", "-1", "100001", "2.5"}) EXPECT_TRUE(refused({"--headless", "--repeat", n})) << n;
    for (const char* step : {"--minimize", "--duplicate", "--delete"}) EXPECT_TRUE(refused({step})) << step;
    EXPECT_TRUE(refused({"--resize", "10x10"}));
    EXPECT_TRUE(refused({"--repeat", "2"}));
}

TEST(Cli, KeyAndDragWithAButtonAreScriptSteps) {
    const Options o = parsed({"--headless", "--key", "ctrl+shift+z", "--drag", "1,2,30,40,right", "--key", "Delete",
                              "--drag", "5,6,7,8,middle", "--drag", "1,1,9,9", "--no-stats"});
    ASSERT_EQ(o.script.size(), 5u);
    const pickray::app::KeyChord redo = stepAt<step::Key>(o, 0).chord;
    EXPECT_TRUE(redo.ctrl && redo.shift && !redo.alt);
    EXPECT_EQ(redo.key, SDLK_z);
    EXPECT_EQ(stepAt<step::Drag>(o, 1).button, pickray::app::MouseButton::Right);
    EXPECT_EQ(stepAt<step::Drag>(o, 1).to, glm::ivec2(30, 40));
    EXPECT_EQ(stepAt<step::Key>(o, 2).chord.key, SDLK_DELETE);
    EXPECT_EQ(stepAt<step::Drag>(o, 3).button, pickray::app::MouseButton::Middle);
    EXPECT_EQ(stepAt<step::Drag>(o, 4).button, pickray::app::MouseButton::Left);
    EXPECT_TRUE(o.noStats);
    for (const char* bad : {"ctrl+", "hyper+z", "zz", "", "ctrl+shift", "f13"})
        EXPECT_NE(refusal({"--headless", "--key", bad}).find("--key"), std::string::npos) << bad;
    EXPECT_NE(refusal({"--headless", "--drag", "1,2,3,4,sideways"}).find("--drag"), std::string::npos);
    EXPECT_NE(refusal({"--headless", "--drag", "1,2,3,right"}).find("--drag"), std::string::npos);
    EXPECT_EQ(refusal({"--key", "f"}), "--key is a script step: it needs --headless");
}

TEST(Cli, UiScaleTakesAScaleFromHalfToThree) {
    EXPECT_EQ(parsed({"--ui-scale", "1.5"}).uiScale, 1.5f);
    EXPECT_FALSE(parsed({}).uiScale) << "the display's scale unless given";
    for (const char* bad : {"0.4", "3.5", "x", "", "-1", "nan"})
        EXPECT_NE(refusal({"--ui-scale", bad}).find("--ui-scale"), std::string::npos) << bad;
}

TEST(Cli, AntiAliasingAndSupersampleAreReadAndBadValuesRefused) {
    EXPECT_TRUE(parsed({}).fxaa) << "FXAA is on by default";
    EXPECT_EQ(parsed({}).supersample, 1);
    EXPECT_FALSE(parsed({"--aa", "off"}).fxaa);
    EXPECT_TRUE(parsed({"--aa", "off", "--aa", "fxaa"}).fxaa) << "the last one given";
    EXPECT_EQ(parsed({"--supersample", "4"}).supersample, 4);
    EXPECT_EQ(parsed({"--supersample", "64"}).supersample, pickray::app::kMaxSupersample);
    EXPECT_EQ(refusal({"--aa", "msaa"}), "--aa msaa: expects fxaa or off");
    const std::vector<std::string> bad = {"0", "65", "2.5", "x", "1e9"};
    for (const std::string& n : bad)
        EXPECT_EQ(refusal({"--supersample", n}), "--supersample " + n + ": expects a whole factor from 1 to 64") << n;
    EXPECT_EQ(bad.size(), 5u);
}

TEST(Cli, RecordingAndReplayingASessionAreReadAndRefusedWhereTheyCannotWork) {
    const Options recording = parsed({"--record-input", "s.json", "--size", "800x450"});
    EXPECT_EQ(recording.recordInput, "s.json");
    EXPECT_TRUE(recording.sizeGiven);
    const Options replay = parsed({"--headless", "--replay", "s.json", "--screenshot", "a.png"});
    EXPECT_EQ(replay.replay, "s.json");
    EXPECT_FALSE(replay.sizeGiven) << "the recorded size, unless --size";
    EXPECT_EQ(refusal({"--headless", "--record-input", "s.json"}),
              "--record-input records what a hand does in a window: not with --headless");
    EXPECT_EQ(refusal({"--record-input", "a.json", "--replay", "b.json"}),
              "--record-input and --replay: record or replay, not both");
    EXPECT_EQ(refusal({"--headless", "--replay", "b.json", "--generate", "10"}),
              "--replay starts from the scene its session recorded: not with --scene or --generate");
    EXPECT_TRUE(refused({"--headless", "--replay", ""})) << "a file name is needed";
    EXPECT_TRUE(refused({"--record-input", ""}));
}

TEST(Cli, TheStatusFileIsAWindowsAndNeedsAName) {
    EXPECT_EQ(parsed({"--status", "status.json"}).statusPath, "status.json");
    EXPECT_EQ(parsed({}).statusPath, "") << "not written unless asked for";
    EXPECT_EQ(refusal({"--headless", "--status", "status.json"}),
              "--status reports a window's frames: not with --headless");
    EXPECT_TRUE(refused({"--status", ""}));
}

TEST(Cli, AnOrbitInTurnsAndAGifRecordingAreReadAndBadValuesRefused) {
    const Options o = parsed(
        {"--headless", "--orbit", "360,-10,36", "--orbit", "5,0", "--record-gif", "a.gif", "--gif-frames", "frames"});
    EXPECT_EQ(stepAt<step::Orbit>(o, 0).degrees, glm::vec2(360, -10));
    EXPECT_EQ(stepAt<step::Orbit>(o, 0).frames, 36);
    EXPECT_EQ(stepAt<step::Orbit>(o, 1).frames, 1) << "one turn unless said";
    EXPECT_EQ(o.recordGif, "a.gif");
    EXPECT_EQ(o.gifFrames, "frames");
    const std::vector<std::string> bad = {"1,1,0", "1,1,1001", "1,1,1.5", "1,1,-2", "1,1,x", "1,1,2,3"};
    for (const std::string& v : bad)
        EXPECT_EQ(refusal({"--headless", "--orbit", v}),
                  "--orbit " + v + ": expects YAW,PITCH in degrees, and optionally N turns from 1 to 1000")
            << v;
    EXPECT_EQ(bad.size(), 6u);
    EXPECT_EQ(refusal({"--record-gif", "a.gif"}), "--record-gif records the script's frames: it needs --headless");
    EXPECT_EQ(refusal({"--headless", "--gif-frames", "d"}), "--gif-frames writes --record-gif's frames: it needs it");
    EXPECT_TRUE(refused({"--headless", "--record-gif", ""})) << "a file name is needed";
}

TEST(Cli, TheGifsDitherDelayWidthAndStartAreReadAndBadValuesRefused) {
    const Options defaults = parsed({"--headless", "--record-gif", "a.gif"});
    EXPECT_FALSE(defaults.gifDither) << "ordered unless said";
    EXPECT_FALSE(defaults.gifDelay);
    EXPECT_FALSE(defaults.gifWidth);
    const Options o =
        parsed({"--headless", "--click", "1,1", "--key", "f", "--gif-start", "--orbit", "9,0,3", "--record-gif",
                "a.gif", "--gif-dither", "off", "--gif-delay", "7", "--gif-width", "1280"});
    EXPECT_EQ(o.gifDither, false);
    EXPECT_EQ(o.gifDelay, 7);
    EXPECT_EQ(o.gifWidth, 1280);
    ASSERT_EQ(o.script.size(), 4u);
    stepAt<step::GifStart>(o, 2);
    EXPECT_STREQ(pickray::app::optionName(o.script[2]), "--gif-start");
    EXPECT_EQ(parsed({"--headless", "--record-gif", "a", "--gif-dither", "ordered"}).gifDither, true);
    const std::vector<std::string> gif = {"--headless", "--record-gif", "a.gif"};
    const auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), gif.begin(), gif.end());
        return refusal(more);
    };
    for (const std::string v : {"0", "1", "65536", "x", "5.5", "-5", ""})
        EXPECT_EQ(with({"--gif-delay", v}),
                  "--gif-delay " + (v.empty() ? std::string("\"\"") : v) +
                      ": expects a frame time in 1/100 s from 2 to 65535 (browsers show 0 and 1 as 10)");
    EXPECT_EQ(with({"--gif-delay", "2"}), "(accepted)");
    EXPECT_EQ(with({"--gif-delay", "65535"}), "(accepted)");
    for (const std::string v : {"15", "8193", "0", "w"})
        EXPECT_EQ(with({"--gif-width", v}), "--gif-width " + v + ": expects a width in pixels from 16 to 8192");
    EXPECT_EQ(with({"--gif-dither", "floyd"}), "--gif-dither floyd: expects ordered or off");
    EXPECT_EQ(with({"--gif-start", "--gif-start"}), "--gif-start given 2 times: the recording begins once");
    EXPECT_EQ(refusal({"--headless", "--gif-start"}), "--gif-start begins --record-gif's recording: it needs it");
    EXPECT_EQ(refusal({"--headless", "--gif-delay", "5"}), "--gif-delay sets --record-gif's frame time: it needs it");
    EXPECT_EQ(refusal({"--headless", "--gif-width", "320"}), "--gif-width sets --record-gif's width: it needs it");
    EXPECT_EQ(refusal({"--headless", "--gif-dither", "off"}),
              "--gif-dither sets how --record-gif writes colours: it needs it");
    EXPECT_EQ(refusal({"--gif-start"}), "--gif-start is a script step: it needs --headless");
}

TEST(Cli, ClickObjectTakesANameAndOptionallyWhereOnItsVisibleArea) {
    const Options o = parsed({"--headless", "--click-object", "capsule A", "--click-object", "ball@0.25,1",
                              "--click-object", "me@home", "--click-object", "a@b@0,0.5"});
    ASSERT_EQ(o.script.size(), 4u);
    EXPECT_EQ(stepAt<step::ClickObject>(o, 0).name, "capsule A");
    EXPECT_FALSE(stepAt<step::ClickObject>(o, 0).at);
    EXPECT_EQ(stepAt<step::ClickObject>(o, 1).name, "ball");
    EXPECT_EQ(stepAt<step::ClickObject>(o, 1).at, glm::vec2(0.25f, 1.0f));
    EXPECT_EQ(stepAt<step::ClickObject>(o, 2).name, "me@home") << "an @ not followed by U,V is part of the name";
    EXPECT_FALSE(stepAt<step::ClickObject>(o, 2).at);
    EXPECT_EQ(stepAt<step::ClickObject>(o, 3).name, "a@b") << "the last @ starts U,V";
    EXPECT_EQ(stepAt<step::ClickObject>(o, 3).at, glm::vec2(0.0f, 0.5f));
    EXPECT_NE(refusal({"--headless", "--click-object", "ball@1.5,0"}).find("U and V in 0..1"), std::string::npos);
    EXPECT_TRUE(refused({"--headless", "--click-object", ""}));
}

TEST(Cli, TheObserversEyeTargetZoomCornerAndOrbitAreReadAndBadValuesRefusedNamingTheProblem) {
    using pickray::app::ObserverCorner;
    const Options o =
        parsed({"--headless", "--observer-eye", "1,2,3", "--observer-target", "0,0.5,0", "--observer-zoom", "2.5",
                "--observer-corner", "bottom-left", "--observer-orbit", "30,-10,4"});
    EXPECT_EQ(o.observerEye, glm::vec3(1, 2, 3));
    EXPECT_EQ(o.observerTarget, glm::vec3(0, 0.5f, 0));
    EXPECT_EQ(o.observerZoom, 2.5f);
    EXPECT_EQ(o.observerCorner, ObserverCorner::BottomLeft);
    ASSERT_EQ(o.script.size(), 1u);
    const auto* orbit = std::get_if<step::ObserverOrbit>(&o.script[0]);
    ASSERT_NE(orbit, nullptr);
    EXPECT_EQ(orbit->degrees, glm::vec2(30, -10));
    EXPECT_EQ(orbit->frames, 4);
    const Options none = parsed({});
    EXPECT_EQ(none.observerCorner, ObserverCorner::Top) << "the middle of the top edge, as before";
    EXPECT_EQ(none.observerZoom, 1.0f);
    EXPECT_FALSE(none.observerEye || none.observerTarget);
    for (const char* corner : {"top", "top-left", "top-right", "bottom-left", "bottom-right"})
        EXPECT_FALSE(refused({"--observer-corner", corner})) << corner;

    EXPECT_EQ(refusal({"--observer-eye", "nan,0,0"}), "--observer-eye nan,0,0: expects X,Y,Z");
    EXPECT_EQ(refusal({"--observer-target", "1,2"}), "--observer-target 1,2: expects X,Y,Z");
    EXPECT_EQ(refusal({"--observer-eye", "1,2,3", "--observer-target", "1,2,3"}),
              "--observer-target 1,2,3: must differ from --observer-eye (it looks from one to the other)");
    EXPECT_EQ(refusal({"--observer-zoom", "0"}), "--observer-zoom 0: expects a positive number");
    EXPECT_EQ(refusal({"--observer-zoom", "-2"}), "--observer-zoom -2: expects a positive number");
    EXPECT_EQ(refusal({"--observer-zoom", "inf"}), "--observer-zoom inf: expects a positive number");
    EXPECT_EQ(refusal({"--observer-corner", "middle"}),
              "--observer-corner middle: expects top, top-left, top-right, bottom-left or bottom-right");
    EXPECT_EQ(refusal({"--headless", "--observer-orbit", "30"}),
              "--observer-orbit 30: expects YAW,PITCH in degrees, and optionally N turns from 1 to 1000");
    EXPECT_EQ(refusal({"--observer-orbit", "30,0"}), "--observer-orbit is a script step: it needs --headless");
}

TEST(Cli, MathSectionsNamesTheMathPanelsSectionsOpenAtFirstAndRefusesOtherNames) {
    using pickray::app::MathSections;
    EXPECT_EQ(parsed({}).mathSections, (MathSections{true, true, true, true, true})) << "all open by default";
    EXPECT_EQ(parsed({"--math-sections", "projections,viewport"}).mathSections,
              (MathSections{true, false, true, false, false}));
    EXPECT_EQ(parsed({"--math-sections", "none"}).mathSections, (MathSections{}));
    EXPECT_EQ(parsed({"--math-sections", "viewport,points,projections,depth,precision"}).mathSections,
              (MathSections{true, true, true, true, true}));
    const std::string expected =
        ": expects a comma-separated list of viewport, points, projections, depth and precision, or none";
    EXPECT_EQ(refusal({"--math-sections", "projection"}), "--math-sections projection" + expected);
    EXPECT_EQ(refusal({"--math-sections", "points,"}), "--math-sections points," + expected);
    EXPECT_EQ(refusal({"--math-sections", ""}), "--math-sections \"\"" + expected);
    EXPECT_EQ(refusal({"--math-sections", "depth,depth"}), "--math-sections depth,depth: names depth twice");
}
