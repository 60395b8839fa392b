// SPDX-License-Identifier: MIT
// Messages as toasts: how long they stay and how they fade (docs/DEMO.md: 4 s, errors 8 s, the
// last second fading), and a success clearing the errors before it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "panels/toasts.hpp"

namespace pickray::app {
namespace {

TEST(Toasts, AMessageStaysFourSecondsAnErrorEightAndEachFadesInItsLastSecond) {
    const Toast message{"saved", false, 10.0};
    const Toast error{"load failed", true, 10.0};
    EXPECT_EQ(toastSeconds(message), 4.0);
    EXPECT_EQ(toastSeconds(error), 8.0);
    EXPECT_EQ(toastOpacity(message, 10.0), 1.0f);
    EXPECT_EQ(toastOpacity(message, 13.0), 1.0f) << "opaque until its last second";
    EXPECT_FLOAT_EQ(toastOpacity(message, 13.5), 0.5f);
    EXPECT_FLOAT_EQ(toastOpacity(message, 13.75), 0.25f);
    EXPECT_EQ(toastOpacity(message, 14.0), 0.0f);
    EXPECT_EQ(toastOpacity(message, 20.0), 0.0f);
    EXPECT_EQ(toastOpacity(error, 16.9), 1.0f);
    EXPECT_FLOAT_EQ(toastOpacity(error, 17.5), 0.5f);
    EXPECT_EQ(toastOpacity(error, 18.0), 0.0f);
}

// The window sleeps while nothing changes; the toasts say when their picture will: at the start of
// the first fade, then every 30th of a second until the last one is gone.
TEST(Toasts, SayWhenTheyNextChangeSoThatAnIdleWindowWakesForTheirFade) {
    EXPECT_TRUE(std::isinf(secondsUntilToastsChange({}, 10.0))) << "no toast: nothing to wake for";
    const Toast message{"saved", false, 10.0};     // fades from 13 to 14
    const Toast error{"load failed", true, 11.0};  // fades from 18 to 19
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({message}, 10.0), 3.0);
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({message}, 12.25), 0.75);
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({message}, 13.0), 1.0 / 30.0) << "fading: every 30th of a second";
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({message}, 13.9), 1.0 / 30.0);
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({message}, 14.01), 1.0 / 30.0) << "one more frame drops it";
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({error}, 11.0), 7.0);
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({error, message}, 11.0), 2.0) << "the soonest of them";
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange({error, message}, 13.5), 1.0 / 30.0);
    std::vector<Toast> toasts{error, message};
    dropExpiredToasts(toasts, 14.01);
    EXPECT_DOUBLE_EQ(secondsUntilToastsChange(toasts, 14.01), 18.0 - 14.01) << "then the error's fade";
}

TEST(Toasts, ASuccessClearsTheErrorsBeforeItAndTheSameMessageIsShownOnce) {
    std::vector<Toast> toasts;
    postToast(toasts, "load failed: a.json", true, 1.0);
    postToast(toasts, "value refused", true, 2.0);
    postToast(toasts, "value refused", true, 3.0);
    ASSERT_EQ(toasts.size(), 2u) << "a repeated message renews the one shown";
    EXPECT_EQ(toasts[1].shownAt, 3.0);
    postToast(toasts, "saved b.json", false, 4.0);
    ASSERT_EQ(toasts.size(), 1u);
    EXPECT_EQ(toasts[0].text, "saved b.json");
    EXPECT_FALSE(toasts[0].isError);
    for (int i = 0; i < 8; ++i) postToast(toasts, "message " + std::to_string(i), false, 5.0);
    EXPECT_EQ(toasts.size(), 5u) << "at most five at once, the newest";
    EXPECT_EQ(toasts.back().text, "message 7");
    dropExpiredToasts(toasts, 9.0);
    EXPECT_EQ(toasts.size(), 5u) << "4 s after: still there, fully faded";
    dropExpiredToasts(toasts, 9.01);
    EXPECT_TRUE(toasts.empty());
}

}  // namespace
}  // namespace pickray::app
