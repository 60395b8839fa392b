// SPDX-License-Identifier: MIT
#include "panels/outliner.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "input/shortcuts.hpp"
#include "panels/widgets.hpp"
#include "scene/generate.hpp"

namespace pickray::app {
namespace {

using scene::Object;

// "sphere\0capsule\0...\0\0": every kind's name, as ImGui::Combo takes them.
const char* kindNamesForCombo() {
    static const std::string names = [] {
        std::string list;
        for (ShapeKind kind = 0; kind < kShapeKindCount; ++kind) (list += kindName(kind)) += '\0';
        return list;
    }();
    return names.c_str();
}

bool isSelected(const UiView& view, std::size_t i) {
    return std::find(view.selection.begin(), view.selection.end(), i) != view.selection.end();
}

// The rows the outliner lists: every object, or those whose name holds the filter's text.
std::vector<std::size_t> outlinerRows(const UiState& state, const UiView& view) {
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < view.scene.objects.size(); ++i)
        if (state.outlinerFilter.empty() || view.scene.objects[i].name.find(state.outlinerFilter) != std::string::npos)
            rows.push_back(i);
    return rows;
}

}  // namespace

void outliner(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out) {
    beginPanel(state, view, "Scene", false, layout.sceneAt, layout.sceneSize, top);
    ImGui::SetNextItemWidth(-1.0f * em());
    ImGui::InputTextWithHint("##filter", "filter by name", &state.outlinerFilter);
    const std::vector<std::size_t> rows = outlinerRows(state, view);
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    const float listHeight =  // the rest of the panel keeps room for the five rows of controls below
        std::max(3.0f * rowHeight, ImGui::GetContentRegionAvail().y - 5.0f * ImGui::GetFrameHeightWithSpacing());
    ImGui::BeginChild("objects", ImVec2(0, listHeight), true);
    // The picked or primary selected object's row is scrolled into view when it changes: unless
    // all of it is in view already, to the middle of the list (where all of it is: the list is at
    // least three rows high).
    std::optional<std::size_t> focus = view.selection.empty() ? std::nullopt : std::optional(view.selection.back());
    if (!focus && view.pick && view.pick->picked()) focus = view.pick->picked()->object;
    if (focus != state.scrolledTo) {
        state.scrolledTo = focus;
        const auto row = focus ? std::find(rows.begin(), rows.end(), *focus) : rows.end();
        if (row != rows.end()) {
            // The row's highlight, from the list's top as it is scrolled now (the cursor's start
            // is below the window padding, less the scroll): it reaches half the item spacing
            // above and below its text. What shows is the list's height inside its borders.
            const float rowTop = ImGui::GetCursorStartPos().y + static_cast<float>(row - rows.begin()) * rowHeight -
                                 std::floor(0.5f * ImGui::GetStyle().ItemSpacing.y);
            const float border = ImGui::GetStyle().ChildBorderSize;
            const float visible = ImGui::GetWindowHeight();
            if (rowTop < border || rowTop + rowHeight > visible - border)
                ImGui::SetScrollY(ImGui::GetScrollY() + rowTop + 0.5f * (rowHeight - visible));
        }
    }
    // Only the visible rows are built: the list may hold 100,000 objects.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()), rowHeight);
    state.drawn->outlinerRows.clear();
    while (clipper.Step())
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const std::size_t i = rows[static_cast<std::size_t>(r)];
            const Object& o = view.scene.objects[i];
            const std::string label = o.name + "  [" + kindLabel(o.shape) + "]##" + std::to_string(i);
            if (ImGui::Selectable(label.c_str(), isSelected(view, i)))
                out.push_back(command::Select{i, ImGui::GetIO().KeyCtrl});
            tooltip(state, "Click selects; Ctrl+click adds to the selection or takes out of it");
            if (ImGui::IsItemVisible()) state.drawn->outlinerRows.push_back(o.name);
        }
    ImGui::EndChild();
    ImGui::SetNextItemWidth(-70.0f * em());
    ImGui::Combo("##kind", &state.addKind, kindNamesForCombo());
    ImGui::SameLine();
    if (ImGui::Button("Add")) out.push_back(command::Add{static_cast<ShapeKind>(state.addKind)});
    if (!view.selection.empty()) {
        if (ImGui::Button("Duplicate")) out.push_back(command::DuplicateSelection{});
        shortcutTooltip(state, Action::DuplicateSelection);
        sameLineIfFits(buttonWidth("Delete"));
        if (ImGui::Button("Delete")) out.push_back(command::DeleteSelection{});
        shortcutTooltip(state, Action::DeleteSelection);
        const std::size_t primary = view.selection.back();
        if (state.renameFor != primary || state.renameForName != view.scene.objects[primary].name) {
            state.renameText = view.scene.objects[primary].name;
            state.renameFor = primary;
            state.renameForName = view.scene.objects[primary].name;
        }
        ImGui::SetNextItemWidth(-(buttonWidth("Rename") + ImGui::GetStyle().ItemSpacing.x));
        ImGui::InputText("##rename", &state.renameText);
        ImGui::SameLine();
        if (ImGui::Button("Rename")) out.push_back(command::Rename{primary, state.renameText});
    }
    // The count, then /10 and x10: sizes go by tens, so a heavy scene is a choice made a click at a
    // time, never one click away from the start.
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(-(buttonWidth("/10") + buttonWidth("x10") + buttonWidth("Generate") + 3.0f * spacing));
    ImGui::InputScalar("##count", ImGuiDataType_S64, &state.generateCount);
    tooltip(state, "How many objects Generate makes: 1 to " + std::to_string(scene::kMaxGenerated));
    ImGui::SameLine();
    if (ImGui::Button("/10")) state.generateCount = std::max<std::int64_t>(1, state.generateCount / 10);
    tooltip(state, "A tenth as many objects");
    ImGui::SameLine();
    if (ImGui::Button("x10")) {
        const auto most = static_cast<std::int64_t>(scene::kMaxGenerated);
        state.generateCount = std::min(most, std::min(most, state.generateCount) * 10);
    }
    tooltip(state, "Ten times as many objects, up to " + std::to_string(scene::kMaxGenerated));
    ImGui::SameLine();
    if (ImGui::Button("Generate")) out.push_back(command::Generate{state.generateCount});
    tooltip(state, "Generate: replace the scene by that many objects of every kind (Ctrl+Z undoes)");
    if (ImGui::Button("Screenshot")) out.push_back(command::Screenshot{state.screenshotWithUi});
    shortcutTooltip(state, Action::Screenshot);
    sameLineIfFits(checkWidth("with panels"));
    ImGui::Checkbox("with panels", &state.screenshotWithUi);
    endPanel();
}

}  // namespace pickray::app
