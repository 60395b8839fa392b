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

TEST(LabelPlaces, ABoxCrossesALineBandButNotALineBeside) {
    const ScreenBox box{{10, 10}, {20, 10}};
    EXPECT_TRUE(crosses(box, {{0, 0}, {40, 40}, 0.5f}));
    EXPECT_FALSE(crosses(box, {{0, 22}, {40, 22}, 1.5f}));
    EXPECT_TRUE(crosses(box, {{0, 22}, {40, 22}, 2.5f}));  // its band reaches the box
}

}  // namespace
}  // namespace pickray::app
