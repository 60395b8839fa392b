// SPDX-License-Identifier: MIT
#include "render/second_view.hpp"

#include <utility>

namespace pickray::render {

void SecondView::keep(GLuint framebuffer, glm::ivec2 size) {
    if (size_ != size) {
        ColorTarget made = makeColorTarget(size, "the second view");
        framebuffer_ = std::move(made.framebuffer);
        color_ = std::move(made.color);
        size_ = size;
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_.get());
    glBlitFramebuffer(0, 0, size.x, size.y, 0, 0, size.x, size.y, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

void SecondView::compose(GLuint framebuffer, glm::ivec2 out,
                         const std::function<void(glm::ivec2, glm::ivec2, bool)>& blitScene) const {
    const bool inset = inset_ && size_.x > 0 && inset_->size.x > 0 && inset_->size.y > 0;
    // The rectangle in GL's pixels (y up), and where the scene goes: the whole window, or the
    // rectangle when swapped.
    const glm::ivec2 lo(inset ? inset_->min.x : 0, inset ? out.y - inset_->min.y - inset_->size.y : 0);
    const glm::ivec2 hi = lo + (inset ? inset_->size : glm::ivec2(0));
    const bool swapped = inset && inset_->swapped;
    const glm::ivec2 sceneLo = swapped ? lo : glm::ivec2(0);
    const glm::ivec2 sceneHi = swapped ? hi : out;
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
    const auto blitSecond = [&](glm::ivec2 a, glm::ivec2 b) {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.get());
        glBlitFramebuffer(0, 0, size_.x, size_.y, a.x, a.y, b.x, b.y, GL_COLOR_BUFFER_BIT,
                          size_ == b - a ? GL_NEAREST : GL_LINEAR);
    };
    const auto border = [&] {
        glEnable(GL_SCISSOR_TEST);
        glScissor(lo.x - kInsetBorderPixels, lo.y - kInsetBorderPixels, hi.x - lo.x + 2 * kInsetBorderPixels,
                  hi.y - lo.y + 2 * kInsetBorderPixels);
        const GLfloat color[] = {kInsetBorderColor.r, kInsetBorderColor.g, kInsetBorderColor.b, 1.0f};
        glClearBufferfv(GL_COLOR, 0, color);
        glDisable(GL_SCISSOR_TEST);
    };
    // What fills the window, the rectangle's border, what is in the rectangle.
    if (swapped) blitSecond(glm::ivec2(0), out);
    else blitScene(sceneLo, sceneHi, swapped);
    if (!inset) return;
    border();
    if (swapped) blitScene(sceneLo, sceneHi, swapped);
    else blitSecond(lo, hi);
}

}  // namespace pickray::render
