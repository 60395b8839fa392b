// SPDX-License-Identifier: MIT
// The SceneView's camera without a window: the wheel, orbit and pan, the camera move reported and
// replayed.
// Where a test clicks and what it expects there come from the reference camera
// (tests/reference/camera_reference.hpp: long double, no matrix) and scene_view_session.hpp's
// long-double ray-sphere test, never from the view.
#include "scene_view_session.hpp"

namespace pickray::app {
namespace {

using namespace scene_view_test;  // NOLINT: the shared helpers read as part of the tests
using pickref::Real;

TEST(SceneView, TheWheelZoomsByAFactorOfPointNinePerStep) {
    struct Case {
        float steps;
        Real factor;
    };
    const Case cases[] = {{1.0f, 0.9L}, {2.0f, 0.81L}, {-1.0f, 1 / 0.9L}, {0.5f, std::sqrt(0.9L)}};
    Real worst = 0;
    int checked = 0;
    for (const Case& c : cases) {
        Session s;
        const pickref::Camera before = s.camera();
        s.step({motion({320, 180}), event::Wheel{c.steps}});
        const pickref::Camera after = s.camera();
        const Real ratio = distance(after.eye, after.target) / distance(before.eye, before.target);
        const Real error = std::abs(ratio / c.factor - 1);
        worst = std::max(worst, error);
        // Float eye = target + (float distance) * normalize(offset): a few float roundings (6e-8
        // relative each), so 5e-7 (8 roundings).
        EXPECT_LT(error, 5e-7L) << c.steps << " steps: ratio " << static_cast<double>(ratio);
        EXPECT_EQ(s.editor.scene().camera.target, glm::vec3(0.0f, 0.5f, 0.0f));
        const pickref::Vec d0 = before.eye - before.target;
        const pickref::Vec d1 = after.eye - after.target;
        EXPECT_LT(pickref::angleDegrees(d0, d1), 1e-4L) << "along the same line";
        ++checked;
    }
    std::printf("precision: a wheel zoom's distance ratio is off by %.3Lg relative\n", worst);
    EXPECT_EQ(checked, 4);

    Session s;
    s.frame.mouseOnUi = true;
    const glm::vec3 eye = s.editor.scene().camera.eye;
    s.step({motion({320, 180}), event::Wheel{3.0f}});
    EXPECT_EQ(s.editor.scene().camera.eye, eye) << "the wheel over a panel scrolls the panel";
}

// A right drag turns the eye about the target at the same distance: sideways it keeps the
// elevation, up and down it keeps the direction around the up axis.
TEST(SceneView, ARightDragOrbitsAroundTheTargetAtTheSameDistance) {
    auto elevationDegrees = [](const pickref::Camera& c) {
        const pickref::Vec d = c.eye - c.target;
        return pickref::angleDegrees(d, c.up);
    };
    auto azimuth = [](const pickref::Camera& c) {
        const pickref::Vec d = c.eye - c.target;
        return std::atan2(d.x, d.z);
    };
    Real worstDistance = 0;
    Real worstKept = 0;
    int checked = 0;
    for (const glm::ivec2 move : {glm::ivec2(30, 0), glm::ivec2(0, 20)}) {
        SCOPED_TRACE("move " + std::to_string(move.x) + ", " + std::to_string(move.y));
        Session s;
        const pickref::Camera before = s.camera();
        const glm::vec3 target = s.editor.scene().camera.target;
        const glm::ivec2 at{320, 180};
        s.step({motion(at)});
        s.step({event::ButtonDown{MouseButton::Right, at, {}}});
        s.step({motion(at + move)});
        s.step({motion(at + 2 * move)});
        s.step({event::ButtonUp{MouseButton::Right, at + 2 * move, {}}});
        const pickref::Camera after = s.camera();
        EXPECT_EQ(s.editor.scene().camera.target, target);
        EXPECT_GT(distance(after.eye, before.eye), 0.5L) << "the eye moved";
        const Real r0 = distance(before.eye, before.target);
        const Real error = std::abs(distance(after.eye, after.target) / r0 - 1);
        worstDistance = std::max(worstDistance, error);
        // Float rotation of a unit vector times the float distance: a few float roundings (6e-8
        // relative each), so 3e-7 (5 roundings).
        EXPECT_LT(error, 3e-7L);
        const Real elevationChange = std::abs(elevationDegrees(after) - elevationDegrees(before));
        const Real azimuthChange = std::abs(azimuth(after) - azimuth(before));
        if (move.y == 0) {
            worstKept = std::max(worstKept, elevationChange);
            // Float sin/cos/asin of the kept elevation: a few float roundings of degrees, so 5e-6.
            EXPECT_LT(elevationChange, 5e-6L) << "sideways keeps the elevation";
            EXPECT_GT(azimuthChange, 0.1L) << "radians";
        } else {
            worstKept = std::max(worstKept, azimuthChange * 180 / 3.14159265358979323846L);
            // The float horizontal direction, renormalised: the same bound as the elevation's.
            EXPECT_LT(azimuthChange * 180 / 3.14159265358979323846L, 5e-6L)
                << "up and down keeps the direction around up";
            EXPECT_GT(elevationChange, 5.0L);
        }
        EXPECT_EQ(s.editor.history().steps(), 0u) << "the camera is no edit";
        EXPECT_TRUE(s.view.clicks().empty()) << "a right press is no click";
        ++checked;
    }
    std::printf("precision: an orbit's distance is off by %.3Lg relative, its kept angle by %.3Lg degrees\n",
                worstDistance, worstKept);
    EXPECT_EQ(checked, 2);
}

// A recording keeps each frame's camera move (Update::cameraMove) in the terms it was
// made in, and a replay makes the recorded move instead of the one its input would make: the same
// camera at any window size.
TEST(SceneView, TheCameraMoveIsReportedAndAReplayedOneIsMadeInsteadOfTheInputs) {
    const glm::ivec2 at{320, 180};
    // A right drag of (10, -5) pixels: the orbit's angles are 0.008 radians a pixel (yaw against x).
    Session s;
    s.step({motion(at)});
    s.step({event::ButtonDown{MouseButton::Right, at, {}}});
    const scene::Camera before = s.editor.scene().camera;
    s.step({motion(at + glm::ivec2(10, -5))});
    const glm::vec2 angles{-0.008f * 10.0f, 0.008f * -5.0f};  // in float, as the view multiplies them
    EXPECT_EQ(s.last.cameraMove.orbitRadians, angles);
    EXPECT_EQ(s.last.cameraMove.zoomSteps, 0.0f);
    EXPECT_EQ(s.editor.scene().camera, orbit(before, angles.x, angles.y));
    // A wheel step and a middle drag's pan, in drawable pixels of the drawable's height.
    s.step({event::ButtonUp{MouseButton::Right, at, {}}, event::Wheel{2.0f}});
    EXPECT_EQ(s.last.cameraMove.zoomSteps, 2.0f);
    s.step({event::ButtonDown{MouseButton::Middle, at, {}}});
    s.step({motion(at + glm::ivec2(3, 4))});
    EXPECT_EQ(s.last.cameraMove.panPixels, glm::vec2(3.0f, 4.0f));
    EXPECT_EQ(s.last.cameraMove.panDrawableHeight, 360.0f);

    // Replayed in a window twice as large (drawable too): the recorded orbit, not the motion's.
    Session r({1280, 720}, {1280, 720});
    r.step({motion(at)});
    r.step({event::ButtonDown{MouseButton::Right, at, {}}});
    const scene::Camera start = r.editor.scene().camera;
    r.frame.replayedMove = CameraMove{0.0f, {-0.08f, -0.04f}, {0.0f, 0.0f}, 0.0f};
    r.step({motion(at + glm::ivec2(20, -10))});
    EXPECT_EQ(r.editor.scene().camera, orbit(start, -0.08f, -0.04f)) << "the same angles at twice the size";
    // No recorded move: a replayed frame's motion moves nothing.
    r.frame.replayedMove = CameraMove{};
    const scene::Camera still = r.editor.scene().camera;
    r.step({motion(at + glm::ivec2(90, 40))});
    EXPECT_EQ(r.editor.scene().camera, still);
    // A pan recorded in a 360-high drawable pans by the same share of this 720-high one.
    r.step({event::ButtonUp{MouseButton::Right, at, {}}});
    const scene::Camera beforePan = r.editor.scene().camera;
    r.frame.replayedMove = CameraMove{0.0f, {0.0f, 0.0f}, {3.0f, 4.0f}, 360.0f};
    r.step({});
    EXPECT_EQ(r.editor.scene().camera, pan(beforePan, glm::vec2(6.0f, 8.0f), 720.0f));
}

// The frames in which the camera moves may be drawn approximate; cameraMoving()
// says which. Each gesture frame by frame: true while an orbit or pan drag is held and in a
// frame with a wheel step, false for clicks, object drags, hovering and the frame after the
// motion (the one the renderer must draw exactly).
TEST(SceneView, TheCameraIsMovingDuringOrbitPanAndWheelOnlyAndNotInTheFrameAfter) {
    Session s;
    const glm::ivec2 background{5, 5};  // no sphere there (threeSpheres sits around the centre)
    const glm::ivec2 ball = s.windowPointOf(centreOf(s.editor, 0));
    struct Frame {
        std::vector<InputEvent> events;
        bool moving;
        const char* what;
    };
    const Modifiers shift{false, true, false};
    const std::vector<Frame> frames{
        {{motion(ball), event::ButtonDown{MouseButton::Left, ball, {}}},
         false,
         "left press on a ball (before the camera moves)"},
        {{motion(ball + glm::ivec2(20, 0))}, false, "dragging the ball moves it, not the camera"},
        {{event::ButtonUp{MouseButton::Left, ball + glm::ivec2(20, 0), {}}}, false, "released"},
        {{motion(background)}, false, "hover"},
        {{event::ButtonDown{MouseButton::Right, background, {}}}, true, "right press: orbit held"},
        {{motion(background + glm::ivec2(20, 0))}, true, "orbit move"},
        {{}, true, "orbit held still"},
        {{event::ButtonUp{MouseButton::Right, background + glm::ivec2(20, 0), {}}}, false, "orbit released"},
        {{event::ButtonDown{MouseButton::Middle, background, {}}}, true, "middle press: pan held"},
        {{motion(background + glm::ivec2(0, 20))}, true, "pan move"},
        {{event::ButtonUp{MouseButton::Middle, background + glm::ivec2(0, 20), {}}}, false, "pan released"},
        {{event::ButtonDown{MouseButton::Left, background, shift}}, true, "shift+left press: pan held"},
        {{event::ButtonUp{MouseButton::Left, background, shift}}, false, "shift+left released"},
        {{motion(background), event::Wheel{1.0f}}, true, "wheel step"},
        {{}, false, "the frame after the wheel"},
        {{event::ButtonDown{MouseButton::Left, background, {}}}, false, "left press: a click until dragged"},
        {{motion(background + glm::ivec2(20, 20))}, true, "left drag on the background: orbit"},
        {{event::ButtonUp{MouseButton::Left, background + glm::ivec2(20, 20), {}}}, false, "released"},
    };
    std::size_t checked = 0;
    for (const Frame& f : frames) {
        s.step(f.events);
        EXPECT_EQ(s.view.cameraMoving(), f.moving) << f.what;
        ++checked;
    }
    EXPECT_EQ(checked, 18u);
    EXPECT_EQ(s.editor.history().steps(), 1u) << "the ball's drag, and nothing else, is an edit";
}

// A middle drag, or a shift+left one, pans: eye and target slide together so that the point at the
// target's depth follows the cursor: the old target is drawn, in the new camera, the cursor's move
// away from where it was drawn before.
TEST(SceneView, AMiddleOrShiftLeftDragPansSoThatTheTargetFollowsTheCursor) {
    struct Case {
        MouseButton button;
        Modifiers held;
    };
    const Case cases[] = {{MouseButton::Middle, {}}, {MouseButton::Left, {false, true, false}}};
    Real worst = 0;
    Real worstApart = 0;
    int checked = 0;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.button == MouseButton::Middle ? "middle" : "shift+left");
        Session s;
        const pickref::Camera before = s.camera();
        // On s1, so that a shift+left press that picked would show in the selection.
        const glm::ivec2 at = s.windowPointOf(centreOf(s.editor, 1));
        const glm::ivec2 move{40, -10};
        s.step({motion(at, c.held)});
        s.step({event::ButtonDown{c.button, at, c.held}});
        s.step({motion(at + glm::ivec2(15, -4), c.held)});
        s.step({motion(at + move, c.held)});
        s.step({event::ButtonUp{c.button, at + move, c.held}});
        const pickref::Camera after = s.camera();
        const pickref::Vec eyeMove = after.eye - before.eye;
        const pickref::Vec targetMove = after.target - before.target;
        EXPECT_GT(distance(after.target, before.target), 0.5L) << "40 pixels at ~0.027 world units each";
        worstApart = std::max(worstApart, distance(eyeMove, targetMove));
        // Eye and target moved alike (float sums of the same move into coordinates up to 9: a
        // float ulp there is 9.5e-7): 1e-6, about one such ulp.
        EXPECT_LT(distance(eyeMove, targetMove), 1e-6L);
        const std::optional<pickref::Vec> was = pickref::project(before, before.target);
        const std::optional<pickref::Vec> now = pickref::project(after, before.target);
        ASSERT_TRUE(was && now);
        const Real error = std::hypot(now->x - (was->x + move.x), now->y - (was->y + move.y));
        worst = std::max(worst, error);
        // The float pan of a float camera, drawn again by the reference: a few float roundings of
        // pixel coordinates, so 2e-5 pixels.
        EXPECT_LT(error, 2e-5L) << "pixels";
        EXPECT_TRUE(s.editor.selection().empty()) << "a pan picks nothing";
        EXPECT_TRUE(s.view.clicks().empty());
        EXPECT_EQ(centreOf(s.editor, 1), glm::vec3(2.0f, 0.0f, 0.0f));
        ++checked;
    }
    std::printf(
        "precision: a pan leaves the target %.3Lg pixels off the cursor's move; eye and target moved %.3Lg "
        "apart\n",
        worst, worstApart);
    EXPECT_EQ(checked, 2);
}

}  // namespace
}  // namespace pickray::app
