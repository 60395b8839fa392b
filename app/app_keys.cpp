// SPDX-License-Identifier: MIT
// The keyboard in the view: each key of the shortcut table (shortcuts.hpp) becomes the command the
// menus give for it. Keys reach the scene only while no ImGui text field or drag has them.
#include "app.hpp"

namespace pickray::app {

void App::handleKeys() {
    if (input_.keys.empty() || imgui_.wantsKeyboard()) return;
    for (const KeyChord& chord : input_.keys)
        if (const std::optional<Action> action = actionFor(chord))
            if (const std::optional<Command> command = commandFor(*action)) apply(*command);
}

std::optional<Command> App::commandFor(Action action) {
    const glm::ivec2 window = platform_.windowSize();
    const float aspect = window.y > 0 ? static_cast<float>(window.x) / static_cast<float>(window.y) : 1.0f;
    switch (action) {
        case Action::Undo: return command::Undo{};
        case Action::Redo: return command::Redo{};
        case Action::DeleteSelection: return command::DeleteSelection{};
        case Action::DuplicateSelection: return command::DuplicateSelection{};
        case Action::FrameSelection: return command::Frame{false, aspect};
        case Action::FrameAll: return command::Frame{true, aspect};
        case Action::ClearSelection: return command::ClearSelection{};
        case Action::Open: openFileDialog(ui_, FileDialog::Mode::Open, editor_.documentPath()); return std::nullopt;
        case Action::Save:
            // A scene with no file of its own yet, or the one shipped with pickray: Save as.
            if (savablePath().empty()) {
                openFileDialog(ui_, FileDialog::Mode::SaveAs, savablePath());
                return std::nullopt;
            }
            return command::Save{savablePath()};
        case Action::SaveAs: openFileDialog(ui_, FileDialog::Mode::SaveAs, savablePath()); return std::nullopt;
        case Action::ToggleUi: return command::ToggleUi{};
        case Action::Help: return command::ToggleHelp{};
        case Action::Screenshot: return command::Screenshot{ui_.screenshotWithUi};
        case Action::Quit: return command::Quit{};
        case Action::GizmoMove: ui_.gizmoMode = GizmoMode::Move; return std::nullopt;
        case Action::GizmoRotate: ui_.gizmoMode = GizmoMode::Rotate; return std::nullopt;
        case Action::GizmoScale: ui_.gizmoMode = GizmoMode::Scale; return std::nullopt;
        case Action::GizmoSpace:
            ui_.gizmoSpace = ui_.gizmoSpace == GizmoSpace::World ? GizmoSpace::Local : GizmoSpace::World;
            return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace pickray::app
