// SPDX-License-Identifier: MIT
#include "shell/platform.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>

#include <unistd.h>
#include <stdexcept>

#include <glad/gl.h>

namespace pickray::app {

namespace {

// llvmpipe (Mesa 22.3) keys its on-disk shader cache without its vector width: a shader compiled
// 256 wide (the default on AVX2) and then loaded by a run with LP_NATIVE_VECTOR_WIDTH=128 has the
// same key, and its 8-wide code corrupts the heap at the first draw. So a run that sets the width
// gets a cache of its own, one for each width (before SDL_Init: Mesa reads these at its start);
// a cache chosen by the user (MESA_SHADER_CACHE_DIR) is left alone.
void separateLlvmpipeCacheByWidth() {
    const char* width = std::getenv("LP_NATIVE_VECTOR_WIDTH");
    if (width == nullptr || std::getenv("MESA_SHADER_CACHE_DIR") != nullptr ||
        std::getenv("MESA_GLSL_CACHE_DIR") != nullptr)
        return;
    const std::string digits(width);
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    const bool number = !digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos;
    if (!number || ((xdg == nullptr || *xdg == '\0') && home == nullptr)) {
        setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);  // nowhere of its own: no cache
        return;
    }
    const std::filesystem::path base =
        xdg != nullptr && *xdg != '\0' ? std::filesystem::path(xdg) : std::filesystem::path(home) / ".cache";
    const std::filesystem::path cache = base / "pickray" / ("llvmpipe-" + digits);
    std::error_code error;  // Mesa makes only the last folder; where none can be made it caches nothing
    std::filesystem::create_directories(cache, error);
    setenv("MESA_SHADER_CACHE_DIR", cache.c_str(), 0);
}

}  // namespace

DataPaths findDataPaths() {
    std::filesystem::path base;
    if (char* path = SDL_GetBasePath()) {  // the executable's directory, with a trailing slash
        base = path;
        SDL_free(path);
    } else {
        std::error_code error;
        base = std::filesystem::current_path(error);
    }
    const std::filesystem::path data = (base / PICKRAY_DATA_RELATIVE).lexically_normal();
    DataPaths paths{data / "shaders", data / "scenes" / "default.json"};
    if (const char* shaders = std::getenv("PICKRAY_SHADER_DIR")) paths.shaders = shaders;
    return paths;
}

bool displayAvailable() {
    return std::getenv("DISPLAY") != nullptr || std::getenv("WAYLAND_DISPLAY") != nullptr ||
           std::getenv("SDL_VIDEODRIVER") != nullptr;
}

Platform::Platform(const std::string& title, glm::ivec2 size, bool headless) : headless_(headless) {
    separateLlvmpipeCacheByWidth();
    // Must be set before SDL_Init: the driver is chosen there.
    if (headless) SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0)
        throw std::runtime_error(std::string("SDL_Init: ") + SDL_GetError());
    if (!headless) {
        // SDL tries its drivers in turn and ends at the offscreen one when no display answers (an
        // unreachable DISPLAY): a window there is never seen and the loop would wait for input
        // forever. Unless asked for by name, that is no display at all.
        const std::string driver = SDL_GetCurrentVideoDriver() != nullptr ? SDL_GetCurrentVideoDriver() : "";
        if ((driver == "offscreen" || driver == "dummy") && std::getenv("SDL_VIDEODRIVER") == nullptr) {
            SDL_Quit();
            const char* display = std::getenv("DISPLAY");
            throw std::runtime_error(std::string("no display could be opened (DISPLAY=") +
                                     (display != nullptr ? display : "") + "); SDL found only its " + driver +
                                     " driver");
        }
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
#ifndef NDEBUG
    // Debug builds: a debug context, in which drivers report more through KHR_debug.
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_DEBUG_FLAG);
#endif
    const Uint32 flags =
        SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI | (headless ? SDL_WINDOW_HIDDEN : SDL_WINDOW_RESIZABLE);
    window_ = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, size.x, size.y, flags);
    if (!window_) {
        const std::string error = SDL_GetError();
        SDL_Quit();
        throw std::runtime_error("SDL_CreateWindow: " + error);
    }
    context_ = SDL_GL_CreateContext(window_);
    if (!context_ || gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress)) == 0) {
        const std::string error =
            context_ ? "gladLoadGL failed" : std::string("SDL_GL_CreateContext: ") + SDL_GetError();
        if (context_) SDL_GL_DeleteContext(context_);
        SDL_DestroyWindow(window_);
        SDL_Quit();
        throw std::runtime_error(error);
    }
    SDL_GL_SetSwapInterval(headless ? 0 : 1);
}

void Platform::waitForEvents(double sleepSeconds, double waitSeconds) {
    const auto milliseconds = [](double seconds) { return static_cast<int>(std::ceil(seconds * 1000.0)); };
    if (sleepSeconds > 0.0) SDL_Delay(static_cast<Uint32>(milliseconds(sleepSeconds)));
    if (waitSeconds <= 0.0) return;
    constexpr double kLongestTimedWait = 3600.0;  // SDL takes an int of milliseconds
    if (waitSeconds > kLongestTimedWait) SDL_WaitEvent(nullptr);
    else SDL_WaitEventTimeout(nullptr, milliseconds(waitSeconds));
}

Platform::~Platform() {
    SDL_GL_DeleteContext(context_);
    SDL_DestroyWindow(window_);
    SDL_Quit();
}

std::size_t residentKiB() {
    // statm: sizes in pages; the second is the resident set.
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    std::size_t resident = 0;
    if (!(statm >> pages >> resident)) return 0;
    return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) / 1024;
}

glm::ivec2 Platform::windowSize() const {
    glm::ivec2 s;
    SDL_GetWindowSize(window_, &s.x, &s.y);
    return s;
}

glm::ivec2 Platform::drawableSize() const {
    glm::ivec2 s;
    SDL_GL_GetDrawableSize(window_, &s.x, &s.y);
    return s;
}

}  // namespace pickray::app
