// SPDX-License-Identifier: MIT
#pragma once
// Lines and triangles over the scene: the grid and the debug lines as quads a width in pixels wide
// (wide_line.vert, DebugLine), the triangles drawn on top (DebugDraw::onTop, the gizmo), and the
// rectangles drawn over the presented scene (Renderer::drawOverScene).

#include <filesystem>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "render/frame.hpp"
#include "render/gl_objects.hpp"

namespace pickray::render {

class OverlayPass {
public:
    explicit OverlayPass(const std::filesystem::path& shaderDirectory);  // throws std::runtime_error
    /// The wide line program that writes the analytic depth (ANALYTIC_DEPTH), once.
    void loadDepthProgram(const std::filesystem::path& shaderDirectory);

    /// The grid (style.grid), depth-tested, blended by coverage; sets up every line program for
    /// the frame and leaves depth writes off for the outlines and drawDebug. `outputHeight` is the
    /// height of the picture the frame becomes (the widths are in its 720p pixels).
    void drawGrid(const FrameView& view, int outputHeight, const DrawStyle& style, bool analytic, FrameStats& stats);
    /// The debug lines, faint through objects and solid where seen, then the on-top triangles;
    /// turns depth writes back on.
    void drawDebug(const FrameView& view, int outputHeight, const DebugDraw& debug, bool analytic, FrameStats& stats);
    /// `rects` over the bound framebuffer of `drawable` pixels, blended in their alpha.
    void drawRects(const std::vector<ScreenRect>& rects, glm::ivec2 drawable);

private:
    struct LineVertex {
        glm::vec3 position;
        glm::vec4 color;
    };
    /// A line as wide_line.vert draws it (one instance): its ends, its colour (alpha: faint or
    /// solid) and its width at a and at b in drawn pixels.
    struct WideLine {
        glm::vec3 a;
        glm::vec3 b;
        glm::vec4 color;
        glm::vec2 width;
    };
    enum class Primitive { Lines, Triangles };

    /// Pairs of vertices as lines, or triples as triangles, with the line program.
    void drawLines(const std::vector<LineVertex>& vertices, FrameStats& stats, Primitive primitive = Primitive::Lines);
    /// Segments as quads (wide_line.vert) with the program in use, one instanced draw.
    void drawWideLines(const std::vector<WideLine>& lines, FrameStats& stats);
    /// The depth-tested lines' program: it writes the analytic depth when analytic.
    [[nodiscard]] GLuint testedLines(bool analytic) const;

    Program lineProgram_;
    VertexArray lineVao_;
    Buffer lineBuffer_;
    Program wideLineProgram_;       ///< the grid and the debug lines (wide_line.vert / .frag)
    Program wideLineDepthProgram_;  ///< made by loadDepthProgram
    VertexArray wideLineVao_;
    Buffer wideLineBuffer_;
};

}  // namespace pickray::render
