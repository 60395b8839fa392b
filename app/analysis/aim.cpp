// SPDX-License-Identifier: MIT
#include "analysis/aim.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "analysis/audit.hpp"

namespace pickray::app {
namespace {

// For each pixel of the mask, the chessboard distance to the nearest pixel outside it (the view's
// edge counts as outside): two passes, as a 3x3 chamfer does.
std::vector<int> depthInside(const std::vector<bool>& mask, int width, int height) {
    const int far = width + height;
    std::vector<int> depth(mask.size());
    const auto at = [&](int x, int y) -> int {
        if (x < 0 || y < 0 || x >= width || y >= height) return 0;
        return depth[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
    };
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::size_t i =
                static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
            depth[i] =
                mask[i]
                    ? std::min({far, at(x - 1, y) + 1, at(x - 1, y - 1) + 1, at(x, y - 1) + 1, at(x + 1, y - 1) + 1})
                    : 0;
        }
    for (int y = height - 1; y >= 0; --y)
        for (int x = width - 1; x >= 0; --x) {
            const std::size_t i =
                static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
            if (mask[i])
                depth[i] = std::min(
                    {depth[i], at(x + 1, y) + 1, at(x + 1, y + 1) + 1, at(x, y + 1) + 1, at(x - 1, y + 1) + 1});
        }
    return depth;
}

}  // namespace

std::optional<glm::ivec2> robustPixelOf(const scene::SceneIndex& index, const FrameMatrices& frame, std::size_t object,
                                        std::optional<glm::vec2> at, const std::function<bool(glm::ivec2)>& covered) {
    const std::optional<std::vector<CpuPixel>> cpu = cpuPicks(index, frame);
    if (!cpu) return std::nullopt;
    const int width = static_cast<int>(frame.viewport.width);
    const int height = static_cast<int>(frame.viewport.height);
    const auto id = static_cast<std::uint32_t>(object + 1);
    std::vector<bool> mask(cpu->size());
    glm::ivec2 low(width, height), high(-1, -1);
    for (std::size_t i = 0; i < cpu->size(); ++i) {
        const glm::ivec2 p(static_cast<int>(i % static_cast<std::size_t>(width)),
                           static_cast<int>(i / static_cast<std::size_t>(width)));
        mask[i] = (*cpu)[i].id == id && (*cpu)[i].robust() && !(covered && covered(p));
        if (!mask[i]) continue;
        low = glm::min(low, p);
        high = glm::max(high, p);
    }
    if (high.x < 0) return std::nullopt;
    const std::vector<int> depth = depthInside(mask, width, height);
    glm::dvec2 sum(0.0);
    std::size_t count = 0;
    for (std::size_t i = 0; i < mask.size(); ++i)
        if (mask[i]) {
            sum += glm::dvec2(static_cast<double>(i % static_cast<std::size_t>(width)),
                              static_cast<double>(i / static_cast<std::size_t>(width)));
            ++count;
        }
    const glm::vec2 centroid(sum / static_cast<double>(count));
    // Without a point asked for: the deepest pixel, ties to the one nearest the area's centroid (the
    // middle of a long thin object, not its end). With one: the nearest to it, ties to the deeper.
    const glm::vec2 wanted = at ? glm::vec2(low) + *at * glm::vec2(high - low) : centroid;
    std::optional<glm::ivec2> best;
    float bestDistance = std::numeric_limits<float>::infinity();
    int bestDepth = -1;
    for (std::size_t i = 0; i < mask.size(); ++i) {
        if (!mask[i]) continue;
        const glm::ivec2 p(static_cast<int>(i % static_cast<std::size_t>(width)),
                           static_cast<int>(i / static_cast<std::size_t>(width)));
        const float distance = glm::length(glm::vec2(p) - wanted);
        const bool better = at ? distance < bestDistance || (distance == bestDistance && depth[i] > bestDepth)
                               : depth[i] > bestDepth || (depth[i] == bestDepth && distance < bestDistance);
        if (better) {
            best = p;
            bestDistance = distance;
            bestDepth = depth[i];
        }
    }
    return best;
}

}  // namespace pickray::app
