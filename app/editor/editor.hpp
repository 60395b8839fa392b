// SPDX-License-Identifier: MIT
#pragma once
// The document being edited and everything that points into it: the scene, its BVH index, the
// selection, the last pick and the hover, and the undo history (history.hpp). apply() and move()
// are the only places that change the scene's objects, and each change is recorded there; the
// camera is the view, moved directly, and belongs to no edit. No SDL, no GL: commands can be
// applied and checked without a window.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "editor/commands.hpp"
#include "editor/history.hpp"
#include "editor/pick.hpp"
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
    /// Applies a command of the document's (commands.hpp).
    Outcome apply(const EditorCommand& command);

    /// Selects `object` (nullopt: nothing); additive toggles it in a multi-selection, the last
    /// selected being the primary one.
    void select(std::optional<std::size_t> object, bool additive);
    /// The first object of that name.
    [[nodiscard]] std::optional<std::size_t> find(const std::string& name) const;
    /// Moves `object` by `offset` (a drag): the index is refitted, not rebuilt. Moves with the
    /// same `gesture` (beginGesture()) are one undo step.
    void move(std::size_t object, glm::vec3 offset, std::uint64_t gesture);
    /// Puts these objects in place of the ones at those indices (a gizmo drag, several at once),
    /// each checked first: if any is refused, none changes. Changes with the same `gesture` are one
    /// undo step; each object is refitted in the index, not rebuilt.
    Outcome replace(const std::vector<std::pair<std::size_t, scene::Object>>& changes, std::uint64_t gesture,
                    const std::string& label);
    /// A new id for one continuous gesture (a mouse drag): its changes undo as one step.
    [[nodiscard]] std::uint64_t beginGesture() { return ++lastGesture_; }

    [[nodiscard]] const History& history() const { return history_; }
    /// The objects differ from the file they were last loaded from or saved to.
    [[nodiscard]] bool unsaved() const { return history_.state() != savedState_; }
    /// The file the document was last loaded from or saved to (empty for a generated scene).
    [[nodiscard]] const std::string& documentPath() const { return documentPath_; }
    /// What the document is known as when the editor starts (the command line's scene).
    void setDocumentPath(std::string path) { documentPath_ = std::move(path); }

    /// What the cursor at `cursorWindow` picks in this frame (the ray, every hit and span), kept
    /// nowhere: the one route every pick takes, the hover's included.
    [[nodiscard]] Pick pickAt(const FrameMatrices& frame, glm::ivec2 cursorWindow) const;
    /// A click: keeps `pick` as the pick (its ray stays while the camera moves; every change of the
    /// objects picks again along it, but a load or a generate, done, undone or redone, forgets it:
    /// its ray was made in another scene) and selects its nearest object, `additive` toggling it in the
    /// selection; a click on nothing clears the selection (`additive` keeps it).
    void click(Pick pick, bool additive);
    /// Keeps `pick` as the pick without changing the selection (a Ctrl+press on a selected object,
    /// which leaves the selection only if it is released in place).
    void keepPick(Pick pick) { pick_ = std::move(pick); }
    void clearPick() { pick_.reset(); }
    void setHover(std::optional<Pick> hover) { hover_ = std::move(hover); }

    [[nodiscard]] const scene::Scene& scene() const { return scene_; }
    [[nodiscard]] scene::Camera& camera() { return scene_.camera; }
    [[nodiscard]] const scene::SceneIndex& index() const { return index_; }
    [[nodiscard]] const std::vector<std::size_t>& selection() const { return selection_; }
    [[nodiscard]] bool isSelected(std::size_t object) const {
        return std::find(selection_.begin(), selection_.end(), object) != selection_.end();
    }
    [[nodiscard]] const std::optional<Pick>& lastPick() const { return pick_; }
    [[nodiscard]] const std::optional<Pick>& hover() const { return hover_; }
    /// Bumped by every change of the objects (what the renderer's cached frame is checked against).
    [[nodiscard]] std::uint64_t revision() const { return revision_; }

private:
    // One function per command (apply picks it).
    Outcome run(const command::Select& c);
    Outcome run(const command::Add& c);
    Outcome run(const command::Duplicate& c);
    Outcome run(const command::Delete& c);
    Outcome run(const command::Rename& c);
    Outcome run(const command::Edit& c);
    Outcome run(const command::SetCamera& c);
    Outcome run(const command::Load& c);
    Outcome run(const command::Save& c);
    Outcome run(const command::ClearPick& c);
    Outcome run(const command::Generate& c);
    Outcome run(const command::DeleteSelection& c);
    Outcome run(const command::DuplicateSelection& c);
    Outcome run(const command::ClearSelection& c);
    Outcome run(const command::Frame& c);
    Outcome run(const command::Undo& c);
    Outcome run(const command::Redo& c);

    void objectChanged(std::size_t object);
    void objectsChanged();
    /// Replaces the objects and the camera (a load, a generate): one undo step, which puts the
    /// objects back (not the camera), and which file the document was (`path` is the new one, ""
    /// for a generated scene).
    void replaceScene(scene::Scene scene, std::string label, const std::vector<std::size_t>& selectionBefore,
                      std::string path);
    /// Appends `object` and selects it ("add", "duplicate").
    Outcome insert(scene::Object object, const std::string& verb, const std::vector<std::size_t>& selectionBefore);
    /// Records the change just made (`splices`, with the selection before it) as an undo step.
    void record(std::string label, std::vector<Splice> splices, std::vector<std::size_t> selectionBefore,
                std::uint64_t gesture = 0);
    /// `object` (made at the camera's target) moved in the view plane to the nearest spot where
    /// its box meets no other object's: a new object appears in view, not inside another.
    [[nodiscard]] scene::Object placedInView(scene::Object object) const;
    /// A sphere around the selection's bounds (all: every object's); nullopt with none.
    [[nodiscard]] std::optional<Sphere> boundingSphere(bool all) const;
    /// Undoes (forwards = false) or redoes a recorded step.
    Outcome replay(bool forwards);

    scene::Scene scene_;
    scene::SceneIndex index_;  // the BVH over scene_'s objects, for every pick
    std::vector<std::size_t> selection_;
    std::optional<Pick> pick_;
    std::optional<Pick> hover_;
    std::uint64_t revision_ = 1;
    History history_;
    std::uint64_t savedState_ = history_.state();
    std::uint64_t lastGesture_ = 0;
    std::uint64_t lastEditGesture_ = 0;  ///< the gesture of the last inspector edit
    std::string documentPath_;
};

}  // namespace pickray::app
