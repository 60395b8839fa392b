// SPDX-License-Identifier: MIT
#include "render/overlay_pass.hpp"

#include <algorithm>
#include <string>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "render/analytic_pass.hpp"

namespace pickray::render {
namespace {

constexpr glm::vec3 kGridColor{0.32f, 0.34f, 0.38f};
constexpr int kGridHalfExtent = 20;

// Drawn pixels per 720p pixel: the view's scale, in the pixels drawn (fewer when approximate).
float linePixels(const FrameView& view, int outputHeight) {
    return view.pixelScale * static_cast<float>(view.drawableSize.y) / static_cast<float>(std::max(outputHeight, 1));
}

}  // namespace

OverlayPass::OverlayPass(const std::filesystem::path& shaderDirectory)
    : lineProgram_(loadProgram(shaderDirectory, "line")),
      lineVao_(makeVertexArray()),
      lineBuffer_(makeBuffer()),
      wideLineProgram_(loadProgram(shaderDirectory, "wide_line")),
      wideLineVao_(makeVertexArray()),
      wideLineBuffer_(makeBuffer()) {
    glBindVertexArray(lineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_.get());
    floatAttribute(0, 3, sizeof(LineVertex), offsetof(LineVertex, position));
    floatAttribute(1, 4, sizeof(LineVertex), offsetof(LineVertex, color));
    glBindVertexArray(wideLineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, wideLineBuffer_.get());
    floatAttribute(0, 3, sizeof(WideLine), offsetof(WideLine, a), 1);
    floatAttribute(1, 3, sizeof(WideLine), offsetof(WideLine, b), 1);
    floatAttribute(2, 4, sizeof(WideLine), offsetof(WideLine, color), 1);
    floatAttribute(3, 2, sizeof(WideLine), offsetof(WideLine, width), 1);
    glBindVertexArray(0);
}

void OverlayPass::loadDepthProgram(const std::filesystem::path& shaderDirectory) {
    if (wideLineDepthProgram_.get() != 0) return;
    wideLineDepthProgram_ = loadProgram(shaderDirectory, "wide_line", "#define ANALYTIC_DEPTH 1\n");
}

GLuint OverlayPass::testedLines(bool analytic) const {
    return analytic ? wideLineDepthProgram_.get() : wideLineProgram_.get();
}

void OverlayPass::drawGrid(const FrameView& view, int outputHeight, const DrawStyle& style, bool analytic,
                           FrameStats& stats) {
    // Lines as quads of a width in pixels (wide_line.vert, DebugLine), blended by their coverage
    // and writing no depth: the grid depth-tested; debug lines twice, faint through objects and
    // solid where seen (an overEverything line solid in the first pass, and only there).
    const float pixels = linePixels(view, outputHeight);
    std::vector<WideLine> grid;
    if (style.grid) {
        const glm::vec2 width(kGridLinePixels * pixels);
        for (int i = -kGridHalfExtent; i <= kGridHalfExtent; ++i) {
            const auto f = static_cast<float>(i);
            const auto e = static_cast<float>(kGridHalfExtent);
            const glm::vec4 cx = i == 0 ? glm::vec4(0.75f, 0.3f, 0.3f, 1) : glm::vec4(kGridColor, 1);
            const glm::vec4 cz = i == 0 ? glm::vec4(0.3f, 0.4f, 0.8f, 1) : glm::vec4(kGridColor, 1);
            grid.push_back({{-e, 0, f}, {e, 0, f}, cx, width});
            grid.push_back({{f, 0, -e}, {f, 0, e}, cz, width});
        }
    }
    // The depth-tested lines (grid, solid) write the analytic depth when analytic; the others
    // are not depth-tested. GEQUAL: a line on a surface shows, as LEQUAL lets it in the mesh path.
    const GLuint tested = testedLines(analytic);
    if (analytic) glDepthFunc(GL_GEQUAL);
    for (const GLuint program : {lineProgram_.get(), wideLineProgram_.get(), tested}) {
        glUseProgram(program);
        glUniformMatrix4fv(glGetUniformLocation(program, "uViewProjection"), 1, GL_FALSE,
                           glm::value_ptr(view.viewProjection));
        glUniform2f(glGetUniformLocation(program, "uTargetSize"), static_cast<float>(view.drawableSize.x),
                    static_cast<float>(view.drawableSize.y));  // (the wide lines')
    }
    if (analytic) setDepthUniforms(tested, view);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    glEnable(GL_BLEND);
    drawWideLines(grid, stats);
    glDisable(GL_BLEND);
}

void OverlayPass::drawDebug(const FrameView& view, int outputHeight, const DebugDraw& debug, bool analytic,
                            FrameStats& stats) {
    const float pixels = linePixels(view, outputHeight);
    std::vector<WideLine> faint;
    std::vector<WideLine> solid;
    for (const DebugLine& l : debug.lines) {
        const glm::vec2 width = glm::vec2(l.width, l.widthAtB) * pixels;
        faint.push_back({l.a, l.b, glm::vec4(l.color, l.overEverything ? 1.0f : 0.3f), width});
        if (!l.overEverything) solid.push_back({l.a, l.b, glm::vec4(l.color, 1.0f), width});
    }
    glUseProgram(wideLineProgram_.get());
    glEnable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    drawWideLines(faint, stats);
    glEnable(GL_DEPTH_TEST);
    glUseProgram(testedLines(analytic));
    drawWideLines(solid, stats);
    glDepthMask(GL_TRUE);
    glUseProgram(lineProgram_.get());
    std::vector<LineVertex> onTop;
    for (const DebugTriangle& t : debug.onTop)
        for (const glm::vec3& corner : {t.a, t.b, t.c}) onTop.push_back({corner, t.color});
    glDisable(GL_DEPTH_TEST);
    // Issued every frame (empty without a gizmo): the count of draws stays fixed.
    drawLines(onTop, stats, Primitive::Triangles);
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
}

void OverlayPass::drawRects(const std::vector<ScreenRect>& rects, glm::ivec2 drawable) {
    std::vector<LineVertex> triangles;
    triangles.reserve(rects.size() * 6);
    for (const ScreenRect& r : rects) {
        const glm::vec3 a(r.min.x, r.min.y, 0.0f), b(r.max.x, r.min.y, 0.0f);
        const glm::vec3 c(r.max.x, r.max.y, 0.0f), d(r.min.x, r.max.y, 0.0f);
        for (const glm::vec3& corner : {a, b, c, a, c, d}) triangles.push_back({corner, r.color});
    }
    glViewport(0, 0, drawable.x, drawable.y);
    // Pixels from the top-left corner to GL's clip space (y up).
    const glm::mat4 pixels = glm::ortho(0.0f, static_cast<float>(drawable.x), static_cast<float>(drawable.y), 0.0f);
    glUseProgram(lineProgram_.get());
    glUniformMatrix4fv(glGetUniformLocation(lineProgram_.get(), "uViewProjection"), 1, GL_FALSE,
                       glm::value_ptr(pixels));
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    FrameStats unused;
    drawLines(triangles, unused, Primitive::Triangles);
    glDisable(GL_BLEND);
    glBindVertexArray(0);
    glUseProgram(0);
}

void OverlayPass::drawWideLines(const std::vector<WideLine>& lines, FrameStats& stats) {
    // Issued even when empty: the frame's list of draws is fixed.
    glBindVertexArray(wideLineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, wideLineBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(lines), lines.data(), GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(lines.size()));
    ++stats.drawCalls;
}

void OverlayPass::drawLines(const std::vector<LineVertex>& vertices, FrameStats& stats, Primitive primitive) {
    glBindVertexArray(lineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(vertices), vertices.data(), GL_STREAM_DRAW);
    glDrawArrays(primitive == Primitive::Lines ? GL_LINES : GL_TRIANGLES, 0, static_cast<GLsizei>(vertices.size()));
    ++stats.drawCalls;
}

}  // namespace pickray::render
