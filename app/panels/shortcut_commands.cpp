// SPDX-License-Identifier: MIT
// What each key of the shortcut table (shortcuts.hpp) asks for: the command the menus give for it.
#include "panels/ui.hpp"

#include "panels/file_dialog.hpp"

namespace pickray::app {

std::optional<Command> commandFor(Action action, UiState& state, const ShortcutContext& context) {
    switch (action) {
        case Action::Undo: return command::Undo{};
        case Action::Redo: return command::Redo{};
        case Action::DeleteSelection: return command::DeleteSelection{};
        case Action::DuplicateSelection: return command::DuplicateSelection{};
        case Action::FrameSelection: return frameCommand(false, context.windowSize, state.freeView);
        case Action::FrameAll: return frameCommand(true, context.windowSize, state.freeView);
        case Action::ClearSelection:  // Esc: unless it closed a menu or popup this frame
            if (state.escapeClosedPopup) return std::nullopt;
            return command::ClearSelection{};
        case Action::Open: openFileDialog(state, FileDialog::Mode::Open, context.documentPath); return std::nullopt;
        case Action::Save:
            // A scene with no file of its own yet, or the one shipped with pickray: Save as.
            if (context.savablePath.empty()) {
                openFileDialog(state, FileDialog::Mode::SaveAs, context.savablePath);
                return std::nullopt;
            }
            return command::Save{context.savablePath};
        case Action::SaveAs: openFileDialog(state, FileDialog::Mode::SaveAs, context.savablePath); return std::nullopt;
        case Action::ToggleUi: return command::ToggleUi{};
        case Action::Help: return command::ToggleHelp{};
        case Action::Screenshot: return command::Screenshot{state.screenshotWithUi};
        case Action::Quit: return command::Quit{};
        case Action::GizmoMove: state.gizmoMode = GizmoMode::Move; return std::nullopt;
        case Action::GizmoRotate: state.gizmoMode = GizmoMode::Rotate; return std::nullopt;
        case Action::GizmoScale: state.gizmoMode = GizmoMode::Scale; return std::nullopt;
        case Action::GizmoSpace:
            state.gizmoSpace = state.gizmoSpace == GizmoSpace::World ? GizmoSpace::Local : GizmoSpace::World;
            return std::nullopt;
        case Action::ToggleGizmo: state.gizmoShown = !state.gizmoShown; return std::nullopt;
        case Action::PickAudit: state.pickAudit = !state.pickAudit; return std::nullopt;
        case Action::MathPanel: state.mathPanel = !state.mathPanel; return std::nullopt;
        case Action::Constructions: state.constructions = !state.constructions; return std::nullopt;
        case Action::ObserverView: state.observer = nextObserverMode(state.observer); return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace pickray::app
