// SPDX-License-Identifier: MIT
// The Editor without a window: every command changes the scene (or refuses, leaving it as it was)
// and keeps the selection, the pick and the index in step with it.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>

#include <glm/vector_relational.hpp>

#include "editor/editor.hpp"
#include "reference/camera_reference.hpp"
#include "scene/generate.hpp"
#include "scene/scene_io.hpp"
#include "support/three_spheres.hpp"

namespace pickray::app {
namespace {

TEST(Editor, DeleteKeepsTheSelectionOnTheSameObjects) {
    Editor e(threeSpheres());
    e.select(0, false);
    e.select(2, true);
    ASSERT_EQ(e.selection(), (std::vector<std::size_t>{0, 2}));
    EXPECT_FALSE(e.apply(command::Delete{1}).refused);
    EXPECT_EQ(e.scene().objects.size(), 2u);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{0, 1})) << "s2 moved down to index 1";
    EXPECT_EQ(e.scene().objects[1].name, "s2");
    EXPECT_EQ(e.index().size(), 2u) << "the index was rebuilt";
}

TEST(Editor, AddAndDuplicateSelectTheNewObjectWithAFreshName) {
    Editor e(threeSpheres());
    EXPECT_EQ(e.apply(command::Duplicate{0}).message, "duplicated as s0 copy");
    EXPECT_EQ(e.scene().objects.back().name, "s0 copy");
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{3}));
    EXPECT_EQ(e.apply(command::Add{*pickray::kindFromName("capsule")}).message, "added capsule");
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{4}));
    EXPECT_EQ(e.index().size(), 5u);
}

TEST(Editor, RefusedCommandsLeaveTheSceneAsItWas) {
    Editor e(threeSpheres());
    const std::string before = scene::toJsonText(e.scene());
    const std::uint64_t revision = e.revision();
    EXPECT_TRUE(e.apply(command::Rename{0, ""}).refused);
    EXPECT_TRUE(e.apply(command::Rename{0, "s1"}).refused);
    scene::Object bad = e.scene().objects[0];
    std::get<Sphere>(bad.shape).radius = -1.0f;
    const Editor::Outcome edit = e.apply(command::Edit{0, bad});
    EXPECT_TRUE(edit.refused);
    EXPECT_NE(edit.message.find("s0"), std::string::npos) << edit.message;
    EXPECT_TRUE(e.apply(command::Load{"/nonexistent/scene.json"}).refused);
    EXPECT_TRUE(e.apply(command::Generate{0}).refused);
    EXPECT_TRUE(e.apply(command::Generate{scene::kMaxGenerated + 1}).refused);
    EXPECT_EQ(scene::toJsonText(e.scene()), before);
    EXPECT_EQ(e.revision(), revision) << "nothing to redraw";
}

TEST(Editor, AMoveRefitsTheIndexAndPicksAgainAlongTheSameRay) {
    Editor e(threeSpheres());
    const FrameMatrices frame = frameMatrices(e.scene().camera, {640, 360}, {640, 360});
    ASSERT_TRUE(frame.pickable);
    // Aim at s1 through its centre's projection.
    const glm::vec3 screen =
        worldToScreen({2.0f, 0.0f, 0.0f}, frame.view, frame.projection, frame.viewport, frame.clipDepth);
    const Pick pick = e.pickAt(frame, glm::ivec2(glm::floor(glm::vec2(screen))));
    ASSERT_TRUE(pick.nearest());
    EXPECT_EQ(pick.nearest()->object, 1u);
    e.click(pick, false);
    EXPECT_EQ(e.selection(), std::vector<std::size_t>{1u}) << "a click selects what it picked";
    const std::size_t rebuilds = e.index().rebuildCount();
    e.move(1, {0.0f, 100.0f, 0.0f}, e.beginGesture());  // out of the ray's way
    EXPECT_EQ(e.index().rebuildCount(), rebuilds);
    EXPECT_EQ(e.index().refitCount(), 1u);
    ASSERT_TRUE(e.lastPick());
    EXPECT_TRUE(!e.lastPick()->nearest() || e.lastPick()->nearest()->object != 1u);
}

TEST(Editor, NewObjectsAppearAtTheViewsCentreEachClearOfTheOthers) {
    scene::Scene s;
    s.camera.target = {0.0f, 0.8f, 0.0f};
    Editor e(std::move(s));
    std::vector<Aabb> boxes;
    for (ShapeKind kind = 0; kind < kShapeKindCount; ++kind) {
        if (kind == *kindFromName("infinite_cylinder")) continue;
        for (int copy = 0; copy < 3; ++copy) {
            ASSERT_FALSE(e.apply(command::Add{kind}).refused);
            boxes.push_back(bounds(e.scene().objects.back().shape));
        }
    }
    const glm::vec3 first = 0.5f * (boxes[0].min + boxes[0].max);
    EXPECT_LT(glm::length(first - glm::vec3(0.0f, 0.8f, 0.0f)), 1e-5f) << "the first lands on the view's centre";
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const glm::vec3 centre = 0.5f * (boxes[i].min + boxes[i].max);
        EXPECT_LT(glm::length(centre - glm::vec3(0.0f, 0.8f, 0.0f)), 12.0f) << i << " stays near the centre";
        for (std::size_t j = 0; j < i; ++j) {
            const bool meet = glm::all(glm::lessThanEqual(boxes[i].min, boxes[j].max)) &&
                              glm::all(glm::lessThanEqual(boxes[j].min, boxes[i].max));
            EXPECT_FALSE(meet) << "objects " << i << " and " << j << " overlap";
        }
    }
}

// ---- undo and redo ------------------------------------------------------------------------

// Every kind of change, each applied to a fresh editor over a scene with every kind of shape.
struct Change {
    const char* what;
    std::function<void(Editor&)> make;
};

scene::Scene everyKind() {
    scene::Scene s = threeSpheres();
    for (ShapeKind kind = 0; kind < kShapeKindCount; ++kind)
        s.objects.push_back(scene::defaultObject(kind, {static_cast<float>(kind), 1.0f, -2.0f}));
    return s;
}

std::vector<Change> everyChange(const std::filesystem::path& sceneFile) {
    return {
        {"a drag of several moves",
         [](Editor& e) {
             const std::uint64_t gesture = e.beginGesture();
             for (int i = 0; i < 5; ++i) e.move(8, {0.1f, 0.2f * static_cast<float>(i), -0.3f}, gesture);
         }},
        {"an inspector edit",
         [](Editor& e) {
             scene::Object o = e.scene().objects[4];
             std::get<Capsule>(o.shape).radius = 0.9f;
             EXPECT_FALSE(e.apply(command::Edit{4, o}).refused);
         }},
        {"an inspector field dragged over frames",
         [](Editor& e) {
             scene::Object o = e.scene().objects[0];
             for (int i = 0; i < 6; ++i) {
                 std::get<Sphere>(o.shape).radius += 0.05f;
                 EXPECT_FALSE(e.apply(command::Edit{0, o, i > 0}).refused);
             }
         }},
        {"add", [](Editor& e) { EXPECT_FALSE(e.apply(command::Add{*kindFromName("cylinder")}).refused); }},
        {"duplicate", [](Editor& e) { EXPECT_FALSE(e.apply(command::Duplicate{5}).refused); }},
        {"delete from the middle", [](Editor& e) { EXPECT_FALSE(e.apply(command::Delete{1}).refused); }},
        {"rename",
         [](Editor& e) {
             EXPECT_FALSE(e.apply(command::Rename{2, "renamed"}).refused);
         }},
        {"generate", [](Editor& e) { EXPECT_FALSE(e.apply(command::Generate{300}).refused); }},
        {"load", [sceneFile](Editor& e) { EXPECT_FALSE(e.apply(command::Load{sceneFile.string()}).refused); }},
    };
}

std::filesystem::path defaultSceneFile() { return std::filesystem::path(PICKRAY_ASSET_DIR) / "scenes/default.json"; }

TEST(EditorUndo, EveryChangeUndoesToTheSameBytesAndRedoesToTheSameBytes) {
    for (const Change& change : everyChange(defaultSceneFile())) {
        SCOPED_TRACE(change.what);
        Editor e(everyKind());
        e.select(3, false);
        e.select(6, true);
        const std::string before = scene::toJsonText(e.scene());
        const std::vector<std::size_t> selectionBefore = e.selection();
        change.make(e);
        const std::string after = scene::toJsonText(e.scene());
        ASSERT_NE(after, before) << "the change changed nothing";
        EXPECT_EQ(e.history().steps(), 1u) << "one change, one step";
        const std::vector<std::size_t> selectionAfter = e.selection();

        EXPECT_FALSE(e.apply(command::Undo{}).refused);
        // Byte for byte, camera included: a load or a generate brought its own camera, and its
        // undo brings back the one it replaced.
        EXPECT_EQ(scene::toJsonText(e.scene()), before);
        EXPECT_EQ(e.selection(), selectionBefore);
        EXPECT_EQ(e.index().size(), e.scene().objects.size()) << "the index follows the undo";

        EXPECT_FALSE(e.apply(command::Redo{}).refused);
        EXPECT_EQ(scene::toJsonText(e.scene()), after);
        EXPECT_EQ(e.selection(), selectionAfter);
        EXPECT_TRUE(e.apply(command::Redo{}).refused) << "nothing more to redo";
    }
}

TEST(EditorUndo, TheIndexAnswersAfterUndoAsAfterTheEditItUndid) {
    Editor e(everyKind());
    const std::string before = scene::toJsonText(e.scene());
    const std::uint64_t gesture = e.beginGesture();
    e.move(0, {0.0f, 50.0f, 0.0f}, gesture);  // s0 out of the way of a ray along x
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    const Ray alongX{{-10.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}};
    const auto hit = e.index().nearestHit(alongX);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->object, 0u) << "s0 is back where the ray meets it first";
    EXPECT_EQ(scene::toJsonText(e.scene()), before);
}

TEST(EditorUndo, SeparateGesturesAreSeparateStepsAndANewChangeDropsTheRedo) {
    Editor e(threeSpheres());
    const std::string start = scene::toJsonText(e.scene());
    const std::uint64_t first = e.beginGesture();
    e.move(0, {1.0f, 0.0f, 0.0f}, first);
    e.move(0, {1.0f, 0.0f, 0.0f}, first);
    const std::string afterFirst = scene::toJsonText(e.scene());
    const std::uint64_t second = e.beginGesture();
    e.move(0, {0.0f, 1.0f, 0.0f}, second);
    EXPECT_EQ(e.history().steps(), 2u);
    EXPECT_EQ(e.history().undoLabel(), "move s0");
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_EQ(scene::toJsonText(e.scene()), afterFirst);
    EXPECT_TRUE(e.history().canRedo());
    e.move(1, {0.0f, 0.0f, 1.0f}, e.beginGesture());
    EXPECT_FALSE(e.history().canRedo()) << "a new change after an undo drops what could be redone";
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_EQ(scene::toJsonText(e.scene()), start);
    const Editor::Outcome none = e.apply(command::Undo{});
    EXPECT_TRUE(none.refused);
    EXPECT_EQ(none.message, "nothing to undo");
}

TEST(EditorUndo, RefusedAndSilentCommandsRecordNothing) {
    Editor e(threeSpheres());
    scene::Object bad = e.scene().objects[0];
    std::get<Sphere>(bad.shape).radius = -1.0f;
    EXPECT_TRUE(e.apply(command::Edit{0, bad}).refused);
    EXPECT_TRUE(e.apply(command::Rename{0, "s1"}).refused);
    EXPECT_FALSE(e.apply(command::Rename{0, "s0"}).refused) << "the same name: nothing to do";
    EXPECT_TRUE(e.apply(command::Generate{0}).refused);
    EXPECT_TRUE(e.apply(command::Generate{-5}).refused);
    EXPECT_TRUE(e.apply(command::Load{"/nonexistent.json"}).refused);
    e.select(1, false);
    EXPECT_FALSE(e.apply(command::SetCamera{e.scene().camera}).refused);
    EXPECT_EQ(e.history().steps(), 0u);
}

TEST(EditorUndo, TheHistoryIsBoundedInStepsAndInObjectsHeld) {
    Editor e(threeSpheres());
    for (std::size_t i = 0; i < History::kMaxSteps + 50; ++i) e.move(0, {0.01f, 0.0f, 0.0f}, e.beginGesture());
    EXPECT_EQ(e.history().steps(), History::kMaxSteps);
    // Each generate holds the objects before and after it: the second holds 2 x 700,000, so with
    // the first (3 + 700,000) the bound of 2,000,000 objects keeps only the newest step.
    EXPECT_FALSE(e.apply(command::Generate{700'000}).refused);
    EXPECT_EQ(e.history().steps(), History::kMaxSteps) << "the oldest move went";
    EXPECT_FALSE(e.apply(command::Generate{700'001}).refused);
    EXPECT_EQ(e.history().steps(), 1u);
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_EQ(e.scene().objects.size(), 700'000u);
    EXPECT_TRUE(e.apply(command::Undo{}).refused);
}

TEST(EditorUndo, UnsavedFollowsTheHistoryBackToTheSavedState) {
    Editor e(threeSpheres());
    EXPECT_FALSE(e.unsaved());
    e.move(0, {1.0f, 0.0f, 0.0f}, e.beginGesture());
    EXPECT_TRUE(e.unsaved());
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_FALSE(e.unsaved()) << "undone back to the state it started from";
    ASSERT_FALSE(e.apply(command::Redo{}).refused);
    EXPECT_TRUE(e.unsaved());
    const auto file = std::filesystem::temp_directory_path() / "pickray_editor_unsaved.json";
    ASSERT_FALSE(e.apply(command::Save{file.string()}).refused);
    EXPECT_FALSE(e.unsaved());
    EXPECT_EQ(e.documentPath(), file.string());
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_TRUE(e.unsaved()) << "the file has the move; the scene no longer does";
    std::filesystem::remove(file);
}

}  // namespace
}  // namespace pickray::app

namespace pickray::app {
namespace {

TEST(EditorUndo, UndoingAnOpenGivesBackTheFileTheDocumentWasAndWhetherItWasSaved) {
    Editor e(threeSpheres());
    const std::string first = defaultSceneFile().string();
    ASSERT_FALSE(e.apply(command::Load{first}).refused);
    const auto second = std::filesystem::temp_directory_path() / "pickray_editor_second.json";
    std::filesystem::copy_file(first, second, std::filesystem::copy_options::overwrite_existing);
    ASSERT_FALSE(e.apply(command::Load{second.string()}).refused);
    EXPECT_EQ(e.documentPath(), second.string());
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_EQ(e.documentPath(), first) << "Save would otherwise write the first file's objects into the second";
    EXPECT_FALSE(e.unsaved()) << "the objects are the first file's, as loaded";
    ASSERT_FALSE(e.apply(command::Redo{}).refused);
    EXPECT_EQ(e.documentPath(), second.string());
    EXPECT_FALSE(e.unsaved());
    ASSERT_FALSE(e.apply(command::Generate{50}).refused);
    EXPECT_EQ(e.documentPath(), "") << "a generated scene has no file";
    EXPECT_TRUE(e.unsaved()) << "and is saved nowhere";
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_EQ(e.documentPath(), second.string());
    EXPECT_FALSE(e.unsaved());
    std::filesystem::remove(second);
}

TEST(EditorUndo, MovesAfterASaveInTheSameDragAreUnsavedAndAStepOfTheirOwn) {
    Editor e(threeSpheres());
    const auto file = std::filesystem::temp_directory_path() / "pickray_editor_mid_drag.json";
    const std::uint64_t gesture = e.beginGesture();
    e.move(0, {1.0f, 0.0f, 0.0f}, gesture);
    ASSERT_FALSE(e.apply(command::Save{file.string()}).refused);  // Ctrl+S with the drag still going
    EXPECT_FALSE(e.unsaved());
    e.move(0, {1.0f, 0.0f, 0.0f}, gesture);
    EXPECT_TRUE(e.unsaved()) << "what the drag did after the save is not in the file";
    EXPECT_EQ(e.history().steps(), 2u);
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    EXPECT_FALSE(e.unsaved()) << "back to what was saved";
    std::filesystem::remove(file);
}

TEST(Editor, DeletingForgetsTheHoverWhoseIndexMayNoLongerExist) {
    Editor e(threeSpheres());
    const FrameMatrices frame = frameMatrices(e.scene().camera, {640, 360}, {640, 360});
    const glm::vec3 screen =
        worldToScreen({4.0f, 0.0f, 0.0f}, frame.view, frame.projection, frame.viewport, frame.clipDepth);
    e.setHover(pickAt(e.index(), frame, glm::ivec2(glm::floor(glm::vec2(screen)))));
    ASSERT_TRUE(e.hover() && e.hover()->nearest());
    e.select(2, false);
    ASSERT_FALSE(e.apply(command::DeleteSelection{}).refused);
    EXPECT_FALSE(e.hover()) << "it pointed at index 2, which is gone";
}

// Editor::click, the one route of a click: picks aimed with the reference camera (camera_reference.hpp,
// no matrix) through each sphere's centre, and at a corner the reference ray misses all of them.
struct ClickAim {
    FrameMatrices frame;
    pickref::Camera camera;
};
ClickAim clickAim(const Editor& e) {
    const scene::Camera& c = e.scene().camera;
    pickref::Camera r;
    r.eye = {c.eye.x, c.eye.y, c.eye.z};
    r.target = {c.target.x, c.target.y, c.target.z};
    r.up = {c.up.x, c.up.y, c.up.z};
    r.fovYDegrees = c.fovYDegrees;
    r.near = c.near;
    r.width = 640;
    r.height = 360;
    return {frameMatrices(c, {640, 360}, {640, 360}), r};
}
/// The pick under the pixel holding sphere `object`'s centre, checked to have it nearest.
Pick pickOn(const Editor& e, const ClickAim& aim, std::size_t object) {
    const glm::vec3 c = std::get<Sphere>(e.scene().objects.at(object).shape).center;
    const auto s = pickref::project(aim.camera, {c.x, c.y, c.z});
    EXPECT_TRUE(s);
    if (!s) return Pick{};
    const glm::ivec2 at{static_cast<int>(std::floor(s->x)), static_cast<int>(std::floor(s->y))};
    Pick pick = e.pickAt(aim.frame, at);
    EXPECT_TRUE(pick.nearest() && pick.nearest()->object == object) << "the pick through the centre of " << object;
    return pick;
}
/// The pick at the top-left corner, where the reference ray meets no sphere.
Pick pickOnNothing(const Editor& e, const ClickAim& aim) {
    const glm::ivec2 at{8, 8};
    const pickref::Ray ray = pickref::cursorRay(aim.camera, at.x + 0.5L, at.y + 0.5L);
    for (const scene::Object& o : e.scene().objects) {
        const Sphere& sphere = std::get<Sphere>(o.shape);
        const pickref::Vec m = ray.origin - pickref::Vec{sphere.center.x, sphere.center.y, sphere.center.z};
        const pickref::Real b = pickref::dot(m, ray.direction);
        const pickref::Real disc =
            b * b - (pickref::dot(m, m) - static_cast<pickref::Real>(sphere.radius) * sphere.radius);
        EXPECT_LT(disc, 0) << "the reference ray at the corner misses " << o.name;
    }
    Pick pick = e.pickAt(aim.frame, at);
    EXPECT_FALSE(pick.nearest());
    return pick;
}

TEST(EditorClick, SelectsWhatItPickedAndAdditiveTogglesItInTheSelection) {
    Editor e(threeSpheres());
    const ClickAim aim = clickAim(e);
    const Pick on0 = pickOn(e, aim, 0), on1 = pickOn(e, aim, 1), on2 = pickOn(e, aim, 2);
    e.click(on1, false);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{1}));
    e.click(on0, true);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{1, 0})) << "additive adds, the last one primary";
    e.click(on2, true);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{1, 0, 2}));
    e.click(on0, true);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{1, 2})) << "additive on a selected object takes it out";
    e.click(on0, true);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{1, 2, 0})) << "and back in, as the primary";
    e.click(on2, false);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{2})) << "a plain click selects that one only";
    e.click(on2, false);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{2})) << "a plain click on the selected one keeps it";
    EXPECT_EQ(e.history().steps(), 0u) << "selecting is no edit";
}

TEST(EditorClick, AClickOnNothingClearsTheSelectionAndAdditiveKeepsIt) {
    Editor e(threeSpheres());
    const ClickAim aim = clickAim(e);
    const Pick nothing = pickOnNothing(e, aim);
    e.select(0, false);
    e.select(2, true);
    e.click(nothing, true);
    EXPECT_EQ(e.selection(), (std::vector<std::size_t>{0, 2}));
    e.click(nothing, false);
    EXPECT_TRUE(e.selection().empty());
    e.click(nothing, false);
    EXPECT_TRUE(e.selection().empty()) << "on nothing with nothing selected: still nothing";
}

TEST(EditorClick, KeepsItsPickEvenWhenItPickedNothing) {
    Editor e(threeSpheres());
    const ClickAim aim = clickAim(e);
    const Pick on1 = pickOn(e, aim, 1);
    EXPECT_FALSE(e.lastPick());
    e.click(on1, false);
    ASSERT_TRUE(e.lastPick());
    EXPECT_EQ(e.lastPick()->cursorWindow, on1.cursorWindow);
    EXPECT_EQ(e.lastPick()->ray.origin, on1.ray.origin);
    EXPECT_EQ(e.lastPick()->ray.direction, on1.ray.direction);
    ASSERT_EQ(e.lastPick()->hits.size(), on1.hits.size());
    EXPECT_EQ(e.lastPick()->nearest()->object, 1u);
    // An additive click that takes s1 out still keeps its pick, naming s1.
    e.click(on1, true);
    EXPECT_TRUE(e.selection().empty());
    ASSERT_TRUE(e.lastPick() && e.lastPick()->nearest());
    EXPECT_EQ(e.lastPick()->nearest()->object, 1u);
    // A click on nothing is kept too: its ray, with no hit.
    const Pick nothing = pickOnNothing(e, aim);
    e.click(nothing, false);
    ASSERT_TRUE(e.lastPick());
    EXPECT_EQ(e.lastPick()->cursorWindow, nothing.cursorWindow);
    EXPECT_FALSE(e.lastPick()->nearest());
    EXPECT_EQ(e.lastPick()->ray.direction, nothing.ray.direction);
}

// A whole-scene change (Generate, Load) forgets the pick and the hover, and so
// do its undo and its redo: the pick's ray was made with another scene and another camera (the
// Pick panel showed the generated scene's ray after undoing Generate). An edit's undo keeps the
// pick, picked again along its ray.
TEST(EditorUndo, UndoOrRedoOfAWholeSceneChangeForgetsThePickAndTheHoverAsDoingItDoes) {
    Editor e(threeSpheres());
    const ClickAim aim = clickAim(e);
    e.click(pickOn(e, aim, 1), false);
    e.move(1, {0.0f, 100.0f, 0.0f}, e.beginGesture());  // out of the pick's ray
    ASSERT_TRUE(e.lastPick());
    EXPECT_FALSE(e.lastPick()->nearest());
    ASSERT_FALSE(e.apply(command::Undo{}).refused);
    ASSERT_TRUE(e.lastPick()) << "an edit's undo keeps the pick";
    ASSERT_TRUE(e.lastPick()->nearest()) << "picked again along its ray: s1 is back on it";
    EXPECT_EQ(e.lastPick()->nearest()->object, 1u);

    const auto file = std::filesystem::temp_directory_path() / "pickray_editor_whole_scene.json";
    ASSERT_FALSE(scene::saveScene(threeSpheres(), file));
    const EditorCommand changes[] = {command::Generate{50}, command::Load{file.string()}};
    int checked = 0;
    for (const EditorCommand& change : changes) {
        SCOPED_TRACE(std::holds_alternative<command::Generate>(change) ? "generate" : "load");
        e.click(pickOn(e, aim, 1), false);
        e.setHover(pickOn(e, aim, 2));
        ASSERT_FALSE(e.apply(change).refused);
        EXPECT_FALSE(e.lastPick()) << "doing it forgets the pick";
        EXPECT_FALSE(e.hover());
        // A pick and a hover in the new scene, through its own camera's centre.
        const FrameMatrices now = frameMatrices(e.scene().camera, {640, 360}, {640, 360});
        ASSERT_TRUE(now.pickable);
        e.click(e.pickAt(now, {320, 180}), false);
        e.setHover(e.pickAt(now, {320, 180}));
        ASSERT_TRUE(e.lastPick());
        ASSERT_FALSE(e.apply(command::Undo{}).refused);
        EXPECT_FALSE(e.lastPick()) << "undoing it forgets the pick made in the scene it replaced";
        EXPECT_FALSE(e.hover());
        EXPECT_EQ(e.selection(), std::vector<std::size_t>{1}) << "the selection before it comes back";
        e.click(pickOn(e, aim, 1), false);  // the camera is back too: aimed as before
        e.setHover(pickOn(e, aim, 2));
        ASSERT_FALSE(e.apply(command::Redo{}).refused);
        EXPECT_FALSE(e.lastPick()) << "redoing it forgets the pick too";
        EXPECT_FALSE(e.hover());
        ASSERT_FALSE(e.apply(command::Undo{}).refused);  // back to the three spheres for the next one
        ++checked;
    }
    EXPECT_EQ(checked, 2);
    std::filesystem::remove(file);
}

}  // namespace
}  // namespace pickray::app
