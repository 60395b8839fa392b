// SPDX-License-Identifier: MIT
#include "editor.hpp"

#include <algorithm>
#include <iterator>

#include "scene/generate.hpp"
#include "scene/overloaded.hpp"
#include "scene/scene_io.hpp"

namespace pickray::app {
namespace {

const glm::vec3 kPalette[] = {{0.85f, 0.3f, 0.25f}, {0.3f, 0.7f, 0.4f},  {0.3f, 0.45f, 0.85f},
                              {0.65f, 0.4f, 0.8f},  {0.2f, 0.65f, 0.7f}, {0.6f, 0.6f, 0.65f}};

using Outcome = Editor::Outcome;
Outcome refused(std::string why) { return {std::move(why), true}; }

}  // namespace

Editor::Editor(scene::Scene scene) : scene_(std::move(scene)), index_(scene_) {}

Editor::Outcome Editor::apply(const Command& command) {
    using scene::Overloaded;
    return std::visit(
        Overloaded{
            [&](const command::Select& c) {
                select(c.object, c.additive);
                return Outcome{};
            },
            [&](const command::Add& c) {
                scene::Object o = scene::defaultObject(c.kind, scene_.camera.target);
                o.name = scene::uniqueName(scene_, o.name);
                o.color = kPalette[scene_.objects.size() % std::size(kPalette)];
                const std::string name = o.name;
                scene_.objects.push_back(std::move(o));
                select(scene_.objects.size() - 1, false);
                objectsChanged();
                return Outcome{"added " + name};
            },
            [&](const command::Duplicate& c) {
                scene::Object copy = scene::translated(scene_.objects.at(c.object), glm::vec3(0.6f, 0.0f, 0.6f));
                copy.name = scene::uniqueName(scene_, copy.name + " copy");
                scene_.objects.push_back(copy);
                select(scene_.objects.size() - 1, false);
                objectsChanged();
                return Outcome{};
            },
            [&](const command::Delete& c) {
                scene_.objects.erase(scene_.objects.begin() + static_cast<std::ptrdiff_t>(c.object));
                // Indices above the deleted one move down by one.
                std::erase(selection_, c.object);
                for (std::size_t& s : selection_)
                    if (s > c.object) --s;
                objectsChanged();
                return Outcome{};
            },
            [&](const command::Rename& c) {
                if (c.name.empty()) return refused("rename refused: the name must not be empty");
                for (std::size_t i = 0; i < scene_.objects.size(); ++i)
                    if (i != c.object && scene_.objects[i].name == c.name)
                        return refused("rename refused: \"" + c.name + "\" is already used");
                scene_.objects.at(c.object).name = c.name;
                return Outcome{"renamed to " + c.name};
            },
            [&](const command::Edit& c) {
                if (auto error = scene::validate(c.value)) return refused("refused: " + c.value.name + ": " + *error);
                scene_.objects.at(c.object) = c.value;
                objectChanged(c.object);
                return Outcome{};
            },
            [&](const command::SetCamera& c) {
                if (auto error = scene::validate(c.camera)) return refused("camera refused: " + *error);
                scene_.camera = c.camera;
                return Outcome{};
            },
            [&](const command::Load& c) {
                scene::LoadResult loaded = scene::loadScene(c.path);
                if (!loaded.scene) return refused("load failed (scene unchanged): " + loaded.error);
                replaceScene(std::move(*loaded.scene));
                return Outcome{"loaded " + c.path};
            },
            [&](const command::Save& c) {
                if (auto error = scene::saveScene(scene_, c.path)) return refused("save failed: " + *error);
                return Outcome{"saved " + c.path};
            },
            [&](const command::Screenshot&) { return refused("a screenshot is taken by the window, not the editor"); },
            [&](const command::ClearPick&) {
                pick_.reset();
                return Outcome{};
            },
            [&](const command::Generate& c) {
                if (c.count < 1 || c.count > scene::kMaxGenerated)
                    return refused("generate refused: between 1 and " + std::to_string(scene::kMaxGenerated) +
                                   " objects");
                replaceScene(scene::generateStressScene(c.count));
                return Outcome{"generated " + std::to_string(c.count) + " objects"};
            },
        },
        command);
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

void Editor::move(std::size_t object, glm::vec3 offset) {
    if (object >= scene_.objects.size()) return;
    scene::Object& o = scene_.objects[object];
    o = scene::translated(o, offset);
    objectChanged(object);
}

const Pick& Editor::pick(const FrameMatrices& frame, glm::ivec2 cursorWindow) {
    pick_ = pickAt(index_, frame, cursorWindow);
    return *pick_;
}

// Every change picks again: the same ray against the new scene.
void Editor::objectChanged(std::size_t object) {
    ++revision_;
    index_.update(scene_, object);
    if (pick_) refresh(*pick_, index_);
}

void Editor::objectsChanged() {
    ++revision_;
    index_.rebuild(scene_);
    if (pick_) refresh(*pick_, index_);
}

void Editor::replaceScene(scene::Scene scene) {
    scene_ = std::move(scene);
    selection_.clear();
    pick_.reset();
    hover_.reset();
    objectsChanged();
}

}  // namespace pickray::app
