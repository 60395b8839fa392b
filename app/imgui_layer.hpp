// SPDX-License-Identifier: MIT
#pragma once
// Owns the Dear ImGui context and its SDL2 + OpenGL3 backends (Debian's libimgui holds both).

#include <SDL.h>

namespace pickray::app {

class ImGuiLayer {
public:
    ImGuiLayer(SDL_Window* window, SDL_GLContext context);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    /// Hands the event to ImGui's SDL backend. Whether ImGui wants the mouse is wantsMouse(),
    /// after newFrame; the caller still sees every event.
    void processEvent(const SDL_Event& event);
    /// Starts a frame. Without focus (offscreen driver) the SDL backend does not read the mouse,
    /// so its position is fed from SDL's mouse state.
    void newFrame(SDL_Window* window);
    /// True when the mouse is over an ImGui window (valid after newFrame).
    [[nodiscard]] bool wantsMouse() const;
    /// True while an ImGui text field or drag has the keyboard (valid after newFrame).
    [[nodiscard]] bool wantsKeyboard() const;
    void render();
};

}  // namespace pickray::app
