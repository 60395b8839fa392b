// SPDX-License-Identifier: MIT
#pragma once
// The ImGui panels: outliner, inspector, camera, pick info, capsule pair. They read the state
// they are given and return commands; they make no GL calls and change nothing themselves.

#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "performance.hpp"
#include "pick.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

/// State that belongs to the panels only (text being typed, chosen kind, last message).
struct UiState {
    std::string scenePath;
    std::string savePath;
    std::string renameText;
    std::optional<std::size_t> renameFor;  ///< object whose name renameText was taken from
    int addKind = 0;
    int generateCount = 100000;
    bool screenshotWithUi = true;
    std::string message;
    bool messageIsError = false;
};

/// Read-only view of what the panels show.
struct UiView {
    const scene::Scene& scene;
    const std::vector<std::size_t>& selection;
    const std::optional<Pick>& pick;
    const std::optional<Pick>& hover;
    glm::ivec2 windowSize;
    const Performance& performance;
};

[[nodiscard]] std::vector<Command> buildUi(UiState& state, const UiView& view);

}  // namespace pickray::app
