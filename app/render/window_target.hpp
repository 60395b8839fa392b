// SPDX-License-Identifier: MIT
#pragma once
// The window's pixels: the default framebuffer, or a framebuffer of the renderer's own sized to
// the window (Renderer::useOwnWindowFramebuffer).

#include <glm/vec2.hpp>

#include "render/gl_objects.hpp"

namespace pickray::render {

class WindowTarget {
public:
    void useOwn(bool own) { own_ = own; }
    /// Binds the window's framebuffer; ours is made `size` first when it differs and `drawable`.
    void bind(glm::ivec2 size, bool drawable);
    [[nodiscard]] GLuint framebuffer() const { return own_ ? framebuffer_.get() : 0; }

private:
    bool own_ = false;
    Framebuffer framebuffer_;  ///< the window's pixels when own_ (colour only: ImGui needs no depth)
    Renderbuffer color_;
    glm::ivec2 size_{0};
};

}  // namespace pickray::render
