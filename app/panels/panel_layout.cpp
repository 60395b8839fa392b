// SPDX-License-Identifier: MIT
#include "panels/panel_layout.hpp"

#include <algorithm>

#include <imgui.h>
#include <glm/common.hpp>

#include "panels/widgets.hpp"

namespace pickray::app {

Layout defaultLayout(glm::ivec2 window, float top, bool bothExplaining) {
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
    // The pick audit's, at the bottom of the view between the two columns (the heat map is the
    // view: the panel covers as little of it as it can).
    l.auditSize = {std::max(200.0f * s, static_cast<float>(window.x) - 2.0f * (width + 2.0f * gap)), 165.0f * s};
    l.auditAt = {width + 2.0f * gap, static_cast<float>(window.y) - l.auditSize.y - gap};
    // The explaining panels' (Math, Constructions): a band along the bottom between the two
    // columns, a bounded part of the height, so that the middle of the view stays free for what
    // they explain (F frames there: free_view.hpp); their content scrolls. With both open, side by
    // side where the band holds two, else in the same place (the one clicked last in front).
    const float band = std::min(kExplainingBand * room, 270.0f * s);
    const float bandTop = static_cast<float>(window.y) - band - gap;
    const bool split = bothExplaining && l.auditSize.x >= 2.0f * 420.0f * s + gap;
    const float half = split ? 0.5f * (l.auditSize.x - gap) : l.auditSize.x;
    l.mathSize = {half, band};
    l.mathAt = {l.auditAt.x, bandTop};
    l.constructionSize = {half, band};
    l.constructionAt = {l.auditAt.x + (split ? half + gap : 0.0f), bandTop};
    return l;
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
