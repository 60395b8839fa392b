// SPDX-License-Identifier: MIT
#include "shell/gif_palette.hpp"

#include <algorithm>
#include <cmath>

namespace pickray::app {
namespace {

/// The place in a colour's pattern each pixel of a 4x4 tile shows (the Bayer matrix: the first k
/// places spread as evenly over the tile as k of 16 can, for every k).
constexpr std::array<std::size_t, kDitherPattern> kBayer4 = {0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5};

/// The index of the palette's entry nearest to `rgb` (the first of equals), and its squared distance.
template <class Channel>
std::pair<GifPixelType, double> nearestEntry(const GifPalette& palette, const Channel* rgb) {
    std::size_t best = 0;
    double bestDistance = 1e30;
    for (std::size_t e = 0; e < palette.size(); ++e) {
        const double dr = rgb[0] - palette[e].Red, dg = rgb[1] - palette[e].Green, db = rgb[2] - palette[e].Blue;
        if (const double d = dr * dr + dg * dg + db * db; d < bestDistance) best = e, bestDistance = d;
    }
    return {static_cast<GifPixelType>(best), bestDistance};
}

}  // namespace

/// giflib's median cut (GifQuantizeBuffer) works on colours cut to 5 bits a channel, splits boxes
/// by how many pixels they hold, and puts an entry at its box's mean 5-bit corner. Fed every
/// pixel, the background's shades take most entries; fed each colour once, an object's smooth
/// shading gets too few. So it is fed each 5-bit cell the frames' pixels fall in, count^0.6
/// times, and its entries are then moved to the mean of the pixels nearest to them, 8 times
/// (Lloyd's step, weighted by the pixels): a colour of its own comes back exact. docs/DEMO.md
/// gives the errors measured for these choices.
GifPalette makeGifPalette(const std::vector<std::vector<std::uint8_t>>& frames) {
    struct Cell {
        std::uint64_t count = 0, r = 0, g = 0, b = 0;  ///< its pixels and the sums of their channels
    };
    std::vector<Cell> cells(1u << 15);
    for (const std::vector<std::uint8_t>& frame : frames)
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
            1, static_cast<std::size_t>(std::lround(std::pow(static_cast<double>(cells[c].count), 0.6))));
        fedR.insert(fedR.end(), times, r.back());
        fedG.insert(fedG.end(), times, g.back());
        fedB.insert(fedB.end(), times, b.back());
    }
    GifPalette palette{};  // entries the quantiser leaves unused stay black
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

GifColourMapper::Pattern GifColourMapper::patternFor(const std::uint8_t* rgb) const {
    const auto [nearest, distance] = nearestEntry(palette_, rgb);
    Pattern pattern;
    pattern.fill(nearest);
    if (dither_ == GifDither::Off || distance == 0.0) return pattern;
    // Knoll's pattern dithering: each entry is the one nearest the colour pushed by the error the
    // entries before it left, so that their mean comes near the colour; then sorted by luminance,
    // so that the Bayer matrix spreads the darker and the lighter entries evenly.
    const double limit = kDitherPushCap * std::sqrt(distance);
    double error[3] = {0.0, 0.0, 0.0};
    for (GifPixelType& entry : pattern) {
        double pushed[3];
        const double push = kDitherPush * std::sqrt(error[0] * error[0] + error[1] * error[1] + error[2] * error[2]);
        const double scale = push > limit ? limit / push : 1.0;
        for (int c = 0; c < 3; ++c) pushed[c] = rgb[c] + kDitherPush * error[c] * scale;
        entry = nearestEntry(palette_, pushed).first;
        const GifColorType& e = palette_[entry];
        error[0] += rgb[0] - e.Red, error[1] += rgb[1] - e.Green, error[2] += rgb[2] - e.Blue;
    }
    const auto luminance = [&](GifPixelType i) {
        const GifColorType& e = palette_[i];
        return 299 * e.Red + 587 * e.Green + 114 * e.Blue;
    };
    std::sort(pattern.begin(), pattern.end(), [&](GifPixelType a, GifPixelType b) {
        return luminance(a) != luminance(b) ? luminance(a) < luminance(b) : a < b;
    });
    return pattern;
}

GifPixelType GifColourMapper::operator()(const std::uint8_t* rgb, int x, int y) {
    const std::uint32_t key = static_cast<std::uint32_t>(rgb[0] << 16 | rgb[1] << 8 | rgb[2]);
    auto found = cache_.find(key);
    if (found == cache_.end()) found = cache_.emplace(key, patternFor(rgb)).first;
    return found->second[kBayer4[static_cast<std::size_t>((y & 3) * 4 + (x & 3))]];
}

}  // namespace pickray::app
