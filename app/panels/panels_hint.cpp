// SPDX-License-Identifier: MIT
#include "panels/panels_hint.hpp"

#include <string>

#include <imgui.h>

#include "input/shortcuts.hpp"
#include "panels/widgets.hpp"

namespace pickray::app {

void panelsHint(UiState& state, const UiView& view) {
    if (!view.showPanelsHint) return;
    const float margin = 8.0f * ImGui::GetFontSize() / 13.0f;
    ImGui::SetNextWindowPos(ImVec2(margin, static_cast<float>(view.windowSize.y) - margin), ImGuiCond_Always,
                            ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.6f);  // unobtrusive: the scene shows through
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##panels hint", nullptr, kFlags);
    state.drawn->panels.push_back(measuredRect("Hint"));
    const std::string text = shortcutLabel(Action::ToggleUi) + ": show the panels";  // the key from the one table
    ImGui::TextDisabled("%s", text.c_str());
    ImGui::End();
}

}  // namespace pickray::app
