// SPDX-License-Identifier: MIT
#include "render/renderer.hpp"

#include <algorithm>
#include <cstddef>

namespace pickray::render {
namespace {

glm::ivec2 queryMaxTargetSize() {
    GLint renderbuffer = 0;
    GLint texture = 0;  // the object attachment is a texture
    GLint viewport[2] = {0, 0};
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &texture);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    const GLint most = std::min(renderbuffer, texture);
    return {std::min(most, viewport[0]), std::min(most, viewport[1])};
}

}  // namespace

Renderer::Renderer(const std::filesystem::path& shaderDirectory)
    : maxTargetSize_(queryMaxTargetSize()),
      shaderDirectory_(shaderDirectory),
      meshPass_(shaderDirectory),
      overlayPass_(shaderDirectory),
      outlinePass_(shaderDirectory),
      resolvePass_(shaderDirectory) {}

void Renderer::useAnalyticSpheres(bool analytic) {
    analytic_ = analytic;
    if (!analytic || analyticPass_.loaded()) return;
    // The sphere, round and box programs, and the depth-writing variants of the mesh, dot and
    // line programs (ANALYTIC_DEPTH).
    analyticPass_.load(shaderDirectory_);
    meshPass_.loadDepthPrograms(shaderDirectory_);
    overlayPass_.loadDepthProgram(shaderDirectory_);
}

bool Renderer::canDrawAt(glm::ivec2 size) const {
    return size.x > 0 && size.y > 0 && size.x <= maxTargetSize_.x && size.y <= maxTargetSize_.y;
}

FrameStats Renderer::draw(const scene::Scene& scene, const FrameView& fullView, const DrawStyle& style,
                          const DebugDraw& debug) {
    ++draws_;
    FrameStats stats;
    bindWindow(fullView.drawableSize);
    // Approximate: the same view in fewer pixels (everything below measures in the drawn pixels),
    // scaled up to the drawable by present().
    // Supersampled (style.supersample): the same view in more pixels, filtered down by the resolve pass;
    // a scale the driver cannot draw is drawn at 1 (the App refuses it before).
    const int scale =
        style.supersample > 1 && canDrawAt(fullView.drawableSize * style.supersample) ? style.supersample : 1;
    const bool approximate = style.approximate && scale == 1;
    FrameView view = fullView;
    view.drawableSize = fullView.drawableSize * scale;
    if (approximate) view.drawableSize = glm::max(fullView.drawableSize / kMovingResolutionDivisor, glm::ivec2(1));
    stats.approximate = approximate;
    stats.drawnSize = view.drawableSize;
    presentedSize_ = fullView.drawableSize;
    // One target, the drawable's size: an approximate frame draws into its bottom-left corner.
    // (Sizing the target to each frame made and freed GL storage at every switch between moving
    // and still, which llvmpipe's allocations did not give back: 11-23 MB over 700 orbits.)
    target_.resize(fullView.drawableSize * scale, analytic_);
    drawnSize_ = view.drawableSize;
    drawTarget(scene, view, fullView.drawableSize.y, scale, style, debug, stats);
    resolvePass_.resolve(target_.color(), presentedSize_, scale, approximate);
    present();
    return stats;
}

void Renderer::drawSecondView(const scene::Scene& scene, const FrameView& view, const DrawStyle& style,
                              const DebugDraw& debug) {
    const glm::ivec2 size = view.drawableSize;
    if (!canDrawAt(size)) return;
    // Into the corner of the target as it is (draw() sizes it to the drawable, which holds this).
    if (analytic_ != target_.analytic() || size.x > target_.size().x || size.y > target_.size().y)
        target_.resize(glm::max(target_.size(), size), analytic_);
    DrawStyle exact = style;
    exact.approximate = false;
    exact.supersample = 1;
    FrameStats unused;
    drawTarget(scene, view, size.y, 1, exact, debug, unused);
    secondView_.keep(target_.framebuffer(), size);
    glBindFramebuffer(GL_FRAMEBUFFER, window_.framebuffer());
}

void Renderer::drawTarget(const scene::Scene& scene, const FrameView& view, int outputHeight, int scale,
                          const DrawStyle& style, const DebugDraw& debug, FrameStats& stats) {
    glBindFramebuffer(GL_FRAMEBUFFER, target_.framebuffer());
    glViewport(0, 0, view.drawableSize.x, view.drawableSize.y);
    // Meshes and dots write the colour and the object attachment; lines and outlines the colour.
    const GLenum both[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, both);
    const GLfloat background[] = {0.13f, 0.14f, 0.17f, 1.0f};
    const GLuint noObject[] = {0, 0, 0, 0};
    glClearBufferfv(GL_COLOR, 0, background);
    glClearBufferuiv(GL_COLOR, 1, noObject);
    // Analytic: near / view depth, larger is nearer; GREATER leaves an exact tie to the object
    // drawn first: within one kind's draw the lower index, as a click's pick (two identical
    // capsules: PickAudit.AnalyticRoundProxies*). Across kinds the kind drawn first wins, not the
    // lower index; different kinds' depths come from different arithmetic, so they tie exactly
    // only by chance, within the audit's depth ties (index order across kinds needs one draw).
    glClearDepth(analytic_ ? 0.0 : 1.0);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(analytic_ ? GL_GREATER : GL_LEQUAL);
    glCullFace(GL_BACK);
    glDisable(GL_BLEND);

    collectDraws({meshPass_, analyticPass_, outlinePass_, analytic_}, scene, view, style, debug, stats);
    meshPass_.drawBatches(view, analytic_, stats);
    if (analytic_) analyticPass_.draw(view, stats);
    meshPass_.drawDots(view, analytic_, stats);
    const GLenum colourOnly[] = {GL_COLOR_ATTACHMENT0};
    glDrawBuffers(1, colourOnly);

    // The grid, the outlines, the debug lines: each reads or blends with what is drawn before it.
    overlayPass_.drawGrid(view, outputHeight, style, analytic_, stats);
    outlinePass_.draw(target_.objects(), glm::vec2(view.drawableSize), scale, stats);
    overlayPass_.drawDebug(view, outputHeight, debug, analytic_, stats);
    glBindVertexArray(0);
    glUseProgram(0);
}

void Renderer::bindWindow(glm::ivec2 size) { window_.bind(size, canDrawAt(size)); }

void Renderer::present() const {
    compose(window_.framebuffer());
    glBindFramebuffer(GL_FRAMEBUFFER, window_.framebuffer());
}

void Renderer::compose(GLuint framebuffer) const {
    secondView_.compose(framebuffer, presentedSize_, [&](glm::ivec2 lo, glm::ivec2 hi, bool swapped) {
        resolvePass_.blit(target_.framebuffer(), drawnSize_, presentedSize_, lo, hi, swapped);
    });
}

void Renderer::drawOverScene(const std::vector<ScreenRect>& rects, glm::ivec2 drawable) {
    if (rects.empty() || !canDrawAt(drawable)) return;
    bindWindow(drawable);
    overlayPass_.drawRects(rects, drawable);
}

void Renderer::finish() const { glFinish(); }

void Renderer::provokeGlErrorForTests() const { glBindBuffer(0x1234, 0); }

std::vector<std::uint8_t> Renderer::readPixels(glm::ivec2 size, Source source) const {
    const auto width = static_cast<std::size_t>(size.x);
    const auto height = static_cast<std::size_t>(size.y);
    std::vector<std::uint8_t> bottomUp(width * height * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    GLuint scene = resolvePass_.scene(target_.framebuffer());
    // With a second view, the scene as present() composes it, in a framebuffer made for the read.
    Framebuffer composed;
    Renderbuffer composedColor;
    if (source == Source::Scene && secondView_.shown() && size == presentedSize_) {
        composed = makeFramebuffer();
        composedColor = makeRenderbuffer();
        glBindRenderbuffer(GL_RENDERBUFFER, composedColor.get());
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size.x, size.y);
        glBindFramebuffer(GL_FRAMEBUFFER, composed.get());
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, composedColor.get());
        compose(composed.get());
        scene = composed.get();
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, source == Source::Scene ? scene : window_.framebuffer());
    glReadPixels(0, 0, size.x, size.y, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    for (std::size_t i = 3; i < bottomUp.size(); i += 4) bottomUp[i] = 255;
    // GL rows start at the bottom; PNG rows at the top.
    std::vector<std::uint8_t> topDown(bottomUp.size());
    const std::size_t row = width * 4;
    for (std::size_t y = 0; y < height; ++y)
        std::copy_n(bottomUp.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row), row,
                    topDown.begin() + static_cast<std::ptrdiff_t>(y * row));
    return topDown;
}

std::vector<std::uint32_t> Renderer::readObjectIds() const { return target_.readObjectIds(drawnSize_); }

}  // namespace pickray::render
