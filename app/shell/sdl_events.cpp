// SPDX-License-Identifier: MIT
#include "shell/sdl_events.hpp"

namespace pickray::app {
namespace {

Modifiers modifiersOf(Uint16 mod) {
    return Modifiers{(mod & KMOD_CTRL) != 0, (mod & KMOD_SHIFT) != 0, (mod & KMOD_ALT) != 0};
}

std::optional<MouseButton> buttonOf(Uint8 button) {
    switch (button) {
        case SDL_BUTTON_LEFT: return MouseButton::Left;
        case SDL_BUTTON_MIDDLE: return MouseButton::Middle;
        case SDL_BUTTON_RIGHT: return MouseButton::Right;
        default: return std::nullopt;  // the side buttons do nothing in the view
    }
}

}  // namespace

std::optional<InputEvent> toInputEvent(const SDL_Event& e) {
    const Modifiers held = modifiersOf(static_cast<Uint16>(SDL_GetModState()));
    switch (e.type) {
        case SDL_QUIT: return event::Close{};
        case SDL_WINDOWEVENT:
            if (e.window.event == SDL_WINDOWEVENT_CLOSE) return event::Close{};
            if (e.window.event == SDL_WINDOWEVENT_LEAVE) return event::Leave{};
            return std::nullopt;
        case SDL_MOUSEMOTION: return event::Motion{{e.motion.x, e.motion.y}, held};
        case SDL_MOUSEBUTTONDOWN:
            if (const auto button = buttonOf(e.button.button))
                return event::ButtonDown{*button, {e.button.x, e.button.y}, held};
            return std::nullopt;
        case SDL_MOUSEBUTTONUP:
            if (const auto button = buttonOf(e.button.button))
                return event::ButtonUp{*button, {e.button.x, e.button.y}, held};
            return std::nullopt;
        case SDL_MOUSEWHEEL: return event::Wheel{static_cast<float>(e.wheel.y)};
        case SDL_KEYDOWN: {
            const Modifiers mods = modifiersOf(e.key.keysym.mod);
            return event::KeyDown{KeyChord{e.key.keysym.sym, mods.ctrl, mods.shift, mods.alt}};
        }
        case SDL_KEYUP: return event::KeyUp{modifiersOf(e.key.keysym.mod)};
        default: return std::nullopt;
    }
}

}  // namespace pickray::app
