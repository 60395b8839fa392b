// SPDX-License-Identifier: MIT
#pragma once
// How far a GIF's frame is from the frame it was made from, as the eye sees it: the RGB distance
// from each pixel to its output colour (in 1/255), as is, and after the same box blur of both
// pictures (a dither pattern averages out, a contour band does not). Summed as the mean, the 99th
// percentile and the largest; over every pixel, or over the shaded ones only: pixels whose block
// (the blur's size) in the input is neither flat nor crossed by an edge (no channel differs from the
// pixel's by more than kShadedStep), the smooth shading of a ball or a capsule.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace pickray::gifcheck {

/// The largest step (in 1/255, one channel) between a shaded pixel and another in its block.
inline constexpr int kShadedStep = 24;

struct ColourError {
    double mean = 0.0, p99 = 0.0, largest = 0.0;
    std::size_t pixels = 0;  ///< how many were measured
};

/// `rgb` blurred by a box of (2 radius + 1)^2 pixels (fewer at the picture's edges), as doubles.
inline std::vector<double> boxBlur(const std::vector<std::uint8_t>& rgb, int width, int height, int radius) {
    std::vector<double> out(rgb.size());
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            double sum[3] = {0, 0, 0};
            int n = 0;
            for (int dy = -radius; dy <= radius; ++dy)
                for (int dx = -radius; dx <= radius; ++dx) {
                    const int u = x + dx, v = y + dy;
                    if (u < 0 || v < 0 || u >= width || v >= height) continue;
                    const std::size_t i =
                        (static_cast<std::size_t>(v) * static_cast<std::size_t>(width) + static_cast<std::size_t>(u)) *
                        3;
                    for (int c = 0; c < 3; ++c) sum[c] += rgb[i + static_cast<std::size_t>(c)];
                    ++n;
                }
            const std::size_t i =
                (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
            for (int c = 0; c < 3; ++c) out[i + static_cast<std::size_t>(c)] = sum[c] / n;
        }
    return out;
}

/// Whether each pixel of `rgb` is shaded (see above) in a block of (2 radius + 1)^2 pixels.
inline std::vector<bool> shadedPixels(const std::vector<std::uint8_t>& rgb, int width, int height, int radius) {
    std::vector<bool> shaded(rgb.size() / 3, false);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::size_t i =
                (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
            int step = 0;
            for (int dy = -radius; dy <= radius; ++dy)
                for (int dx = -radius; dx <= radius; ++dx) {
                    const int u = std::clamp(x + dx, 0, width - 1), v = std::clamp(y + dy, 0, height - 1);
                    const std::size_t j =
                        (static_cast<std::size_t>(v) * static_cast<std::size_t>(width) + static_cast<std::size_t>(u)) *
                        3;
                    for (std::size_t c = 0; c < 3; ++c) step = std::max(step, std::abs(rgb[i + c] - rgb[j + c]));
                }
            shaded[i / 3] = step >= 1 && step <= kShadedStep;
        }
    return shaded;
}

/// Accumulates the distances of many frames, then sums them up.
class ColourErrorSum {
public:
    /// Adds one frame: `input` as drawn, `output` as the GIF shows it (RGB, `width` x `height`),
    /// compared after a box blur of `radius` (0: pixel by pixel); `shadedOnly`: the shaded pixels.
    void add(const std::vector<std::uint8_t>& input, const std::vector<std::uint8_t>& output, int width, int height,
             int radius, bool shadedOnly) {
        const std::vector<double> a = boxBlur(input, width, height, radius);
        const std::vector<double> b = boxBlur(output, width, height, radius);
        const std::vector<bool> shaded = shadedPixels(input, width, height, std::max(radius, 1));
        for (std::size_t p = 0; p < shaded.size(); ++p) {
            if (shadedOnly && !shaded[p]) continue;
            double d2 = 0.0;
            for (std::size_t c = 0; c < 3; ++c) d2 += (a[p * 3 + c] - b[p * 3 + c]) * (a[p * 3 + c] - b[p * 3 + c]);
            distances_.push_back(std::sqrt(d2));
        }
    }
    [[nodiscard]] ColourError sum() const {
        ColourError e;
        e.pixels = distances_.size();
        if (distances_.empty()) return e;
        std::vector<double> sorted = distances_;
        std::sort(sorted.begin(), sorted.end());
        double total = 0.0;
        for (const double d : sorted) total += d;
        e.mean = total / static_cast<double>(sorted.size());
        e.p99 =
            sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(0.99 * static_cast<double>(sorted.size())))];
        e.largest = sorted.back();
        return e;
    }

private:
    std::vector<double> distances_;
};

}  // namespace pickray::gifcheck
