// SPDX-License-Identifier: MIT
#pragma once
// One frame's input, gathered from SDL's events: presses with their modifiers, motion, the wheel,
// quitting, the keys pressed. What it does to the scene is the App's (app_mouse.cpp, app_keys.cpp).

#include <vector>

#include <SDL.h>
#include <glm/vec2.hpp>

#include "shortcuts.hpp"

namespace pickray::app {

struct FrameInput {
    struct Press {
        Uint8 button;
        glm::ivec2 position;
        bool shift;
        bool ctrl;
    };
    std::vector<Press> presses;
    /// A button came up before any press of this frame: it ends a drag begun earlier.
    bool releasedBeforePress = false;
    /// A button came up after this frame's last press: applied after the presses, so a click
    /// whose press and release land in one (slow) frame does not leave a drag going.
    bool releasedAfterPress = false;
    glm::ivec2 motion{0};
    float wheel = 0.0f;
    bool quit = false;           ///< the window was closed
    std::vector<KeyChord> keys;  ///< keys pressed (repeats included), with their modifiers
};

/// Adds `event` to `input`; `mouse` is where the cursor is (-1, -1 outside the window).
void gather(const SDL_Event& event, FrameInput& input, glm::ivec2& mouse);

}  // namespace pickray::app
