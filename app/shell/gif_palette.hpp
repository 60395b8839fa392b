// SPDX-License-Identifier: MIT
#pragma once
// --record-gif's colours: one palette of 256 for the whole animation, and how each pixel is
// written with it. Without dithering a pixel is its nearest entry, so a smooth shading falls into
// contour bands. With ordered dithering (the default) a colour between entries is written as a
// pattern of 16 entries over a 4x4 tile (Knoll's pattern dithering, spread by a Bayer matrix) whose
// mean comes near the colour; the pattern depends only on the colour and the pixel's place, so a
// pixel that does not change between frames keeps its output (no crawl; the changed-rectangle
// frames stay small), and a colour the palette holds stays flat (the panels' text and fills).

#include <gif_lib.h>

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "shell/gif.hpp"

namespace pickray::app {

using GifPalette = std::array<GifColorType, 256>;

/// A colour's pattern: 16 entries, one for each place of a 4x4 tile.
inline constexpr int kDitherPattern = 16;
/// How hard the error the pattern's entries so far leave pushes the next one's choice (Knoll's
/// threshold multiplier): 1 pushes by the whole error, for the nearest mean and the coarsest
/// pattern; less keeps the entries nearer the colour. docs/DEMO.md gives the errors measured.
inline constexpr double kDitherPush = 0.5;
/// The largest push, as a multiple of the distance from the colour to its nearest entry: it
/// bounds how far a dithered pixel's colour can be from the pixel (kDitherReach).
inline constexpr double kDitherPushCap = 2.0;

/// How far a dithered pixel's colour can be from the pixel, as a multiple of the distance d from
/// the pixel to the palette's nearest entry: each entry of its pattern is the nearest to the colour
/// pushed by at most kDitherPushCap d, so no farther than d + kDitherPushCap d from the pushed
/// colour, nor than d + 2 kDitherPushCap d from the colour. gif_diff's bound.
inline constexpr double kDitherReach = 1.0 + 2.0 * kDitherPushCap;

/// The palette for frames of RGB pixels (gif_palette.cpp: giflib's median cut, refined).
[[nodiscard]] GifPalette makeGifPalette(const std::vector<std::vector<std::uint8_t>>& frames);

/// Writes pixels as palette indices, each colour's choice remembered (a frame has few colours).
class GifColourMapper {
public:
    GifColourMapper(const GifPalette& palette, GifDither dither) : palette_(palette), dither_(dither) {}
    /// The index written for the RGB pixel `rgb` at (x, y).
    GifPixelType operator()(const std::uint8_t* rgb, int x, int y);

private:
    using Pattern = std::array<GifPixelType, kDitherPattern>;
    /// The entries a colour is written as, in the order of the Bayer matrix's places (all the
    /// nearest entry when it is the colour itself, or without dithering).
    [[nodiscard]] Pattern patternFor(const std::uint8_t* rgb) const;

    const GifPalette& palette_;
    GifDither dither_;
    std::unordered_map<std::uint32_t, Pattern> cache_;
};

}  // namespace pickray::app
