// SPDX-License-Identifier: MIT
#include "render/window_target.hpp"

#include <utility>

namespace pickray::render {

void WindowTarget::bind(glm::ivec2 size, bool drawable) {
    if (own_ && size != size_ && drawable) {
        ColorTarget made = makeColorTarget(size, "the window");
        framebuffer_ = std::move(made.framebuffer);
        color_ = std::move(made.color);
        size_ = size;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer());
}

}  // namespace pickray::render
