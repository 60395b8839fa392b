// SPDX-License-Identifier: MIT
#include "panels/observer_label.hpp"

#include <imgui.h>

namespace pickray::app {

void observerLabels(ObserverMode mode, const WindowRect& inset, const std::string& truncation) {
    if (mode == ObserverMode::Off) return;
    ImDrawList* draw = ImGui::GetBackgroundDrawList();  // under the panels
    const float pad = 4.0f;
    const ImVec2 corner(static_cast<float>(inset.min.x), static_cast<float>(inset.min.y));
    const auto text = [&](ImVec2 at, const char* words, ImU32 color) {
        const ImVec2 size = ImGui::CalcTextSize(words);
        draw->AddRectFilled(ImVec2(at.x - 2.0f, at.y - 1.0f), ImVec2(at.x + size.x + 2.0f, at.y + size.y + 1.0f),
                            IM_COL32(20, 22, 27, 190));
        draw->AddText(at, color, words);
    };
    text(ImVec2(corner.x + pad, corner.y + pad),
         mode == ObserverMode::Inset ? "observer: drag to orbit" : "camera (observer: drag to orbit)",
         IM_COL32(235, 235, 235, 255));
    if (!truncation.empty())
        text(ImVec2(corner.x, corner.y + static_cast<float>(inset.size.y) + pad), truncation.c_str(),
             IM_COL32(255, 140, 26, 255));
}

}  // namespace pickray::app
