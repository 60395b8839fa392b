// SPDX-License-Identifier: MIT
#pragma once
// --record-gif: a run's frames as one animated GIF for a README (giflib). The frames are scaled
// down (a box filter) to at most --gif-width pixels wide as they come, a frame the same as the one
// before only lengthens its delay, and at the end one palette of 256 colours is made for the whole
// animation (gif_palette.hpp); each pixel is written dithered or as its nearest palette entry, each
// frame as the rectangle that changed, looping forever.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <glm/vec2.hpp>

namespace pickray::app {

inline constexpr int kGifWidth = 640;                   ///< the widest frame written by default (a README's width)
inline constexpr std::size_t kGifMaxBytes = 2'000'000;  ///< the largest GIF written (2 MB)
inline constexpr int kGifFrameDelay = 5;                ///< each drawn frame's time by default, in 1/100 s
/// The shortest delay written, in 1/100 s: browsers show a frame of 0 or 1 for 1/10 s instead.
inline constexpr int kGifMinDelay = 2;
inline constexpr int kGifMaxDelay = 65535;  ///< the longest a GIF can say (16 bits)

/// --gif-dither: how a colour between the palette's entries is written (gif_palette.hpp).
enum class GifDither {
    Ordered,  ///< a pattern of entries over a 4x4 tile whose mean is near the colour (the default)
    Off,      ///< its nearest entry
};

/// The frames of an animation, scaled, as RGB (top row first), with their delays in 1/100 s.
struct GifFrames {
    glm::ivec2 size{0};
    std::vector<std::vector<std::uint8_t>> rgb;
    std::vector<int> delays;
    std::optional<std::string> error;  ///< a frame refused (another size than the first): the GIF is not written
};

/// The integer box filter's factor that brings `width` to at most `maxWidth` (1: as it is).
[[nodiscard]] int gifScale(int width, int maxWidth = kGifWidth);

/// Adds a drawn frame (RGBA rows, top row first, `size` pixels) with the delay `delay`, scaled by
/// gifScale; the same pixels as the frame before add `delay` to its delay instead.
void addGifFrame(GifFrames& frames, const std::vector<std::uint8_t>& rgba, glm::ivec2 size, int delay = kGifFrameDelay,
                 int maxWidth = kGifWidth);

/// Folds each frame shorter than kGifMinDelay into the one after it (its time added to that one's;
/// a short last frame is lengthened to kGifMinDelay), and a frame then the same as the one before
/// into that one: paced frames (a replay's) may come closer together than a GIF can show.
void foldShortGifFrames(GifFrames& frames);

/// Writes `frames` as an animated GIF at `path` (through a temporary file beside it, renamed: a
/// failure leaves nothing half-written). Returns the bytes written, or why nothing was: no
/// frames, a refused frame, a file that would be larger than `maxBytes`, an unwritable path.
[[nodiscard]] std::variant<std::size_t, std::string> writeGif(const std::filesystem::path& path,
                                                              const GifFrames& frames,
                                                              std::size_t maxBytes = kGifMaxBytes,
                                                              GifDither dither = GifDither::Ordered);

}  // namespace pickray::app
