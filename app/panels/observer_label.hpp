// SPDX-License-Identifier: MIT
#pragma once
// The observer's view's words, drawn over the window: which picture is which, and, when
// the frustum is drawn cut short, that it is and where. ImGui only: the pictures are the renderer's.

#include <string>

#include "viewport/observer.hpp"

namespace pickray::app {

/// In the corner picture's top-left corner its name ("observer: drag to orbit", or "camera" when
/// the observer is the main view); `truncation` (truncationLabel), if any, just below the corner.
/// Under the panels.
/// `inset` in window units (ImGui's). Nothing when `mode` is Off.
void observerLabels(ObserverMode mode, const WindowRect& inset, const std::string& truncation);

}  // namespace pickray::app
