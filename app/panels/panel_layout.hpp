// SPDX-License-Identifier: MIT
#pragma once
// Where the panels go: each one's default place for the window's size, and each kept inside the
// window where the user put it. For the panels' own .cpp files only.

#include <glm/vec2.hpp>

#include "panels/ui.hpp"

namespace pickray::app {

/// Every panel's default place (Reset layout): the scene's panels down the left, the pick and the
/// camera down the right, each column shrunk to fit a small window; the pick audit and the
/// explaining panels (Math, Constructions) along the bottom between them.
struct Layout {
    glm::vec2 sceneSize, inspectorSize, capsuleSize, pickSize, cameraSize, auditSize, mathSize, constructionSize;
    glm::vec2 sceneAt, inspectorAt, capsuleAt, auditAt, mathAt, constructionAt;  // from the top-left corner
    glm::vec2 pickAt, cameraAt;                                                  // x measured from the right edge
};

/// The part of the height below the menu bar the explaining panels' band takes at most.
inline constexpr float kExplainingBand = 0.3f;

/// `bothExplaining`: the Math and the Constructions panels are both open (they share the band).
Layout defaultLayout(glm::ivec2 window, float top, bool bothExplaining);

/// Inside a panel's Begin/End: keeps it where `state` wants it, inside the window, its right-hand
/// ones anchored to the right edge; `offset` and `size` are where Reset layout puts it.
void keepPanelInWindow(UiState& state, const UiView& view, const char* name, bool rightAnchored, glm::vec2 offset,
                       glm::vec2 size, float top);

}  // namespace pickray::app
