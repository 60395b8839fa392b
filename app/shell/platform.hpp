// SPDX-License-Identifier: MIT
#pragma once
// SDL2 window with an OpenGL 3.3 core context, GL functions loaded by glad.

#include <cstddef>
#include <filesystem>
#include <string>

#include <SDL.h>
#include <glm/vec2.hpp>

namespace pickray::app {

class Platform {
public:
    /// Headless uses SDL's offscreen driver (no display needed; the window is never shown; its GL
    /// surface keeps the size it was created with, so the renderer draws the window's pixels
    /// into a framebuffer of its own). Throws std::runtime_error with SDL's message on failure.
    Platform(const std::string& title, glm::ivec2 size, bool headless);
    ~Platform();
    Platform(const Platform&) = delete;
    Platform& operator=(const Platform&) = delete;

    [[nodiscard]] SDL_Window* window() const { return window_; }
    [[nodiscard]] SDL_GLContext context() const { return context_; }
    [[nodiscard]] glm::ivec2 windowSize() const;
    [[nodiscard]] glm::ivec2 drawableSize() const;
    [[nodiscard]] bool headless() const { return headless_; }
    void swap() const { SDL_GL_SwapWindow(window_); }
    /// Sleeps `sleepSeconds`, then until an event comes or `waitSeconds` pass (infinity: until an
    /// event). The event stays queued for the next frame.
    static void waitForEvents(double sleepSeconds, double waitSeconds);

private:
    bool headless_;
    SDL_Window* window_ = nullptr;
    SDL_GLContext context_ = nullptr;
};

/// True when an interactive window can probably be opened (an X11 or Wayland display, or an
/// explicit SDL_VIDEODRIVER).
[[nodiscard]] bool displayAvailable();

/// Where the demo's data lie: its shaders and its default scene.
struct DataPaths {
    std::filesystem::path shaders;
    std::filesystem::path defaultScene;
};
/// Found from the executable's own directory, at the place the install layout puts them relative
/// to bin/ (PICKRAY_DATA_RELATIVE, "../share/pickray"), so one binary works from its build tree
/// (app/CMakeLists.txt links the source tree's data there) and from wherever an installed or
/// unpacked tree is. Nothing of the source tree is compiled in. $PICKRAY_SHADER_DIR overrides the
/// shaders' directory.
[[nodiscard]] DataPaths findDataPaths();

/// This process's resident set size in KiB (/proc/self/statm; 0 where that cannot be read).
[[nodiscard]] std::size_t residentKiB();

}  // namespace pickray::app
