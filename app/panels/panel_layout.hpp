// SPDX-License-Identifier: MIT
#pragma once
// Where the panels go: each one's default place for the window's size, and each kept inside the
// window where the user put it. For the panels' own .cpp files only.

#include <array>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "panels/ui.hpp"

namespace pickray::app {

/// A place from the top-left corner, and a size.
struct Place {
    glm::vec2 at{0.0f};
    glm::vec2 size{0.0f};
};

/// Every panel's default place (Reset layout): the scene's panels down the left, the pick and the
/// camera down the right, each column shrunk to fit a small window; the band's panels (Pick audit,
/// Math, Constructions) along the bottom between them.
struct Layout {
    glm::vec2 sceneSize, inspectorSize, capsuleSize, pickSize, cameraSize;
    glm::vec2 sceneAt, inspectorAt, capsuleAt;  // from the top-left corner
    glm::vec2 pickAt, cameraAt;                 // x measured from the right edge
    std::array<Place, kBandPanels> band;        // by BandPanel
    std::vector<BandPanel> bandOpen;            // in the band's order
    /// The open band panels are too many for the band's width side by side: they take the same
    /// place, and only UiState::bandFront is drawn, with tabs naming the others.
    bool bandShared = false;
};

/// The part of the height below the menu bar the explaining panels' band takes at most.
inline constexpr float kExplainingBand = 0.3f;

/// `band`: the band's panels that are open, in the band's order.
Layout defaultLayout(glm::ivec2 window, float top, std::span<const BandPanel> band);

/// Whether the band panel `self` is drawn this frame: unless the band's panels share one place and
/// another one is in front.
bool bandPanelDrawn(const UiState& state, const Layout& layout, BandPanel self);

/// Inside a band panel: while the band's panels share one place, a row of tabs naming each, the
/// front one marked; a click on another brings that one to the front.
void bandTabs(UiState& state, const Layout& layout);

/// Inside a panel's Begin/End: keeps it where `state` wants it, inside the window, its right-hand
/// ones anchored to the right edge; `offset` and `size` are where Reset layout puts it.
void keepPanelInWindow(UiState& state, const UiView& view, const char* name, bool rightAnchored, glm::vec2 offset,
                       glm::vec2 size, float top);

}  // namespace pickray::app
