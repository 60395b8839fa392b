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
    /// The frame owner's parts it draws from and into.
    struct Parts {
        const Editor& editor;
        const SceneView& view;
        UiState& ui;
        DrawnPanels& drawn;
        render::Renderer& renderer;
        Captures& captures;
        Performance& performance;
        Say say;  ///< a window too large to draw is said once
    };
    /// `headless`: a script's frames, exact at once, each audit waited for.
    ViewPainter(Parts parts, bool headless) : p_(std::move(parts)), headless_(headless) {}

    /// Draws the scene with `matrices` (or presents the last picture again; `redraw`: never) and
    /// takes the captures asked for; true when it was drawn anew.
    bool draw(const FrameMatrices& matrices, glm::ivec2 windowSize, glm::ivec2 drawableSize, bool redraw);
    /// What is drawn over the scene before the panels: the heat map, the labels.
    void drawOver(glm::ivec2 windowSize, glm::ivec2 drawableSize);
    /// When the picture changes by itself: an audit's end, an approximate view's settling.
    [[nodiscard]] double secondsUntilChange(bool cameraMoving) const;

    [[nodiscard]] ObserverView& observer() { return observer_; }
    [[nodiscard]] const ObserverView& observer() const { return observer_; }
    [[nodiscard]] const ViewAudit& audit() const { return audit_; }

private:
    Parts p_;
    bool headless_ = false;
    ObserverView observer_;
    ViewAudit audit_;
    render::FrameCache drawn_;
    SettleRule settle_;
    ViewLabels labels_;               ///< View > Constructions: this frame's labels and what they keep off
    glm::ivec2 refusedDrawable_{-1};  ///< the drawable size last refused as too large (said once)
};

}  // namespace pickray::app
