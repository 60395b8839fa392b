// SPDX-License-Identifier: MIT
#include "panels/menu_bar.hpp"

#include <algorithm>

#include <imgui.h>
#include <imgui_internal.h>  // ClosePopupToLevel: Esc closes every open menu and popup

#include "input/shortcuts.hpp"
#include "panels/file_dialog.hpp"
#include "panels/widgets.hpp"

namespace pickray::app {
namespace {

// A menu entry with its shortcut from the one table, so menus and keys cannot disagree.
bool menuItem(UiState& state, const char* label, Action action, bool enabled = true, bool checked = false) {
    const bool chosen = ImGui::MenuItem(label, shortcutLabel(action).c_str(), checked, enabled);
    showTooltip(state, shortcutTooltipText(action, nullptr), true);
    return chosen;
}

// A menu of the menu bar, and where its title is, for the report: measured while it is closed
// (once open, the last item is its popup), else where it was measured last.
bool beginMenu(UiState& state, const std::vector<PanelRect>& before, const char* name) {
    const bool open = ImGui::BeginMenu(name);
    if (!open) {
        state.drawn->menus.push_back(PanelRect{name, toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize())});
    } else {
        const auto last =
            std::find_if(before.begin(), before.end(), [&](const PanelRect& m) { return m.name == name; });
        if (last != before.end()) state.drawn->menus.push_back(*last);
    }
    return open;
}

}  // namespace

float menuBar(UiState& state, const UiView& view, std::vector<Command>& out) {
    const std::vector<PanelRect> menusBefore = std::move(state.drawn->menus);
    state.drawn->menus.clear();
    if (!ImGui::BeginMainMenuBar()) return 0.0f;
    if (beginMenu(state, menusBefore, "File")) {
        if (menuItem(state, "Open...", Action::Open)) openFileDialog(state, FileDialog::Mode::Open, view.documentPath);
        // A file that no longer exists stays listed, marked and disabled (as editors do: it may be
        // on a drive not mounted now), until "Remove missing" drops them.
        const bool recentOpen = ImGui::BeginMenu("Open recent", !view.recentFiles.empty());
        if (!recentOpen)
            state.drawn->recentMenu =
                TooltipRect{"Open recent", toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize())};
        if (recentOpen) {
            state.drawn->recentEntries.clear();
            const auto record = [&](const std::string& text, bool enabled) {
                state.drawn->recentEntries.push_back(
                    MenuEntry{text, enabled, toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize())});
            };
            bool anyMissing = false;
            for (const std::string& file : view.recentFiles) {
                const bool missing = view.fileExists != nullptr && !view.fileExists(file);
                anyMissing |= missing;
                const std::string label = missing ? file + "  (missing)" : file;
                if (ImGui::MenuItem(label.c_str(), nullptr, false, !missing)) out.push_back(command::Open{file});
                record(label, !missing);
            }
            if (anyMissing) {
                ImGui::Separator();
                if (ImGui::MenuItem("Remove missing")) out.push_back(command::ForgetMissingRecent{});
                record("Remove missing", true);
            }
            ImGui::EndMenu();
        }
        if (menuItem(state, "Save", Action::Save)) {
            if (view.documentPath.empty()) openFileDialog(state, FileDialog::Mode::SaveAs, view.documentPath);
            else out.push_back(command::Save{view.documentPath});
        }
        if (menuItem(state, "Save as...", Action::SaveAs))
            openFileDialog(state, FileDialog::Mode::SaveAs, view.documentPath);
        ImGui::Separator();
        if (menuItem(state, "Screenshot", Action::Screenshot))
            out.push_back(command::Screenshot{state.screenshotWithUi});
        ImGui::Separator();
        if (menuItem(state, "Quit", Action::Quit)) out.push_back(command::Quit{});
        ImGui::EndMenu();
    }
    if (beginMenu(state, menusBefore, "Edit")) {
        const std::string undo = "Undo " + view.history.undoLabel();
        const std::string redo = "Redo " + view.history.redoLabel();
        if (menuItem(state, undo.c_str(), Action::Undo, view.history.canUndo())) out.push_back(command::Undo{});
        if (menuItem(state, redo.c_str(), Action::Redo, view.history.canRedo())) out.push_back(command::Redo{});
        ImGui::Separator();
        const bool any = !view.selection.empty();
        if (menuItem(state, "Duplicate", Action::DuplicateSelection, any)) out.push_back(command::DuplicateSelection{});
        if (menuItem(state, "Delete", Action::DeleteSelection, any)) out.push_back(command::DeleteSelection{});
        if (menuItem(state, "Clear selection and pick", Action::ClearSelection))
            out.push_back(command::ClearSelection{});
        ImGui::EndMenu();
    }
    if (beginMenu(state, menusBefore, "View")) {
        if (menuItem(state, "Frame selected", Action::FrameSelection, !view.selection.empty()))
            out.push_back(frameCommand(false, view.windowSize, state.freeView));
        if (menuItem(state, "Frame all", Action::FrameAll))
            out.push_back(frameCommand(true, view.windowSize, state.freeView));
        ImGui::Separator();
        if (menuItem(state, "Gizmo: move", Action::GizmoMove, true, state.gizmoMode == GizmoMode::Move))
            state.gizmoMode = GizmoMode::Move;
        if (menuItem(state, "Gizmo: rotate", Action::GizmoRotate, true, state.gizmoMode == GizmoMode::Rotate))
            state.gizmoMode = GizmoMode::Rotate;
        if (menuItem(state, "Gizmo: scale", Action::GizmoScale, true, state.gizmoMode == GizmoMode::Scale))
            state.gizmoMode = GizmoMode::Scale;
        if (menuItem(state, "Gizmo: local axes", Action::GizmoSpace, true, state.gizmoSpace == GizmoSpace::Local))
            state.gizmoSpace = state.gizmoSpace == GizmoSpace::World ? GizmoSpace::Local : GizmoSpace::World;
        ImGui::Separator();
        if (menuItem(state, "Pick audit", Action::PickAudit, true, state.pickAudit)) state.pickAudit = !state.pickAudit;
        if (ImGui::MenuItem("Analytic renderer", nullptr, state.analyticRenderer))
            state.analyticRenderer = !state.analyticRenderer;
        showTooltip(state, "Analytic renderer: every shape drawn by each pixel's ray; off: as meshes", true);
        if (menuItem(state, "Hide panels", Action::ToggleUi)) out.push_back(command::ToggleUi{});
        if (ImGui::MenuItem("Reset layout")) state.resetLayout = true;
        showTooltip(state, "Reset layout: every panel back in its place, at its size for this window", true);
        // Taken when the slider is let go: applied while it is dragged, the menu would grow under
        // the cursor and the value would run away.
        if (!state.scaleHeld) state.scaleShown = state.scale;
        ImGui::SetNextItemWidth(120.0f * ImGui::GetFontSize() / 13.0f);
        ImGui::SliderFloat("UI scale", &state.scaleShown, 0.5f, 3.0f, "%.2f");
        state.scaleHeld = ImGui::IsItemActive();
        if (ImGui::IsItemDeactivatedAfterEdit() && state.scaleShown != state.scale) {
            state.scale = state.scaleShown;
            state.resetLayout = true;
        }
        // Last, so that the rows above keep their places (tests click them by their pixels).
        if (ImGui::MenuItem("Anti-aliasing (FXAA)", nullptr, state.fxaa)) state.fxaa = !state.fxaa;
        showTooltip(state, "Anti-aliasing (FXAA): smoother edges in the picture; object IDs unchanged", true);
        if (menuItem(state, "Math panel", Action::MathPanel, true, state.mathPanel)) state.mathPanel = !state.mathPanel;
        if (menuItem(state, "Constructions", Action::Constructions, true, state.constructions))
            state.constructions = !state.constructions;
        if (menuItem(state, "Observer view", Action::ObserverView, true, state.observer != ObserverMode::Off))
            state.observer = state.observer == ObserverMode::Off ? ObserverMode::Inset : ObserverMode::Off;
        if (ImGui::MenuItem("Observer as main view", nullptr, state.observer == ObserverMode::Main))
            state.observer = state.observer == ObserverMode::Main ? ObserverMode::Inset : ObserverMode::Main;
        showTooltip(state, "Observer as main view: the observer fills the window, the camera's picture in the corner",
                    true);
        if (ImGui::BeginMenu("Observer corner")) {
            for (const InsetCorner corner : {InsetCorner::Top, InsetCorner::TopLeft, InsetCorner::TopRight,
                                             InsetCorner::BottomLeft, InsetCorner::BottomRight})
                if (ImGui::MenuItem(cornerName(corner), nullptr, state.observerCorner == corner))
                    state.observerCorner = corner;
            ImGui::EndMenu();
        }
        showTooltip(state, "Observer corner: where the corner picture goes in the part the panels leave free", true);
        if (menuItem(state, "Transform gizmo", Action::ToggleGizmo, true, state.gizmoShown))
            state.gizmoShown = !state.gizmoShown;
        ImGui::EndMenu();
    } else {
        state.scaleHeld = false;  // the slider is not shown: nothing holds it
    }
    if (beginMenu(state, menusBefore, "Help")) {
        if (menuItem(state, "Shortcuts and mouse", Action::Help)) state.showHelp = true;
        ImGui::EndMenu();
    }
    if (view.unsaved) {
        ImGui::Separator();
        ImGui::TextDisabled("unsaved changes");
    }
    const float height = ImGui::GetWindowSize().y;
    PanelRect bar = measuredRect("Menu bar");
    bar.docked = true;  // the view's free part is below it
    state.drawn->panels.push_back(bar);
    ImGui::EndMainMenuBar();
    return height;
}

void escapeClosesPopups(UiState& state, const UiView& view) {
    state.escapeClosedPopup = false;
    const bool question = state.fileDialog.mode != FileDialog::Mode::Closed || state.confirmOverwrite ||
                          state.confirmDiscard || state.confirmQuit;
    if (question || !keyPressed(view, SDLK_ESCAPE) || !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    ImGui::ClosePopupToLevel(0, true);  // the menu bar's menus, a combo's list, a colour picker
    state.escapeClosedPopup = true;
}

}  // namespace pickray::app
