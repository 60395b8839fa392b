// SPDX-License-Identifier: MIT
#include "panels/free_view.hpp"

#include <algorithm>

#include <glm/common.hpp>

namespace pickray::app {
namespace {

// How far the panel's rectangle is from the centre along one axis (0 when it spans the centre).
float gapFrom(float centre, float lo, float hi) { return std::max({lo - centre, centre - hi, 0.0f}); }

}  // namespace

FreeView freeView(const std::vector<PanelRect>& panels, glm::vec2 window) {
    const glm::vec2 center = 0.5f * glm::max(window, glm::vec2(0.0f));
    // Each panel inside the window: the gaps from the centre to it, across and down.
    std::vector<glm::vec2> gaps;
    for (const PanelRect& p : panels) {
        if (!p.docked) continue;
        const glm::vec2 lo = glm::max(p.pos, glm::vec2(0.0f));
        const glm::vec2 hi = glm::min(p.pos + p.size, window);
        if (!(lo.x < hi.x && lo.y < hi.y)) continue;
        gaps.emplace_back(gapFrom(center.x, lo.x, hi.x), gapFrom(center.y, lo.y, hi.y));
    }
    // A half width is the window's or stops at a panel; the half height is then the most that
    // avoids every panel the half width reaches.
    std::vector<float> widths{center.x};
    for (const glm::vec2 g : gaps) widths.push_back(g.x);
    FreeView best{center, glm::vec2(0.0f)};
    for (const float w : widths) {
        float h = center.y;
        for (const glm::vec2 g : gaps)
            if (g.x < w) h = std::min(h, g.y);
        const glm::vec2 half(w, h);
        const float narrower = std::min(w, h), bestNarrower = std::min(best.half.x, best.half.y);
        if (narrower > bestNarrower || (narrower == bestNarrower && w * h > best.half.x * best.half.y))
            best.half = half;
    }
    return best;
}

command::Frame frameCommand(bool all, glm::vec2 window, const FreeView& free) {
    const bool empty = !(window.x > 0.0f && window.y > 0.0f);
    const float aspect = empty ? 1.0f : window.x / window.y;
    const glm::vec2 room = empty ? glm::vec2(1.0f) : free.half / (0.5f * window);
    return command::Frame{all, aspect, room};
}

}  // namespace pickray::app
