// SPDX-License-Identifier: MIT
#include "viewport/view_drawing.hpp"

#include <algorithm>
#include <iterator>

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

std::vector<InputEvent> ObserverView::take(std::span<const InputEvent> events, ObserverMode mode, glm::ivec2 windowSize,
                                           const scene::Camera& mainCamera) {
    if (mode != ObserverMode::Off && !placed_) {
        observer_.setCamera(observerCameraFor(mainCamera));
        placed_ = true;
    }
    return observer_.take(events, mode, windowSize);
}

std::optional<render::SceneFrame::Second> ObserverView::draw(const Editor& editor, const FrameMatrices& frame,
                                                             ObserverMode mode, bool constructions,
                                                             glm::ivec2 windowSize, glm::ivec2 drawableSize,
                                                             glm::ivec2 maxTarget, ViewLabels& labels) {
    frustum_.reset();
    if (mode == ObserverMode::Off || !frame.pickable) return std::nullopt;
    const WindowRect rect = insetRect(windowSize);
    // The corner in drawable pixels; the observer drawn there, or over the whole drawable.
    const glm::vec2 perUnit = frame.pixelsPerWindowUnit;
    const render::InsetLayout layout{glm::ivec2(glm::vec2(rect.min) * perUnit),
                                     glm::ivec2(glm::vec2(rect.size) * perUnit), mode == ObserverMode::Main};
    const glm::ivec2 drawable = layout.swapped ? drawableSize : layout.size;
    const FrameMatrices of = frameMatrices(observer_.camera(), layout.swapped ? windowSize : rect.size, drawable);
    if (!of.pickable || !fits(drawable, maxTarget)) return std::nullopt;
    frustum_ = frustumOutline(frame);
    render::DebugDraw lines = overlay(editor.scene(), editor.selection(), std::nullopt, frame);
    // The constructions too, sized for the observer's pixels; their labels written over the
    // observer's picture when it fills the window.
    if (const auto drawing = constructions ? constructionDrawing(editor, of) : std::nullopt) {
        append(lines, drawing->draw);
        if (layout.swapped) labels = {screenLabels(drawing->labels, of), screenSegments(lines.lines, of), {}};
    }
    // In the corner, no main view's label over the observer's picture.
    if (!layout.swapped)
        std::erase_if(labels.labels, [&](const ScreenLabel& l) { return rect.contains(glm::ivec2(l.at)); });
    return render::SceneFrame::Second{frameView(of, of.camera, drawable),
                                      observerDebug(*frustum_, editor.lastPick(), lines, frame, of), layout};
}

}  // namespace pickray::app
