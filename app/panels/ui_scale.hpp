// SPDX-License-Identifier: MIT
#pragma once
// The UI scale a display asks for: its DPI over 96 (the DPI at which ImGui's 13-pixel font is
// meant), rounded to a quarter, 1 to 3. An unknown DPI (0, NaN: SDL could not tell) is 1.

#include <algorithm>
#include <cmath>

namespace pickray::app {

[[nodiscard]] inline float uiScaleForDpi(float dpi) {
    if (!(dpi > 0.0f) || !std::isfinite(dpi)) return 1.0f;
    return std::clamp(std::round(dpi / 96.0f * 4.0f) / 4.0f, 1.0f, 3.0f);
}

}  // namespace pickray::app
