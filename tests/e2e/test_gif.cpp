// SPDX-License-Identifier: MIT
// --record-gif end to end: a scripted run's frames as an animated GIF, read back with giflib's
// decoder and held against the run's own unquantised frames (--gif-frames) and its screenshot.
#include <filesystem>
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
    const ProcessResult run =
        runPickray({"--headless", "--size", "640x360", "--hide-ui", "--click", "320,180", "--orbit", "40,0,4",
                    "--screenshot", still.string(), "--record-gif", gif.string(), "--gif-frames", frames.string()});
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

}  // namespace
