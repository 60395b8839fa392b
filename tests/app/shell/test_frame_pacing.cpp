// SPDX-License-Identifier: MIT
// FramePacer: a window of the user's draws after events (and three frames more), while its
// picture is not final, and when it changes by itself; otherwise it waits for an event. Frames
// are never shorter than a 60th of a second.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "shell/frame_pacing.hpp"

namespace pickray::app {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

TEST(FramePacer, DrawsThreeFramesAfterEventsThenWaitsForTheNextEvent) {
    FramePacer pacer;
    const FrameActivity quiet{false, false, kNever};
    // The window just opened: three frames as after an event, then nothing until one comes.
    EXPECT_EQ(pacer.waitAfter(quiet), 0.0);
    EXPECT_EQ(pacer.waitAfter(quiet), 0.0);
    EXPECT_EQ(pacer.waitAfter(quiet), 0.0);
    EXPECT_TRUE(std::isinf(pacer.waitAfter(quiet))) << "idle: sleep until an event";
    EXPECT_TRUE(std::isinf(pacer.waitAfter(quiet)));
    // A frame with events, then exactly three more at once.
    EXPECT_EQ(pacer.waitAfter({true, false, kNever}), 0.0);
    int atOnce = 0;
    while (pacer.waitAfter(quiet) == 0.0 && atOnce < 10) ++atOnce;
    EXPECT_EQ(atOnce, 2) << "the event's frame's wait, then two: three frames after the one with events";
}

TEST(FramePacer, WakesWhenThePictureChangesByItselfAndKeepsDrawingWhileItIsNotFinal) {
    FramePacer pacer;
    for (int i = 0; i < 3; ++i) (void)pacer.waitAfter({});
    EXPECT_DOUBLE_EQ(pacer.waitAfter({false, false, 2.5}), 2.5) << "a toast's fade starts in 2.5 s";
    EXPECT_EQ(pacer.waitAfter({false, false, -0.01}), 0.0) << "already due";
    EXPECT_EQ(pacer.waitAfter({false, true, kNever}), 0.0) << "an approximate picture is refined at once";
    EXPECT_TRUE(std::isinf(pacer.waitAfter({false, false, kNever})));
}

TEST(FramePacer, NoFrameIsShorterThanASixtiethOfASecond) {
    EXPECT_DOUBLE_EQ(FramePacer::capDelay(0.0), 1.0 / 60.0);
    EXPECT_DOUBLE_EQ(FramePacer::capDelay(0.010), 1.0 / 60.0 - 0.010);
    EXPECT_EQ(FramePacer::capDelay(1.0 / 60.0), 0.0);
    EXPECT_EQ(FramePacer::capDelay(0.5), 0.0) << "a slow frame is followed at once";
}

TEST(SettleRule, TheViewSettlesAQuarterOfASecondAfterTheLastCameraMove) {
    // Times a binary fraction apart, so that every difference is exact.
    SettleRule rule;
    EXPECT_FALSE(rule.settling(100.0)) << "a camera that never moved has settled";
    EXPECT_EQ(rule.secondsUntilSettled(100.0), kNever);
    rule.cameraMoved(100.0);
    EXPECT_TRUE(rule.settling(100.0));
    EXPECT_TRUE(rule.settling(100.125));
    EXPECT_EQ(rule.secondsUntilSettled(100.125), 0.125);
    // A wheel's next step an eighth of a second later: settling starts again from it.
    rule.cameraMoved(100.125);
    EXPECT_TRUE(rule.settling(100.25));
    EXPECT_TRUE(rule.settling(100.3125));
    EXPECT_FALSE(rule.settling(100.375)) << "settled a quarter of a second after the last move";
    EXPECT_FALSE(rule.settling(101.0));
    EXPECT_EQ(rule.secondsUntilSettled(101.0), -0.625);
}

}  // namespace
}  // namespace pickray::app
