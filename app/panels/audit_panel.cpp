// SPDX-License-Identifier: MIT
#include "panels/audit_panel.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include <imgui.h>

#include "panels/widgets.hpp"
#include "viewport/audit_heat_map.hpp"

namespace pickray::app {
namespace {

// A colour's square, as in the legend of the heat map.
void swatch(const char* id, glm::vec4 color) {
    const float side = ImGui::GetTextLineHeight();
    ImGui::ColorButton(id, ImVec4(color.r, color.g, color.b, color.a),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker | ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
    ImGui::SameLine();
}

std::string auditObjectName(const UiView& view, std::uint32_t id) {
    if (id == 0) return "background";
    const std::size_t index = id - 1;
    return index < view.scene.objects.size() ? view.scene.objects[index].name + " (" + std::to_string(id) + ")"
                                             : "? (" + std::to_string(id) + ")";
}

}  // namespace

void auditPanel(UiState& state, const UiView& view, const Layout& layout, float top) {
    if (!state.pickAudit || !bandPanelDrawn(state, layout, BandPanel::PickAudit)) return;
    const Place& place = layout.band[static_cast<std::size_t>(BandPanel::PickAudit)];
    beginPanel(state, view, "Pick audit", false, place.at, place.size, top);
    bandTabs(state, layout);
    swatch("##robust", kAuditRobustColor);
    ImGui::TextUnformatted("robust mismatch");
    tooltip(state, "The GPU drew another object than a click there picks, whatever the float rounding of its ray");
    sameLineIfFits(ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("on an edge").x);
    swatch("##edge", kAuditEdgeColor);
    ImGui::TextUnformatted("on an edge");
    tooltip(state, "A mismatch where rays 1e-3 px from the pixel's centre pick differently: an edge's rounding");
    const AuditStatus& audit = view.audit;
    if (!audit.counts) {
        ImGui::TextUnformatted(audit.running ? "Auditing..." : "Waiting for a still view.");
        endPanel();
        return;
    }
    const AuditCounts& c = *audit.counts;
    ImGui::Text("%zu pixels  %zu mismatches  %zu robust  %zu depth ties", c.pixels, c.mismatches, c.robustMismatches,
                c.depthTies);
    if (state.noStats) ImGui::Text("probe %g px", static_cast<double>(kAuditProbePixels));
    else ImGui::Text("probe %g px  audit %.0f ms", static_cast<double>(kAuditProbePixels), audit.ms);
    if (!c.worst.empty()) ImGui::TextDisabled("worst robust mismatches (pixel: GPU / CPU):");
    constexpr std::size_t kShown = 3;
    for (std::size_t i = 0; i < std::min(kShown, c.worst.size()); ++i) {
        const AuditMismatch& m = c.worst[i];
        ImGui::Text("(%d,%d): %s / %s", m.pixel.x, m.pixel.y, auditObjectName(view, m.gpuId).c_str(),
                    auditObjectName(view, m.cpuId).c_str());
    }
    endPanel();
}

}  // namespace pickray::app
