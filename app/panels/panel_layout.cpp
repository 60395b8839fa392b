// SPDX-License-Identifier: MIT
#include "panels/panel_layout.hpp"

#include <algorithm>
#include <string>

#include <imgui.h>
#include <glm/common.hpp>

#include "panels/widgets.hpp"

namespace pickray::app {

Layout defaultLayout(glm::ivec2 window, float top, std::span<const BandPanel> band) {
    const float s = em();  // every size grows with the UI scale
    const float gap = 8.0f * s;
    const float room = std::max(static_cast<float>(window.y) - top - 3.0f * gap, 120.0f);
    const float left = std::min(1.0f, (room - gap) / (s * (340.0f + 245.0f + 150.0f)));  // scene, inspector, capsules
    const float right = std::min(1.0f, room / (s * (380.0f + 210.0f)));                  // pick + camera
    const float width = std::min(std::min(340.0f * s, 0.45f * static_cast<float>(window.x)),
                                 std::max(200.0f * s, 0.3f * static_cast<float>(window.x)));
    Layout l{};
    l.sceneSize = {width, 340.0f * s * left};
    l.inspectorSize = {width, 245.0f * s * left};
    l.capsuleSize = {width, 150.0f * s * left};
    l.pickSize = {width, 380.0f * s * right};
    l.cameraSize = {width, 210.0f * s * right};
    l.sceneAt = {gap, top + gap};
    l.inspectorAt = {gap, l.sceneAt.y + l.sceneSize.y + gap};
    l.capsuleAt = {gap, l.inspectorAt.y + l.inspectorSize.y + gap};
    l.pickAt = {width + gap, top + gap};
    l.cameraAt = {width + gap, l.pickAt.y + l.pickSize.y + gap};
    // The band's panels along the bottom of the view between the two columns, each a bounded part
    // of the height, so that the middle of the view stays free for what they show (F frames there:
    // free_view.hpp); their content scrolls. The pick audit's is lower (the heat map is the view).
    // Side by side where the band holds them all, else in one place, one at a time: never over
    // each other, where one's text would show through another.
    const float bandWidth = std::max(200.0f * s, static_cast<float>(window.x) - 2.0f * (width + 2.0f * gap));
    const float explaining = std::min(kExplainingBand * room, 270.0f * s);
    const auto count = static_cast<float>(band.size());
    l.bandOpen.assign(band.begin(), band.end());
    l.bandShared = band.size() > 1 && bandWidth < count * 420.0f * s + (count - 1.0f) * gap;
    const float each = l.bandShared || band.empty() ? bandWidth : (bandWidth - (count - 1.0f) * gap) / count;
    for (std::size_t i = 0; i < kBandPanels; ++i) {
        const auto slot = static_cast<float>(std::find(band.begin(), band.end(), BandPanel(i)) - band.begin());
        const float x = width + 2.0f * gap + (l.bandShared ? 0.0f : slot * (each + gap));
        const float height = BandPanel(i) == BandPanel::PickAudit ? 165.0f * s : explaining;
        l.band[i] = {{x, static_cast<float>(window.y) - height - gap}, {each, height}};
    }
    return l;
}

bool bandPanelDrawn(const UiState& state, const Layout& layout, BandPanel self) {
    return !layout.bandShared || state.bandFront == self;
}

void bandTabs(UiState& state, const Layout& layout) {
    if (!layout.bandShared) return;
    ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0.5f, 0.5f));
    static constexpr const char* kNames[kBandPanels] = {"Pick audit", "Math", "Constructions"};
    static constexpr const char* kKeys[kBandPanels] = {" (P)", " (M)", " (C)"};
    for (std::size_t i = 0; i < layout.bandOpen.size(); ++i) {
        const auto p = static_cast<std::size_t>(layout.bandOpen[i]);
        const std::string tab = std::string(kNames[p]) + kKeys[p];
        const float width = buttonWidth(tab.c_str());
        if (i > 0) sameLineIfFits(width);
        if (ImGui::Selectable(tab.c_str(), state.bandFront == layout.bandOpen[i], ImGuiSelectableFlags_None,
                              ImVec2(width, 0.0f)))
            state.bandFront = layout.bandOpen[i];
        tooltip(state, std::string("Show the ") + kNames[p] +
                           " panel here: the window is too narrow for these panels side by side");
    }
    ImGui::PopStyleVar();
    ImGui::Separator();
}

void keepPanelInWindow(UiState& state, const UiView& view, const char* name, bool rightAnchored, glm::vec2 offset,
                       glm::vec2 size, float top) {
    const glm::vec2 window(view.windowSize);
    PanelPlace& p = state.panels[name];
    const glm::vec2 pos = toVec(ImGui::GetWindowPos());
    const glm::vec2 now = toVec(ImGui::GetWindowSize());
    const bool collapsed = ImGui::IsWindowCollapsed();
    if (state.resetLayout) p.userPlaced = false;
    // A change made while the user holds the mouse on this panel is theirs (a move by the title bar,
    // a resize by the grip); others are ImGui's own (its minimum size in a tiny window).
    const bool userHolding = ImGui::IsMouseDown(ImGuiMouseButton_Left) && ImGui::IsWindowFocused();
    if (userHolding && p.lastSize.x >= 0.0f && (pos != p.lastPos || (!collapsed && now != p.lastSize))) {
        p.userPlaced = true;
        p.offset = rightAnchored ? glm::vec2(window.x - pos.x, pos.y) : pos;
        if (!collapsed) p.size = now;
    }
    if (!p.userPlaced) {
        p.offset = offset;
        p.size = size;
    }
    // Where it goes in this window: its size at most the window's, all of it inside.
    const glm::vec2 room(std::max(window.x, 1.0f), std::max(window.y - top, 1.0f));
    const glm::vec2 fitted = collapsed ? now : glm::min(p.size, room);
    glm::vec2 at = rightAnchored ? glm::vec2(window.x - p.offset.x, p.offset.y) : p.offset;
    at.x = std::clamp(at.x, 0.0f, std::max(0.0f, window.x - fitted.x));
    at.y = std::clamp(at.y, top, std::max(top, window.y - fitted.y));
    if (at != pos) ImGui::SetWindowPos(toImVec(at));
    if (!collapsed && fitted != now) ImGui::SetWindowSize(toImVec(fitted));
    p.lastPos = at;
    p.lastSize = collapsed ? p.lastSize : fitted;
    PanelRect rect = measuredRect(name);
    rect.pos = at;  // where it goes this frame (ImGui moves it as the frame ends)
    rect.size = fitted;
    rect.docked = true;
    state.drawn->panels.push_back(rect);
}

}  // namespace pickray::app
