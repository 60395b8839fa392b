// SPDX-License-Identifier: MIT
#include "panels/pick_panel.hpp"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "input/shortcuts.hpp"
#include "panels/number_text.hpp"
#include "panels/pick_json.hpp"
#include "panels/widgets.hpp"

namespace pickray::app {
namespace {

using scene::Object;

}  // namespace

void pickPanel(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out) {
    beginPanel(state, view, "Pick", true, layout.pickAt, layout.pickSize, top);
    const Performance& perf = view.performance;
    if (!state.noStats)
        ImGui::Text("frame %.1f ms (scene %.1f ms)  pick %.3f ms  hover %.3f ms", perf.frameMs, perf.redrawMs,
                    perf.pickMs, perf.hoverMs);  // wraps in a narrow panel
    ImGui::TextDisabled("%zu objects  %d draw calls  %zu instances", perf.objects, perf.drawCalls, perf.instances);
    ImGui::TextDisabled("%zu ray-cast  %zu dots  %zu culled", perf.rayCast, perf.dots, perf.culled);
    ImGui::TextDisabled("BVH: %zu builds, %zu refits", perf.bvhBuilds, perf.bvhRefits);
    // Always drawn, "-" when the cursor is on no object or on a panel: the lines below stay put
    // as the cursor moves onto a button of this panel.
    const auto hovered = view.hover ? view.hover->picked() : std::nullopt;
    ImGui::Text("hover: %s", hovered ? view.scene.objects[hovered->object].name.c_str() : "-");
    if (!view.pick) {
        ImGui::TextDisabled("Left-click in the view to pick.");
        endPanel();
        return;
    }
    const Pick& p = *view.pick;
    numberLine(state, {"cursor (" + std::to_string(p.cursorWindow.x) + ",", std::to_string(p.cursorWindow.y) + ")",
                       "pixel (" + numberText(p.cursor.x, 1) + ",", numberText(p.cursor.y, 1) + ")"});
    vectorLine(state, "ray origin", p.ray.origin);
    vectorLine(state, "ray dir   ", p.ray.direction);
    if (auto n = p.picked()) {
        const Object& o = view.scene.objects[n->object];
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.1f, 1.0f), "picked: %s (%s)", o.name.c_str(),
                           kindLabel(o.shape).c_str());
        // A drag holds the pick on the object it carries, which may now lie behind another.
        if (const auto first = p.nearest(); first && first->object != n->object)
            ImGui::TextDisabled("kept on the dragged object; the ray meets %s first",
                                view.scene.objects[first->object].name.c_str());
        numberLine(state, {"t =", numberText(n->hit.t, 5, std::min(14, charactersThatFit()))});
        vectorLine(state, "point ", n->hit.point);
        vectorLine(state, "normal", n->hit.normal);
    } else {
        ImGui::Text("picked: nothing");
    }
    // emplace_back: with push_back, GCC 12 at -O3 warns of an uninitialized string in the temporary
    if (ImGui::Button("Clear pick")) out.emplace_back(command::ClearPick{});
    shortcutTooltip(state, Action::ClearSelection, "clear the pick (the key clears the selection too)");
    sameLineIfFits(buttonWidth("Copy as JSON"));
    if (ImGui::Button("Copy as JSON")) ImGui::SetClipboardText(pickJson(p, view.scene).c_str());
    tooltip(state, "Copy the ray, the pick and the hits as JSON (every float exact)");
    ImGui::Separator();
    ImGui::Text("Line through the ray (enter / exit):");
    // The rest of the panel, but room for its header and four rows at the least (the panel scrolls
    // to it): with none left the table was a sliver no scrolling could show.
    const float tableHeight = std::max(ImGui::GetContentRegionAvail().y, 5.0f * ImGui::GetFrameHeightWithSpacing());
    if (ImGui::BeginTable("spans", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY,
                          ImVec2(0, tableHeight))) {
        ImGui::TableSetupColumn("object");
        ImGui::TableSetupColumn("enter t");
        ImGui::TableSetupColumn("exit t");
        ImGui::TableHeadersRow();
        ImGuiListClipper rows;
        rows.Begin(static_cast<int>(p.spans.size()));
        while (rows.Step())
            for (int row = rows.DisplayStart; row < rows.DisplayEnd; ++row) {
                const scene::ObjectSpan& s = p.spans[static_cast<std::size_t>(row)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(view.scene.objects[s.object].name.c_str());
                ImGui::TableNextColumn();
                cellNumber(state, s.span.enter);
                ImGui::TableNextColumn();
                cellNumber(state, s.span.exit);
            }
        ImGui::EndTable();
    }
    endPanel();
}

}  // namespace pickray::app
