// SPDX-License-Identifier: MIT
#pragma once
// The observer's view's words, drawn over the window: which picture is which, and, when the
// frustum is not drawn as it is (cut short, its near plane enlarged), that it is. Where its corner
// picture goes among the panels. ImGui only: the pictures are the renderer's.

#include <string>

#include <glm/vec2.hpp>

#include "panels/ui.hpp"
#include "viewport/observer.hpp"

namespace pickray::app {

/// The part of the window the panels left free when last drawn (FreeView; the whole window before
/// they are drawn).
[[nodiscard]] WindowRect freeRoom(const UiState& ui, glm::ivec2 windowSize);
/// The corner picture's rectangle: insetRect at ui.observerCorner in freeRoom, so that no panel
/// covers it.
[[nodiscard]] WindowRect observerInset(const UiState& ui, glm::ivec2 windowSize);

/// In the corner picture's top-left corner its name ("observer: drag to orbit", or "camera" when
/// the observer is the main view); `note` (frustumLabel), if any, just below the corner picture
/// (above it where the window ends below), from its left edge, or to its right edge in a right-hand
/// `corner`, where a note wider than the picture would run into a panel. Under the panels.
/// `inset` in window units (ImGui's). Nothing when `mode` is Off.
void observerLabels(ObserverMode mode, const WindowRect& inset, InsetCorner corner, const std::string& note);

}  // namespace pickray::app
