// SPDX-License-Identifier: MIT
// The observer's view (viewport/observer.hpp): which of a frame's events it keeps (presses over it
// and their drags, the wheel over it) and which go on to the main view; where its corner picture
// goes; where the frustum is cut, how large its near plane is drawn, and what its camera frames.
#include <array>
#include <variant>
#include <vector>

#include <glm/geometric.hpp>

#include <gtest/gtest.h>

#include <pickray/picking.hpp>

#include "editor/pick.hpp"
#include "viewport/observer.hpp"

namespace pickray::app {
namespace {

constexpr glm::ivec2 kWindow{1280, 720};
// The corner picture at the top: a quarter of the window at the middle of the top edge.
const WindowRect kInset = insetRect(kWindow, {glm::ivec2(0), kWindow}, InsetCorner::Top);
constexpr glm::ivec2 kInside{640, 150};
constexpr glm::ivec2 kOutside{200, 200};

template <class E>
int count(const std::vector<InputEvent>& events) {
    int n = 0;
    for (const InputEvent& e : events) n += std::holds_alternative<E>(e) ? 1 : 0;
    return n;
}

Observer placed() {
    Observer o;
    o.setCamera(scene::Camera{});
    return o;
}

TEST(ObserverInput, TheCornerIsWhereInsetRectSaysAndTheWholeWindowWhenItIsTheMainView) {
    EXPECT_EQ(kInset.min, glm::ivec2(480, kInsetMargin));
    EXPECT_EQ(kInset.size, glm::ivec2(320, 180));
    EXPECT_TRUE(Observer::over(ObserverMode::Inset, kInside, kInset));
    EXPECT_FALSE(Observer::over(ObserverMode::Inset, kOutside, kInset));
    EXPECT_TRUE(Observer::over(ObserverMode::Main, kOutside, kInset));
    EXPECT_FALSE(Observer::over(ObserverMode::Off, kInside, kInset));
}

TEST(ObserverInput, APressAndDragOverTheCornerTurnTheObserverAndNoneOfItReachesTheView) {
    Observer o = placed();
    const scene::Camera before = o.camera();
    const std::vector<InputEvent> events{event::Motion{kInside, {}}, event::ButtonDown{MouseButton::Left, kInside, {}},
                                         event::Motion{kInside + glm::ivec2(30, 10), {}},
                                         event::ButtonUp{MouseButton::Left, kInside + glm::ivec2(30, 10), {}}};
    const std::vector<InputEvent> forView = o.take(events, ObserverMode::Inset, kInset);
    EXPECT_EQ(count<event::ButtonDown>(forView) + count<event::ButtonUp>(forView) + count<event::Motion>(forView), 0);
    EXPECT_EQ(count<event::Leave>(forView), 1) << "the cursor over the corner is not the view's hover";
    EXPECT_TRUE(o.moving());
    EXPECT_NE(o.camera().eye, before.eye);
    EXPECT_EQ(o.camera().target, before.target) << "an orbit about its own target";
}

TEST(ObserverInput, TheViewsOwnDragGoesOnOverTheCornerAndTheWheelOverItZoomsTheObserver) {
    Observer o = placed();
    const scene::Camera before = o.camera();
    const std::vector<InputEvent> drag{event::ButtonDown{MouseButton::Right, kOutside, {}}, event::Motion{kInside, {}},
                                       event::ButtonUp{MouseButton::Right, kInside, {}}};
    const std::vector<InputEvent> forView = o.take(drag, ObserverMode::Inset, kInset);
    EXPECT_EQ(forView.size(), drag.size()) << "press, motion and release are the view's";
    EXPECT_EQ(count<event::Leave>(forView), 0);
    EXPECT_EQ(o.camera().eye, before.eye);
    const std::vector<InputEvent> wheel{event::Motion{kInside, {}}, event::Wheel{1.0f}};
    const std::vector<InputEvent> forView2 = o.take(wheel, ObserverMode::Inset, kInset);
    EXPECT_EQ(count<event::Wheel>(forView2), 0);
    EXPECT_LT(glm::length(o.camera().eye - o.camera().target), glm::length(before.eye - before.target));
}

TEST(ObserverInput, OffItTakesNothingAndAsTheMainViewItTakesEveryPress) {
    Observer o = placed();
    const std::vector<InputEvent> events{event::ButtonDown{MouseButton::Left, kInside, {}},
                                         event::ButtonUp{MouseButton::Left, kInside, {}}, event::Wheel{1.0f},
                                         event::KeyDown{}};
    EXPECT_EQ(o.take(events, ObserverMode::Off, kInset).size(), events.size());
    const std::vector<InputEvent> main{event::ButtonDown{MouseButton::Left, kOutside, {}},
                                       event::ButtonUp{MouseButton::Left, kOutside, {}}, event::KeyDown{}};
    const std::vector<InputEvent> forView = o.take(main, ObserverMode::Main, kInset);
    ASSERT_EQ(forView.size(), 1u) << "only the key goes on";
    EXPECT_TRUE(std::holds_alternative<event::KeyDown>(forView[0]));
}

// The main camera of these tests: 10 from its target down -z, near 0.1, far 100.
scene::Camera mainCamera() {
    scene::Camera c;
    c.eye = {0.0f, 0.0f, 10.0f};
    c.target = {0.0f, 0.0f, 0.0f};
    c.up = {0.0f, 1.0f, 0.0f};
    c.near = 0.1f;
    c.far = 100.0f;
    return c;
}

scene::Scene sceneWithABallAt(glm::vec3 center) {
    scene::Scene s;
    s.camera = mainCamera();
    s.objects.push_back({"ball", {0.8f, 0.2f, 0.2f}, Sphere{center, 1.0f}, {}});
    return s;
}

// `world` in the window pixels of `camera`'s picture of `size` (top-left origin).
glm::vec2 pixelOf(glm::dvec3 world, const scene::Camera& camera, glm::ivec2 size) {
    const FrameMatrices m = frameMatrices(camera, size, size);
    return glm::vec2(worldToScreen(glm::vec3(world), m.view, m.projection, m.viewport, m.clipDepth));
}

TEST(ObserverInset, EachCornerIsInsideTheRoomTheMarginFromItsEdgesAndLeavesItsCentreFree) {
    // The default panels' free part of a 1280x720 window: between the side panels, under the menu bar.
    const WindowRect room{{348, 19}, {584, 682}};
    const glm::ivec2 centre = room.min + room.size / 2;
    const glm::ivec2 far = room.min + room.size - kInsetMargin;  // the margin's edge at the bottom right
    const WindowRect top = insetRect(kWindow, room, InsetCorner::Top);
    const WindowRect topLeft = insetRect(kWindow, room, InsetCorner::TopLeft);
    const WindowRect topRight = insetRect(kWindow, room, InsetCorner::TopRight);
    const WindowRect bottomLeft = insetRect(kWindow, room, InsetCorner::BottomLeft);
    const WindowRect bottomRight = insetRect(kWindow, room, InsetCorner::BottomRight);
    for (const WindowRect& r : {top, topLeft, topRight, bottomLeft, bottomRight}) {
        EXPECT_EQ(r.size, glm::ivec2(320, 180)) << "a quarter of the window";
        EXPECT_FALSE(r.contains(centre)) << r.min.x << "," << r.min.y;
    }
    EXPECT_EQ(top.min, glm::ivec2(348 + (584 - 320) / 2, 19 + kInsetMargin));
    EXPECT_EQ(topLeft.min, room.min + kInsetMargin);
    EXPECT_EQ(topRight.min, glm::ivec2(far.x - 320, room.min.y + kInsetMargin));
    EXPECT_EQ(bottomLeft.min, glm::ivec2(room.min.x + kInsetMargin, far.y - 180));
    EXPECT_EQ(bottomRight.min + bottomRight.size, far);
    // A room narrower than a quarter of the window: the picture shrinks into it.
    const WindowRect narrow = insetRect(kWindow, {{100, 0}, {200, 720}}, InsetCorner::TopRight);
    EXPECT_EQ(narrow.min, glm::ivec2(100 + kInsetMargin, kInsetMargin));
    EXPECT_EQ(narrow.size, glm::ivec2(200 - 2 * kInsetMargin, 180));
    EXPECT_STREQ(cornerName(InsetCorner::BottomLeft), "bottom-left");
}

TEST(ObserverFrustum, IsCutAQuarterPastTheDeepestOfTheTargetAndTheObjectsWhenTheFarPlaneLiesBeyond) {
    // A ball of radius 1 at z = -4: its bounds reach z = -5, 15 from the eye.
    const scene::Scene s = sceneWithABallAt({0.0f, 0.0f, -4.0f});
    EXPECT_NEAR(deepestObject(s, s.camera), 15.0, 1e-5);  // float bounds, rounded outward
    const FrustumOutline cut = frustumOutline(frameMatrices(s.camera, kWindow, kWindow), 15.0);
    EXPECT_TRUE(cut.truncated);
    EXPECT_DOUBLE_EQ(cut.drawnFar, 18.75);
    EXPECT_NEAR(cut.farCorners[0].z, 10.0 - 18.75, 1e-4) << "the cut's corners at its depth";
    scene::Camera nearer = s.camera;
    nearer.far = 18.0f;
    const FrustumOutline whole = frustumOutline(frameMatrices(nearer, kWindow, kWindow), 15.0);
    EXPECT_FALSE(whole.truncated);
    EXPECT_DOUBLE_EQ(whole.drawnFar, 18.0);
    // No object: a quarter past the target.
    EXPECT_DOUBLE_EQ(frustumOutline(frameMatrices(s.camera, kWindow, kWindow), 0.0).drawnFar, 12.5);
    EXPECT_EQ(frustumLabel(cut), "frustum cut at 18.75 (far 100)");
}

TEST(ObserverFrustum, TheNearPlaneIsDrawnAtLeastItsLeastPixelsHighAboutItsOwnCentre) {
    const scene::Scene s = sceneWithABallAt({0.0f, 0.0f, -4.0f});
    const glm::ivec2 picture{320, 180};
    const auto seenFrom = [&](float z) {
        scene::Camera o = mainCamera();
        o.eye = {0.0f, 0.0f, z};  // behind the main eye, looking down its axis: the plane face on
        FrustumOutline f = frustumOutline(frameMatrices(s.camera, kWindow, kWindow), 15.0);
        showNearPlane(f, frameMatrices(o, picture, picture));
        return std::pair{f, o};
    };
    const auto [far, farCamera] = seenFrom(40.0f);
    EXPECT_GT(far.nearScale, 10.0) << "0.08 high, 30.1 away: under a pixel as it is";
    const float high =
        glm::length(pixelOf(far.nearDrawn[0], farCamera, picture) - pixelOf(far.nearDrawn[3], farCamera, picture));
    EXPECT_NEAR(high, kNearPlaneLeastPixels, 0.05f * kNearPlaneLeastPixels);
    const auto centre = [](const std::array<glm::dvec3, 4>& c) { return 0.25 * (c[0] + c[1] + c[2] + c[3]); };
    EXPECT_LT(glm::length(centre(far.nearDrawn) - centre(far.nearCorners)), 1e-9);
    EXPECT_NE(frustumLabel(far).find("near plane drawn"), std::string::npos) << frustumLabel(far);
    const auto [close, closeCamera] = seenFrom(10.3f);
    EXPECT_EQ(close.nearScale, 1.0) << "large enough as it is";
    EXPECT_EQ(close.nearDrawn, close.nearCorners);
}

TEST(ObserverCamera, FramesTheDrawnFrustumAndTheObjectsAndTakesTheCommandLinesEyeTargetAndZoom) {
    const scene::Scene s = sceneWithABallAt({-3.0f, 1.0f, -2.0f});
    FrustumOutline f = frustumOutline(frameMatrices(s.camera, kWindow, kWindow), deepestObject(s, s.camera));
    const scene::Camera o = observerCameraFor(s, f, 16.0f / 9.0f);
    ASSERT_FALSE(scene::validate(o)) << *scene::validate(o);
    const glm::ivec2 picture{320, 180};
    std::vector<glm::dvec3> shown{f.eye, glm::dvec3(-4, 0, -3), glm::dvec3(-2, 2, -1)};  // the eye, the ball's box
    shown.insert(shown.end(), f.nearCorners.begin(), f.nearCorners.end());
    shown.insert(shown.end(), f.farCorners.begin(), f.farCorners.end());
    for (const glm::dvec3& p : shown) {
        const glm::vec2 at = pixelOf(p, o, picture);
        EXPECT_TRUE(at.x >= 0 && at.y >= 0 && at.x <= 320.0f && at.y <= 180.0f)
            << p.x << "," << p.y << "," << p.z << " at " << at.x << "," << at.y;
    }
    const scene::Camera asked = observerCameraFor(s, f, 16.0f / 9.0f, {glm::vec3(0, 20, 2), glm::vec3(0, 0, 2), 4.0f});
    EXPECT_EQ(asked.target, glm::vec3(0, 0, 2));
    EXPECT_LT(glm::length(asked.eye - glm::vec3(0, 5, 2)), 1e-5f) << "four times closer";
    const scene::Camera above = observerCameraFor(s, f, 16.0f / 9.0f, {glm::vec3(0, 20, 0), glm::vec3(0), 1.0f});
    EXPECT_FALSE(scene::validate(above)) << "straight down the up axis: another up";
}

}  // namespace
}  // namespace pickray::app
