// SPDX-License-Identifier: MIT
#pragma once
// SDL's events as the app's one input type (input_events.hpp): the only place that reads them.

#include <optional>

#include <SDL.h>

#include "input/input_events.hpp"

namespace pickray::app {

/// `event` as an InputEvent; nullopt for what no part of the app reads (ImGui reads SDL's own).
/// Mouse events carry the modifiers SDL holds now (its events carry none).
[[nodiscard]] std::optional<InputEvent> toInputEvent(const SDL_Event& event);

}  // namespace pickray::app
