// SPDX-License-Identifier: MIT
#include "shell/view_painter.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <utility>

#include <glm/common.hpp>

#include "panels/construction_panel.hpp"
#include "panels/observer_label.hpp"

namespace pickray::app {
namespace {

double secondsNow() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string sizeText(glm::ivec2 s) { return std::to_string(s.x) + "x" + std::to_string(s.y); }

}  // namespace

bool ViewPainter::draw(const FrameMatrices& matrices, glm::ivec2 windowSize, glm::ivec2 drawable, bool redraw) {
    const Editor& editor = p_.editor;
    const UiState& ui = p_.ui;
    render::Renderer& renderer = p_.renderer;
    Captures& captures = p_.captures;
    const render::FrameView view = frameView(matrices, p_.view.camera(editor), drawable);
    // View > Analytic renderer may have changed it: the next frame, the audit and the ID buffer use it.
    if (renderer.analyticSpheres() != ui.analyticRenderer) renderer.useAnalyticSpheres(ui.analyticRenderer);
    renderer.useFxaa(ui.fxaa);
    // Approximate while the camera moves and, in a window, a moment after (a script's pictures do
    // not depend on the machine's speed); a screenshot is always exact.
    const double now = secondsNow();  // one time for the rule and the redraw's record
    if (p_.view.cameraMoving()) settle_.cameraMoved(now);
    const bool settling = !headless_ && settle_.settling(now);
    render::DrawStyle style = emphasisOf(editor);
    style.approximate = (p_.view.cameraMoving() || settling) && !captures.screenshotRequested();
    // A window with no pixels (minimised) or more than the driver's largest target: the scene is
    // not redrawn, the last one drawn is shown (so a too-large window keeps the previous size's).
    const bool drawableOk = matrices.pickable && renderer.canDrawAt(drawable);
    const bool tooLarge = glm::min(drawable.x, drawable.y) > 0 && !renderer.canDrawAt(drawable);
    if (tooLarge && drawable != refusedDrawable_)
        p_.say("window " + sizeText(drawable) + ": larger than the driver's largest render target (" +
                   sizeText(renderer.maxTargetSize()) + "); the scene is shown at the previous size",
               true);
    refusedDrawable_ = tooLarge ? drawable : glm::ivec2(-1);
    ViewLines lines = drawableOk ? viewLines(editor, p_.view, matrices, ui.naiveRay, ui.constructions) : ViewLines{};
    labels_ = std::move(lines.labels);
    captures.takeObjectIds(renderer, editor.scene(), editor.index(), drawableOk, view, style, matrices);
    const ViewAudit::Frame audited{{editor.revision(), view, ui.analyticRenderer},
                                   ui.pickAudit,
                                   drawableOk && !style.approximate,
                                   headless_ || captures.screenshotRequested()};
    audit_.update(audited, editor.index(), matrices, [&]() -> std::optional<std::vector<std::uint32_t>> {
        std::optional<std::string> error;
        auto ids = drawObjectIds(renderer, editor.scene(), true, view, style, error);
        if (!ids || renderer.drawnSize() != view.drawableSize) return std::nullopt;
        return ids;
    });
    if (ui.observer == ObserverMode::Main) audit_.hide();  // it would lie over the observer's picture
    style.supersample = captures.supersample(renderer, drawable);
    auto second =
        drawableOk ? observer_.draw(editor, matrices, ui.observer, ui.constructions, observerInset(ui, windowSize),
                                    freeRoom(ui, windowSize), windowSize, drawable, renderer.maxTargetSize(), labels_)
                   : std::nullopt;
    if (!second) observer_.hide();
    if (!drawableOk) {
        renderer.setInset(std::nullopt);
        renderer.present();
        return false;
    }
    const render::SceneFrame next{editor.revision(), view, style, std::move(lines.debug), ui.analyticRenderer, ui.fxaa,
                                  std::move(second)};
    const auto stats = drawn_.drawOrPresent(renderer, editor.scene(), next, redraw);
    if (stats) noteRedraw(p_.performance, *stats, editor.scene().objects.size(), settle_.secondsSinceMoved(now));
    return stats.has_value();
}

void ViewPainter::drawOver(glm::ivec2 windowSize, glm::ivec2 drawableSize) {
    render::Renderer& renderer = p_.renderer;
    UiState& ui = p_.ui;
    renderer.bindWindow(drawableSize);  // ImGui draws over the scene, in the window's pixels
    if (const auto* heatMap = audit_.heatMap()) renderer.drawOverScene(*heatMap, drawableSize);
    // The constructions' names, under the panels.
    drawViewLabels(ui, labels_, p_.drawn);
    const auto& frustum = observer_.frustum();
    observerLabels(frustum ? ui.observer : ObserverMode::Off, observerInset(ui, windowSize), ui.observerCorner,
                   frustum ? frustumLabel(*frustum) : "");
}

double ViewPainter::secondsUntilChange(bool cameraMoving) const {
    // An audit under way is looked at ten times a second, and one just taken is shown in the next
    // frame's panels; an approximate view is drawn exact once the camera has settled.
    constexpr double kAuditPollSeconds = 0.1;
    if (audit_.collectedThisFrame()) return 0.0;
    double soonest = audit_.running() ? kAuditPollSeconds : std::numeric_limits<double>::infinity();
    if (drawn_.approximate() && !cameraMoving) soonest = std::min(soonest, settle_.secondsUntilSettled(secondsNow()));
    return soonest;
}

}  // namespace pickray::app
