// SPDX-License-Identifier: MIT
#include "panels/capsule_pair_panel.hpp"

#include <variant>

#include <imgui.h>

#include "analysis/construction.hpp"
#include "panels/number_text.hpp"
#include "panels/widgets.hpp"
#include "pickray/collision/overlap.hpp"
#include "viewport/overlay.hpp"

namespace pickray::app {

void capsulePanel(UiState& state, const UiView& view, const Layout& layout, float top) {
    const auto capsules = capsulePair(view.scene, view.selection);
    if (!capsules) return;
    const auto [first, second] = *capsules;
    const auto& c1 = std::get<Capsule>(view.scene.objects[first].shape);
    const auto& c2 = std::get<Capsule>(view.scene.objects[second].shape);
    const CapsuleProximity prox = proximity(c1, c2);
    beginPanel(state, view, "Capsule pair", false, layout.capsuleAt, layout.capsuleSize, top);
    ImGui::Text("%s  vs  %s", view.scene.objects[first].name.c_str(), view.scene.objects[second].name.c_str());
    numberLine(state, {"axis distance", numberText(prox.axes.distance)});
    numberLine(state, {"surface gap  ", numberText(prox.gap)});
    // In the colour of the closest segment drawn between them (viewport/overlay.hpp).
    const PairState pair = pairState(c1, c2, prox);
    const glm::vec3 color = pairStateColor(pair);
    ImGui::TextColored(ImVec4(color.r, color.g, color.b, 1), "%s", pairStateName(pair));
    vectorLine(state, "p1", prox.axes.p1);
    vectorLine(state, "p2", prox.axes.p2);
    endPanel();
}

}  // namespace pickray::app
