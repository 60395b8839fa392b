// SPDX-License-Identifier: MIT
#pragma once
// The command line, parsed into plain options (no SDL here, so it is unit-testable).

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "scene/scene.hpp"

namespace pickray::app {

/// The largest --generate / "Generate" count accepted.
inline constexpr std::size_t kMaxGenerated = 2'000'000;

/// A scripted window change, applied through SDL's window calls before the clicks.
struct WindowStep {
    bool minimize = false;  ///< minimise, draw, restore, draw
    glm::ivec2 size{0};     ///< otherwise: resize to this (window units; SDL may refuse or clamp)
};

/// The largest --resize accepted (the driver's render target limit is checked when drawing).
inline constexpr int kMaxResize = 16384;
/// The largest --repeat accepted.
inline constexpr int kMaxRepeat = 100'000;

struct Options {
    bool headless = false;
    std::string scenePath;                ///< empty: the default scene
    std::optional<std::size_t> generate;  ///< a generated stress scene of this many objects instead
    glm::ivec2 size{1280, 720};           ///< window size in window units
    std::vector<glm::ivec2> clicks;       ///< window pixels, top-left origin
    std::optional<glm::ivec2> hover;
    /// Left-button drags (from, to) after the clicks: move the grabbed object, or orbit on background.
    std::vector<std::pair<glm::ivec2, glm::ivec2>> drags;
    std::optional<glm::vec2> orbitDegrees;  ///< orbit the camera after the clicks (yaw, pitch)
    std::vector<std::string> select;        ///< object names to select (after the scripted clicks)
    std::vector<std::string> load;          ///< scenes to load after the clicks, through the GUI's Load path
    std::string savePath;                   ///< save the scene at the end, through the GUI's Save path
    std::vector<WindowStep> window;         ///< --resize / --minimize, in order, before the clicks
    int repeat = 1;                         ///< rounds of clicks, drags, selection, edits and loads (soak runs)
    bool duplicate = false;                 ///< each round: duplicate the selected object (GUI's Duplicate)
    bool remove = false;                    ///< each round: delete the selected object (GUI's Delete)
    bool provokeGlError = false;            ///< hidden, for tests: one invalid GL call, to prove errors are counted
    int quitAfterClicks = 0;                ///< interactive mode: quit after this many left clicks (0: never)
    std::string reportPath;
    std::string screenshotPath;
    bool hideUi = false;
    // Camera overrides, applied after the scene is loaded.
    std::optional<ClipDepth> clipDepth;
    std::optional<scene::Projection> projection;
    std::optional<glm::vec3> eye;
    std::optional<glm::vec3> target;
    std::optional<float> fovYDegrees;
    std::optional<float> orthoHeight;
};

struct UsageError {
    std::string message;
};

struct HelpRequested {};

using ParseResult = std::variant<Options, UsageError, HelpRequested>;

[[nodiscard]] ParseResult parseCommandLine(const std::vector<std::string>& args);
[[nodiscard]] std::string usage();

}  // namespace pickray::app
