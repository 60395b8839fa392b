// SPDX-License-Identifier: MIT
// toInputEvent, the one place SDL's events are read: each SDL event the app uses becomes the
// InputEvent it stands for, and the ones it does not use become none. No window: the events are
// built by hand, and the modifier state mouse events carry is SDL's own (SDL_SetModState), which
// needs no SDL_Init.
#include <gtest/gtest.h>

#include <variant>

#include <SDL.h>

#include "shell/sdl_events.hpp"

namespace pickray::app {
namespace {

SDL_Event mouseButton(Uint32 type, Uint8 button, int x, int y) {
    SDL_Event e{};
    e.type = type;
    e.button.type = type;
    e.button.button = button;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.x = x;
    e.button.y = y;
    return e;
}

SDL_Event key(Uint32 type, SDL_Keycode sym, Uint16 mod) {
    SDL_Event e{};
    e.type = type;
    e.key.type = type;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    return e;
}

SDL_Event windowEvent(Uint8 what) {
    SDL_Event e{};
    e.type = SDL_WINDOWEVENT;
    e.window.type = SDL_WINDOWEVENT;
    e.window.event = what;
    return e;
}

/// Sets SDL's modifier state for one test and puts it back to none after.
struct ModState {
    explicit ModState(SDL_Keymod mod) { SDL_SetModState(mod); }
    ~ModState() { SDL_SetModState(KMOD_NONE); }
    ModState(const ModState&) = delete;
    ModState& operator=(const ModState&) = delete;
};

TEST(SdlEvents, LeftMiddleAndRightButtonsGoDownAndUpWhereTheyWerePressed) {
    struct Case {
        Uint8 sdl;
        MouseButton button;
    };
    const Case cases[] = {{SDL_BUTTON_LEFT, MouseButton::Left},
                          {SDL_BUTTON_MIDDLE, MouseButton::Middle},
                          {SDL_BUTTON_RIGHT, MouseButton::Right}};
    int checked = 0;
    for (const Case& c : cases) {
        SCOPED_TRACE("SDL button " + std::to_string(c.sdl));
        const auto down = toInputEvent(mouseButton(SDL_MOUSEBUTTONDOWN, c.sdl, 17, 230));
        ASSERT_TRUE(down);
        const auto* d = std::get_if<event::ButtonDown>(&*down);
        ASSERT_TRUE(d);
        EXPECT_EQ(d->button, c.button);
        EXPECT_EQ(d->at, glm::ivec2(17, 230));
        EXPECT_EQ(d->held, Modifiers{});
        const auto up = toInputEvent(mouseButton(SDL_MOUSEBUTTONUP, c.sdl, 640, 3));
        ASSERT_TRUE(up);
        const auto* u = std::get_if<event::ButtonUp>(&*up);
        ASSERT_TRUE(u);
        EXPECT_EQ(u->button, c.button);
        EXPECT_EQ(u->at, glm::ivec2(640, 3));
        ++checked;
    }
    EXPECT_EQ(checked, 3);
}

TEST(SdlEvents, TheSideButtonsAreIgnored) {
    int checked = 0;
    for (const Uint8 button : {Uint8{SDL_BUTTON_X1}, Uint8{SDL_BUTTON_X2}})
        for (const Uint32 type : {Uint32{SDL_MOUSEBUTTONDOWN}, Uint32{SDL_MOUSEBUTTONUP}}) {
            EXPECT_FALSE(toInputEvent(mouseButton(type, button, 10, 10))) << int{button} << " " << type;
            ++checked;
        }
    EXPECT_EQ(checked, 4);
}

TEST(SdlEvents, MouseEventsCarryTheModifiersSdlHoldsNow) {
    {
        const ModState held(KMOD_LCTRL);
        const auto down = toInputEvent(mouseButton(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, 5, 6));
        ASSERT_TRUE(down && std::holds_alternative<event::ButtonDown>(*down));
        EXPECT_EQ(std::get<event::ButtonDown>(*down).held, (Modifiers{true, false, false}));
    }
    {
        const ModState held(static_cast<SDL_Keymod>(KMOD_RSHIFT | KMOD_LALT));
        SDL_Event e{};
        e.type = SDL_MOUSEMOTION;
        e.motion.type = SDL_MOUSEMOTION;
        e.motion.x = 300;
        e.motion.y = 200;
        e.motion.xrel = -7;  // motion is told by positions: the relative move is not read
        const auto m = toInputEvent(e);
        ASSERT_TRUE(m && std::holds_alternative<event::Motion>(*m));
        EXPECT_EQ(std::get<event::Motion>(*m).at, glm::ivec2(300, 200));
        EXPECT_EQ(std::get<event::Motion>(*m).held, (Modifiers{false, true, true}));
    }
}

TEST(SdlEvents, TheWheelTurnsByItsNotchesAwayFromTheUserPositive) {
    int checked = 0;
    for (const int y : {1, -1, 3}) {
        SDL_Event e{};
        e.type = SDL_MOUSEWHEEL;
        e.wheel.type = SDL_MOUSEWHEEL;
        e.wheel.y = y;
        e.wheel.x = 2;  // sideways: not read
        const auto w = toInputEvent(e);
        ASSERT_TRUE(w && std::holds_alternative<event::Wheel>(*w));
        EXPECT_EQ(std::get<event::Wheel>(*w).steps, static_cast<float>(y));
        ++checked;
    }
    EXPECT_EQ(checked, 3);
}

TEST(SdlEvents, AKeyDownIsAChordOfItsOwnModifiersAndAKeyUpTellsWhatIsStillHeld) {
    // The key event's own modifiers, not SDL's state now (which says shift here).
    const ModState state(KMOD_LSHIFT);
    struct Case {
        SDL_Keycode sym;
        Uint16 mod;
        KeyChord chord;
    };
    const Case cases[] = {
        {SDLK_z, KMOD_LCTRL, KeyChord{SDLK_z, true, false, false}},
        {SDLK_z, KMOD_RCTRL | KMOD_LSHIFT, KeyChord{SDLK_z, true, true, false}},
        {SDLK_DELETE, KMOD_NONE, KeyChord{SDLK_DELETE, false, false, false}},
        {SDLK_F1, KMOD_RALT | KMOD_NUM, KeyChord{SDLK_F1, false, false, true}},
    };
    int checked = 0;
    for (const Case& c : cases) {
        SCOPED_TRACE("key " + std::to_string(c.sym) + " mod " + std::to_string(c.mod));
        const auto down = toInputEvent(key(SDL_KEYDOWN, c.sym, c.mod));
        ASSERT_TRUE(down && std::holds_alternative<event::KeyDown>(*down));
        EXPECT_EQ(std::get<event::KeyDown>(*down).chord, c.chord);
        ++checked;
    }
    EXPECT_EQ(checked, 4);
    // Ctrl's own release: its event's mod no longer has Ctrl (SDL clears it first), shift still held.
    const auto up = toInputEvent(key(SDL_KEYUP, SDLK_LCTRL, KMOD_LSHIFT));
    ASSERT_TRUE(up && std::holds_alternative<event::KeyUp>(*up));
    EXPECT_EQ(std::get<event::KeyUp>(*up).held, (Modifiers{false, true, false}));
}

TEST(SdlEvents, CloseLeaveAndQuitAndNothingElseOfTheWindow) {
    const auto close = toInputEvent(windowEvent(SDL_WINDOWEVENT_CLOSE));
    ASSERT_TRUE(close);
    EXPECT_TRUE(std::holds_alternative<event::Close>(*close));
    const auto leave = toInputEvent(windowEvent(SDL_WINDOWEVENT_LEAVE));
    ASSERT_TRUE(leave);
    EXPECT_TRUE(std::holds_alternative<event::Leave>(*leave));
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    const auto q = toInputEvent(quit);
    ASSERT_TRUE(q);
    EXPECT_TRUE(std::holds_alternative<event::Close>(*q));
    int checked = 0;
    for (const Uint8 what : {Uint8{SDL_WINDOWEVENT_ENTER}, Uint8{SDL_WINDOWEVENT_RESIZED},
                             Uint8{SDL_WINDOWEVENT_FOCUS_LOST}, Uint8{SDL_WINDOWEVENT_MINIMIZED}}) {
        EXPECT_FALSE(toInputEvent(windowEvent(what))) << int{what};
        ++checked;
    }
    EXPECT_EQ(checked, 4);
    SDL_Event text{};
    text.type = SDL_TEXTINPUT;  // ImGui reads SDL's own
    EXPECT_FALSE(toInputEvent(text));
}

}  // namespace
}  // namespace pickray::app
