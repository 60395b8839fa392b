// SPDX-License-Identifier: MIT
#include "script/hand.hpp"

#include <algorithm>
#include <utility>

#include <glm/trigonometric.hpp>

#include "editor/orbit_camera.hpp"

namespace pickray::app {

void pushButton(App& app, Uint32 type, glm::ivec2 position, Uint8 button) {
    SDL_Event event{};
    event.button.type = type;
    event.button.windowID = SDL_GetWindowID(app.window());
    event.button.button = button;
    event.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    event.button.clicks = 1;
    event.button.x = position.x;
    event.button.y = position.y;
    SDL_PushEvent(&event);
}

void click(App& app, glm::ivec2 at) {
    // The same path as a real mouse: SDL's mouse state is moved by a warp (pushed events do not
    // move it), then button events are pushed for the event loop to find.
    SDL_WarpMouseInWindow(app.window(), at.x, at.y);
    pushButton(app, SDL_MOUSEBUTTONDOWN, at);
    app.frame();
    pushButton(app, SDL_MOUSEBUTTONUP, at);
    app.frame();  // ImGui sees a release in the frame after the press
    app.frame();
}

void drag(App& app, glm::ivec2 from, glm::ivec2 to, MouseButton which, bool ctrl) {
    if (ctrl) SDL_SetModState(KMOD_LCTRL);
    const Uint8 button = which == MouseButton::Right    ? SDL_BUTTON_RIGHT
                         : which == MouseButton::Middle ? SDL_BUTTON_MIDDLE
                                                        : SDL_BUTTON_LEFT;
    SDL_WarpMouseInWindow(app.window(), from.x, from.y);
    pushButton(app, SDL_MOUSEBUTTONDOWN, from, button);
    app.frame();
    constexpr int kSteps = 4;  // several motion events, as a hand would make
    for (int i = 1; i <= kSteps; ++i) {
        const glm::ivec2 p = from + (to - from) * i / kSteps;
        SDL_WarpMouseInWindow(app.window(), p.x, p.y);
        app.frame();
    }
    pushButton(app, SDL_MOUSEBUTTONUP, to, button);
    app.frame();
    if (ctrl) SDL_SetModState(KMOD_NONE);
    app.frame();
}

void type(App& app, const std::string& text) {
    // SDL's text event holds at most 31 bytes: longer text goes in pieces (cut between UTF-8
    // characters, never inside one).
    constexpr std::size_t kMost = sizeof(SDL_TextInputEvent::text) - 1;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t n = std::min(kMost, text.size() - at);
        while (n > 0 && at + n < text.size() && (static_cast<unsigned char>(text[at + n]) & 0xC0) == 0x80) --n;
        SDL_Event event{};
        event.text.type = SDL_TEXTINPUT;
        event.text.windowID = SDL_GetWindowID(app.window());
        text.copy(event.text.text, n, at);
        SDL_PushEvent(&event);
        at += n;
    }
    app.frame();
    app.frame();
}

void key(App& app, const KeyChord& chord) {
    const auto mods = static_cast<SDL_Keymod>((chord.ctrl ? KMOD_LCTRL : 0) | (chord.shift ? KMOD_LSHIFT : 0) |
                                              (chord.alt ? KMOD_LALT : 0));
    SDL_SetModState(mods);
    SDL_Event event{};
    event.key.type = SDL_KEYDOWN;
    event.key.windowID = SDL_GetWindowID(app.window());
    event.key.state = SDL_PRESSED;
    event.key.keysym.sym = chord.key;
    event.key.keysym.scancode = SDL_GetScancodeFromKey(chord.key);
    event.key.keysym.mod = static_cast<Uint16>(mods);
    SDL_PushEvent(&event);
    app.frame();
    event.key.type = SDL_KEYUP;
    event.key.state = SDL_RELEASED;
    SDL_PushEvent(&event);
    app.frame();
    // The modifiers are let go last, each with its own key-up, as a hand does: ImGui's backend
    // reads the modifier state only on key events, so without them it would think Ctrl still held
    // (and take no typed text).
    SDL_SetModState(KMOD_NONE);
    for (const auto& [held, modifier] :
         {std::pair{chord.ctrl, SDLK_LCTRL}, std::pair{chord.shift, SDLK_LSHIFT}, std::pair{chord.alt, SDLK_LALT}}) {
        if (!held) continue;
        event.key.keysym.sym = modifier;
        event.key.keysym.scancode = SDL_GetScancodeFromKey(modifier);
        event.key.keysym.mod = KMOD_NONE;
        SDL_PushEvent(&event);
    }
    app.frame();
}

void hover(App& app, glm::ivec2 at) {
    SDL_WarpMouseInWindow(app.window(), at.x, at.y);
    app.frame();
}

glm::ivec2 resize(App& app, glm::ivec2 size) {
    SDL_SetWindowSize(app.window(), size.x, size.y);  // SDL refuses 0 and clamps to its limits
    app.frame();
    app.frame();
    return app.windowSize();
}

void minimizeAndRestore(App& app) {
    SDL_MinimizeWindow(app.window());
    app.frame();
    app.frame();
    SDL_RestoreWindow(app.window());
    app.frame();
    app.frame();
}

void orbitCamera(App& app, glm::vec2 degrees, int turns, std::optional<glm::vec3> pivot) {
    // In equal turns, a frame drawn after each: an animation's orbit (--record-gif).
    for (int i = 0; i < turns; ++i) {
        scene::Camera& camera = app.editor().camera();
        const glm::vec2 turn = glm::radians(degrees) / static_cast<float>(turns);
        camera = pivot ? orbitAbout(camera, *pivot, turn.x, turn.y) : orbit(camera, turn.x, turn.y);
        app.frame();
    }
}

bool orbitObserver(App& app, glm::vec2 degrees, int turns) {
    ObserverView& observer = app.observerView();
    if (!observer.placed()) return false;
    for (int i = 0; i < turns; ++i) {
        const glm::vec2 turn = glm::radians(degrees) / static_cast<float>(turns);
        observer.setCamera(orbit(observer.observer().camera(), turn.x, turn.y));
        app.frame();
    }
    return true;
}

}  // namespace pickray::app
