#pragma once
// The command line, parsed into plain options (no SDL here, so it is unit-testable).

#include <cstddef>
#include <optional>
#include <utility>
#include <string>
#include <variant>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pickray/scene/scene.hpp"

namespace pickray::app {

/// The largest --generate / "Generate" count accepted.
inline constexpr std::size_t kMaxGenerated = 2'000'000;

struct Options {
    bool headless = false;
    std::string scenePath;       ///< empty: the default scene
    std::optional<std::size_t> generate;  ///< a generated stress scene of this many objects instead
    glm::ivec2 size{1280, 720};  ///< window size in window units
    std::vector<glm::ivec2> clicks;  ///< window pixels, top-left origin
    std::optional<glm::ivec2> hover;
    /// Left-button drags (from, to) after the clicks: move the grabbed object, or orbit on background.
    std::vector<std::pair<glm::ivec2, glm::ivec2>> drags;
    std::optional<glm::vec2> orbitDegrees;  ///< orbit the camera after the clicks (yaw, pitch)
    std::vector<std::string> select;  ///< object names to select (after the scripted clicks)
    std::vector<std::string> load;  ///< scenes to load after the clicks, through the GUI's Load path
    std::string savePath;           ///< save the scene at the end, through the GUI's Save path
    int quitAfterClicks = 0;        ///< interactive mode: quit after this many left clicks (0: never)
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
