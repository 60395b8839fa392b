// SPDX-License-Identifier: MIT
#include "editor/editor.hpp"

#include <algorithm>
#include <iterator>

#include <glm/geometric.hpp>
#include <glm/vector_relational.hpp>

#include "editor/orbit_camera.hpp"
#include "scene/generate.hpp"
#include "scene/scene_io.hpp"

namespace pickray::app {
namespace {

const glm::vec3 kPalette[] = {{0.85f, 0.3f, 0.25f}, {0.3f, 0.7f, 0.4f},  {0.3f, 0.45f, 0.85f},
                              {0.65f, 0.4f, 0.8f},  {0.2f, 0.65f, 0.7f}, {0.6f, 0.6f, 0.65f}};

using Outcome = Editor::Outcome;
Outcome refused(std::string why) { return {std::move(why), true}; }

}  // namespace

Editor::Editor(scene::Scene scene) : scene_(std::move(scene)), index_(scene_) {}

Editor::Outcome Editor::apply(const EditorCommand& command) {
    // Each command has its own function below; a command without one does not compile.
    return std::visit([this](const auto& c) { return run(c); }, command);
}

Editor::Outcome Editor::run(const command::Select& c) {
    select(c.object, c.additive);
    return Outcome{};
}

Editor::Outcome Editor::run(const command::Add& c) {
    const std::vector<std::size_t> selectionBefore = selection_;
    scene::Object o = placedInView(scene::defaultObject(c.kind, scene_.camera.target));
    o.name = scene::uniqueName(scene_, o.name);
    o.color = kPalette[scene_.objects.size() % std::size(kPalette)];
    return insert(std::move(o), "add", selectionBefore);
}

Editor::Outcome Editor::run(const command::Duplicate& c) {
    const std::vector<std::size_t> selectionBefore = selection_;
    scene::Object copy = scene::translated(scene_.objects.at(c.object), glm::vec3(0.6f, 0.0f, 0.6f));
    copy.name = scene::uniqueName(scene_, copy.name + " copy");
    return insert(std::move(copy), "duplicate", selectionBefore);
}

Editor::Outcome Editor::run(const command::Delete& c) {
    const std::vector<std::size_t> selectionBefore = selection_;
    scene::Object removed = scene_.objects.at(c.object);
    scene_.objects.erase(scene_.objects.begin() + static_cast<std::ptrdiff_t>(c.object));
    // Indices above the deleted one move down by one.
    std::erase(selection_, c.object);
    for (std::size_t& s : selection_)
        if (s > c.object) --s;
    objectsChanged();
    const std::string name = removed.name;
    record("delete " + name, {Splice{c.object, {std::move(removed)}, {}}}, selectionBefore);
    return Outcome{"deleted " + name + " (Ctrl+Z undoes)"};
}

Editor::Outcome Editor::run(const command::Rename& c) {
    if (c.name.empty()) return refused("rename refused: the name must not be empty");
    for (std::size_t i = 0; i < scene_.objects.size(); ++i)
        if (i != c.object && scene_.objects[i].name == c.name)
            return refused("rename refused: \"" + c.name + "\" is already used");
    scene::Object before = scene_.objects.at(c.object);
    if (before.name == c.name) return Outcome{};
    scene_.objects[c.object].name = c.name;
    ++revision_;
    record("rename " + before.name, {Splice{c.object, {before}, {scene_.objects[c.object]}}}, selection_);
    return Outcome{"renamed " + before.name + " to " + c.name};
}

Editor::Outcome Editor::run(const command::Edit& c) {
    if (auto error = scene::validate(c.value)) return refused("refused: " + c.value.name + ": " + *error);
    scene::Object before = scene_.objects.at(c.object);
    scene_.objects[c.object] = c.value;
    objectChanged(c.object);
    if (!c.continuesGesture) lastEditGesture_ = beginGesture();
    record("edit " + c.value.name, {Splice{c.object, {std::move(before)}, {c.value}}}, selection_, lastEditGesture_);
    return Outcome{};
}

Editor::Outcome Editor::run(const command::SetCamera& c) {
    if (auto error = scene::validate(c.camera)) return refused("camera refused: " + *error);
    scene_.camera = c.camera;
    return Outcome{};
}

Editor::Outcome Editor::run(const command::Load& c) {
    scene::LoadResult loaded = scene::loadScene(c.path);
    if (!loaded.scene) return refused("load failed (scene unchanged): " + loaded.error);
    const std::vector<std::size_t> selectionBefore = selection_;  // replaceScene clears selection_
    replaceScene(std::move(*loaded.scene), "load " + c.path, selectionBefore, c.path);
    return Outcome{"loaded " + c.path};
}

Editor::Outcome Editor::run(const command::Save& c) {
    if (auto error = scene::saveScene(scene_, c.path)) return refused("save failed: " + *error);
    documentPath_ = c.path;
    savedState_ = history_.state();
    history_.closeGesture();  // what changes next, even in the same drag, is unsaved
    return Outcome{"saved " + c.path};
}

Editor::Outcome Editor::run(const command::ClearSelection&) {
    selection_.clear();
    pick_.reset();
    return Outcome{};
}

Editor::Outcome Editor::run(const command::Frame& c) {
    const std::optional<Sphere> around = boundingSphere(c.all);
    if (!around) return refused(c.all ? "nothing to frame" : "nothing selected to frame");
    scene_.camera = frameSphere(scene_.camera, around->center, around->radius, c.aspect, c.room);
    return Outcome{};
}

Editor::Outcome Editor::run(const command::ClearPick&) {
    pick_.reset();
    return Outcome{};
}

Editor::Outcome Editor::run(const command::Generate& c) {
    if (c.count < 1 || static_cast<std::uint64_t>(c.count) > scene::kMaxGenerated)
        return refused("generate refused: " + std::to_string(c.count) + " objects; give 1 to " +
                       std::to_string(scene::kMaxGenerated));
    const auto count = static_cast<std::size_t>(c.count);
    const std::vector<std::size_t> selectionBefore = selection_;  // replaceScene clears selection_
    replaceScene(scene::generateStressScene(count), "generate " + std::to_string(count), selectionBefore, "");
    return Outcome{"generated " + std::to_string(count) + " objects"};
}

Editor::Outcome Editor::run(const command::DeleteSelection&) {
    if (selection_.empty()) return refused("nothing selected to delete");
    const std::vector<std::size_t> selectionBefore = selection_;
    std::vector<std::size_t> doomed = selection_;
    std::sort(doomed.rbegin(), doomed.rend());  // from the end, so indices below stay valid
    std::vector<Splice> splices;
    for (std::size_t i : doomed) {
        splices.push_back(Splice{i, {scene_.objects[i]}, {}});
        scene_.objects.erase(scene_.objects.begin() + static_cast<std::ptrdiff_t>(i));
    }
    selection_.clear();
    objectsChanged();
    const std::string what =
        doomed.size() == 1 ? splices[0].removed[0].name : std::to_string(doomed.size()) + " objects";
    record("delete " + what, std::move(splices), selectionBefore);
    return Outcome{"deleted " + what + " (Ctrl+Z undoes)"};
}

Editor::Outcome Editor::run(const command::DuplicateSelection&) {
    if (selection_.empty()) return refused("nothing selected to duplicate");
    const std::vector<std::size_t> selectionBefore = selection_;
    std::vector<Splice> splices;
    std::vector<std::size_t> copies;
    for (std::size_t i : selectionBefore) {
        scene::Object copy = scene::translated(scene_.objects[i], glm::vec3(0.6f, 0.0f, 0.6f));
        copy.name = scene::uniqueName(scene_, copy.name + " copy");
        copies.push_back(scene_.objects.size());
        splices.push_back(Splice{scene_.objects.size(), {}, {copy}});
        scene_.objects.push_back(std::move(copy));
    }
    selection_ = copies;
    objectsChanged();
    const std::string what =
        copies.size() == 1 ? scene_.objects[copies[0]].name : std::to_string(copies.size()) + " objects";
    record("duplicate " + what, std::move(splices), selectionBefore);
    return Outcome{"duplicated as " + what};
}

Editor::Outcome Editor::run(const command::Undo&) { return replay(false); }

Editor::Outcome Editor::run(const command::Redo&) { return replay(true); }

Editor::Outcome Editor::insert(scene::Object object, const std::string& verb,
                               const std::vector<std::size_t>& selectionBefore) {
    const std::string name = object.name;
    scene_.objects.push_back(std::move(object));
    const std::size_t at = scene_.objects.size() - 1;
    select(at, false);
    objectsChanged();
    record(verb + " " + name, {Splice{at, {}, {scene_.objects[at]}}}, selectionBefore);
    return Outcome{verb == "add" ? "added " + name : "duplicated as " + name};
}

void Editor::record(std::string label, std::vector<Splice> splices, std::vector<std::size_t> selectionBefore,
                    std::uint64_t gesture) {
    history_.record(HistoryStep{std::move(label), std::nullopt, std::move(splices), std::move(selectionBefore),
                                selection_, gesture, 0, 0});
}

Editor::Outcome Editor::replay(bool forwards) {
    const HistoryStep* step = forwards ? history_.redo() : history_.undo();
    if (step == nullptr) return refused(forwards ? "nothing to redo" : "nothing to undo");
    if (step->document) {  // the file the document is, the state saved in it and its camera come back too
        documentPath_ = forwards ? step->document->pathAfter : step->document->pathBefore;
        savedState_ = forwards ? step->document->savedAfter : step->document->savedBefore;
        scene_.camera = forwards ? step->document->cameraAfter : step->document->cameraBefore;
        // The pick's ray was made in another scene through another camera: forgotten, as doing the
        // change forgets it (replaceScene); the hover goes below.
        pick_.reset();
    }
    applySplices(scene_.objects, *step, forwards);
    selection_ = forwards ? step->selectionAfter : step->selectionBefore;
    hover_.reset();
    // One object edited in place: a refit, as when it was changed; anything else: a rebuild.
    if (step->splices.size() == 1 && step->splices[0].removed.size() == 1 && step->splices[0].inserted.size() == 1)
        objectChanged(step->splices[0].at);
    else objectsChanged();
    return Outcome{(forwards ? "redid " : "undid ") + step->label};
}

scene::Object Editor::placedInView(scene::Object object) const {
    // Spots in the plane facing the camera through its target, from the centre outwards on a
    // square spiral one object-width apart; the first whose box meets no other object's wins.
    const Aabb own = bounds(object.shape);
    if (!isFiniteBox(own)) return object;  // an infinite cylinder meets everything on its line
    const scene::Camera& c = scene_.camera;
    const glm::vec3 forward = glm::normalize(c.target - c.eye);
    const glm::vec3 right = glm::normalize(glm::cross(forward, c.up));
    const glm::vec3 up = glm::cross(right, forward);
    const float step = 1.15f * glm::length(own.max - own.min);
    std::vector<Aabb> others;
    for (const scene::Object& o : scene_.objects)
        if (const Aabb b = bounds(o.shape); isFiniteBox(b)) others.push_back(b);
    const auto meetsAnother = [&](glm::vec3 offset) {
        const Aabb moved{own.min + offset, own.max + offset};
        return std::any_of(others.begin(), others.end(), [&](const Aabb& b) {
            return glm::all(glm::lessThanEqual(moved.min, b.max)) && glm::all(glm::lessThanEqual(b.min, moved.max));
        });
    };
    glm::ivec2 cell{0, 0};
    glm::ivec2 direction{1, 0};
    int run = 1;
    constexpr int kMostSpots = 24 * 24;
    for (int spot = 0; spot < kMostSpots;) {
        for (int twice = 0; twice < 2; ++twice) {
            for (int i = 0; i < run && spot < kMostSpots; ++i, ++spot) {
                const glm::vec3 offset = step * (static_cast<float>(cell.x) * right + static_cast<float>(cell.y) * up);
                if (!meetsAnother(offset)) return scene::translated(object, offset);
                cell += direction;
            }
            direction = glm::ivec2(-direction.y, direction.x);
        }
        ++run;
    }
    return object;  // nowhere free near the view's centre: at the centre
}

std::optional<Sphere> Editor::boundingSphere(bool all) const {
    std::vector<std::size_t> objects = selection_;
    if (all) {
        objects.resize(scene_.objects.size());
        for (std::size_t i = 0; i < objects.size(); ++i) objects[i] = i;
    }
    if (objects.empty()) return std::nullopt;
    Aabb box{glm::vec3(kInfinity), glm::vec3(-kInfinity)};
    for (std::size_t i : objects) {
        const Shape& shape = scene_.objects[i].shape;
        Aabb b = bounds(shape);
        if (!isFiniteBox(b)) {  // an infinite cylinder: the stretch of it between its two points
            const glm::vec3 p = scene::interiorPoint(shape);
            b = Aabb{p, p};
            if (const auto* c = std::get_if<InfiniteCylinder>(&shape))
                b = Aabb{glm::min(c->a, c->b), glm::max(c->a, c->b)};
        }
        box = Aabb{glm::min(box.min, b.min), glm::max(box.max, b.max)};
    }
    return Sphere{0.5f * (box.min + box.max), 0.5f * glm::length(box.max - box.min)};
}

void Editor::select(std::optional<std::size_t> object, bool additive) {
    if (!object) {
        selection_.clear();
        return;
    }
    const auto it = std::find(selection_.begin(), selection_.end(), *object);
    if (additive && it != selection_.end()) {
        selection_.erase(it);
        return;
    }
    if (!additive) selection_.clear();
    else if (it != selection_.end()) selection_.erase(it);
    selection_.push_back(*object);
}

std::optional<std::size_t> Editor::find(const std::string& name) const {
    const auto it = std::find_if(scene_.objects.begin(), scene_.objects.end(),
                                 [&](const scene::Object& o) { return o.name == name; });
    if (it == scene_.objects.end()) return std::nullopt;
    return static_cast<std::size_t>(it - scene_.objects.begin());
}

void Editor::move(std::size_t object, glm::vec3 offset, std::uint64_t gesture) {
    if (object >= scene_.objects.size()) return;
    std::string label = "move " + scene_.objects[object].name;  // before `before` is moved from
    scene::Object before = scene_.objects[object];
    scene_.objects[object] = scene::translated(before, offset);
    objectChanged(object);
    record(std::move(label), {Splice{object, {std::move(before)}, {scene_.objects[object]}}}, selection_, gesture);
}

Editor::Outcome Editor::replace(const std::vector<std::pair<std::size_t, scene::Object>>& changes,
                                std::uint64_t gesture, const std::string& label) {
    for (const auto& [index, value] : changes) {
        if (index >= scene_.objects.size()) return refused(label + " refused: no object " + std::to_string(index));
        if (auto error = scene::validate(value)) return refused(label + " refused: " + value.name + ": " + *error);
    }
    std::vector<Splice> splices;
    for (const auto& [index, value] : changes) {
        splices.push_back(Splice{index, {scene_.objects[index]}, {value}});
        scene_.objects[index] = value;
        objectChanged(index);
    }
    record(label, std::move(splices), selection_, gesture);
    return Outcome{};
}

Pick Editor::pickAt(const FrameMatrices& frame, glm::ivec2 cursorWindow) const {
    return app::pickAt(index_, frame, cursorWindow);
}

void Editor::click(Pick pick, bool additive) {
    if (const auto hit = pick.nearest()) select(hit->object, additive);
    else if (!additive) select(std::nullopt, false);
    pick_ = std::move(pick);
}

// Every change picks again: the same ray against the new scene.
void Editor::objectChanged(std::size_t object) {
    ++revision_;
    index_.update(scene_, object);
    if (pick_) refresh(*pick_, index_);
}

void Editor::objectsChanged() {
    ++revision_;
    hover_.reset();                     // indices may have moved: the next frame hovers afresh
    if (pick_) pick_->holding.reset();  // and a held object's index may name another
    index_.rebuild(scene_);
    if (pick_) refresh(*pick_, index_);
}

void Editor::replaceScene(scene::Scene scene, std::string label, const std::vector<std::size_t>& selectionBefore,
                          std::string path) {
    std::vector<scene::Object> before = std::move(scene_.objects);
    const scene::Camera cameraBefore = scene_.camera;
    scene_ = std::move(scene);
    selection_.clear();
    pick_.reset();
    objectsChanged();
    DocumentChange document{documentPath_, savedState_, cameraBefore, std::move(path), 0, scene_.camera};
    history_.record(HistoryStep{std::move(label),
                                std::nullopt,
                                {Splice{0, std::move(before), scene_.objects}},
                                selectionBefore,
                                selection_,
                                0,
                                0,
                                0});
    // The loaded file is saved as it is; a generated scene has no file, so it is saved nowhere.
    documentPath_ = document.pathAfter;
    savedState_ = documentPath_.empty() ? 0 : history_.state();
    document.savedAfter = savedState_;
    history_.setLastDocumentChange(std::move(document));
}

}  // namespace pickray::app
