// SPDX-License-Identifier: MIT
#include "render/scene_target.hpp"

#include <cstddef>
#include <stdexcept>

namespace pickray::render {

void SceneTarget::resize(glm::ivec2 size, bool analytic) {
    if (size == size_ && analytic == analytic_) return;
    framebuffer_ = makeFramebuffer();
    color_ = makeTexture();
    depth_ = makeRenderbuffer();
    objects_ = makeTexture();
    glBindTexture(GL_TEXTURE_2D, objects_.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, size.x, size.y, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    // The colour is read by the resolve pass: FXAA's samples between pixels are linear, none past the edge.
    glBindTexture(GL_TEXTURE_2D, color_.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size.x, size.y, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindRenderbuffer(GL_RENDERBUFFER, depth_.get());
    // Analytic: near / view depth in float keeps the same relative precision (2^-24) at every
    // distance; in 24 fixed bits it would have 2^-24 absolute, 1e-3 of that far away.
    glRenderbufferStorage(GL_RENDERBUFFER, analytic ? GL_DEPTH_COMPONENT32F : GL_DEPTH_COMPONENT24, size.x, size.y);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_.get(), 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, objects_.get(), 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("the scene's render target is incomplete");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    size_ = size;
    analytic_ = analytic;
}

std::vector<std::uint32_t> SceneTarget::readObjectIds(glm::ivec2 size) const {
    const auto width = static_cast<std::size_t>(size.x);
    const auto height = static_cast<std::size_t>(size.y);
    // The attachment holds (object, style bits); GL reads integer pixels as RGBA_INTEGER only
    // portably, so all four channels come back and the first is kept.
    std::vector<std::uint32_t> rgba(width * height * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.get());
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    glReadPixels(0, 0, size.x, size.y, GL_RGBA_INTEGER, GL_UNSIGNED_INT, rgba.data());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    // GL rows start at the bottom; PNG rows at the top.
    std::vector<std::uint32_t> topDown(width * height);
    for (std::size_t y = 0; y < height; ++y)
        for (std::size_t x = 0; x < width; ++x) topDown[y * width + x] = rgba[((height - 1 - y) * width + x) * 4];
    return topDown;
}

}  // namespace pickray::render
