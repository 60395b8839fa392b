// SPDX-License-Identifier: MIT
#include "panels/gizmo_bar.hpp"

#include <string>

#include <imgui.h>

#include "input/shortcuts.hpp"
#include "panels/widgets.hpp"
#include "viewport/gizmo.hpp"

namespace pickray::app {

// The gizmo's modes and axes, and framing the selection, as buttons with their keys.
void gizmoBar(UiState& state, const UiView& view, std::vector<Command>& out) {
    const auto mode = [&](const char* label, GizmoMode m, Action action, bool last = false) {
        const bool on = state.gizmoMode == m;
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::SmallButton(label)) state.gizmoMode = m;
        if (on) ImGui::PopStyleColor();
        shortcutTooltip(state, action);
        if (!last) ImGui::SameLine();
    };
    mode("move", GizmoMode::Move, Action::GizmoMove);
    mode("rotate", GizmoMode::Rotate, Action::GizmoRotate);
    mode("scale", GizmoMode::Scale, Action::GizmoScale, true);
    sameLineIfFits(checkWidth("local"));
    bool local = state.gizmoSpace == GizmoSpace::Local;
    if (ImGui::Checkbox("local", &local)) state.gizmoSpace = local ? GizmoSpace::Local : GizmoSpace::World;
    shortcutTooltip(state, Action::GizmoSpace);
    sameLineIfFits(buttonWidth("frame"));
    if (ImGui::SmallButton("frame")) {
        // emplace_back: with push_back, GCC 12 at -O3 warns of an uninitialized string in the temporary
        out.emplace_back(frameCommand(false, view.windowSize, state.freeView));
    }
    shortcutTooltip(state, Action::FrameSelection);
    // Which snap Ctrl gives in this mode and space: the grid's origin differs between the two.
    const std::string snap = snapDescription(state.gizmoMode, state.gizmoSpace);
    ImGui::TextDisabled("%s", snap.c_str());
    state.drawn->snapShown = snap;
}

}  // namespace pickray::app
