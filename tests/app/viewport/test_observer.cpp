// SPDX-License-Identifier: MIT
// The hand on the observer's view (viewport/observer.hpp): which of a frame's events it keeps
// (presses over it and their drags, the wheel over it) and which go on to the main view.
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "viewport/observer.hpp"

namespace pickray::app {
namespace {

constexpr glm::ivec2 kWindow{1280, 720};
// insetRect(kWindow): a quarter of the window at the middle of its top edge, 32 units down.
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
    o.setCamera(observerCameraFor(scene::Camera{}));
    return o;
}

TEST(ObserverInput, TheCornerIsWhereInsetRectSaysAndTheWholeWindowWhenItIsTheMainView) {
    const WindowRect r = insetRect(kWindow);
    EXPECT_EQ(r.min, glm::ivec2(480, 32));
    EXPECT_EQ(r.size, glm::ivec2(320, 180));
    EXPECT_TRUE(Observer::over(ObserverMode::Inset, kInside, kWindow));
    EXPECT_FALSE(Observer::over(ObserverMode::Inset, kOutside, kWindow));
    EXPECT_TRUE(Observer::over(ObserverMode::Main, kOutside, kWindow));
    EXPECT_FALSE(Observer::over(ObserverMode::Off, kInside, kWindow));
}

TEST(ObserverInput, APressAndDragOverTheCornerTurnTheObserverAndNoneOfItReachesTheView) {
    Observer o = placed();
    const scene::Camera before = o.camera();
    const std::vector<InputEvent> events{event::Motion{kInside, {}}, event::ButtonDown{MouseButton::Left, kInside, {}},
                                         event::Motion{kInside + glm::ivec2(30, 10), {}},
                                         event::ButtonUp{MouseButton::Left, kInside + glm::ivec2(30, 10), {}}};
    const std::vector<InputEvent> forView = o.take(events, ObserverMode::Inset, kWindow);
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
    const std::vector<InputEvent> forView = o.take(drag, ObserverMode::Inset, kWindow);
    EXPECT_EQ(forView.size(), drag.size()) << "press, motion and release are the view's";
    EXPECT_EQ(count<event::Leave>(forView), 0);
    EXPECT_EQ(o.camera().eye, before.eye);
    const std::vector<InputEvent> wheel{event::Motion{kInside, {}}, event::Wheel{1.0f}};
    const std::vector<InputEvent> forView2 = o.take(wheel, ObserverMode::Inset, kWindow);
    EXPECT_EQ(count<event::Wheel>(forView2), 0);
    EXPECT_LT(glm::length(o.camera().eye - o.camera().target), glm::length(before.eye - before.target));
}

TEST(ObserverInput, OffItTakesNothingAndAsTheMainViewItTakesEveryPress) {
    Observer o = placed();
    const std::vector<InputEvent> events{event::ButtonDown{MouseButton::Left, kInside, {}},
                                         event::ButtonUp{MouseButton::Left, kInside, {}}, event::Wheel{1.0f},
                                         event::KeyDown{}};
    EXPECT_EQ(o.take(events, ObserverMode::Off, kWindow).size(), events.size());
    const std::vector<InputEvent> main{event::ButtonDown{MouseButton::Left, kOutside, {}},
                                       event::ButtonUp{MouseButton::Left, kOutside, {}}, event::KeyDown{}};
    const std::vector<InputEvent> forView = o.take(main, ObserverMode::Main, kWindow);
    ASSERT_EQ(forView.size(), 1u) << "only the key goes on";
    EXPECT_TRUE(std::holds_alternative<event::KeyDown>(forView[0]));
}

}  // namespace
}  // namespace pickray::app
