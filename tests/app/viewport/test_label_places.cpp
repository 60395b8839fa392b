// SPDX-License-Identifier: MIT
// Where the constructions' labels go: the first place round the point clear of the lines, the
// panels and the labels before, and a line clipped at the near plane as the frame draws it.
#include <gtest/gtest.h>

#include "viewport/label_places.hpp"

namespace pickray::app {
namespace {

TEST(LabelPlaces, ALabelGoesRightOfItsPointUnlessALineOrAPanelIsThere) {
    const std::vector<glm::vec2> points = {{100, 100}};
    const std::vector<glm::vec2> sizes = {{40, 15}};
    const ScreenBox window{{0, 0}, {400, 300}};
    // Nothing in the way: right of the point, centred on it, `gap` off.
    auto places = placeLabels(points, sizes, {{}, {}, {}, window}, 5.0f);
    ASSERT_EQ(places.size(), 1u);
    EXPECT_TRUE(places[0].clear);
    EXPECT_EQ(places[0].box.pos, glm::vec2(105, 92.5f));
    // A vertical line right of the point: the left side.
    const std::vector<ScreenSegment> line = {{{125, 0}, {125, 300}, 1.0f}};
    places = placeLabels(points, sizes, {line, {}, {}, window}, 5.0f);
    EXPECT_TRUE(places[0].clear);
    EXPECT_EQ(places[0].box.pos, glm::vec2(55, 92.5f));
    // And a panel over the left: above.
    const std::vector<ScreenBox> panel = {{{0, 90}, {79, 20}}};
    places = placeLabels(points, sizes, {line, {}, panel, window}, 5.0f);
    EXPECT_TRUE(places[0].clear);
    EXPECT_EQ(places[0].box.pos, glm::vec2(80, 80));
}

TEST(LabelPlaces, TwoLabelsOfOnePointDoNotCoverEachOther) {
    const std::vector<glm::vec2> points = {{200, 100}, {200, 100}};
    const std::vector<glm::vec2> sizes = {{40, 15}, {60, 15}};
    const auto places = placeLabels(points, sizes, {{}, {}, {}, {{0, 0}, {400, 300}}}, 5.0f);
    ASSERT_EQ(places.size(), 2u);
    EXPECT_TRUE(places[0].clear && places[1].clear);
    EXPECT_FALSE(overlaps(places[0].box, places[1].box));
}

// A point past the window's edge (a construction's point out of the picture): every place round it
// is off the window, so its label is moved in, whole, as near the point as the window allows.
TEST(LabelPlaces, ALabelOfAPointOffTheWindowLiesWhollyInsideIt) {
    const ScreenBox window{{0, 0}, {400, 300}};
    const glm::vec2 size(120, 15);
    for (const glm::vec2 point :
         {glm::vec2(700, 150), glm::vec2(-300, 150), glm::vec2(200, 900), glm::vec2(200, -400), glm::vec2(500, 350)}) {
        const std::vector<glm::vec2> points = {point};
        const std::vector<glm::vec2> sizes = {size};
        const auto places = placeLabels(points, sizes, {{}, {}, {}, window}, 5.0f);
        ASSERT_EQ(places.size(), 1u);
        const ScreenBox& box = places[0].box;
        EXPECT_GE(box.pos.x, 0.0f) << point.x << "," << point.y;
        EXPECT_GE(box.pos.y, 0.0f) << point.x << "," << point.y;
        EXPECT_LE(box.max().x, 400.0f) << point.x << "," << point.y;
        EXPECT_LE(box.max().y, 300.0f) << point.x << "," << point.y;
        EXPECT_EQ(box.size, size);
        EXPECT_TRUE(places[0].clear) << "nothing else is in its way";
        // Against the edge nearest the point, along each axis the point is past.
        if (point.x > 400) {
            EXPECT_EQ(box.max().x, 400.0f);
        }
        if (point.x < 0) {
            EXPECT_EQ(box.pos.x, 0.0f);
        }
        if (point.y > 300) {
            EXPECT_EQ(box.max().y, 300.0f);
        }
        if (point.y < 0) {
            EXPECT_EQ(box.pos.y, 0.0f);
        }
    }
    // A point just inside the edge keeps a place of its own beside it, not one moved over it.
    const std::vector<glm::vec2> points = {{398, 150}};
    const std::vector<glm::vec2> sizes = {size};
    const auto places = placeLabels(points, sizes, {{}, {}, {}, window}, 5.0f);
    EXPECT_EQ(places[0].box.pos, glm::vec2(398 - 5 - 120, 142.5f)) << "left of the point";
}

TEST(LabelPlaces, ABoxCrossesALineBandButNotALineBeside) {
    const ScreenBox box{{10, 10}, {20, 10}};
    EXPECT_TRUE(crosses(box, {{0, 0}, {40, 40}, 0.5f}));
    EXPECT_FALSE(crosses(box, {{0, 22}, {40, 22}, 1.5f}));
    EXPECT_TRUE(crosses(box, {{0, 22}, {40, 22}, 2.5f}));  // its band reaches the box
}

}  // namespace
}  // namespace pickray::app
