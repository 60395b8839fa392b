// SPDX-License-Identifier: MIT
#pragma once
// Input as one event type: what the window delivers (the shell translates SDL's events into
// these), what a viewport consumes, and what a recording of a session would write. Window pixels,
// top-left origin; each mouse event carries the modifier keys held when it happened.

#include <variant>

#include <glm/vec2.hpp>

#include "input/shortcuts.hpp"

namespace pickray::app {

enum class MouseButton { Left, Right, Middle };

struct Modifiers {
    bool ctrl = false;
    bool shift = false;
    bool alt = false;
    bool operator==(const Modifiers&) const = default;
};

namespace event {
struct ButtonDown {
    MouseButton button = MouseButton::Left;
    glm::ivec2 at{0};
    Modifiers held;
};
struct ButtonUp {
    MouseButton button = MouseButton::Left;
    glm::ivec2 at{0};
    Modifiers held;
};
/// The cursor is at `at` (motion is told by positions: a warped cursor reports no relative move).
struct Motion {
    glm::ivec2 at{0};
    Modifiers held;
};
/// The cursor left the window.
struct Leave {};
/// The wheel turned by `steps` notches (away from the user: positive).
struct Wheel {
    float steps = 0.0f;
};
/// A key went down (repeats included), with its modifiers.
struct KeyDown {
    KeyChord chord;
};
/// A key came up; `held` is what is still held after it (a modifier's own release clears it).
struct KeyUp {
    Modifiers held;
};
/// The window's close button (or the system's quit).
struct Close {};
}  // namespace event

using InputEvent = std::variant<event::ButtonDown, event::ButtonUp, event::Motion, event::Leave, event::Wheel,
                                event::KeyDown, event::KeyUp, event::Close>;

}  // namespace pickray::app
