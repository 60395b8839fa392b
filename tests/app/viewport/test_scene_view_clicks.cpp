// SPDX-License-Identifier: MIT
// The SceneView without a window: clicks, drags and Ctrl in, frame by frame as the shell runs it,
// and the Editor's scene, selection, pick and history out.
// Where a test clicks and what it expects there come from the reference camera
// (tests/reference/camera_reference.hpp: long double, no matrix) and scene_view_session.hpp's
// long-double ray-sphere test, never from the view.
#include "scene_view_session.hpp"

namespace pickray::app {
namespace {

using namespace scene_view_test;  // NOLINT: the shared helpers read as part of the tests
using pickref::Real;

TEST(SceneView, AClickInPlaceOnAnObjectSelectsItKeepsThePickAndRecordsTheClick) {
    Session s;
    const glm::ivec2 at = s.windowPointOf(centreOf(s.editor, 1));
    const std::vector<std::string> expected = namesHitBy(s.rayAt(at), s.editor);
    ASSERT_EQ(expected, std::vector<std::string>{"s1"}) << "the reference ray through s1's centre meets s1 only";

    s.step({motion(at)});
    s.step({leftDown(at)});
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1}) << "selected at the press";
    s.step({leftUp(at)});
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
    ASSERT_TRUE(s.editor.lastPick());
    ASSERT_TRUE(s.editor.lastPick()->nearest());
    EXPECT_EQ(s.editor.lastPick()->nearest()->object, 1u);
    EXPECT_EQ(s.editor.lastPick()->cursorWindow, at);
    ASSERT_EQ(s.view.clicks().size(), 1u);
    EXPECT_FALSE(s.view.clicks()[0].onUi);
    EXPECT_EQ(s.view.clicks()[0].hitNames, expected);
    EXPECT_EQ(s.editor.history().steps(), 0u) << "a click changes no object";
    EXPECT_EQ(centreOf(s.editor, 1), glm::vec3(2.0f, 0.0f, 0.0f));
}

TEST(SceneView, APressAndReleaseInOneFrameIsAClickAndLeavesNoDragGoing) {
    Session s;
    const glm::ivec2 at = s.windowPointOf(centreOf(s.editor, 1));
    s.step({motion(at)});
    s.step({leftDown(at), leftUp(at)});
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
    EXPECT_EQ(s.view.clicks().size(), 1u);
    s.step({motion(at + glm::ivec2(30, 20))});
    EXPECT_EQ(centreOf(s.editor, 1), glm::vec3(2.0f, 0.0f, 0.0f)) << "the button is up: nothing follows the cursor";
    EXPECT_EQ(s.editor.history().steps(), 0u);
}

TEST(SceneView, AClickOnTheBackgroundClearsTheSelectionOnReleaseAndCtrlKeepsIt) {
    for (const bool ctrl : {false, true}) {
        SCOPED_TRACE(ctrl ? "ctrl held" : "no modifier");
        Session s;
        ASSERT_TRUE(namesHitBy(s.rayAt(kBackground), s.editor).empty()) << "the reference ray misses every sphere";
        s.editor.select(0, false);
        s.editor.select(2, true);
        const std::vector<std::size_t> before{0, 2};
        ASSERT_EQ(s.editor.selection(), before);
        const Modifiers held = ctrl ? kCtrl : Modifiers{};
        s.step({motion(kBackground, held)});
        s.step({leftDown(kBackground, held)});
        EXPECT_EQ(s.editor.selection(), before) << "a press on nothing waits for its release";
        EXPECT_TRUE(s.view.clicks().empty());
        s.step({leftUp(kBackground, held)});
        EXPECT_EQ(s.editor.selection(), ctrl ? before : std::vector<std::size_t>{});
        ASSERT_EQ(s.view.clicks().size(), 1u);
        EXPECT_TRUE(s.view.clicks()[0].hitNames.empty());
        EXPECT_FALSE(s.view.clicks()[0].onUi);
        ASSERT_TRUE(s.editor.lastPick()) << "the click's ray is kept, though it met nothing";
        EXPECT_FALSE(s.editor.lastPick()->nearest());
        EXPECT_EQ(s.editor.lastPick()->cursorWindow, kBackground);
    }
}

TEST(SceneView, ABackgroundPressDraggedPastTheThresholdOrbitsAndKeepsTheSelection) {
    Session s;
    s.editor.select(1, false);
    const glm::vec3 eye = s.editor.scene().camera.eye;
    const glm::vec3 target = s.editor.scene().camera.target;
    s.step({motion(kBackground)});
    s.step({leftDown(kBackground)});
    s.step({motion(kBackground + glm::ivec2(kDragThreshold + 1, 0))});
    s.step({motion(kBackground + glm::ivec2(40, 0))});
    s.step({leftUp(kBackground + glm::ivec2(40, 0))});
    EXPECT_NE(s.editor.scene().camera.eye, eye) << "the camera orbited";
    EXPECT_EQ(s.editor.scene().camera.target, target);
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1}) << "a drag is no click: the selection stays";
    EXPECT_TRUE(s.view.clicks().empty());
}

// The object follows the cursor in the plane through the grabbed point facing the camera: its
// centre moves by (the cursor ray's point in that plane) − (the grabbed point), both from the
// reference camera and the long-double ray-sphere hit. Run at a HiDPI scale of 1 and 2 (window
// units of 2 drawable pixels).
TEST(SceneView, ALeftDragOnAnObjectMovesItInThePlaneFacingTheCameraAsOneUndoStep) {
    Real worst = 0;
    Real worstDepth = 0;
    int cases = 0;
    for (const int hidpi : {1, 2}) {
        SCOPED_TRACE("HiDPI scale " + std::to_string(hidpi));
        Session s({640, 360}, glm::ivec2(640, 360) * hidpi);
        const glm::vec3 c0 = centreOf(s.editor, 1);
        const glm::ivec2 p0 = s.windowPointOf(c0);
        const pickref::Ray r0 = s.rayAt(p0);
        const std::optional<Real> t0 = hitSphere(r0, std::get<Sphere>(s.editor.scene().objects[1].shape));
        ASSERT_TRUE(t0);
        const pickref::Vec grabbed = pointAt(r0, *t0);
        const pickref::Camera cam = s.camera();
        const pickref::Vec n = (1 / distance(cam.target, cam.eye)) * (cam.target - cam.eye);

        s.step({motion(p0)});
        s.step({leftDown(p0)});
        // Several frames of motion, the last one ending at p1.
        const glm::ivec2 p1 = p0 + glm::ivec2(-60, 35);
        for (const glm::ivec2 at : {p0 + glm::ivec2(-10, 5), p0 + glm::ivec2(-30, 20), p1}) s.step({motion(at)});
        s.step({leftUp(p1)});

        const pickref::Ray r1 = s.rayAt(p1);
        const Real t1 = pickref::dot(grabbed - r1.origin, n) / pickref::dot(r1.direction, n);
        const pickref::Vec expected = ref(c0) + (pointAt(r1, t1) - grabbed);
        const Real error = distance(centreOf(s.editor, 1), expected);
        worst = std::max(worst, error);
        // The move is a visible one: 60 pixels at s1's depth (about 0.027 world units per pixel).
        EXPECT_GT(distance(c0, expected), 1.0L);
        // The engine's float ray (unprojected through inverted float matrices) and float sums, with
        // coordinates up to 9 (a float ulp there: 9.5e-7): 2e-6, 2 ulps of the eye's coordinates.
        EXPECT_LT(error, 2e-6L) << "centre " << centreOf(s.editor, 1).x << ", " << centreOf(s.editor, 1).y << ", "
                                << centreOf(s.editor, 1).z;
        // Still in the plane through the grabbed point facing the camera: the centre's depth did not change.
        const Real depthChange = std::abs(pickref::dot(ref(centreOf(s.editor, 1)) - ref(c0), n));
        worstDepth = std::max(worstDepth, depthChange);
        EXPECT_LT(depthChange, 2e-6L) << "the same bound: the depth is one component of the error above";
        EXPECT_EQ(std::get<Sphere>(s.editor.scene().objects[1].shape).radius, 0.5f);
        EXPECT_EQ(centreOf(s.editor, 0), glm::vec3(0.0f)) << "the others stay";
        EXPECT_EQ(centreOf(s.editor, 2), glm::vec3(4.0f, 0.0f, 0.0f));
        EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
        EXPECT_EQ(s.view.clicks().size(), 1u) << "the press was recorded once, the drag is no second click";
        EXPECT_EQ(s.editor.history().steps(), 1u) << "the whole drag is one undo step";
        EXPECT_FALSE(s.editor.apply(command::Undo{}).refused);
        EXPECT_EQ(centreOf(s.editor, 1), c0) << "one undo puts it back where it was, exactly";
        EXPECT_EQ(s.editor.history().steps(), 0u);
        ++cases;
    }
    std::printf(
        "precision: a dragged centre is off the reference plane-ray point by %.3Lg world units (%.3Lg in depth)\n",
        worst, worstDepth);
    EXPECT_EQ(cases, 2);
}

// The pick follows a dragged object. Each frame of the drag re-picks along the
// ray through the cursor, where the grabbed point now is: the pick names the dragged sphere, hit
// where the long-double ray-sphere test puts the reference ray through the cursor on the moved
// sphere. The press's ray misses it by then (it used to be re-cast: "picked: nothing"). At a
// HiDPI scale of 1 and 2.
TEST(SceneView, ThePickFollowsADraggedObjectAlongTheRayThroughTheCursor) {
    Real worst = 0;
    int cases = 0;
    for (const int hidpi : {1, 2}) {
        SCOPED_TRACE("HiDPI scale " + std::to_string(hidpi));
        Session s({640, 360}, glm::ivec2(640, 360) * hidpi);
        const glm::ivec2 p0 = s.windowPointOf(centreOf(s.editor, 1));
        s.step({motion(p0)});
        s.step({leftDown(p0)});
        const glm::ivec2 p1 = p0 + glm::ivec2(-60, 35);
        for (const glm::ivec2 at : {p0 + glm::ivec2(-10, 5), p0 + glm::ivec2(-30, 20), p1}) {
            s.step({motion(at)});
            ASSERT_TRUE(s.editor.lastPick());
            EXPECT_EQ(s.editor.lastPick()->cursorWindow, at) << "picked again in every frame of the drag";
        }
        s.step({leftUp(p1)});

        const Sphere moved = std::get<Sphere>(s.editor.scene().objects[1].shape);
        EXPECT_FALSE(hitSphere(s.rayAt(p0), moved)) << "the press's ray misses the moved sphere";
        const pickref::Ray r1 = s.rayAt(p1);
        ASSERT_EQ(namesHitBy(r1, s.editor), std::vector<std::string>{"s1"}) << "the reference: s1 under the cursor";
        const std::optional<Real> t1 = hitSphere(r1, moved);
        ASSERT_TRUE(t1);
        ASSERT_TRUE(s.editor.lastPick());
        const Pick& pick = *s.editor.lastPick();
        EXPECT_EQ(pick.cursorWindow, p1);
        ASSERT_TRUE(pick.nearest()) << "the pick says nothing";
        EXPECT_EQ(pick.nearest()->object, 1u);
        const Real error = distance(pick.nearest()->hit.point, pointAt(r1, *t1));
        worst = std::max(worst, error);
        // The engine's float ray and float hit, coordinates up to 9 (a float ulp there: 9.5e-7):
        // 2e-6, 2 ulps of the eye's coordinates.
        EXPECT_LT(error, 2e-6L);
        EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
        EXPECT_EQ(s.editor.history().steps(), 1u);
        ++cases;
    }
    std::printf("precision: the pick after a drag is %.3Lg world units off the reference's hit\n", worst);
    EXPECT_EQ(cases, 2);
}

// Within kDragThreshold pixels along both axes a press is a click: nothing moves, no step is
// recorded; one pixel further along either axis, the object moves.
TEST(SceneView, APressMovedAtMostTheThresholdMovesNothingAndOnePixelMoreMoves) {
    struct Case {
        glm::ivec2 offset;
        bool moves;
    };
    const int k = kDragThreshold;
    ASSERT_EQ(k, 4) << "the threshold the brief and Windows' SM_CXDRAG have";
    const Case cases[] = {{{k, 0}, false},       {{0, k}, false},   {{-k, -k}, false},  {{k, -k}, false},
                          {{-k, k}, false},      {{3, -2}, false},  {{k + 1, 0}, true}, {{0, -(k + 1)}, true},
                          {{-(k + 1), k}, true}, {{2, k + 1}, true}};
    int checked = 0;
    for (const Case& c : cases) {
        SCOPED_TRACE("offset " + std::to_string(c.offset.x) + ", " + std::to_string(c.offset.y));
        Session s;
        const glm::vec3 c0 = centreOf(s.editor, 1);
        const glm::ivec2 p0 = s.windowPointOf(c0);
        s.step({motion(p0)});
        s.step({leftDown(p0)});
        s.step({motion(p0 + c.offset)});
        s.step({leftUp(p0 + c.offset)});
        if (c.moves) {
            EXPECT_NE(centreOf(s.editor, 1), c0);
            EXPECT_EQ(s.editor.history().steps(), 1u);
        } else {
            EXPECT_EQ(centreOf(s.editor, 1), c0) << "bit for bit";
            EXPECT_EQ(s.editor.history().steps(), 0u);
        }
        EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
        EXPECT_EQ(s.view.clicks().size(), 1u);
        ++checked;
    }
    EXPECT_EQ(checked, 10);
}

TEST(SceneView, CtrlClickOnASelectedObjectTakesItOutOnReleaseAndACtrlDragKeepsAndMovesIt) {
    for (const bool drag : {false, true}) {
        SCOPED_TRACE(drag ? "ctrl drag" : "ctrl click");
        Session s;
        s.editor.select(1, false);
        s.editor.select(2, true);
        const glm::vec3 c0 = centreOf(s.editor, 1);
        const glm::ivec2 p0 = s.windowPointOf(c0);
        s.step({motion(p0)});
        // Setup: the cursor on s1's centre is on no handle of the selection's gizmo (else the press
        // would grab the handle, which is another test's).
        const std::optional<GizmoView> gizmo = s.view.gizmoView(s.last.matrices, s.editor);
        ASSERT_TRUE(gizmo);
        ASSERT_FALSE(gizmo->lit);

        s.step({leftDown(p0, kCtrl)});
        EXPECT_EQ(s.editor.selection(), (std::vector<std::size_t>{1, 2})) << "still selected while the button is down";
        ASSERT_TRUE(s.editor.lastPick() && s.editor.lastPick()->nearest());
        EXPECT_EQ(s.editor.lastPick()->nearest()->object, 1u) << "the pick is kept all the same";
        ASSERT_EQ(s.view.clicks().size(), 1u);
        EXPECT_EQ(s.view.clicks()[0].hitNames, std::vector<std::string>{"s1"});
        const glm::ivec2 p1 = drag ? p0 + glm::ivec2(25, -15) : p0;
        if (drag) s.step({motion(p1, kCtrl)});
        s.step({leftUp(p1, kCtrl)});
        if (drag) {
            EXPECT_EQ(s.editor.selection(), (std::vector<std::size_t>{1, 2}));
            EXPECT_GT(distance(centreOf(s.editor, 1), ref(c0)), 0.3L) << "25 pixels at ~0.027 world units each";
            // The whole selection moves, by the same offset: each coordinate rounded
            // once (below 8: half an ulp is 2^-21), so the two agree within 2^-20.
            const glm::vec3 offset1 = centreOf(s.editor, 1) - c0;
            const glm::vec3 offset2 = centreOf(s.editor, 2) - glm::vec3(4.0f, 0.0f, 0.0f);
            EXPECT_LT(glm::length(offset2 - offset1), 0x1p-20f) << "the other selected object moved with it";
            EXPECT_EQ(s.editor.history().steps(), 1u);
        } else {
            EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{2});
            EXPECT_EQ(centreOf(s.editor, 1), c0);
            EXPECT_EQ(centreOf(s.editor, 2), glm::vec3(4.0f, 0.0f, 0.0f));
            EXPECT_EQ(s.editor.history().steps(), 0u);
        }
    }
}

TEST(SceneView, CtrlClickOnAnUnselectedObjectAddsItAtThePress) {
    Session s;
    s.editor.select(0, false);
    const glm::ivec2 at = s.windowPointOf(centreOf(s.editor, 2));
    ASSERT_EQ(namesHitBy(s.rayAt(at), s.editor), std::vector<std::string>{"s2"});
    s.step({motion(at)});
    ASSERT_FALSE(s.view.gizmoView(s.last.matrices, s.editor)->lit);
    s.step({leftDown(at, kCtrl)});
    EXPECT_EQ(s.editor.selection(), (std::vector<std::size_t>{0, 2}));
    s.step({leftUp(at, kCtrl)});
    EXPECT_EQ(s.editor.selection(), (std::vector<std::size_t>{0, 2})) << "the release takes nothing out";
}

TEST(SceneView, APressOnAPanelIsRecordedOnTheUiAndPicksNothing) {
    Session s;
    const glm::ivec2 at = s.windowPointOf(centreOf(s.editor, 1));
    ASSERT_EQ(namesHitBy(s.rayAt(at), s.editor), std::vector<std::string>{"s1"}) << "s1 is under the panel";
    s.frame.mouseOnUi = true;
    s.step({motion(at)});
    s.step({leftDown(at)});
    s.step({leftUp(at)});
    ASSERT_EQ(s.view.clicks().size(), 1u);
    EXPECT_TRUE(s.view.clicks()[0].onUi);
    EXPECT_TRUE(s.view.clicks()[0].hitNames.empty());
    EXPECT_EQ(s.view.clicks()[0].pick.cursorWindow, at);
    EXPECT_TRUE(s.editor.selection().empty());
    EXPECT_FALSE(s.editor.lastPick());
    EXPECT_FALSE(s.editor.hover()) << "no hover under a panel";
    // A press on a panel that is dragged into the view grabs nothing.
    s.step({leftDown(at)});
    s.frame.mouseOnUi = false;
    s.step({motion(at + glm::ivec2(30, 30))});
    s.step({leftUp(at + glm::ivec2(30, 30))});
    EXPECT_EQ(centreOf(s.editor, 1), glm::vec3(2.0f, 0.0f, 0.0f));
    EXPECT_EQ(s.view.clicks().size(), 2u);
    EXPECT_TRUE(s.editor.selection().empty());
}

TEST(SceneView, TheHoverNamesWhatIsUnderTheRestingCursor) {
    Session s;
    const glm::ivec2 at = s.windowPointOf(centreOf(s.editor, 0));
    ASSERT_EQ(namesHitBy(s.rayAt(at), s.editor), std::vector<std::string>{"s0"});
    s.step({motion(at)});
    ASSERT_TRUE(s.editor.hover() && s.editor.hover()->nearest());
    EXPECT_EQ(s.editor.hover()->nearest()->object, 0u);
    s.step({motion(kBackground)});
    ASSERT_TRUE(s.editor.hover());
    EXPECT_FALSE(s.editor.hover()->nearest());
    s.step({event::Leave{}});
    EXPECT_FALSE(s.editor.hover()) << "the cursor left the window";
    EXPECT_EQ(s.view.cursor(), glm::ivec2(-1));
}

// The wheel moves the eye towards the target by 0.9 per notch (away from the user), along the same
// line; a panel under the mouse takes the wheel.

}  // namespace
}  // namespace pickray::app
