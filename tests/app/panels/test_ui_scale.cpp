// SPDX-License-Identifier: MIT
// The default UI scale from the display's DPI (View > UI scale starts there).
#include <gtest/gtest.h>

#include <limits>

#include "panels/ui_scale.hpp"

namespace pickray::app {
namespace {

TEST(UiScale, TheDisplaysDpiOver96RoundedToAQuarterFrom1To3) {
    EXPECT_EQ(uiScaleForDpi(96.0f), 1.0f);
    EXPECT_EQ(uiScaleForDpi(144.0f), 1.5f);
    EXPECT_EQ(uiScaleForDpi(192.0f), 2.0f);
    EXPECT_EQ(uiScaleForDpi(110.0f), 1.25f);  // 1.146 to the nearest quarter
    EXPECT_EQ(uiScaleForDpi(72.0f), 1.0f) << "never below 1";
    EXPECT_EQ(uiScaleForDpi(400.0f), 3.0f) << "never above 3";
    EXPECT_EQ(uiScaleForDpi(0.0f), 1.0f) << "SDL could not tell";
    EXPECT_EQ(uiScaleForDpi(-5.0f), 1.0f);
    EXPECT_EQ(uiScaleForDpi(std::numeric_limits<float>::quiet_NaN()), 1.0f);
    EXPECT_EQ(uiScaleForDpi(std::numeric_limits<float>::infinity()), 1.0f);
}

}  // namespace
}  // namespace pickray::app
