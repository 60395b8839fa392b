// SPDX-License-Identifier: MIT
#include "input/shortcuts.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace pickray::app {
namespace {

constexpr KeyChord key(SDL_Keycode k) { return KeyChord{k, false, false, false}; }
constexpr KeyChord ctrl(SDL_Keycode k) { return KeyChord{k, true, false, false}; }
constexpr KeyChord ctrlShift(SDL_Keycode k) { return KeyChord{k, true, true, false}; }

constexpr Shortcut kShortcuts[] = {
    {ctrl(SDLK_z), Action::Undo, "undo the last change of the objects"},
    {ctrlShift(SDLK_z), Action::Redo, "redo what was undone"},
    {ctrl(SDLK_y), Action::Redo, "redo what was undone"},
    {key(SDLK_DELETE), Action::DeleteSelection, "delete the selected objects"},
    {ctrl(SDLK_d), Action::DuplicateSelection, "duplicate the selected objects"},
    {key(SDLK_f), Action::FrameSelection, "frame the selection: the camera looks at all of it"},
    {key(SDLK_HOME), Action::FrameAll, "frame every object"},
    {key(SDLK_ESCAPE), Action::ClearSelection, "clear the selection and the pick"},
    {ctrl(SDLK_o), Action::Open, "open a scene file (the file browser)"},
    {ctrl(SDLK_s), Action::Save, "save the scene to its file (a new scene: Save as)"},
    {ctrlShift(SDLK_s), Action::SaveAs, "save the scene as another file (the file browser)"},
    {key(SDLK_h), Action::ToggleUi, "hide or show the panels"},
    {key(SDLK_F1), Action::Help, "this help"},
    {key(SDLK_F12), Action::Screenshot, "save a screenshot in screenshots/"},
    {key(SDLK_w), Action::GizmoMove, "gizmo: move (along an axis, or in a plane)"},
    {key(SDLK_e), Action::GizmoRotate, "gizmo: rotate (about an axis)"},
    {key(SDLK_r), Action::GizmoScale, "gizmo: scale (a box's sides, a round shape's radius)"},
    {key(SDLK_q), Action::GizmoSpace, "gizmo: world or local axes"},
    {key(SDLK_g), Action::ToggleGizmo, "gizmo: show or hide (hidden: clicks go past it)"},
    {key(SDLK_p), Action::PickAudit, "pick audit: where the picture and a click disagree"},
    {key(SDLK_m), Action::MathPanel, "math panel: the click's unprojection step by step"},
    {key(SDLK_c), Action::Constructions, "constructions: the articles' pictures of the pick"},
    {key(SDLK_o), Action::ObserverView, "observer view: in the corner, as the main view, off"},
    {ctrl(SDLK_q), Action::Quit, "quit (asks first when there are unsaved changes)"},
};

struct KeyName {
    const char* name;   ///< as --key spells it (lower case)
    const char* label;  ///< as the help shows it
    SDL_Keycode key;
};
constexpr KeyName kKeyNames[] = {
    {"delete", "Delete", SDLK_DELETE},
    {"del", "Delete", SDLK_DELETE},
    {"backspace", "Backspace", SDLK_BACKSPACE},
    {"home", "Home", SDLK_HOME},
    {"end", "End", SDLK_END},
    {"esc", "Esc", SDLK_ESCAPE},
    {"escape", "Esc", SDLK_ESCAPE},
    {"enter", "Enter", SDLK_RETURN},
    {"tab", "Tab", SDLK_TAB},
    {"space", "Space", SDLK_SPACE},
    {"f1", "F1", SDLK_F1},
    {"f2", "F2", SDLK_F2},
    {"f3", "F3", SDLK_F3},
    {"f4", "F4", SDLK_F4},
    {"f5", "F5", SDLK_F5},
    {"f6", "F6", SDLK_F6},
    {"f7", "F7", SDLK_F7},
    {"f8", "F8", SDLK_F8},
    {"f9", "F9", SDLK_F9},
    {"f10", "F10", SDLK_F10},
    {"f11", "F11", SDLK_F11},
    {"f12", "F12", SDLK_F12},
};

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

}  // namespace

std::span<const Shortcut> shortcuts() { return kShortcuts; }

std::optional<Action> actionFor(const KeyChord& chord) {
    for (const Shortcut& s : kShortcuts)
        if (s.chord == chord) return s.action;
    return std::nullopt;
}

std::string chordLabel(const KeyChord& chord) {
    std::string label;
    if (chord.ctrl) label += "Ctrl+";
    if (chord.shift) label += "Shift+";
    if (chord.alt) label += "Alt+";
    for (const KeyName& k : kKeyNames)
        if (k.key == chord.key) return label + k.label;
    if (chord.key >= SDLK_a && chord.key <= SDLK_z) return label + static_cast<char>('A' + (chord.key - SDLK_a));
    if (chord.key >= SDLK_0 && chord.key <= SDLK_9) return label + static_cast<char>(chord.key);
    return label + "?";
}

std::string shortcutLabel(Action action) {
    for (const Shortcut& s : kShortcuts)
        if (s.action == action) return chordLabel(s.chord);
    return "";
}

std::string allShortcutsLabel(Action action) {
    std::string label;
    for (const Shortcut& s : kShortcuts)
        if (s.action == action) label += (label.empty() ? "" : " or ") + chordLabel(s.chord);
    return label;
}

std::string actionText(Action action) {
    for (const Shortcut& s : kShortcuts)
        if (s.action == action) return s.what;
    return "";
}

std::optional<KeyChord> parseKeySpec(std::string_view spec) {
    KeyChord chord;
    std::string rest = lower(spec);
    for (;;) {
        const auto plus = rest.find('+');
        if (plus == std::string::npos || plus + 1 == rest.size()) break;  // "ctrl++" names the '+' key: not taken
        const std::string modifier = rest.substr(0, plus);
        if (modifier == "ctrl" || modifier == "control") chord.ctrl = true;
        else if (modifier == "shift") chord.shift = true;
        else if (modifier == "alt") chord.alt = true;
        else return std::nullopt;
        rest = rest.substr(plus + 1);
    }
    for (const KeyName& k : kKeyNames)
        if (rest == k.name) {
            chord.key = k.key;
            return chord;
        }
    if (rest.size() == 1 && ((rest[0] >= 'a' && rest[0] <= 'z') || (rest[0] >= '0' && rest[0] <= '9'))) {
        chord.key = static_cast<SDL_Keycode>(rest[0]);  // SDL's keycodes of letters and digits are their ASCII
        return chord;
    }
    return std::nullopt;
}

}  // namespace pickray::app
