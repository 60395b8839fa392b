// SPDX-License-Identifier: MIT
#pragma once
// The keyboard: one table of shortcuts, as the three.js editor, Blender and Godot have them, read
// by the key handling, the help window (F1), the menus and the tooltips alike, and the --key
// script step's spelling of a key ("ctrl+shift+z"). Keys are SDL keycodes: ImGui 1.86's key enum
// has no letters.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <SDL_keycode.h>

namespace pickray::app {

enum class Action {
    Undo,
    Redo,
    DeleteSelection,
    DuplicateSelection,
    FrameSelection,
    FrameAll,
    ClearSelection,
    Open,
    Save,
    SaveAs,
    ToggleUi,
    Help,
    Screenshot,
    Quit,
    GizmoMove,
    GizmoRotate,
    GizmoScale,
    GizmoSpace,
    ToggleGizmo,
    PickAudit,
    MathPanel,
    Constructions,
    ObserverView,
};

/// A key with the modifiers held (left or right alike).
struct KeyChord {
    SDL_Keycode key = SDLK_UNKNOWN;
    bool ctrl = false;
    bool shift = false;
    bool alt = false;
    bool operator==(const KeyChord&) const = default;
};

struct Shortcut {
    KeyChord chord;
    Action action;
    const char* what;  ///< for the help window and the menus
};

/// Every shortcut; an action may have more than one (Ctrl+Shift+Z and Ctrl+Y redo).
[[nodiscard]] std::span<const Shortcut> shortcuts();
/// The action of a chord, if it has one.
[[nodiscard]] std::optional<Action> actionFor(const KeyChord& chord);
/// The chord as people write it: "Ctrl+Shift+Z", "Delete", "F1".
[[nodiscard]] std::string chordLabel(const KeyChord& chord);
/// The first chord's label of an action, for menus ("" if it has none).
[[nodiscard]] std::string shortcutLabel(Action action);
/// Every chord of an action, for tooltips: "Ctrl+Shift+Z or Ctrl+Y".
[[nodiscard]] std::string allShortcutsLabel(Action action);
/// What an action does, as the help says it ("" if it has no shortcut).
[[nodiscard]] std::string actionText(Action action);
/// A --key spelling: modifiers and a key joined by '+', any case: "ctrl+z", "ctrl+shift+z",
/// "delete", "f", "home", "esc", "f1", "f12". nullopt for anything else.
[[nodiscard]] std::optional<KeyChord> parseKeySpec(std::string_view spec);

}  // namespace pickray::app
