// SPDX-License-Identifier: MIT
// What surrounds the panels: the menu bar, the help window, the toasts, and where each panel goes.
#include <algorithm>

#include <imgui.h>

#include "shortcuts.hpp"
#include "ui.hpp"

namespace pickray::app {
namespace {

constexpr double kToastSeconds = 4.0;
constexpr double kErrorToastSeconds = 8.0;
constexpr double kFadeSeconds = 1.0;

ImVec2 toImVec(glm::vec2 v) { return ImVec2(v.x, v.y); }
glm::vec2 toVec(ImVec2 v) { return glm::vec2(v.x, v.y); }

// A menu entry with its shortcut from the one table, so menus and keys cannot disagree.
bool menuItem(const char* label, Action action, bool enabled = true) {
    return ImGui::MenuItem(label, shortcutLabel(action).c_str(), false, enabled);
}

}  // namespace

void postToast(UiState& state, std::string text, bool isError) {
    if (!isError) std::erase_if(state.toasts, [](const Toast& t) { return t.isError; });
    // The same message again (a refused value while a field is dragged) renews the one shown.
    std::erase_if(state.toasts, [&](const Toast& t) { return t.text == text; });
    state.toasts.push_back(Toast{std::move(text), isError, ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0});
    constexpr std::size_t kMostToasts = 5;
    if (state.toasts.size() > kMostToasts)
        state.toasts.erase(state.toasts.begin(), state.toasts.end() - static_cast<std::ptrdiff_t>(kMostToasts));
}

float menuBar(UiState& state, const UiView& view, std::vector<Command>& out) {
    if (!ImGui::BeginMainMenuBar()) return 0.0f;
    if (ImGui::BeginMenu("Edit")) {
        const std::string undo = "Undo " + view.history.undoLabel();
        const std::string redo = "Redo " + view.history.redoLabel();
        if (menuItem(undo.c_str(), Action::Undo, view.history.canUndo())) out.push_back(command::Undo{});
        if (menuItem(redo.c_str(), Action::Redo, view.history.canRedo())) out.push_back(command::Redo{});
        ImGui::Separator();
        const bool any = !view.selection.empty();
        if (menuItem("Duplicate", Action::DuplicateSelection, any)) out.push_back(command::DuplicateSelection{});
        if (menuItem("Delete", Action::DeleteSelection, any)) out.push_back(command::DeleteSelection{});
        if (menuItem("Clear selection and pick", Action::ClearSelection)) out.push_back(command::ClearSelection{});
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        const float aspect = view.windowSize.y > 0
                                 ? static_cast<float>(view.windowSize.x) / static_cast<float>(view.windowSize.y)
                                 : 1.0f;
        if (menuItem("Frame selected", Action::FrameSelection, !view.selection.empty()))
            out.push_back(command::Frame{false, aspect});
        if (menuItem("Frame all", Action::FrameAll)) out.push_back(command::Frame{true, aspect});
        ImGui::Separator();
        if (menuItem("Hide panels", Action::ToggleUi)) out.push_back(command::ToggleUi{});
        if (ImGui::MenuItem("Reset layout")) state.resetLayout = true;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (menuItem("Shortcuts and mouse", Action::Help)) state.showHelp = true;
        ImGui::EndMenu();
    }
    if (view.unsaved) {
        ImGui::Separator();
        ImGui::TextDisabled("unsaved changes");
    }
    const float height = ImGui::GetWindowSize().y;
    ImGui::EndMainMenuBar();
    return height;
}

void helpWindow(UiState& state) {
    if (!state.showHelp) return;
    ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_Appearing);
    const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::Begin("Help", &state.showHelp, ImGuiWindowFlags_NoCollapse)) return ImGui::End();
    state.panelRects.push_back(PanelRect{"Help", toVec(ImGui::GetWindowPos()), toVec(ImGui::GetWindowSize())});
    ImGui::TextUnformatted("Keys (when no text field has the keyboard):");
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 110.0f);
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
    ImGui::BulletText("left click: pick and select (Ctrl+click adds to the selection)");
    ImGui::BulletText("left click on the background: clear the pick and the selection");
    ImGui::BulletText("left drag on an object: move it (after 4 pixels; one undo step)");
    ImGui::BulletText("left drag on the background, right drag: orbit (the pick stays)");
    ImGui::BulletText("middle drag or Shift+left drag: pan;  wheel: zoom");
    ImGui::Separator();
    ImGui::TextWrapped(
        "Undo covers every change of the objects: edits, drags, add, duplicate, delete, rename, "
        "generate and load. The camera is the view, not part of the scene's history: undo does not "
        "move it back.");
    ImGui::End();
}

void toastWindow(UiState& state, const UiView& view) {
    const double now = ImGui::GetTime();
    std::erase_if(state.toasts,
                  [&](const Toast& t) { return now - t.shownAt > (t.isError ? kErrorToastSeconds : kToastSeconds); });
    if (state.toasts.empty()) return;
    const glm::vec2 window(view.windowSize);
    ImGui::SetNextWindowPos(ImVec2(window.x * 0.5f, window.y - 12.0f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##toasts", nullptr, kFlags);
    ImGui::PushTextWrapPos(std::max(200.0f, window.x * 0.6f));
    for (const Toast& t : state.toasts) {
        const double left = (t.isError ? kErrorToastSeconds : kToastSeconds) - (now - t.shownAt);
        const float alpha = static_cast<float>(std::clamp(left / kFadeSeconds, 0.0, 1.0));
        const ImVec4 color = t.isError ? ImVec4(1.0f, 0.45f, 0.4f, alpha) : ImVec4(0.6f, 0.9f, 0.6f, alpha);
        ImGui::TextColored(color, "%s", t.text.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::End();
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
    state.panelRects.push_back(PanelRect{name, at, fitted});
}

}  // namespace pickray::app
