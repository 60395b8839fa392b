// SPDX-License-Identifier: MIT
// The Editor without a window: every command changes the scene (or refuses, leaving it as it was)
// and keeps the selection, the pick and the index in step with it.
#include <gtest/gtest.h>

#include "editor.hpp"
#include "scene/generate.hpp"
#include "scene/scene_io.hpp"

namespace pickray::app {
namespace {

scene::Scene threeSpheres() {
    scene::Scene s;
    for (int i = 0; i < 3; ++i) {
        std::string name = "s";
        name += std::to_string(i);  // in two steps: GCC 12 warns falsely (-Wrestrict) on "s" + string
        s.objects.push_back({name, glm::vec3(0.5f), Sphere{{2.0f * static_cast<float>(i), 0.0f, 0.0f}, 0.5f}});
    }
    return s;
}

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
    EXPECT_EQ(e.apply(command::Duplicate{0}).message, "");
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
    const Pick& pick = e.pick(frame, glm::ivec2(glm::floor(glm::vec2(screen))));
    ASSERT_TRUE(pick.nearest());
    EXPECT_EQ(pick.nearest()->object, 1u);
    const std::size_t rebuilds = e.index().rebuildCount();
    e.move(1, {0.0f, 100.0f, 0.0f});  // out of the ray's way
    EXPECT_EQ(e.index().rebuildCount(), rebuilds);
    EXPECT_EQ(e.index().refitCount(), 1u);
    ASSERT_TRUE(e.lastPick());
    EXPECT_TRUE(!e.lastPick()->nearest() || e.lastPick()->nearest()->object != 1u);
}

}  // namespace
}  // namespace pickray::app
