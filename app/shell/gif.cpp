// SPDX-License-Identifier: MIT
#include "shell/gif.hpp"

#include "shell/gif_palette.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <fstream>
#include <memory>

namespace pickray::app {
namespace {

/// An index into a row-major picture of `width` (non-negative ints: the sizes of a GIF).
std::size_t at(int x, int y, int width) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
}

struct Rect {
    int x = 0, y = 0, w = 0, h = 0;
};

/// The smallest rectangle holding every pixel that differs between the two frames (1x1 when none does).
Rect changed(const std::vector<GifPixelType>& before, const std::vector<GifPixelType>& now, glm::ivec2 size) {
    int x0 = size.x, y0 = size.y, x1 = -1, y1 = -1;
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x)
            if (before[at(x, y, size.x)] != now[at(x, y, size.x)])
                x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    if (x1 < 0) return {0, 0, 1, 1};
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

int appendBytes(GifFileType* gif, const GifByteType* bytes, int n) {
    static_cast<std::vector<std::uint8_t>*>(gif->UserData)
        ->insert(static_cast<std::vector<std::uint8_t>*>(gif->UserData)->end(), bytes, bytes + n);
    return n;
}

/// The GIF's bytes, or giflib's error.
std::variant<std::vector<std::uint8_t>, std::string> encode(const GifFrames& frames, GifDither dither) {
    std::vector<std::uint8_t> bytes;
    int error = 0;
    GifFileType* gif = EGifOpen(&bytes, appendBytes, &error);
    if (!gif) return std::string("giflib: ") + GifErrorString(error);
    const auto fail = [&]() -> std::string {
        const std::string why = std::string("giflib: ") + GifErrorString(gif->Error);
        EGifCloseFile(gif, &error);
        return why;
    };
    const GifPalette palette = makeGifPalette(frames.rgb);
    const std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> map(
        GifMakeMapObject(static_cast<int>(palette.size()), palette.data()), GifFreeMapObject);
    EGifSetGifVersion(gif, true);
    if (EGifPutScreenDesc(gif, frames.size.x, frames.size.y, 8, 0, map.get()) != GIF_OK) return fail();
    // NETSCAPE2.0: loop forever (count 0).
    const GifByteType loop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") != GIF_OK || EGifPutExtensionBlock(gif, 3, loop) != GIF_OK ||
        EGifPutExtensionTrailer(gif) != GIF_OK)
        return fail();
    GifColourMapper colour(palette, dither);
    const std::size_t pixels = at(0, frames.size.y, frames.size.x);
    std::vector<GifPixelType> before, now(pixels);
    for (std::size_t f = 0; f < frames.rgb.size(); ++f) {
        for (int y = 0; y < frames.size.y; ++y)
            for (int x = 0; x < frames.size.x; ++x)
                now[at(x, y, frames.size.x)] = colour(&frames.rgb[f][at(x, y, frames.size.x) * 3], x, y);
        // After the first, each frame is drawn over the one before: only what changed is written.
        const Rect r = f == 0 ? Rect{0, 0, frames.size.x, frames.size.y} : changed(before, now, frames.size);
        GraphicsControlBlock control{};
        control.DisposalMode = DISPOSE_DO_NOT;
        control.DelayTime = std::min(frames.delays[f], kGifMaxDelay);
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const std::size_t length = EGifGCBToExtension(&control, extension);
        if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) != GIF_OK ||
            EGifPutImageDesc(gif, r.x, r.y, r.w, r.h, false, nullptr) != GIF_OK)
            return fail();
        for (int y = r.y; y < r.y + r.h; ++y)
            if (EGifPutLine(gif, &now[at(r.x, y, frames.size.x)], r.w) != GIF_OK) return fail();
        before.swap(now);
        now.resize(pixels);
    }
    if (EGifCloseFile(gif, &error) != GIF_OK) return std::string("giflib: ") + GifErrorString(error);
    return bytes;
}

}  // namespace

int gifScale(int width, int maxWidth) { return std::max(1, (width + maxWidth - 1) / maxWidth); }

void addGifFrame(GifFrames& frames, const std::vector<std::uint8_t>& rgba, glm::ivec2 size, int delay, int maxWidth) {
    if (frames.error) return;
    const int n = gifScale(size.x, maxWidth);
    const glm::ivec2 scaled = size / n;
    if (scaled.x < 1 || scaled.y < 1) return;  // a minimised window draws nothing to show
    if (!frames.rgb.empty() && scaled != frames.size) {
        frames.error = "the window changed size while recording (" + std::to_string(frames.size.x) + "x" +
                       std::to_string(frames.size.y) + " frames, then " + std::to_string(scaled.x) + "x" +
                       std::to_string(scaled.y) + "): a GIF has one size";
        return;
    }
    // The box filter: each pixel the rounded mean of an n x n block.
    std::vector<std::uint8_t> rgb(at(0, scaled.y, scaled.x) * 3);
    for (int y = 0; y < scaled.y; ++y)
        for (int x = 0; x < scaled.x; ++x)
            for (int c = 0; c < 3; ++c) {
                int sum = 0;
                for (int dy = 0; dy < n; ++dy)
                    for (int dx = 0; dx < n; ++dx)
                        sum += rgba[at(x * n + dx, y * n + dy, size.x) * 4 + static_cast<std::size_t>(c)];
                rgb[at(x, y, scaled.x) * 3 + static_cast<std::size_t>(c)] =
                    static_cast<std::uint8_t>((sum + n * n / 2) / (n * n));
            }
    if (!frames.rgb.empty() && frames.rgb.back() == rgb) {
        frames.delays.back() += delay;
        return;
    }
    frames.size = scaled;
    frames.rgb.push_back(std::move(rgb));
    frames.delays.push_back(delay);
}

void foldShortGifFrames(GifFrames& frames) {
    std::size_t kept = 0;
    int carried = 0;  // the time of the short frames folded away so far
    for (std::size_t f = 0; f < frames.rgb.size(); ++f) {
        const int delay = carried + frames.delays[f];
        if (delay < kGifMinDelay && f + 1 < frames.rgb.size()) {
            carried = delay;
            continue;
        }
        carried = 0;
        if (kept > 0 && frames.rgb[kept - 1] == frames.rgb[f]) {  // the same picture as the one kept before
            frames.delays[kept - 1] += delay;
            continue;
        }
        if (kept != f) frames.rgb[kept] = std::move(frames.rgb[f]);  // (a vector moved onto itself empties)
        frames.delays[kept++] = std::max(delay, kGifMinDelay);
    }
    frames.rgb.resize(kept);
    frames.delays.resize(kept);
}

std::variant<std::size_t, std::string> writeGif(const std::filesystem::path& path, const GifFrames& frames,
                                                std::size_t maxBytes, GifDither dither) {
    if (frames.error) return *frames.error;
    if (frames.rgb.empty()) return std::string("no frames were drawn to record");
    auto encoded = encode(frames, dither);
    if (auto* why = std::get_if<std::string>(&encoded)) return *why;
    const auto& bytes = std::get<std::vector<std::uint8_t>>(encoded);
    if (bytes.size() > maxBytes)
        return "the GIF would be " + std::to_string(bytes.size()) + " bytes (" + std::to_string(frames.rgb.size()) +
               " frames of " + std::to_string(frames.size.x) + "x" + std::to_string(frames.size.y) + "), more than " +
               std::to_string(maxBytes) + ": not written; record fewer frames, a smaller --size or --gif-width";
    if (path.has_parent_path()) {  // as a screenshot's: its folder is made
        std::error_code ignored;
        std::filesystem::create_directories(path.parent_path(), ignored);
    }
    std::filesystem::path temporary = path;
    temporary += ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return std::string("could not write the file");
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        return std::string("could not write the file");
    }
    return bytes.size();
}

}  // namespace pickray::app
