// SPDX-License-Identifier: MIT
#include "viewport/view_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <glm/common.hpp>
#include <glm/trigonometric.hpp>

#include "scene/camera_math.hpp"
#include "viewport/overlay.hpp"

namespace pickray::app {
namespace {

bool fits(glm::ivec2 size, glm::ivec2 max) { return size.x > 0 && size.y > 0 && size.x <= max.x && size.y <= max.y; }

// The constructions of the selection and pick, drawn in `frame`, with their labels there.
std::optional<ConstructionDrawing> constructionDrawing(const Editor& editor, const FrameMatrices& frame) {
    const auto shown = constructionOf(editor.scene(), editor.selection(), editor.lastPick());
    if (!shown) return std::nullopt;
    return drawConstruction(*shown, frame);
}

void append(render::DebugDraw& to, const render::DebugDraw& from) {
    to.lines.insert(to.lines.end(), from.lines.begin(), from.lines.end());
}

}  // namespace

render::FrameView frameView(const FrameMatrices& frame, const scene::Camera& cam, glm::ivec2 drawable) {
    render::FrameView view{frame.drawViewProjection, cam.eye, cam.target, cam.far, drawable};
    view.rotationView = frame.rotationView;
    view.projection = scene::glClipRemap(frame.clipDepth) * frame.projection;
    view.nearDistance = cam.near;
    view.pixelScale = render::outputPixelScale(static_cast<float>(drawable.y));
    return view;
}

render::DrawStyle emphasisOf(const Editor& editor) {
    render::DrawStyle style;
    if (const auto& pick = editor.lastPick())
        if (auto n = pick->picked()) style.highlighted = n->object;
    if (const auto& hover = editor.hover())
        if (auto n = hover->picked()) style.hovered = n->object;
    style.selected = editor.selection();
    return style;
}

void noteRedraw(Performance& performance, const render::FrameStats& stats, std::size_t objects,
                std::optional<double> sinceCameraMoved) {
    performance.drawCalls = stats.drawCalls;
    performance.objects = objects;
    performance.instances = stats.instances;
    performance.rayCast = stats.analyticSpheres + stats.analyticRounds + stats.analyticBoxes;
    performance.culled = stats.culled;
    performance.triangles = stats.triangles;
    performance.dots = stats.dots;
    performance.levels.assign(std::begin(stats.perLevel), std::end(stats.perLevel));
    performance.noteRedraw(stats.approximate, sinceCameraMoved);
}

ViewLines viewLines(const Editor& editor, const SceneView& view, const FrameMatrices& frame, bool naiveRay,
                    bool constructions) {
    ViewLines lines{overlay(editor.scene(), editor.selection(), editor.lastPick(), frame), {}};
    if (naiveRay && editor.lastPick()) addNaiveRay(lines.debug, *editor.lastPick());
    const auto drawing = constructions ? constructionDrawing(editor, frame) : std::nullopt;
    if (drawing) {
        append(lines.debug, drawing->draw);
        // The labels keep off every line drawn so far (the gizmo's handles are kept apart).
        lines.labels = {screenLabels(drawing->labels, frame), screenSegments(lines.debug.lines, frame), {}};
    }
    if (const auto g = view.gizmoView(frame, editor)) {
        addGizmo(lines.debug, g->gizmo, g->lit, view.camera(editor), frame, editor.lastPick());
        if (drawing) lines.labels.gizmo = gizmoSegments(g->gizmo, frame);
    }
    return lines;
}

std::vector<InputEvent> ObserverView::take(std::span<const InputEvent> events, ObserverMode mode,
                                           const WindowRect& inset, glm::ivec2 windowSize, const scene::Scene& scene) {
    if (mode != ObserverMode::Off && !placed_) {
        const FrameMatrices main = frameMatrices(scene.camera, windowSize, windowSize);
        if (main.pickable) {
            const FrustumOutline drawn = frustumOutline(main, deepestObject(scene, scene.camera));
            const float aspect = static_cast<float>(windowSize.x) / static_cast<float>(windowSize.y);
            observer_.setCamera(observerCameraFor(scene, drawn, aspect, framing_));
            placed_ = true;
        }
    }
    return observer_.take(events, mode, inset);
}

std::optional<render::SceneFrame::Second> ObserverView::draw(const Editor& editor, const FrameMatrices& frame,
                                                             ObserverMode mode, bool constructions,
                                                             const WindowRect& inset, const WindowRect& room,
                                                             glm::ivec2 windowSize, glm::ivec2 drawableSize,
                                                             glm::ivec2 maxTarget, ViewLabels& labels) {
    hide();
    if (mode == ObserverMode::Off || !frame.pickable) return std::nullopt;
    // The corner in drawable pixels; the observer drawn there, or over the whole drawable.
    const glm::vec2 perUnit = frame.pixelsPerWindowUnit;
    const render::InsetLayout layout{glm::ivec2(glm::vec2(inset.min) * perUnit),
                                     glm::ivec2(glm::vec2(inset.size) * perUnit), mode == ObserverMode::Main};
    const glm::ivec2 drawable = layout.swapped ? drawableSize : layout.size;
    scene::Camera camera = observer_.camera();
    if (layout.swapped) {
        // What fits the whole window shrunk about its centre into the free part (centred too).
        const glm::vec2 part = glm::vec2(room.size) / glm::vec2(glm::max(windowSize, glm::ivec2(1)));
        const float shrink = glm::clamp(std::min(part.x, part.y), 0.1f, 1.0f);
        camera.fovYDegrees = glm::degrees(2.0f * std::atan(std::tan(glm::radians(camera.fovYDegrees) * 0.5f) / shrink));
    }
    const FrameMatrices of = frameMatrices(camera, layout.swapped ? windowSize : inset.size, drawable);
    if (!of.pickable || !fits(drawable, maxTarget)) return std::nullopt;
    drawnCamera_ = camera;
    frustum_ = frustumOutline(frame, deepestObject(editor.scene(), frame.camera));
    showNearPlane(*frustum_, of);
    render::DebugDraw lines = overlay(editor.scene(), editor.selection(), std::nullopt, frame);
    // The constructions too, sized for the observer's pixels; their labels written over the
    // observer's picture when it fills the window.
    if (const auto drawing = constructions ? constructionDrawing(editor, of) : std::nullopt) {
        append(lines, drawing->draw);
        if (layout.swapped) labels = {screenLabels(drawing->labels, of), screenSegments(lines.lines, of), {}};
    }
    // In the corner, no main view's label over the observer's picture.
    if (!layout.swapped)
        std::erase_if(labels.labels, [&](const ScreenLabel& l) { return inset.contains(glm::ivec2(l.at)); });
    return render::SceneFrame::Second{frameView(of, of.camera, drawable),
                                      observerDebug(*frustum_, editor.lastPick(), lines, frame, of), layout};
}

}  // namespace pickray::app
