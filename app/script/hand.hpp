// SPDX-License-Identifier: MIT
#pragma once
// A hand on the mouse and the keyboard, as SDL events: each gesture warps SDL's mouse (pushed
// events do not move it) and pushes the events a real mouse or keyboard makes into the window's
// own queue, then runs the frames that take them in, so that a script and a benchmark drive the
// same code a user does.

#include <optional>
#include <string>

#include <SDL.h>

#include <glm/vec2.hpp>

#include "input/input_events.hpp"
#include "shell/app.hpp"

namespace pickray::app {

/// Pushes a button event (SDL_MOUSEBUTTONDOWN or SDL_MOUSEBUTTONUP) at `position`; no frame.
void pushButton(App& app, Uint32 type, glm::ivec2 position, Uint8 button = SDL_BUTTON_LEFT);
/// A left click at `at`: press, a frame, release, and the frame ImGui sees the release in.
void click(App& app, glm::ivec2 at);
/// A drag with `which` button from `from` to `to` in a few motion steps (Ctrl held if `ctrl`).
void drag(App& app, glm::ivec2 from, glm::ivec2 to, MouseButton which, bool ctrl);
/// Typed text, in SDL's text events.
void type(App& app, const std::string& text);
/// A key with its modifiers, each let go with a key-up of its own.
void key(App& app, const KeyChord& chord);
/// The cursor moved to `at`.
void hover(App& app, glm::ivec2 at);
/// The window resized; returns the size SDL gave it.
glm::ivec2 resize(App& app, glm::ivec2 size);
void minimizeAndRestore(App& app);
/// The camera orbited by `degrees` in `turns` equal turns, a frame drawn after each: about its
/// target, or about `pivot` when given (orbitAbout).
void orbitCamera(App& app, glm::vec2 degrees, int turns, std::optional<glm::vec3> pivot = std::nullopt);
/// The observer's camera orbited about its target likewise (--observer-orbit); false, drawing
/// nothing, while it has not been shown.
bool orbitObserver(App& app, glm::vec2 degrees, int turns);

}  // namespace pickray::app
