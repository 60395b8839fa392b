// SPDX-License-Identifier: MIT
// --record-gif end to end: a scripted run's frames as an animated GIF, read back with giflib's
// decoder and held against the run's own unquantised frames (--gif-frames) and its screenshot;
// --gif-delay, --gif-width, --gif-dither, the --gif-start step and a replay's pacing.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "e2e_support.hpp"
#include "support/gif_decode.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests

namespace {

TEST(RecordGif, AnOrbitsFramesAreTheGifsFramesEachItsPalettesNearestColoursAndTheLastIsTheScreenshot) {
    const fs::path dir = tempDir() / "record_gif";
    fs::remove_all(dir);
    const fs::path gif = dir / "orbit.gif";
    const fs::path frames = dir / "frames";
    const fs::path still = dir / "still.png";
    // A click, an orbit of 40 degrees in 4 turns, a screenshot of the frame after it.
    const ProcessResult run = runPickray({"--headless", "--size", "640x360", "--hide-ui", "--click", "320,180",
                                          "--orbit", "40,0,4", "--screenshot", still.string(), "--record-gif",
                                          gif.string(), "--gif-frames", frames.string(), "--gif-dither", "off"});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("GIF saved: "), std::string::npos) << run.output;

    const pickray::gifcheck::DecodedGif d = pickray::gifcheck::decodeGif(gif.string());
    ASSERT_EQ(d.error, "");
    EXPECT_EQ(d.width, 640) << "at most 640 wide: the window's size, unscaled";
    EXPECT_EQ(d.height, 360);
    EXPECT_EQ(d.palette.size(), 256u);
    EXPECT_EQ(d.localMaps, 0) << "one palette for the whole animation";
    EXPECT_TRUE(d.loops);
    // Every turn moves the camera by 10 degrees, so each draws a new picture: the starting frame
    // (or the click's) and at least the four turns.
    ASSERT_GE(d.rgb.size(), 5u);
    for (const int delay : d.delays) EXPECT_TRUE(delay > 0 && delay % 5 == 0) << delay << ": 1/20 s a frame drawn";

    int checked = 0;
    std::vector<unsigned char> last;
    for (std::size_t f = 0; f < d.rgb.size(); ++f) {
        char name[32];
        std::snprintf(name, sizeof name, "frame-%03zu.png", f);
        int w = 0, h = 0, channels = 0;
        unsigned char* frame = stbi_load((frames / name).c_str(), &w, &h, &channels, 3);
        ASSERT_NE(frame, nullptr) << name;
        ASSERT_EQ(w, 640);
        ASSERT_EQ(h, 360);
        // The bound from the palette: each decoded pixel is a nearest palette entry to the
        // unquantised one (every entry tried here).
        for (std::size_t i = 0; i < 640u * 360u; ++i) {
            const std::uint8_t* c = &d.rgb[f][i * 3];
            const GifColorType decoded{c[0], c[1], c[2]};
            if (pickray::gifcheck::squaredDistance(frame + i * 3, decoded) !=
                pickray::gifcheck::nearestSquaredDistance(frame + i * 3, d.palette)) {
                ADD_FAILURE() << name << " pixel " << i << " is not its palette's nearest colour";
                break;
            }
        }
        if (f + 1 == d.rgb.size()) last.assign(frame, frame + 640 * 360 * 3);
        stbi_image_free(frame);
        ++checked;
    }
    EXPECT_EQ(checked, static_cast<int>(d.rgb.size()));
    EXPECT_FALSE(fs::exists(frames / "frame-999.png"));
    EXPECT_EQ(std::distance(fs::directory_iterator(frames), fs::directory_iterator{}),
              static_cast<std::ptrdiff_t>(d.rgb.size()))
        << "a PNG for each of the GIF's frames, no more";
    // The last frame is what the screenshot saved (read from the scene's target, not the window),
    // within png_diff's 2/255.
    const Image shot = loadPng(still);
    ASSERT_EQ(shot.width, 640);
    int differing = 0;
    for (std::size_t i = 0; i < 640u * 360u; ++i)
        for (std::size_t c = 0; c < 3; ++c)
            if (std::abs(shot.rgba[i * 4 + c] - last[i * 3 + c]) > 2) ++differing;
    EXPECT_EQ(differing, 0) << "the last frame is the screenshot's";
    EXPECT_NE(d.rgb.front(), d.rgb.back()) << "the orbit moved the view";

    // An unwritable path: the run fails, says so, and leaves no file.
    const fs::path under = dir / "still.png" / "x.gif";
    const ProcessResult bad = runPickray({"--headless", "--size", "64x64", "--record-gif", under.string()});
    EXPECT_EQ(bad.exitCode, 1) << bad.output;
    EXPECT_NE(bad.output.find("GIF not saved: " + under.string() + ": could not write the file"), std::string::npos)
        << bad.output;
    EXPECT_FALSE(fs::exists(under.string() + ".part"));
}

/// The GIF's frames' delays added up, in 1/100 s.
int totalDelay(const pickray::gifcheck::DecodedGif& d) {
    int total = 0;
    for (const int delay : d.delays) total += delay;
    return total;
}

/// How many channels of two pictures (RGBA and RGB, 640x360) differ by more than 2/255.
int differingChannels(const Image& rgba, const fs::path& rgbPng) {
    int w = 0, h = 0, channels = 0;
    unsigned char* rgb = stbi_load(rgbPng.c_str(), &w, &h, &channels, 3);
    if (!rgb || w != rgba.width || h != rgba.height) {
        if (rgb) stbi_image_free(rgb);
        return -1;
    }
    int differing = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(w) * static_cast<std::size_t>(h); ++i)
        for (std::size_t c = 0; c < 3; ++c) differing += std::abs(rgba.rgba[i * 4 + c] - rgb[i * 3 + c]) > 2;
    stbi_image_free(rgb);
    return differing;
}

TEST(RecordGif, GifDelayAndGifWidthAreTheDecodedGifsAndBadValuesAreRefused) {
    const fs::path dir = scratchDir("gif_options");
    const fs::path gif = dir / "narrow.gif";
    const ProcessResult run = runPickray({"--headless", "--size", "640x360", "--hide-ui", "--orbit", "30,0,3",
                                          "--record-gif", gif.string(), "--gif-delay", "7", "--gif-width", "320"});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const pickray::gifcheck::DecodedGif d = pickray::gifcheck::decodeGif(gif.string());
    ASSERT_EQ(d.error, "");
    EXPECT_EQ(d.width, 320) << "640 wide halved to at most 320";
    EXPECT_EQ(d.height, 180);
    EXPECT_EQ(d.delays, (std::vector<int>{7, 7, 7, 7})) << "the start and three turns, 7/100 s each";
    // At the window's width (and wider: never scaled up) the GIF is the window's size.
    const fs::path wide = dir / "wide.gif";
    ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--hide-ui", "--record-gif", wide.string(), "--gif-width",
                          "1000"})
                  .exitCode,
              0);
    EXPECT_EQ(pickray::gifcheck::decodeGif(wide.string()).width, 640);
    // Bad values: one line naming the option and its value, exit 2, no file.
    const fs::path bad = dir / "bad.gif";
    for (const auto& [option, value, message] : std::vector<std::array<std::string, 3>>{
             {"--gif-delay", "1", "--gif-delay 1: expects a frame time in 1/100 s from 2 to 65535"},
             {"--gif-width", "9000", "--gif-width 9000: expects a width in pixels from 16 to 8192"},
             {"--gif-dither", "yes", "--gif-dither yes: expects ordered or off"}}) {
        const ProcessResult refused = runPickray({"--headless", "--record-gif", bad.string(), option, value});
        EXPECT_EQ(refused.exitCode, 2) << refused.output;
        EXPECT_NE(refused.output.find(message), std::string::npos) << refused.output;
    }
    EXPECT_FALSE(fs::exists(bad));
}

TEST(RecordGif, GifStartLeavesTheSetupOutTheFirstFrameIsThePictureAfterIt) {
    const fs::path dir = scratchDir("gif_start");
    const fs::path gif = dir / "start.gif", frames = dir / "frames", before = dir / "before.png",
                   after = dir / "after.png";
    // The setup: the ball clicked, then framed (F); the recording begins after it.
    const std::vector<std::string> base = {"--headless", "--size", "640x360", "--hide-ui"};
    const auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), base.begin(), base.end());
        return runPickray(more);
    };
    ASSERT_EQ(with({"--screenshot", before.string()}).exitCode, 0);
    ASSERT_EQ(with({"--click", "235,158", "--key", "f", "--screenshot", after.string()}).exitCode, 0);
    const ProcessResult run = with({"--click", "235,158", "--key", "f", "--gif-start", "--orbit", "40,0,4",
                                    "--record-gif", gif.string(), "--gif-frames", frames.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const pickray::gifcheck::DecodedGif d = pickray::gifcheck::decodeGif(gif.string());
    ASSERT_EQ(d.error, "");
    EXPECT_EQ(d.rgb.size(), 5u) << "the picture after the setup, then the four turns";
    EXPECT_EQ(differingChannels(loadPng(after), frames / "frame-000.png"), 0) << "the first frame: after the setup";
    EXPECT_GT(differingChannels(loadPng(before), frames / "frame-000.png"), 10000) << "not the picture before it";
}

TEST(RecordGif, AReplayedSessionsGifLastsAsLongAsTheSessionDid) {
    const fs::path session = fs::path(PICKRAY_ASSET_DIR).parent_path() / "docs/sessions/capsule_drag.json";
    double seconds = 0.0;
    std::size_t sessionFrames = 0;
    {
        std::ifstream in(session);
        const json j = json::parse(in);
        sessionFrames = j["frames"].size();
        seconds = j["frames"].back()["t"].get<double>();
    }
    ASSERT_GT(seconds, 5.0);
    const fs::path gif = scratchDir("gif_replay") / "replay.gif";
    const ProcessResult run = runPickray({"--headless", "--replay", session.string(), "--no-stats", "--record-gif",
                                          gif.string(), "--gif-width", "320", "--gif-delay", "4"});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const pickray::gifcheck::DecodedGif d = pickray::gifcheck::decodeGif(gif.string());
    ASSERT_EQ(d.error, "");
    // Each frame lasts until the session's next (its times rounded, the rounding carried), the
    // last for --gif-delay: the session's duration within 1/100 s a frame (here within 1/200 s).
    const double expected = seconds * 100.0 + 4.0;
    EXPECT_LE(std::abs(totalDelay(d) - expected), static_cast<double>(d.delays.size())) << totalDelay(d);
    EXPECT_LE(std::abs(totalDelay(d) - expected), 0.5) << totalDelay(d);
    EXPECT_GT(d.rgb.size(), sessionFrames / 2) << "the drag's frames are there";
    for (const int delay : d.delays) EXPECT_GE(delay, 2) << "no frame shorter than a browser shows";
}

}  // namespace
