// SPDX-License-Identifier: MIT
#pragma once
// The outlines around the picked, selected and hovered objects (outline.frag), drawn from the
// scene target's object attachment within a rectangle around each emphasised object.

#include <filesystem>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "render/collect.hpp"
#include "render/frame.hpp"
#include "render/gl_objects.hpp"

namespace pickray::render {

class OutlinePass {
public:
    explicit OutlinePass(const std::filesystem::path& shaderDirectory);  // throws std::runtime_error

    /// Into the bound framebuffer, whose GL_COLOR_ATTACHMENT1 is `objects` (detached meanwhile):
    /// widths in output pixels, `scale` drawn pixels each (the supersample factor), so that a
    /// supersampled picture's are as wide as at 1x.
    void draw(GLuint objects, glm::vec2 targetSize, int scale, FrameStats& stats);

private:
    friend class Collector;
    friend void collectDraws(const DrawLists& lists, const scene::Scene& scene, const FrameView& view,
                             const DrawStyle& style, const DebugDraw& debug, FrameStats& stats);

    Program outlineProgram_;
    VertexArray outlineVao_;  ///< one rectangle per instance (styledAreas_), corners from gl_VertexID
    Buffer outlineBuffer_;
    std::vector<glm::vec4> styledAreas_;  ///< pixels (min x, min y, max x, max y) of each emphasised object
};

}  // namespace pickray::render
