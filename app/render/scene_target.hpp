// SPDX-License-Identifier: MIT
#pragma once
// The framebuffer every pass draws the scene into, with a depth buffer we choose (24 bits; 32-bit
// float when analytic): the default framebuffer of some drivers (SDL offscreen/EGL on llvmpipe)
// resolves depth far too coarsely. Its second colour attachment holds each pixel's object, which
// the shape passes write, the outline pass reads and readObjectIds reads back.

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include "render/gl_objects.hpp"

namespace pickray::render {

class SceneTarget {
public:
    /// Remade at `size` unless it has that size and that kind of depth already.
    void resize(glm::ivec2 size, bool analytic);
    [[nodiscard]] glm::ivec2 size() const { return size_; }
    /// The depth is the analytic one (32-bit float).
    [[nodiscard]] bool analytic() const { return analytic_; }
    [[nodiscard]] GLuint framebuffer() const { return framebuffer_.get(); }
    /// The colour, a texture: the resolve pass reads it.
    [[nodiscard]] GLuint color() const { return color_.get(); }
    /// Each pixel's object (index + 1) and its emphasis bits, a texture: the outline pass reads it.
    [[nodiscard]] GLuint objects() const { return objects_.get(); }

    /// The object attachment's bottom-left `size` pixels, one value a pixel, top row first: the
    /// object (index + 1) without the emphasis bits.
    [[nodiscard]] std::vector<std::uint32_t> readObjectIds(glm::ivec2 size) const;

private:
    Framebuffer framebuffer_;
    Texture color_;
    Renderbuffer depth_;
    Texture objects_;
    glm::ivec2 size_{0};
    bool analytic_ = false;
};

}  // namespace pickray::render
