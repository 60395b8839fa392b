// SPDX-License-Identifier: MIT
#pragma once
// GL errors of a frame: glGetError, plus the driver's own messages through KHR_debug's callback
// (installed whenever the context advertises KHR_debug; Debug builds also ask SDL for a debug
// context, in which drivers may say more). Messages are kept until take() prints and counts them.

#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace pickray::render {

struct GlProblems {
    int errors = 0;    ///< GL errors (glGetError or a debug message of type error)
    int warnings = 0;  ///< other debug messages above notification severity (performance, portability, ...)
};

class GlDebugOutput {
public:
    /// Installs the callback if KHR_debug is there (GL must be loaded and the context current).
    GlDebugOutput();
    /// Uninstalls it: other code (the ImGui backend) still makes GL calls after the renderer is gone.
    ~GlDebugOutput();
    GlDebugOutput(const GlDebugOutput&) = delete;
    GlDebugOutput& operator=(const GlDebugOutput&) = delete;

    [[nodiscard]] bool installed() const { return installed_; }
    /// Drains glGetError and the messages received since the last call; writes each to `log`.
    GlProblems take(std::ostream& log);

    /// What the callback collects (public only for the callback, which has no other way in).
    struct Received {
        int errors = 0;
        int warnings = 0;
        std::vector<std::string> lines;  ///< bounded: a broken frame can send thousands
    };

private:
    bool installed_ = false;
    std::unique_ptr<Received> received_ = std::make_unique<Received>();  // the callback's user pointer: stable address
};

}  // namespace pickray::render
