// SPDX-License-Identifier: MIT
#include "panels/help.hpp"

#include <imgui.h>

#include "input/shortcuts.hpp"
#include "panels/widgets.hpp"

namespace pickray::app {

void helpWindow(UiState& state) {
    if (!state.showHelp) return;
    ImGui::SetNextWindowSize(ImVec2(520.0f * ImGui::GetFontSize() / 13.0f, 0), ImGuiCond_Appearing);
    const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::Begin("Help", &state.showHelp, ImGuiWindowFlags_NoCollapse)) return ImGui::End();
    state.drawn->panels.push_back(measuredRect("Help"));
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the window's edge, none is cut off
    ImGui::TextUnformatted("Keys (when no text field has the keyboard):");
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 110.0f * ImGui::GetFontSize() / 13.0f);
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        for (const Shortcut& s : shortcuts()) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(chordLabel(s.chord).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(s.what);
        }
        ImGui::EndTable();
    }
    ImGui::Separator();
    ImGui::TextUnformatted("Mouse in the view:");
    for (const char* line :
         {"left click: pick and select (Ctrl+click adds to the selection or takes an object out of it)",
          "left click on the background: clear the pick and the selection",
          "left drag on an object: move it (after 4 pixels; one undo step)",
          "left drag on the background, right drag: orbit (the pick stays)", "middle drag or Shift+left drag: pan",
          "wheel: zoom",
          "the gizmo on the selection: drag an axis, a plane's square, a ring or a scale handle (W, E, R); Ctrl "
          "while dragging snaps (0.5 units, 15 degrees, 0.1 times)"}) {
        ImGui::Bullet();  // BulletText would not wrap
        ImGui::TextUnformatted(line);
    }
    ImGui::Separator();
    ImGui::TextUnformatted(
        "Undo covers every change of the objects: edits, drags, add, duplicate, delete, rename, "
        "generate and load (undoing a load also brings back the camera the file replaced). Moving the "
        "camera is not a step of the history: undo does not move it back.");
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace pickray::app
