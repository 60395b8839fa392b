// SPDX-License-Identifier: MIT
// Command-line parsing: every option, and bad arguments refused (the binary exits 2 on those).
#include <gtest/gtest.h>

#include "cli.hpp"

using pickray::app::Options;
using pickray::app::parseCommandLine;
using pickray::app::UsageError;

namespace {

Options parsed(const std::vector<std::string>& args) {
    auto result = parseCommandLine(args);
    EXPECT_TRUE(std::holds_alternative<Options>(result));
    return std::holds_alternative<Options>(result) ? std::get<Options>(result) : Options{};
}

bool refused(const std::vector<std::string>& args) {
    return std::holds_alternative<UsageError>(parseCommandLine(args));
}

}  // namespace

TEST(Cli, ParsesTheScriptedModeOfTheIssue) {
    const Options o = parsed({"--headless", "--scene", "s.json", "--size", "800x600", "--click", "10,20", "--click",
                              "30,40", "--report", "r.json", "--screenshot", "s.png", "--hide-ui"});
    EXPECT_TRUE(o.headless);
    EXPECT_EQ(o.scenePath, "s.json");
    EXPECT_EQ(o.size, glm::ivec2(800, 600));
    ASSERT_EQ(o.clicks.size(), 2u);
    EXPECT_EQ(o.clicks[1], glm::ivec2(30, 40));
    EXPECT_EQ(o.reportPath, "r.json");
    EXPECT_EQ(o.screenshotPath, "s.png");
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

TEST(Cli, HelpIsNotAnError) {
    EXPECT_TRUE(std::holds_alternative<pickray::app::HelpRequested>(parseCommandLine({"--help"})));
}

TEST(Cli, ParsesScriptSteps) {
    const Options o = parsed({"--headless", "--drag", "1,2,3,4", "--orbit", "45,-10", "--load", "a.json", "--save",
                              "b.json", "--select", "ball", "--hover", "5,6"});
    ASSERT_EQ(o.drags.size(), 1u);
    EXPECT_EQ(o.drags[0].second, glm::ivec2(3, 4));
    EXPECT_EQ(o.orbitDegrees, glm::vec2(45, -10));
    EXPECT_EQ(o.load.at(0), "a.json");
    EXPECT_EQ(o.savePath, "b.json");
    EXPECT_EQ(o.select.at(0), "ball");
    EXPECT_EQ(o.hover, glm::ivec2(5, 6));
    EXPECT_TRUE(refused({"--drag", "1,2,3,4"}));  // a script step without --headless
    EXPECT_TRUE(refused({"--headless", "--drag", "1,2,3"}));
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
    ASSERT_EQ(o.window.size(), 3u);
    EXPECT_EQ(o.window[0].size, glm::ivec2(0, 0));
    EXPECT_TRUE(o.window[1].minimize);
    EXPECT_EQ(o.window[2].size, glm::ivec2(100, 50));
    EXPECT_EQ(o.repeat, 3);
    EXPECT_TRUE(o.duplicate && o.remove);
    EXPECT_FALSE(parsed({}).provokeGlError);
    EXPECT_TRUE(parsed({"--headless", "--debug-provoke-gl-error"}).provokeGlError);
    // Clicks must lie in the window the last --resize leaves.
    EXPECT_TRUE(refused({"--headless", "--size", "640x480", "--resize", "100x50", "--click", "100,10"}));
    for (const char* size : {"-1x5", "16385x1", "1x", "big"})
        EXPECT_TRUE(refused({"--headless", "--resize", size})) << size;
    for (const char* n : {"0", "-1", "100001", "2.5"}) EXPECT_TRUE(refused({"--headless", "--repeat", n})) << n;
    for (const char* step : {"--minimize", "--duplicate", "--delete"}) EXPECT_TRUE(refused({step})) << step;
    EXPECT_TRUE(refused({"--resize", "10x10"}));
    EXPECT_TRUE(refused({"--repeat", "2"}));
}
