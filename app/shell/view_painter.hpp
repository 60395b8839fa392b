// SPDX-License-Identifier: MIT
#pragma once
// What a frame draws of the scene, and over it before the panels: the main view (exact, or
// approximate while the camera moves and a moment after), the lines over it, the captures that
// need the scene's object IDs, the pick audit's heat map, the observer's view, the constructions'
// labels. A frame drawn from the same inputs as the last only presents the target again.

#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "editor/editor.hpp"
#include "panels/drawn_panels.hpp"
#include "panels/ui.hpp"
#include "render/frame_cache.hpp"
#include "render/renderer.hpp"
#include "shell/captures.hpp"
#include "shell/frame_pacing.hpp"
#include "viewport/performance.hpp"
#include "viewport/scene_view.hpp"
#include "viewport/view_audit.hpp"
#include "viewport/view_drawing.hpp"

namespace pickray::app {

class ViewPainter {
public:
    /// This frame, as the painter sees it.
    struct Frame {
        const Editor& editor;
        const SceneView& view;
        const UiState& ui;
        const FrameMatrices& matrices;
        glm::ivec2 windowSize{0};
        glm::ivec2 drawableSize{0};
        bool headless = false;  ///< a script's frame: exact at once, the audit waited for
        bool redraw = false;    ///< drawn even when the target holds the same picture (timing)
    };
    /// Draws the scene into `renderer` (or presents the last picture again) and takes the captures
    /// asked for; true when it was drawn anew. A window too large to draw is said once to `say`.
    bool draw(const Frame& frame, render::Renderer& renderer, Captures& captures, Performance& performance,
              const Say& say);
    /// What is drawn over the scene before the panels: the heat map, the labels.
    void drawOver(render::Renderer& renderer, UiState& ui, DrawnPanels& drawn, glm::ivec2 windowSize,
                  glm::ivec2 drawableSize);
    /// When the picture changes by itself: an audit's end, an approximate view's settling.
    [[nodiscard]] double secondsUntilChange(bool cameraMoving) const;

    [[nodiscard]] ObserverView& observer() { return observer_; }
    [[nodiscard]] const ObserverView& observer() const { return observer_; }
    [[nodiscard]] const ViewAudit& audit() const { return audit_; }

private:
    ObserverView observer_;
    ViewAudit audit_;
    render::FrameCache drawn_;
    SettleRule settle_;
    std::vector<ScreenLabel> labels_;  ///< View > Constructions: this frame's labels
    glm::ivec2 refusedDrawable_{-1};   ///< the drawable size last refused as too large (said once)
};

}  // namespace pickray::app
