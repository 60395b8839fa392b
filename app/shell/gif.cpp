// SPDX-License-Identifier: MIT
#include "shell/gif.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <memory>
#include <unordered_map>

namespace pickray::app {
namespace {

/// An index into a row-major picture of `width` (non-negative ints: the sizes of a GIF).
std::size_t at(int x, int y, int width) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
}

using Palette = std::array<GifColorType, 256>;

/// One palette for every frame. giflib's median cut (GifQuantizeBuffer) works on colours cut to 5
/// bits a channel, splits boxes by how many pixels they hold, and puts an entry at its box's mean
/// 5-bit corner. Fed every pixel, the background's shades take most entries; fed each colour once,
/// an object's smooth shading gets too few. So it is fed each 5-bit cell the frames' pixels fall
/// in, count^(3/4) times, and its entries are then moved to the mean of the pixels nearest to them,
/// 8 times (Lloyd's step, weighted by the pixels): a colour of its own comes back exact. Measured on
/// an orbit of the default scene (38 frames at 640x360, 4958 cells), the distance from a pixel to its entry in RGB, mean /
/// 99th percentile / largest: 1.1 / 13.3 / 47.9 (in 1/255); fed each pixel 1.0 / 11.6 / 79.3, each
/// colour once 1.9 / 20.8 / 49.5, giflib alone (by pixel, no Lloyd step) 6.7 / 32.1 / 114.
Palette makePalette(const GifFrames& frames) {
    struct Cell {
        std::uint64_t count = 0, r = 0, g = 0, b = 0;  ///< its pixels and the sums of their channels
    };
    std::vector<Cell> cells(1u << 15);
    for (const std::vector<std::uint8_t>& frame : frames.rgb)
        for (std::size_t i = 0; i + 2 < frame.size(); i += 3) {
            Cell& cell =
                cells[static_cast<std::size_t>((frame[i] >> 3) << 10 | (frame[i + 1] >> 3) << 5 | (frame[i + 2] >> 3))];
            ++cell.count, cell.r += frame[i], cell.g += frame[i + 1], cell.b += frame[i + 2];
        }
    std::vector<GifByteType> r, g, b;  // each used cell's mean colour
    std::vector<GifByteType> fedR, fedG, fedB;
    std::vector<std::size_t> used;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        if (cells[c].count == 0) continue;
        used.push_back(c);
        r.push_back(static_cast<GifByteType>(cells[c].r / cells[c].count));
        g.push_back(static_cast<GifByteType>(cells[c].g / cells[c].count));
        b.push_back(static_cast<GifByteType>(cells[c].b / cells[c].count));
        const auto times = std::max<std::size_t>(
            1, static_cast<std::size_t>(std::lround(std::pow(static_cast<double>(cells[c].count), 0.75))));
        fedR.insert(fedR.end(), times, r.back());
        fedG.insert(fedG.end(), times, g.back());
        fedB.insert(fedB.end(), times, b.back());
    }
    Palette palette{};  // entries the quantiser leaves unused stay black
    int size = static_cast<int>(palette.size());
    std::vector<GifByteType> indices(fedR.size());
    GifQuantizeBuffer(static_cast<unsigned>(fedR.size()), 1, &size, fedR.data(), fedG.data(), fedB.data(),
                      indices.data(), palette.data());
    for (int round = 0; round < 8; ++round) {
        std::array<Cell, 256> sums{};
        for (std::size_t k = 0; k < used.size(); ++k) {
            std::size_t best = 0;
            int bestDistance = 1 << 30;
            for (std::size_t e = 0; e < palette.size(); ++e) {
                const int dr = r[k] - palette[e].Red, dg = g[k] - palette[e].Green, db = b[k] - palette[e].Blue;
                const int d = dr * dr + dg * dg + db * db;
                if (d < bestDistance) best = e, bestDistance = d;
            }
            const Cell& cell = cells[used[k]];
            sums[best].count += cell.count, sums[best].r += cell.r, sums[best].g += cell.g, sums[best].b += cell.b;
        }
        for (std::size_t e = 0; e < palette.size(); ++e) {
            const Cell& sum = sums[e];
            if (sum.count == 0) continue;  // an entry no colour is nearest to keeps its place
            const auto mean = [&](std::uint64_t total) {
                return static_cast<GifByteType>((total + sum.count / 2) / sum.count);
            };
            palette[e] = {mean(sum.r), mean(sum.g), mean(sum.b)};
        }
    }
    return palette;
}

/// Each pixel's nearest palette entry (squared RGB distance; the first of equals), remembered
/// per colour: a rendered frame has few colours.
class NearestEntry {
public:
    explicit NearestEntry(const Palette& palette) : palette_(palette) {}
    GifPixelType operator()(const std::uint8_t* rgb) {
        const std::uint32_t key = rgb[0] << 16 | rgb[1] << 8 | rgb[2];
        if (const auto found = cache_.find(key); found != cache_.end()) return found->second;
        int best = 0, bestDistance = 1 << 30;
        for (int i = 0; i < static_cast<int>(palette_.size()); ++i) {
            const GifColorType& entry = palette_[static_cast<std::size_t>(i)];
            const int dr = rgb[0] - entry.Red, dg = rgb[1] - entry.Green, db = rgb[2] - entry.Blue;
            const int d = dr * dr + dg * dg + db * db;
            if (d < bestDistance) best = i, bestDistance = d;
        }
        return cache_[key] = static_cast<GifPixelType>(best);
    }

private:
    const Palette& palette_;
    std::unordered_map<std::uint32_t, GifPixelType> cache_;
};

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
std::variant<std::vector<std::uint8_t>, std::string> encode(const GifFrames& frames) {
    std::vector<std::uint8_t> bytes;
    int error = 0;
    GifFileType* gif = EGifOpen(&bytes, appendBytes, &error);
    if (!gif) return std::string("giflib: ") + GifErrorString(error);
    const auto fail = [&]() -> std::string {
        const std::string why = std::string("giflib: ") + GifErrorString(gif->Error);
        EGifCloseFile(gif, &error);
        return why;
    };
    const Palette palette = makePalette(frames);
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
    NearestEntry nearest(palette);
    const std::size_t pixels = at(0, frames.size.y, frames.size.x);
    std::vector<GifPixelType> before, now(pixels);
    for (std::size_t f = 0; f < frames.rgb.size(); ++f) {
        for (std::size_t i = 0; i < pixels; ++i) now[i] = nearest(&frames.rgb[f][i * 3]);
        // After the first, each frame is drawn over the one before: only what changed is written.
        const Rect r = f == 0 ? Rect{0, 0, frames.size.x, frames.size.y} : changed(before, now, frames.size);
        GraphicsControlBlock control{};
        control.DisposalMode = DISPOSE_DO_NOT;
        control.DelayTime = std::min(frames.delays[f], 65535);
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

std::variant<std::size_t, std::string> writeGif(const std::filesystem::path& path, const GifFrames& frames,
                                                std::size_t maxBytes) {
    if (frames.error) return *frames.error;
    if (frames.rgb.empty()) return std::string("no frames were drawn to record");
    auto encoded = encode(frames);
    if (auto* why = std::get_if<std::string>(&encoded)) return *why;
    const auto& bytes = std::get<std::vector<std::uint8_t>>(encoded);
    if (bytes.size() > maxBytes)
        return "the GIF would be " + std::to_string(bytes.size()) + " bytes (" + std::to_string(frames.rgb.size()) +
               " frames of " + std::to_string(frames.size.x) + "x" + std::to_string(frames.size.y) + "), more than " +
               std::to_string(maxBytes) + ": not written; record fewer frames or a smaller --size";
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
