// SPDX-License-Identifier: MIT
#pragma once
// The document being edited and everything that points into it: the scene, its BVH index, the
// selection, the last pick and the hover. apply() is the one place that changes the scene's
// objects (the undo stack will live beside it); the camera is the view, moved directly, and
// belongs to no edit. No SDL, no GL: commands can be applied and checked without a window.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "pick.hpp"
#include "scene/scene.hpp"
#include "scene/scene_index.hpp"

namespace pickray::app {

class Editor {
public:
    explicit Editor(scene::Scene scene);

    /// What a command did, for the user: a message (empty for silent ones), and whether the
    /// command was refused (the scene is then as it was).
    struct Outcome {
        std::string message;
        bool refused = false;
    };
    /// Applies every command but Screenshot (the App's: it needs the renderer).
    Outcome apply(const Command& command);

    /// Selects `object` (nullopt: nothing); additive toggles it in a multi-selection, the last
    /// selected being the primary one.
    void select(std::optional<std::size_t> object, bool additive);
    /// The first object of that name.
    [[nodiscard]] std::optional<std::size_t> find(const std::string& name) const;
    /// Moves `object` by `offset` (a drag): the index is refitted, not rebuilt.
    void move(std::size_t object, glm::vec3 offset);

    /// Picks with the cursor at `cursorWindow` and keeps it as the pick (its ray stays while the
    /// camera moves; every change of the objects picks again along it).
    const Pick& pick(const FrameMatrices& frame, glm::ivec2 cursorWindow);
    void clearPick() { pick_.reset(); }
    void setHover(std::optional<Pick> hover) { hover_ = std::move(hover); }

    [[nodiscard]] const scene::Scene& scene() const { return scene_; }
    [[nodiscard]] scene::Camera& camera() { return scene_.camera; }
    [[nodiscard]] const scene::SceneIndex& index() const { return index_; }
    [[nodiscard]] const std::vector<std::size_t>& selection() const { return selection_; }
    [[nodiscard]] const std::optional<Pick>& lastPick() const { return pick_; }
    [[nodiscard]] const std::optional<Pick>& hover() const { return hover_; }
    /// Bumped by every change of the objects (what the renderer's cached frame is checked against).
    [[nodiscard]] std::uint64_t revision() const { return revision_; }

private:
    void objectChanged(std::size_t object);
    void objectsChanged();
    void replaceScene(scene::Scene scene);

    scene::Scene scene_;
    scene::SceneIndex index_;  // the BVH over scene_'s objects, for every pick
    std::vector<std::size_t> selection_;
    std::optional<Pick> pick_;
    std::optional<Pick> hover_;
    std::uint64_t revision_ = 1;
};

}  // namespace pickray::app
