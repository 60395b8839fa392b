// SPDX-License-Identifier: MIT
#include "viewport/audit_heat_map.hpp"

#include <algorithm>
#include <cstddef>

#include "analysis/audit.hpp"

namespace pickray::app {

std::vector<render::ScreenRect> auditHeatMap(std::span<const std::uint8_t> classes, glm::ivec2 size) {
    const std::size_t pixels =
        static_cast<std::size_t>(std::max(size.x, 0)) * static_cast<std::size_t>(std::max(size.y, 0));
    if (pixels == 0 || classes.size() != pixels) return {};
    std::vector<render::ScreenRect> rects{{glm::ivec2(0), size, kAuditDim}};
    constexpr std::uint8_t kKind = kAuditMismatch | kAuditRobust;
    const int r = kAuditMarkerRadius;
    for (const std::uint8_t wanted : {std::uint8_t(kAuditMismatch), kKind}) {
        const glm::vec4 color = wanted == kKind ? kAuditRobustColor : kAuditEdgeColor;
        for (int y = 0; y < size.y; ++y) {
            const std::uint8_t* row = classes.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(size.x);
            for (int x = 0; x < size.x;) {
                if ((row[x] & kKind) != wanted) {
                    ++x;
                    continue;
                }
                int end = x + 1;  // the run of this kind
                while (end < size.x && (row[end] & kKind) == wanted) ++end;
                rects.push_back({glm::max(glm::ivec2(x - r, y - r), glm::ivec2(0)),
                                 glm::min(glm::ivec2(end + r, y + r + 1), size), color});
                x = end;
            }
        }
    }
    return rects;
}

}  // namespace pickray::app
