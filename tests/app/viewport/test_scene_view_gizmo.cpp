// SPDX-License-Identifier: MIT
// The SceneView's gizmo and selection moves without a window: handle drags, a selection moved as
// one, the pick carried along, keys and cancelled drags.
// Where a test clicks and what it expects there come from the reference camera
// (tests/reference/camera_reference.hpp: long double, no matrix) and scene_view_session.hpp's
// long-double ray-sphere test, never from the view.
#include "scene_view_session.hpp"

namespace pickray::app {
namespace {

using namespace scene_view_test;  // NOLINT: the shared helpers read as part of the tests
using pickref::Real;

// The gizmo on the selection: about 90 pixels long (its size is worked out here from the camera:
// 90 pixels at the centre's depth). A left drag on its y handle moves the object along y only, by
// the change in the point of the y axis nearest to the cursor ray (a long-double line-line closest
// point); released in place it is a click on what lies under the handle.
struct HandleAim {
    glm::ivec2 at;
    pickref::Vec axisPoint;  ///< the gizmo's origin
    pickref::Vec axis;       ///< unit
};
HandleAim yHandleOf(const Session& s, std::size_t object) {
    const pickref::Camera cam = s.camera();
    const pickref::Vec c = ref(centreOf(s.editor, object));
    const pickref::Vec forward = (1 / distance(cam.target, cam.eye)) * (cam.target - cam.eye);
    const Real depth = pickref::dot(c - cam.eye, forward);
    const Real size = 90 * 2 * depth * std::tan(cam.fovYDegrees * 3.14159265358979323846L / 360) / cam.height;
    const pickref::Vec up{0, 1, 0};
    const std::optional<pickref::Vec> p = pickref::project(cam, c + (0.6L * size) * up);  // mid-handle
    if (!p) return {glm::ivec2(-1), c, up};
    return {
        {static_cast<int>(std::floor(p->x / s.scale().x)), static_cast<int>(std::floor(p->y / s.scale().y))}, c, up};
}
/// The parameter along the axis line of its point nearest to the ray's line.
Real alongAxis(const HandleAim& h, const pickref::Ray& r) {
    const pickref::Vec w = r.origin - h.axisPoint;
    const Real ud = pickref::dot(h.axis, r.direction);
    return (pickref::dot(h.axis, w) - ud * pickref::dot(r.direction, w)) / (1 - ud * ud);
}

TEST(SceneView, ALeftDragOnTheGizmosYHandleMovesTheSelectionAlongYOnly) {
    Session s;
    s.editor.select(1, false);
    const HandleAim h = yHandleOf(s, 1);
    s.step({motion(h.at)});
    // Setup: the lit handle under the cursor is the y axis (the gizmo's own say; what the drag
    // does is then checked against the reference).
    const std::optional<GizmoView> gizmo = s.view.gizmoView(s.last.matrices, s.editor);
    ASSERT_TRUE(gizmo && gizmo->lit);
    ASSERT_EQ(*gizmo->lit, (GizmoHandle{GizmoHandle::Kind::Axis, 1}));
    const Real t0 = alongAxis(h, s.rayAt(h.at));
    const glm::ivec2 end = h.at + glm::ivec2(7, -40);
    s.step({leftDown(h.at)});
    s.step({motion(h.at + glm::ivec2(3, -20))});
    s.step({motion(end)});
    s.step({leftUp(end)});
    const Real expectedY = alongAxis(h, s.rayAt(end)) - t0;
    const glm::vec3 c = centreOf(s.editor, 1);
    EXPECT_EQ(c.x, 2.0f) << "along y only: x and z bit for bit";
    EXPECT_EQ(c.z, 0.0f);
    EXPECT_GT(expectedY, 0.5L) << "40 pixels up at ~0.027 world units each, foreshortened";
    // The float rays and float closest points: a float ulp of y is 6e-8 between 0.5 and 1; 3e-7 is
    // 5 such ulps.
    const Real error = std::abs(c.y - expectedY);
    std::printf("precision: a y-handle drag is %.3Lg world units off the reference's axis point\n", error);
    EXPECT_LT(error, 3e-7L) << "y " << c.y << " expected " << static_cast<double>(expectedY);
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
    EXPECT_EQ(s.editor.history().steps(), 1u) << "one undo step";
    EXPECT_TRUE(s.view.clicks().empty()) << "a handle drag is no click";
}

// A press on a handle is the handle's: released in place it changes nothing, even
// with an object right behind it.
TEST(SceneView, APressOnAGizmoHandleReleasedInPlaceChangesNothing) {
    Session s;
    s.editor.select(1, false);
    const HandleAim h = yHandleOf(s, 1);
    s.step({motion(h.at)});
    ASSERT_TRUE(s.view.gizmoView(s.last.matrices, s.editor)->lit);
    s.step({leftDown(h.at)});
    s.step({leftUp(h.at)});
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1}) << "the selection stays";
    EXPECT_FALSE(s.editor.lastPick()) << "nothing is picked";
    ASSERT_EQ(s.view.clicks().size(), 1u) << "listed as a click ...";
    EXPECT_TRUE(s.view.clicks()[0].onGizmo);
    EXPECT_TRUE(s.view.clicks()[0].hitNames.empty()) << "... that picked nothing behind the handle";
    EXPECT_EQ(centreOf(s.editor, 1), glm::vec3(2.0f, 0.0f, 0.0f));
    EXPECT_EQ(s.editor.history().steps(), 0u);
}

// With the gizmo hidden (View > Transform gizmo off) a press where its y handle would be is a click
// on what lies there, as the reference's ray says: the handle neither lights up nor takes it.
TEST(SceneView, WithTheGizmoHiddenAPressWhereAHandleWouldBePicksWhatIsThere) {
    Session s;
    s.editor.select(1, false);
    const HandleAim h = yHandleOf(s, 1);
    s.frame.gizmoShown = false;
    s.step({motion(h.at)});
    EXPECT_FALSE(s.view.gizmoView(s.last.matrices, s.editor)) << "no gizmo is drawn";
    s.step({leftDown(h.at)});
    s.step({leftUp(h.at)});
    ASSERT_EQ(s.view.clicks().size(), 1u);
    EXPECT_FALSE(s.view.clicks()[0].onGizmo);
    const std::vector<std::string> expected = namesHitBy(s.rayAt(h.at), s.editor);
    EXPECT_EQ(s.view.clicks()[0].hitNames, expected);
    if (expected.empty()) {
        EXPECT_TRUE(s.editor.selection().empty()) << "a click on the background clears it";
    } else {
        EXPECT_EQ(s.editor.scene().objects[s.editor.selection().at(0)].name, expected.front());
    }
    EXPECT_EQ(centreOf(s.editor, 1), glm::vec3(2.0f, 0.0f, 0.0f)) << "nothing moved";
}

// A press on one object of a multi-selection keeps the selection: dragged, all of it moves by the
// same offset (one undo step); released in place, that object alone stays selected.
TEST(SceneView, ADragOnOneObjectOfASelectionMovesTheWholeSelection) {
    Session s;
    s.editor.select(0, false);
    s.editor.select(1, true);
    const glm::vec3 c0 = centreOf(s.editor, 0);
    const glm::vec3 c1 = centreOf(s.editor, 1);
    // Above s1's centre: the gizmo (at the selection's centre, its x handle through s1's centre)
    // is not under it.
    const glm::ivec2 p0 = s.windowPointOf(c1 + glm::vec3(0.0f, 0.35f, 0.0f));
    ASSERT_EQ(namesHitBy(s.rayAt(p0), s.editor), std::vector<std::string>{"s1"});
    s.step({motion(p0)});
    const std::optional<GizmoView> gizmo = s.view.gizmoView(s.last.matrices, s.editor);
    ASSERT_TRUE(gizmo && !gizmo->lit) << "no handle under the press";
    s.step({leftDown(p0)});
    EXPECT_EQ(s.editor.selection(), (std::vector<std::size_t>{0, 1})) << "the press keeps the selection";
    const glm::ivec2 p1 = p0 + glm::ivec2(30, -20);
    s.step({motion(p0 + glm::ivec2(10, -5))});
    s.step({motion(p1)});
    s.step({leftUp(p1)});
    const glm::vec3 moved1 = centreOf(s.editor, 1) - c1;
    const glm::vec3 moved0 = centreOf(s.editor, 0) - c0;
    EXPECT_GT(glm::length(moved1), 0.5f) << "30 pixels at about 0.027 world units each";
    // Each centre is the original plus one float offset, rounded once per coordinate (coordinates
    // below 4: half an ulp is 2^-22 at most), so the two moves agree within 2^-21.
    EXPECT_LT(glm::length(moved0 - moved1), 0x1p-21f) << "both moved by the same offset";
    EXPECT_EQ(centreOf(s.editor, 2), glm::vec3(4.0f, 0.0f, 0.0f)) << "the unselected one stays";
    EXPECT_EQ(s.editor.selection(), (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(s.editor.history().steps(), 1u) << "one undo step";
    EXPECT_FALSE(s.editor.apply(command::Undo{}).refused);
    EXPECT_EQ(centreOf(s.editor, 0), c0);
    EXPECT_EQ(centreOf(s.editor, 1), c1);

    // Released in place: a click, and the pressed object alone stays selected.
    s.step({leftDown(p0)});
    EXPECT_EQ(s.editor.selection(), (std::vector<std::size_t>{0, 1}));
    s.step({leftUp(p0)});
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
}

// The pick follows a gizmo drag of the picked object: its picked point (the reference's hit at the
// click) moved as the drag moves the object, the pick being the ray through where that point is
// drawn. A y-handle move of s1 (the point moved by s1's own offset, as the editor left it), and a
// turn on the y ring of s0 and s1 about their centre (the point turned by the angle s1's centre
// turned, both from the editor's floats, in long double). Re-cast along the click's ray, the pick
// was somewhere else on s1 or missed it.
TEST(SceneView, AGizmoMoveOrTurnOfThePickedObjectCarriesThePickWithIt) {
    Real worst = 0;
    int cases = 0;
    for (const GizmoMode mode : {GizmoMode::Move, GizmoMode::Rotate}) {
        const bool turn = mode == GizmoMode::Rotate;
        SCOPED_TRACE(turn ? "y ring" : "y handle");
        Session s;
        s.frame.gizmoMode = mode;
        const glm::vec3 c1 = centreOf(s.editor, 1);
        const glm::ivec2 click = s.windowPointOf(c1);
        const pickref::Ray r0 = s.rayAt(click);
        const std::optional<Real> t0 = hitSphere(r0, std::get<Sphere>(s.editor.scene().objects[1].shape));
        ASSERT_TRUE(t0);
        const pickref::Vec picked = pointAt(r0, *t0);
        s.step({motion(click)});
        s.step({leftDown(click)});
        s.step({leftUp(click)});
        ASSERT_TRUE(s.editor.lastPick() && s.editor.lastPick()->nearest());
        ASSERT_EQ(s.editor.lastPick()->nearest()->object, 1u);
        glm::ivec2 at = yHandleOf(s, 1).at;
        const pickref::Vec origin{1, 0, 0};  // the gizmo of s0 and s1: between their centres
        if (turn) {
            s.editor.select(0, true);  // the pick stays on s1
            // On the y ring (radius 0.85 of the handles' length, in the xz plane) at 45 degrees
            // between +x and +z, where no other ring passes.
            const pickref::Camera cam = s.camera();
            const pickref::Vec forward = (1 / distance(cam.target, cam.eye)) * (cam.target - cam.eye);
            const Real depth = pickref::dot(origin - cam.eye, forward);
            const Real size = 90 * 2 * depth * std::tan(cam.fovYDegrees * 3.14159265358979323846L / 360) / cam.height;
            const Real r = 0.85L * size * std::sqrt(0.5L);
            const std::optional<pickref::Vec> p = pickref::project(cam, origin + pickref::Vec{r, 0, r});
            ASSERT_TRUE(p);
            at = {static_cast<int>(std::floor(p->x)), static_cast<int>(std::floor(p->y))};
        }
        s.step({motion(at)});
        const std::optional<GizmoView> gizmo = s.view.gizmoView(s.last.matrices, s.editor);
        ASSERT_TRUE(gizmo && gizmo->lit);
        ASSERT_EQ(*gizmo->lit, (GizmoHandle{turn ? GizmoHandle::Kind::Ring : GizmoHandle::Kind::Axis, 1}));
        const glm::ivec2 end = at + (turn ? glm::ivec2(-40, 10) : glm::ivec2(7, -40));
        s.step({leftDown(at)});
        s.step({motion(at + (end - at) / 2)});
        s.step({motion(end)});
        s.step({leftUp(end)});

        const pickref::Vec moved1 = ref(centreOf(s.editor, 1));
        pickref::Vec expected = picked + (moved1 - ref(c1));
        if (turn) {  // about y through the origin: (1, 0, 0) from it went to (cos a, 0, -sin a)
            const pickref::Vec v = moved1 - origin;
            const Real cosA = v.x / distance(v, {0, 0, 0}), sinA = -v.z / distance(v, {0, 0, 0});
            ASSERT_GT(std::abs(sinA), 0.1L) << "the drag turned them";
            const pickref::Vec q = picked - origin;
            expected = origin + pickref::Vec{q.x * cosA + q.z * sinA, q.y, -q.x * sinA + q.z * cosA};
        } else {
            ASSERT_GT(moved1.y, 0.5L) << "the drag moved s1 up";
        }
        EXPECT_EQ(s.editor.history().steps(), 1u);
        ++cases;
        const std::optional<Pick>& pick = s.editor.lastPick();
        EXPECT_TRUE(pick && pick->nearest()) << "the pick says nothing";
        if (!pick || !pick->nearest()) continue;
        EXPECT_EQ(pick->nearest()->object, 1u);
        const Real error = distance(pick->nearest()->hit.point, expected);
        worst = std::max(worst, error);
        // The moved point projected and unprojected through float matrices, then hit in float,
        // coordinates up to 9 (a float ulp there: 9.5e-7): 2e-6, 2 such ulps.
        EXPECT_LT(error, 2e-6L);
    }
    std::printf("precision: the pick after a gizmo drag is %.3Lg world units off the reference's moved point\n", worst);
    EXPECT_EQ(cases, 2);
}

// The keys of a frame become the shortcut table's actions (shortcuts.cpp), in order; a key with no
// shortcut, and a key's release, become none; the next frame starts empty.
TEST(SceneView, KeyDownEventsBecomeTheFramesShortcutActions) {
    Session s;
    s.step({event::KeyDown{KeyChord{SDLK_z, true, false, false}}, event::KeyUp{Modifiers{true, false, false}},
            event::KeyDown{KeyChord{SDLK_z, true, true, false}}, event::KeyDown{KeyChord{SDLK_y, true, false, false}},
            event::KeyDown{KeyChord{SDLK_x, false, false, false}},
            event::KeyDown{KeyChord{SDLK_DELETE, false, false, false}},
            event::KeyDown{KeyChord{SDLK_z, false, false, false}},
            event::KeyDown{KeyChord{SDLK_ESCAPE, false, false, false}}});
    EXPECT_EQ(s.view.shortcuts(), (std::vector<Action>{Action::Undo, Action::Redo, Action::Redo,
                                                       Action::DeleteSelection, Action::ClearSelection}));
    s.step({});
    EXPECT_TRUE(s.view.shortcuts().empty()) << "each frame has its own keys";
}

TEST(SceneView, CancelDragInTheMiddleOfAMoveStopsFurtherMoves) {
    Session s;
    const glm::vec3 c0 = centreOf(s.editor, 1);
    const glm::ivec2 p0 = s.windowPointOf(c0);
    s.step({motion(p0)});
    s.step({leftDown(p0)});
    s.step({motion(p0 + glm::ivec2(20, 10))});
    const glm::vec3 moved = centreOf(s.editor, 1);
    ASSERT_NE(moved, c0) << "the drag was under way";
    s.view.cancelDrag();
    s.step({motion(p0 + glm::ivec2(60, 30))});
    EXPECT_EQ(centreOf(s.editor, 1), moved) << "no move after the drag was cancelled";
    s.step({leftUp(p0 + glm::ivec2(60, 30))});
    EXPECT_EQ(centreOf(s.editor, 1), moved);
    EXPECT_EQ(s.editor.history().steps(), 1u);
    EXPECT_EQ(s.view.clicks().size(), 1u) << "the release after a cancel is no click";
    EXPECT_EQ(s.editor.selection(), std::vector<std::size_t>{1});
}

// A cursor that leaves the window during a drag has no ray: the dragged object (a move, or a
// gizmo handle's drag, which follows every frame) stays where it was until the cursor is back.
TEST(SceneView, ACursorThatLeavesTheWindowDuringADragMovesNothing) {
    Session s;
    const glm::vec3 c0 = centreOf(s.editor, 1);
    const glm::ivec2 p0 = s.windowPointOf(c0);
    s.step({motion(p0)});
    s.step({leftDown(p0)});
    s.step({motion(p0 + glm::ivec2(20, 0))});
    const glm::vec3 moved = centreOf(s.editor, 1);
    ASSERT_NE(moved, c0) << "the drag was under way";
    s.step({motion(p0 + glm::ivec2(30, 0)), event::Leave{}});
    EXPECT_EQ(centreOf(s.editor, 1), moved) << "a move with the cursor outside";
    s.step({});
    EXPECT_EQ(centreOf(s.editor, 1), moved);
    s.step({leftUp(p0 + glm::ivec2(30, 0))});

    Session g;
    g.editor.select(1, false);
    const HandleAim h = yHandleOf(g, 1);
    g.step({motion(h.at)});
    g.step({leftDown(h.at)});
    g.step({motion(h.at + glm::ivec2(0, -20))});
    const glm::vec3 lifted = centreOf(g.editor, 1);
    ASSERT_GT(lifted.y, 0.0f) << "the handle's drag was under way";
    g.step({event::Leave{}});
    g.step({});
    EXPECT_EQ(centreOf(g.editor, 1), lifted) << "a handle's drag with the cursor outside";
}

}  // namespace
}  // namespace pickray::app
