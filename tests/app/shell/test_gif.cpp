// SPDX-License-Identifier: MIT
// The GIF writer (shell/gif.hpp): frames scaled by a box filter, repeated frames merged, and the
// GIF it writes read back with giflib's own decoder (DGif*): its frames, size, delays, loop, one
// global palette, and each pixel the palette's nearest entry to the frame's pixel.
#include <gtest/gtest.h>

#include <gif_lib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "shell/gif.hpp"
#include "support/gif_decode.hpp"

namespace pickray::app {
namespace {

namespace fs = std::filesystem;

fs::path tempDir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("pickray_gif_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// An RGBA frame of `size` whose pixel (x, y) is colour(x, y).
template <class Colour>
std::vector<std::uint8_t> frameOf(glm::ivec2 size, Colour colour) {
    std::vector<std::uint8_t> rgba;
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) {
            const std::array<std::uint8_t, 3> c = colour(x, y);
            rgba.insert(rgba.end(), {c[0], c[1], c[2], 255});
        }
    return rgba;
}

TEST(GifFrames, BoxFilterTakesTheRoundedMeanOfEachBlock) {
    // 4x2 pixels to at most 2 wide: a factor of 2, two pixels of 2x2 blocks. Means by hand:
    // left R (0 + 10 + 20 + 31) / 4 = 15.25 -> 15; right R (100 + 101 + 102 + 104) / 4 = 101.75 -> 102.
    const std::vector<std::uint8_t> rgba = {
        0,  1, 2, 255, 10, 3, 4, 255, 100, 50, 0, 255, 101, 50, 0, 255,  // row 0
        20, 5, 6, 255, 31, 7, 8, 255, 102, 50, 0, 255, 104, 51, 3, 255,  // row 1
    };
    GifFrames frames;
    addGifFrame(frames, rgba, {4, 2}, kGifFrameDelay, 2);
    ASSERT_EQ(frames.rgb.size(), 1u);
    EXPECT_EQ(frames.size, glm::ivec2(2, 1));
    // G: (1+3+5+7)/4 = 4; B: (2+4+6+8)/4 = 5; right G (50+50+50+51)/4 = 50.25 -> 50, B 3/4 -> 1.
    EXPECT_EQ(frames.rgb[0], (std::vector<std::uint8_t>{15, 4, 5, 102, 50, 1}));
    EXPECT_EQ(gifScale(1280), 2);
    EXPECT_EQ(gifScale(640), 1);
    EXPECT_EQ(gifScale(641), 2);
}

TEST(GifFrames, ARepeatedFrameLengthensTheOneBeforeAndAnotherSizeIsRefused) {
    GifFrames frames;
    const auto grey = frameOf({8, 4}, [](int, int) { return std::array<std::uint8_t, 3>{9, 9, 9}; });
    const auto red = frameOf({8, 4}, [](int, int) { return std::array<std::uint8_t, 3>{200, 0, 0}; });
    addGifFrame(frames, grey, {8, 4}, 5);
    addGifFrame(frames, grey, {8, 4}, 5);
    addGifFrame(frames, red, {8, 4}, 5);
    EXPECT_EQ(frames.delays, (std::vector<int>{10, 5}));
    EXPECT_FALSE(frames.error);
    addGifFrame(frames, frameOf({6, 4}, [](int, int) { return std::array<std::uint8_t, 3>{}; }), {6, 4}, 5);
    ASSERT_TRUE(frames.error);
    EXPECT_NE(frames.error->find("changed size"), std::string::npos) << *frames.error;
    const fs::path dir = tempDir("refused");
    const auto written = writeGif(dir / "a.gif", frames);
    ASSERT_TRUE(std::holds_alternative<std::string>(written));
    EXPECT_TRUE(fs::is_empty(dir)) << "nothing written";
}

using gifcheck::decodeGif;
using gifcheck::nearestSquaredDistance;
using gifcheck::squaredDistance;

TEST(WriteGif, WithoutDitherDecodesToEachFramesNearestPaletteColoursWithItsDelaysAndOnePalette) {
    // Three 64x48 frames: a smooth gradient (about 3000 colours: more than the palette holds), a
    // square moved over it, and the same again for longer (merged: two drawn frames' delay).
    const glm::ivec2 size{64, 48};
    const auto gradient = [](int x, int y) {
        return std::array<std::uint8_t, 3>{static_cast<std::uint8_t>(x * 4), static_cast<std::uint8_t>(y * 5), 90};
    };
    const auto square = [&](int at) {
        return [=](int x, int y) {
            return x >= at && x < at + 10 && y >= 20 && y < 30 ? std::array<std::uint8_t, 3>{250, 40, 30}
                                                               : gradient(x, y);
        };
    };
    GifFrames frames;
    addGifFrame(frames, frameOf(size, square(5)), size, 5);
    addGifFrame(frames, frameOf(size, square(40)), size, 5);
    addGifFrame(frames, frameOf(size, square(40)), size, 5);
    ASSERT_EQ(frames.rgb.size(), 2u);

    const fs::path path = tempDir("decode") / "out.gif";
    const auto written = writeGif(path, frames, kGifMaxBytes, GifDither::Off);
    ASSERT_TRUE(std::holds_alternative<std::size_t>(written)) << std::get<std::string>(written);
    EXPECT_EQ(std::get<std::size_t>(written), fs::file_size(path));
    EXPECT_FALSE(fs::exists(path.string() + ".part"));

    const gifcheck::DecodedGif d = decodeGif(path.string());
    ASSERT_EQ(d.error, "");
    EXPECT_EQ(d.width, size.x);
    EXPECT_EQ(d.height, size.y);
    ASSERT_EQ(d.palette.size(), 256u) << "one global colour map of 256 entries";
    EXPECT_EQ(d.localMaps, 0) << "no frame has a palette of its own";
    EXPECT_TRUE(d.loops) << "a NETSCAPE2.0 loop extension";
    EXPECT_EQ(d.delays, (std::vector<int>{5, 10}));
    ASSERT_EQ(d.rgb.size(), 2u);
    // The bound, from the palette: a decoded pixel is no farther from the frame's pixel than the
    // palette's nearest entry is (found here by trying all 256).
    int checked = 0;
    for (std::size_t f = 0; f < 2; ++f)
        for (std::size_t i = 0; i < 64u * 48u; ++i) {
            const std::uint8_t* source = &frames.rgb[f][i * 3];
            const std::uint8_t* got = &d.rgb[f][i * 3];
            const GifColorType decoded{got[0], got[1], got[2]};
            ASSERT_EQ(squaredDistance(source, decoded), nearestSquaredDistance(source, d.palette))
                << "frame " << f << " pixel " << i;
            ++checked;
        }
    EXPECT_EQ(checked, 2 * 64 * 48);
}

TEST(WriteGif, GivesFewColoursFarApartBackExactly) {
    // Fewer distinct colours than the palette's 256: giflib's median cut (on 5-bit channels) gives
    // each 5-bit cell a box of its own, whose entry is the cell's low corner, within 7/255 a channel
    // (7 sqrt 3 < 12.2 in RGB) of the colour. These colours are more than 2 x 12.2 apart, so each
    // is nearest its own entry, and the Lloyd step moves that entry onto it (the mean of its
    // pixels): every pixel comes back exact (without the step, 0 only where a channel is a
    // multiple of 8).
    const glm::ivec2 size{16, 8};
    const std::array<std::array<std::uint8_t, 3>, 4> colours{
        {{0, 0, 0}, {255, 255, 255}, {200, 30, 77}, {13, 140, 250}}};
    GifFrames frames;
    for (int f = 0; f < 2; ++f)
        addGifFrame(frames,
                    frameOf(size, [&](int x, int y) { return colours[static_cast<std::size_t>(x / 4 + y + f) % 4]; }),
                    size, 5);
    const fs::path path = tempDir("few") / "few.gif";
    ASSERT_TRUE(std::holds_alternative<std::size_t>(writeGif(path, frames)));
    const gifcheck::DecodedGif d = decodeGif(path.string());
    ASSERT_EQ(d.error, "");
    ASSERT_EQ(d.rgb.size(), 2u);
    int checked = 0;
    for (std::size_t f = 0; f < 2; ++f)
        for (std::size_t i = 0; i < frames.rgb[f].size(); ++i, ++checked)
            EXPECT_EQ(d.rgb[f][i], frames.rgb[f][i]) << "frame " << f << " byte " << i;
    EXPECT_EQ(checked, 2 * 16 * 8 * 3);
}

TEST(WriteGif, RefusesAGifOverTheLimitAndAnUnwritablePathLeavingNothing) {
    const glm::ivec2 size{64, 48};
    GifFrames frames;
    for (int i = 0; i < 3; ++i)
        addGifFrame(frames,
                    frameOf(size,
                            [&](int x, int y) {
                                return std::array<std::uint8_t, 3>{static_cast<std::uint8_t>(x * 4 + i * 7),
                                                                   static_cast<std::uint8_t>(y * 5), 0};
                            }),
                    size, 5);
    const fs::path dir = tempDir("limit");
    const auto tooLarge = writeGif(dir / "big.gif", frames, 100);
    ASSERT_TRUE(std::holds_alternative<std::string>(tooLarge));
    EXPECT_NE(std::get<std::string>(tooLarge).find("more than 100: not written; record fewer frames, a smaller --size "
                                                   "or --gif-width"),
              std::string::npos)
        << std::get<std::string>(tooLarge);
    EXPECT_TRUE(fs::is_empty(dir));
    // A folder where the file should go: the rename fails, the temporary file is removed.
    fs::create_directories(dir / "taken.gif" / "inside");
    const auto unwritable = writeGif(dir / "taken.gif", frames);
    ASSERT_TRUE(std::holds_alternative<std::string>(unwritable));
    EXPECT_NE(std::get<std::string>(unwritable).find("could not write"), std::string::npos)
        << std::get<std::string>(unwritable);
    // A path under a regular file: the temporary cannot even be made.
    std::ofstream(dir / "file") << "x";
    const auto underFile = writeGif(dir / "file" / "a.gif", frames);
    ASSERT_TRUE(std::holds_alternative<std::string>(underFile));
    std::vector<fs::path> left;
    for (const auto& entry : fs::directory_iterator(dir)) left.push_back(entry.path().filename());
    EXPECT_EQ(left.size(), 2u) << "only the folder and the file made here";
}

}  // namespace
}  // namespace pickray::app
