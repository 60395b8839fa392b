// SPDX-License-Identifier: MIT
#include "render/resolve_pass.hpp"

#include <utility>

namespace pickray::render {

ResolvePass::ResolvePass(const std::filesystem::path& shaderDirectory)
    : fxaaProgram_(loadProgram(shaderDirectory, "resolve", "#define FXAA 1\n")),
      boxFilterProgram_(loadProgram(shaderDirectory, "resolve", "#define BOX 1\n")),
      resolveVao_(makeVertexArray()) {}

bool ResolvePass::resolve(GLuint color, glm::ivec2 size, int pixelScale, bool approximate) {
    const bool box = pixelScale > 1;
    presentResolved_ = box || (fxaa_ && !approximate);
    if (!presentResolved_) return false;
    if (resolvedSize_ != size) {
        ColorTarget made = makeColorTarget(size, "the resolved colour");
        resolved_ = std::move(made.framebuffer);
        resolvedColor_ = std::move(made.color);
        resolvedSize_ = size;
    }
    // One full-screen triangle, each output pixel once (not in FrameStats: not part of the scene's
    // fixed list of draws).
    glBindFramebuffer(GL_FRAMEBUFFER, resolved_.get());
    glViewport(0, 0, size.x, size.y);
    const GLuint program = box ? boxFilterProgram_.get() : fxaaProgram_.get();
    glUseProgram(program);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, color);
    glUniform1i(glGetUniformLocation(program, "uColor"), 0);
    if (box) glUniform1i(glGetUniformLocation(program, "uFactor"), pixelScale);
    glDisable(GL_DEPTH_TEST);
    glBindVertexArray(resolveVao_.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
    glEnable(GL_DEPTH_TEST);
    return true;
}

void ResolvePass::blit(GLuint target, glm::ivec2 drawn, glm::ivec2 size, glm::ivec2 lo, glm::ivec2 hi,
                       bool swapped) const {
    if (presentResolved_) {  // FXAA'd or filtered down: the drawable's size already
        glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_.get());
        glBlitFramebuffer(0, 0, size.x, size.y, lo.x, lo.y, hi.x, hi.y, GL_COLOR_BUFFER_BIT,
                          swapped ? GL_LINEAR : GL_NEAREST);
        return;
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, target);
    // Pixel for pixel when drawn at full size; an approximate frame's fewer pixels scaled up.
    const bool scaled = hi - lo != drawn;
    glBlitFramebuffer(0, 0, drawn.x, drawn.y, lo.x, lo.y, hi.x, hi.y, GL_COLOR_BUFFER_BIT,
                      scaled ? GL_LINEAR : GL_NEAREST);
}

}  // namespace pickray::render
