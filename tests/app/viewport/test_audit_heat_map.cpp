// SPDX-License-Identifier: MIT
// The pick audit's heat map (viewport/audit_heat_map.hpp) on planted classes: its rectangles are
// painted here in their order, one colour over another as the renderer blends them, and every
// pixel's colour is compared with what a brute force over the planted pixels says it must be.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include <gtest/gtest.h>

#include "analysis/audit.hpp"
#include "viewport/audit_heat_map.hpp"

namespace pa = pickray::app;

namespace {

constexpr glm::ivec2 kSize{14, 9};
constexpr std::uint8_t kRobust = pa::kAuditMismatch | pa::kAuditRobust;

struct Planted {
    glm::ivec2 pixel;
    std::uint8_t bits;
};

// A robust mismatch in the top-left corner (its marker cut by the view's edges), a run of three
// in row 4, a non-robust one right beside that run (under the run's marker), one alone at (11,1),
// a depth tie alone at (11,7) and one on a robust pixel (ties get no marker of their own).
const std::vector<Planted> kPlanted{
    {{0, 0}, kRobust},
    {{4, 4}, kRobust},
    {{5, 4}, kRobust},
    {{6, 4}, kRobust | pa::kAuditDepthTie},
    {{7, 4}, pa::kAuditMismatch},
    {{11, 1}, pa::kAuditMismatch},
    {{11, 7}, pa::kAuditDepthTie},
};

std::vector<std::uint8_t> plantedClasses() {
    std::vector<std::uint8_t> classes(static_cast<std::size_t>(kSize.x * kSize.y), 0);
    for (const Planted& p : kPlanted) classes[static_cast<std::size_t>(p.pixel.y * kSize.x + p.pixel.x)] = p.bits;
    return classes;
}

}  // namespace

TEST(AuditHeatMap, DimsTheViewAndMarksEachMismatchPixelInItsKindsColourRobustOnTop) {
    const std::vector<pickray::render::ScreenRect> rects = pa::auditHeatMap(plantedClasses(), kSize);
    ASSERT_FALSE(rects.empty());
    EXPECT_EQ(rects[0].min, glm::ivec2(0));
    EXPECT_EQ(rects[0].max, kSize) << "the first rectangle dims the whole view";
    EXPECT_EQ(rects[0].color, pa::kAuditDim);
    // Painted in order (the renderer blends each over what is there; the colours are told apart
    // by which rectangle came last).
    std::vector<glm::vec4> painted(static_cast<std::size_t>(kSize.x * kSize.y), glm::vec4(-1.0f));
    for (const auto& r : rects) {
        ASSERT_TRUE(r.min.x >= 0 && r.min.y >= 0 && r.max.x <= kSize.x && r.max.y <= kSize.y) << "inside the view";
        for (int y = r.min.y; y < r.max.y; ++y)
            for (int x = r.min.x; x < r.max.x; ++x) painted[static_cast<std::size_t>(y * kSize.x + x)] = r.color;
    }
    // The brute force: a pixel within the marker radius of a robust mismatch is the robust colour,
    // else within it of a non-robust one the edge colour, else dimmed only.
    int checked = 0, robustPixels = 0, edgePixels = 0;
    for (int y = 0; y < kSize.y; ++y)
        for (int x = 0; x < kSize.x; ++x, ++checked) {
            bool nearRobust = false, nearEdge = false;
            for (const Planted& p : kPlanted) {
                if (std::max(std::abs(p.pixel.x - x), std::abs(p.pixel.y - y)) > pa::kAuditMarkerRadius) continue;
                nearRobust |= (p.bits & kRobust) == kRobust;
                nearEdge |= (p.bits & kRobust) == pa::kAuditMismatch;
            }
            const glm::vec4 want = nearRobust ? pa::kAuditRobustColor : nearEdge ? pa::kAuditEdgeColor : pa::kAuditDim;
            robustPixels += nearRobust;
            edgePixels += !nearRobust && nearEdge;
            EXPECT_EQ(painted[static_cast<std::size_t>(y * kSize.x + x)], want) << x << "," << y;
        }
    EXPECT_EQ(checked, kSize.x * kSize.y);
    // The corner's 2x2, the run's 5x3, beside it the edge marker's column 8 (rows 3-5) and the lone
    // one's 3x3: counted by hand.
    EXPECT_EQ(robustPixels, 4 + 15);
    EXPECT_EQ(edgePixels, 3 + 9);
    // One rectangle for the dimming, one per run: the corner, the run of three, two edge pixels.
    EXPECT_EQ(rects.size(), 1u + 2u + 2u);
}

TEST(AuditHeatMap, NoMismatchIsTheDimmingAloneAndClassesOfAnotherSizeDrawNothing) {
    const std::vector<std::uint8_t> agree(static_cast<std::size_t>(kSize.x * kSize.y), pa::kAuditDepthTie);
    EXPECT_EQ(pa::auditHeatMap(agree, kSize).size(), 1u) << "ties alone: nothing but the dimming";
    EXPECT_TRUE(pa::auditHeatMap(std::vector<std::uint8_t>(5, 0), kSize).empty());
    EXPECT_TRUE(pa::auditHeatMap({}, glm::ivec2(0)).empty());
}
