// SPDX-License-Identifier: MIT
#pragma once
// What the renderer is given for a view: its camera as a FrameView, how objects are emphasised,
// and the lines over the scene (the pick's ray and hits, the naive ray, the constructions, the
// gizmo) with the constructions' labels. The observer's view (ObserverView) is drawn from the same
// parts, seen from its own camera. No GL.

#include <optional>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "editor/editor.hpp"
#include "editor/pick.hpp"
#include "input/input_events.hpp"
#include "render/frame_cache.hpp"
#include "render/renderer.hpp"
#include "viewport/constructions.hpp"
#include "viewport/label_places.hpp"
#include "viewport/observer.hpp"
#include "viewport/performance.hpp"
#include "viewport/scene_view.hpp"

namespace pickray::app {

/// `frame`, made from `camera`, as the renderer draws it into `drawable` pixels.
[[nodiscard]] render::FrameView frameView(const FrameMatrices& frame, const scene::Camera& camera, glm::ivec2 drawable);

/// The pick, the selection and the hover as the renderer emphasises them.
[[nodiscard]] render::DrawStyle emphasisOf(const Editor& editor);

/// A redraw's statistics into the overlay's and the report's numbers.
void noteRedraw(Performance& performance, const render::FrameStats& stats, std::size_t objects,
                std::optional<double> sinceCameraMoved);

/// The labels of the constructions' points, and what they keep off on the screen: the lines over
/// the view (the ray, the construction, the normal) and the gizmo's handles (label_places.hpp).
struct ViewLabels {
    std::vector<ScreenLabel> labels;
    std::vector<ScreenSegment> lines;
    std::vector<ScreenSegment> gizmo;
};

/// What is drawn over the main view, and the labels of the constructions' points.
struct ViewLines {
    render::DebugDraw debug;
    ViewLabels labels;
};
/// The main view's lines: the overlay, the naive ray (`naiveRay`), the constructions
/// (`constructions`), the gizmo.
[[nodiscard]] ViewLines viewLines(const Editor& editor, const SceneView& view, const FrameMatrices& frame,
                                  bool naiveRay, bool constructions);

/// The observer's view beside the main one: its camera and the mouse on it (Observer), placed
/// from the main camera and the scene the first time it is shown (observerCameraFor, with the
/// command line's framing), and what the last frame drew of the main camera's frustum.
class ObserverView {
public:
    /// What the first placement applies (--observer-eye, --observer-target, --observer-zoom).
    void setFraming(const ObserverFraming& framing) { framing_ = framing; }
    [[nodiscard]] const ObserverFraming& framing() const { return framing_; }
    /// Takes this frame's events (Observer::take, the corner picture at `inset`): returns those for
    /// the main view.
    [[nodiscard]] std::vector<InputEvent> take(std::span<const InputEvent> events, ObserverMode mode,
                                               const WindowRect& inset, glm::ivec2 windowSize,
                                               const scene::Scene& scene);
    void setCamera(const scene::Camera& camera) { observer_.setCamera(camera); }
    [[nodiscard]] const Observer& observer() const { return observer_; }
    /// Its camera was placed (it has been shown).
    [[nodiscard]] bool placed() const { return placed_; }
    /// The main camera's frustum as the last frame drew it (none while the observer is off).
    [[nodiscard]] const std::optional<FrustumOutline>& frustum() const { return frustum_; }

    /// The observer's picture of this frame, in the corner picture `inset` or over the whole window
    /// (`mode`): nothing while it is off or cannot be drawn (`maxTarget`). Filling the window, its
    /// field of view is widened so that what its picture framed fits `room`, the part no panel
    /// covers. Its constructions' labels and lines replace `labels`' when it fills the window; in
    /// the corner, the main view's labels under it go.
    [[nodiscard]] std::optional<render::SceneFrame::Second> draw(const Editor& editor, const FrameMatrices& frame,
                                                                 ObserverMode mode, bool constructions,
                                                                 const WindowRect& inset, const WindowRect& room,
                                                                 glm::ivec2 windowSize, glm::ivec2 drawableSize,
                                                                 glm::ivec2 maxTarget, ViewLabels& labels);
    /// The observer's camera as the last frame drew it (none while the observer is off).
    [[nodiscard]] const std::optional<scene::Camera>& drawnCamera() const { return drawnCamera_; }
    /// Nothing drawn this frame.
    void hide() {
        frustum_.reset();
        drawnCamera_.reset();
    }

private:
    Observer observer_;
    ObserverFraming framing_;
    bool placed_ = false;
    std::optional<FrustumOutline> frustum_;
    std::optional<scene::Camera> drawnCamera_;
};

}  // namespace pickray::app
