// SPDX-License-Identifier: MIT
#pragma once
// Undo and redo of the scene's objects. Every change is recorded as splices of the object list
// (these objects at this place were replaced by those), so undoing one puts back exactly the
// objects that were there, in their places, and a save after the undo is byte for byte the save
// before the change. Moving the camera is not a step: the camera is the view. But a load or a
// generate replaces the whole document, camera included, so its step brings back the camera it
// replaced (a save after undoing a load is the save before it).
//
// A gesture (one mouse drag, one drag of an inspector field) is one step: changes made with the
// same gesture id merge into the step before them. The history is bounded in steps and in the
// objects it holds (a load or a generate of a large scene holds two copies of it); the oldest
// steps go first.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scene/scene.hpp"

namespace pickray::app {

/// objects[at, at + removed.size()) were replaced by `inserted`.
struct Splice {
    std::size_t at = 0;
    std::vector<scene::Object> removed;
    std::vector<scene::Object> inserted;
};

/// A load or a generate also changes which file the document is, the state saved in it, and the
/// camera.
struct DocumentChange {
    std::string pathBefore;
    std::uint64_t savedBefore = 0;
    scene::Camera cameraBefore;
    std::string pathAfter;
    std::uint64_t savedAfter = 0;
    scene::Camera cameraAfter;
};

struct HistoryStep {
    std::string label;  ///< what the user did: "move ball", "delete crate", "load FILE"
    std::optional<DocumentChange> document;
    std::vector<Splice> splices;
    std::vector<std::size_t> selectionBefore;
    std::vector<std::size_t> selectionAfter;
    std::uint64_t gesture = 0;  ///< nonzero: later changes with this id merge into this step
    std::uint64_t stateBefore = 0;
    std::uint64_t stateAfter = 0;
};

class History {
public:
    static constexpr std::size_t kMaxSteps = 200;
    static constexpr std::size_t kMaxObjects = 2'000'000;  ///< objects held by all steps together

    /// Records a change already made (clears what could be redone) and returns the state id the
    /// document has now. A step whose gesture matches the last step's merges into it: that step
    /// keeps its objects before and takes these after.
    std::uint64_t record(HistoryStep step);
    /// The step to undo, moved to the redo list (valid until the history changes), or null.
    const HistoryStep* undo();
    /// The step to redo, moved back to the undo list (valid until the history changes), or null.
    const HistoryStep* redo();
    /// Attaches a change of document (a load, a generate) to the step just recorded.
    void setLastDocumentChange(DocumentChange change) {
        if (!undo_.empty()) undo_.back().document = std::move(change);
    }
    /// Nothing merges into the last step any more (the document was saved at its state: a change
    /// after that, even in the same drag, must show as unsaved).
    void closeGesture();

    [[nodiscard]] bool canUndo() const { return !undo_.empty(); }
    [[nodiscard]] bool canRedo() const { return !redo_.empty(); }
    [[nodiscard]] std::string undoLabel() const { return undo_.empty() ? std::string() : undo_.back().label; }
    [[nodiscard]] std::string redoLabel() const { return redo_.empty() ? std::string() : redo_.back().label; }
    [[nodiscard]] std::size_t steps() const { return undo_.size(); }
    /// The document's state: equal ids, equal objects (what "unsaved" is judged by).
    [[nodiscard]] std::uint64_t state() const { return state_; }

private:
    void trim();

    std::vector<HistoryStep> undo_;
    std::vector<HistoryStep> redo_;
    std::size_t heldObjects_ = 0;
    std::uint64_t state_ = 1;
    std::uint64_t nextState_ = 2;
};

/// Applies a step's splices to `objects` forwards (redo) or backwards (undo).
void applySplices(std::vector<scene::Object>& objects, const HistoryStep& step, bool forwards);

}  // namespace pickray::app
