// SPDX-License-Identifier: MIT
// The part of the view F frames in: the centred rectangle the docked panels leave, worked out
// here by hand from the panels' rectangles; popups and toasts do not count.
#include <gtest/gtest.h>

#include "panels/free_view.hpp"

namespace pickray::app {
namespace {

PanelRect panel(glm::vec2 pos, glm::vec2 size, bool docked = true) {
    PanelRect p;
    p.pos = pos;
    p.size = size;
    p.docked = docked;
    return p;
}

TEST(FreeView, TheSideColumnsAndTheBottomBandLeaveTheCentredRectangleBetweenThem) {
    // 1280x720: the menu bar, columns 8..348 and 932..1272, the band from y = 509 down.
    const std::vector<PanelRect> panels = {panel({0, 0}, {1280, 19}), panel({8, 27}, {340, 685}),
                                           panel({932, 27}, {340, 600}), panel({356, 509}, {568, 203}),
                                           panel({400, 300}, {400, 40}, false)};  // a toast: not docked
    const FreeView free = freeView(panels, {1280, 720});
    EXPECT_EQ(free.center, glm::vec2(640, 360));
    EXPECT_EQ(free.half, glm::vec2(640 - 348, 509 - 360));
    const command::Frame f = frameCommand(true, {1280, 720}, free);
    EXPECT_FLOAT_EQ(f.aspect, 1280.0f / 720.0f);
    EXPECT_FLOAT_EQ(f.room.x, 292.0f / 640.0f);
    EXPECT_FLOAT_EQ(f.room.y, 149.0f / 360.0f);
}

TEST(FreeView, ARectangleAsWideAsTheWindowIsTakenWhereItsNarrowerSideIsLonger) {
    // A short panel on the left, high up: stopping the half width at it (100) is worse for a
    // circle than stopping the half height above it (200).
    const std::vector<PanelRect> panels = {panel({0, 0}, {400, 160})};
    const FreeView free = freeView(panels, {1000, 800});
    EXPECT_EQ(free.half, glm::vec2(500, 400 - 160));
}

TEST(FreeView, NoPanelsLeaveTheWholeViewAndAnEmptyWindowFramesTheWholeView) {
    EXPECT_EQ(freeView({}, {800, 600}).half, glm::vec2(400, 300));
    const command::Frame f = frameCommand(false, {0, 0}, freeView({}, {0, 0}));
    EXPECT_EQ(f.room, glm::vec2(1.0f));
}

}  // namespace
}  // namespace pickray::app
