// SPDX-License-Identifier: MIT
#include "input.hpp"

namespace pickray::app {

void gather(const SDL_Event& event, FrameInput& input, glm::ivec2& mouse) {
    switch (event.type) {
        case SDL_QUIT: input.quit = true; break;
        case SDL_WINDOWEVENT:
            if (event.window.event == SDL_WINDOWEVENT_CLOSE) input.quit = true;
            if (event.window.event == SDL_WINDOWEVENT_LEAVE) mouse = glm::ivec2(-1);
            break;
        case SDL_MOUSEMOTION: {
            // From positions, not xrel: SDL reports xrel = 0 for warped moves (scripted drags).
            const glm::ivec2 position(event.motion.x, event.motion.y);
            if (mouse.x >= 0) input.motion += position - mouse;
            mouse = position;
            break;
        }
        case SDL_MOUSEBUTTONDOWN: {
            const SDL_Keymod mod = SDL_GetModState();
            mouse = {event.button.x, event.button.y};
            input.presses.push_back({event.button.button, mouse, (mod & KMOD_SHIFT) != 0, (mod & KMOD_CTRL) != 0});
            break;
        }
        case SDL_MOUSEBUTTONUP:
            if (input.presses.empty()) input.releasedBeforePress = true;
            else input.releasedAfterPress = true;
            break;
        case SDL_MOUSEWHEEL: input.wheel += static_cast<float>(event.wheel.y); break;
        case SDL_KEYDOWN: {
            const Uint16 mod = event.key.keysym.mod;
            input.keys.push_back(
                {event.key.keysym.sym, (mod & KMOD_CTRL) != 0, (mod & KMOD_SHIFT) != 0, (mod & KMOD_ALT) != 0});
            break;
        }
        default: break;
    }
}

}  // namespace pickray::app
