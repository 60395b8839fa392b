// SPDX-License-Identifier: MIT
#include "panels/toast_window.hpp"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "panels/widgets.hpp"

namespace pickray::app {

void postToast(UiState& state, std::string text, bool isError) {
    app::postToast(state.toasts, std::move(text), isError, ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0);
}

void toastWindow(UiState& state, const UiView& view) {
    const double now = ImGui::GetTime();
    dropExpiredToasts(state.toasts, now);
    if (state.toasts.empty()) return;
    const glm::vec2 window(view.windowSize);
    ImGui::SetNextWindowPos(ImVec2(window.x * 0.5f, window.y - 12.0f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##toasts", nullptr, kFlags);
    state.drawn->panels.push_back(measuredRect("Messages"));
    ImGui::PushTextWrapPos(std::max(200.0f, window.x * 0.6f));
    for (const Toast& t : state.toasts) {
        const float alpha = toastOpacity(t, now);
        const ImVec4 color = t.isError ? ImVec4(1.0f, 0.45f, 0.4f, alpha) : ImVec4(0.6f, 0.9f, 0.6f, alpha);
        ImGui::TextColored(color, "%s", t.text.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace pickray::app
