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
    /// so its position is fed from SDL's mouse state; and a button is down from its press event
    /// to its release event (the backend reads SDL's button state, which events pushed by a
    /// script do not change, and would see a press for one frame only: no panel could be dragged).
    void newFrame(SDL_Window* window);
    /// Every frame 1/60 s long for ImGui (toasts fading, the caret blinking), whatever the wall
    /// clock says: a script's pictures and report come out the same on a slow machine.
    void useFixedClock(bool fixed) { fixedClock_ = fixed; }
    /// True when the mouse is over an ImGui window (valid after newFrame).
    [[nodiscard]] bool wantsMouse() const;
    /// True while an ImGui text field or drag has the keyboard (valid after newFrame).
    [[nodiscard]] bool wantsKeyboard() const;
    /// True while an ImGui text field is being edited (its caret blinks).
    [[nodiscard]] bool editingText() const;
    /// ImGui's clock, in seconds (the toasts' time).
    [[nodiscard]] double time() const;
    /// Ends the frame and draws what lies under the panels: ImGui's background draw list (the
    /// view's labels). The window then shows the scene alone, as a picture without the panels takes it.
    void renderUnderPanels();
    /// Draws the rest over it: the panels, popups, tooltips and toasts.
    void renderPanels();
    /// Scales fonts (rasterised again at 13 * scale pixels) and every size of the style by `scale`
    /// (0.5 to 3), from the unscaled style.
    void setScale(float scale);
    [[nodiscard]] float scale() const { return scale_; }
    /// setScale(`scale`) unless it is the scale now (between frames, as ImGui wants it); returns
    /// the scale it set (clamped).
    float useScale(float scale) {
        if (scale != scale_) setScale(scale);
        return scale_;
    }
    /// The display's scale as SDL reports it (its DPI over 96), rounded to a quarter, 1 to 3: the
    /// default UI scale, so that a HiDPI screen gets readable panels.
    [[nodiscard]] static float displayScale(SDL_Window* window);

private:
    float scale_ = 1.0f;
    bool fixedClock_ = false;
    bool rendererReady_ = false;            ///< the OpenGL backend has made its objects (in its first frame)
    bool held_[3] = {false, false, false};  ///< ImGui's order: left, right, middle
    int listsUnderPanels_ = 0;              ///< this frame's draw lists renderUnderPanels drew
};

}  // namespace pickray::app
