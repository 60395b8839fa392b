// SPDX-License-Identifier: MIT
#pragma once
// The second view's pixels (Renderer::drawSecondView, the observer's) and where present() shows
// them: the inset's rectangle over the scene, or, swapped, the whole window with the scene in it.

#include <functional>
#include <optional>

#include <glm/vec2.hpp>

#include "render/frame.hpp"
#include "render/gl_objects.hpp"

namespace pickray::render {

class SecondView {
public:
    void setInset(const std::optional<InsetLayout>& inset) { inset_ = inset; }
    /// Keeps the bottom-left `size` pixels of `framebuffer`'s colour as the second view.
    void keep(GLuint framebuffer, glm::ivec2 size);
    /// There is a second view and a place for it.
    [[nodiscard]] bool shown() const { return inset_ && size_.x > 0; }
    /// Fills `framebuffer`, `out` pixels: the scene, which `blitScene(lo, hi, swapped)` blits into
    /// the pixels [lo, hi) of the bound draw framebuffer, and the second view with its border.
    void compose(GLuint framebuffer, glm::ivec2 out,
                 const std::function<void(glm::ivec2, glm::ivec2, bool)>& blitScene) const;

private:
    Framebuffer framebuffer_;
    Renderbuffer color_;
    glm::ivec2 size_{0};
    std::optional<InsetLayout> inset_;
};

}  // namespace pickray::render
