// SPDX-License-Identifier: MIT
#include "panels/observer_label.hpp"

#include <algorithm>

#include <imgui.h>
#include <glm/common.hpp>

namespace pickray::app {

WindowRect freeRoom(const UiState& ui, glm::ivec2 windowSize) {
    const FreeView& free = ui.freeView;
    if (!(free.half.x > 0.0f && free.half.y > 0.0f)) return {glm::ivec2(0), windowSize};
    return {glm::ivec2(glm::ceil(free.center - free.half)), glm::ivec2(glm::floor(2.0f * free.half))};
}

WindowRect observerInset(const UiState& ui, glm::ivec2 windowSize) {
    return insetRect(windowSize, freeRoom(ui, windowSize), ui.observerCorner);
}

void observerLabels(ObserverMode mode, const WindowRect& inset, InsetCorner corner, const std::string& note) {
    if (mode == ObserverMode::Off) return;
    ImDrawList* draw = ImGui::GetBackgroundDrawList();  // under the panels
    const float pad = 4.0f;
    const ImVec2 topLeft(static_cast<float>(inset.min.x), static_cast<float>(inset.min.y));
    const auto text = [&](ImVec2 at, const char* words, ImU32 color) {
        const ImVec2 size = ImGui::CalcTextSize(words);
        draw->AddRectFilled(ImVec2(at.x - 2.0f, at.y - 1.0f), ImVec2(at.x + size.x + 2.0f, at.y + size.y + 1.0f),
                            IM_COL32(20, 22, 27, 190));
        draw->AddText(at, color, words);
    };
    text(ImVec2(topLeft.x + pad, topLeft.y + pad),
         mode == ObserverMode::Inset ? "observer: drag to orbit" : "camera (observer: drag to orbit)",
         IM_COL32(235, 235, 235, 255));
    if (note.empty()) return;
    const float below = topLeft.y + static_cast<float>(inset.size.y) + pad;
    const ImVec2 size = ImGui::CalcTextSize(note.c_str());
    const bool fits = below + size.y <= ImGui::GetIO().DisplaySize.y;
    const bool rightHand = corner == InsetCorner::TopRight || corner == InsetCorner::BottomRight;
    const float right = topLeft.x + static_cast<float>(inset.size.x);
    const float left = rightHand ? std::max(0.0f, std::min(topLeft.x, right - size.x)) : topLeft.x;
    text(ImVec2(left, fits ? below : topLeft.y - pad - size.y), note.c_str(), IM_COL32(255, 140, 26, 255));
}

}  // namespace pickray::app
