// SPDX-License-Identifier: MIT
#include "shell/captures.hpp"

#include <filesystem>

#include "shell/screenshot.hpp"

namespace pickray::app {
namespace {

// `path` made absolute for a message (as given when that fails: a working directory removed).
std::string shownPath(const std::string& path) {
    std::error_code error;
    const std::filesystem::path shown = std::filesystem::absolute(path, error);
    return error ? path : shown.string();
}

std::string sizeText(glm::ivec2 size) { return std::to_string(size.x) + "x" + std::to_string(size.y); }

}  // namespace

std::optional<std::vector<std::uint32_t>> drawObjectIds(render::Renderer& renderer, const scene::Scene& scene,
                                                        bool drawable, const render::FrameView& view,
                                                        render::DrawStyle style, std::optional<std::string>& error) {
    if (!drawable) {
        error = "the window has no pixels to draw (minimised, or larger than the driver allows)";
        return std::nullopt;
    }
    style.approximate = false;
    style.supersample = 1;
    renderer.draw(scene, view, style, render::DebugDraw{});
    error.reset();
    return renderer.readObjectIds();
}

int Captures::supersample(const render::Renderer& renderer, glm::ivec2 drawable) {
    if (!screenshot_) return 1;
    const int n = supersample_;
    if (n <= 1 || renderer.canDrawAt(drawable * n)) return n;
    // Refused: the screenshot is not saved (the script says so), the program goes on.
    screenshotError_ = "--supersample " + std::to_string(n) + " needs a " + sizeText(drawable * n) +
                       " target, larger than the GPU's largest render target (" + sizeText(renderer.maxTargetSize()) +
                       ")";
    screenshot_.reset();
    say_("screenshot not saved: " + *screenshotError_, true);
    return 1;
}

void Captures::takeObjectIds(render::Renderer& renderer, const scene::Scene& scene, const scene::SceneIndex& index,
                             bool drawable, const render::FrameView& view, const render::DrawStyle& style,
                             const FrameMatrices& frame) {
    if (idBuffer_) saveIdBuffer(renderer, scene, drawable, view, style);
    if (auditRequested_) runAudit(renderer, scene, index, drawable, view, style, frame);
}

void Captures::saveIdBuffer(render::Renderer& renderer, const scene::Scene& scene, bool drawable,
                            const render::FrameView& view, const render::DrawStyle& style) {
    const std::string path = *idBuffer_;
    idBuffer_.reset();
    if (const auto ids = drawObjectIds(renderer, scene, drawable, view, style, idBufferError_))
        idBufferError_ = writeIdBuffer(path, *ids, renderer.drawnSize());
    if (idBufferError_) return say_("ID buffer not saved: " + *idBufferError_, true);
    say_("ID buffer saved: " + shownPath(path), false);
}

void Captures::runAudit(render::Renderer& renderer, const scene::Scene& scene, const scene::SceneIndex& index,
                        bool drawable, const render::FrameView& view, const render::DrawStyle& style,
                        const FrameMatrices& frame) {
    auditRequested_ = false;
    audit_.reset();
    std::optional<std::string> error;
    const auto ids = drawObjectIds(renderer, scene, drawable, view, style, error);
    const glm::ivec2 size = renderer.drawnSize();
    if (ids && size != glm::ivec2(frame.viewport.width, frame.viewport.height))
        error = "the drawn target is " + sizeText(size) + ", not the frame's viewport";
    if (error) return say_("audit not made: " + *error, true);
    audit_ = auditFrame(*ids, index, frame);  // no stop: always counts
}

void Captures::takeUnderPanels(render::Renderer& renderer, glm::ivec2 drawable) {
    if (screenshot_ && !screenshot_->withUi) saveScreenshot(renderer, drawable);
}

void Captures::takeWindow(render::Renderer& renderer, glm::ivec2 drawable) {
    if (screenshot_ && screenshot_->withUi) saveScreenshot(renderer, drawable);
    if (gif_)
        addGifFrame(*gif_, renderer.readPixels(drawable, render::Renderer::Source::Window), drawable, gifDelay_,
                    gifWidth_);
}

void Captures::saveScreenshot(render::Renderer& renderer, glm::ivec2 drawable) {
    const std::string path = screenshot_->path;
    screenshot_.reset();
    screenshotError_ = writePng(path, renderer.readPixels(drawable, render::Renderer::Source::Window), drawable);
    if (screenshotError_) say_("screenshot failed: " + *screenshotError_, true);
    else say_("screenshot saved: " + shownPath(path), false);
}

}  // namespace pickray::app
