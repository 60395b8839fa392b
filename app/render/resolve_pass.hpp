// SPDX-License-Identifier: MIT
#pragma once
// The frame's colour on its way to the window: FXAA's edge filter (resolve.frag, FXAA) on an exact
// frame, supersampling's box filter (BOX) down to the drawable, or, neither, the target itself,
// scaled up when the frame was drawn approximate.

#include <filesystem>

#include <glm/vec2.hpp>

#include "render/gl_objects.hpp"

namespace pickray::render {

class ResolvePass {
public:
    explicit ResolvePass(const std::filesystem::path& shaderDirectory);  // throws std::runtime_error

    void useFxaa(bool fxaa) { fxaa_ = fxaa; }
    [[nodiscard]] bool fxaa() const { return fxaa_; }

    /// The target's colour texture `color` to the resolved framebuffer, `size` (the drawable's):
    /// box-filtered when the frame was supersampled (`pixelScale` > 1), FXAA's filter when that is
    /// on and the frame exact; false (nothing done) otherwise, when the target is shown itself.
    bool resolve(GLuint color, glm::ivec2 size, int pixelScale, bool approximate);
    /// The framebuffer that holds the last frame as the window is given it: the resolved one, or
    /// `target` when the last frame was not resolved.
    [[nodiscard]] GLuint scene(GLuint target) const { return presentResolved_ ? resolved_.get() : target; }
    /// The last frame into the pixels [lo, hi) of the bound draw framebuffer: the resolved colour
    /// (`size` pixels), or the `drawn` pixels of `target` (scaled up when fewer: approximate).
    void blit(GLuint target, glm::ivec2 drawn, glm::ivec2 size, glm::ivec2 lo, glm::ivec2 hi, bool swapped) const;

private:
    bool fxaa_ = true;
    Program fxaaProgram_;       ///< resolve.vert / resolve.frag with FXAA
    Program boxFilterProgram_;  ///< the same with BOX
    VertexArray resolveVao_;    ///< empty: the full-screen triangle's corners come from gl_VertexID
    Framebuffer resolved_;
    Renderbuffer resolvedColor_;
    glm::ivec2 resolvedSize_{0};
    bool presentResolved_ = false;  ///< the last frame was resolved: present() and Source::Scene read resolved_
};

}  // namespace pickray::render
