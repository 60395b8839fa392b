// SPDX-License-Identifier: MIT
#include "render/outline_pass.hpp"

#include <glm/gtc/type_ptr.hpp>

namespace pickray::render {

OutlinePass::OutlinePass(const std::filesystem::path& shaderDirectory)
    : outlineProgram_(loadProgram(shaderDirectory, "outline")),
      outlineVao_(makeVertexArray()),
      outlineBuffer_(makeBuffer()) {
    glBindVertexArray(outlineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, outlineBuffer_.get());
    floatAttribute(0, 4, sizeof(glm::vec4), 0, 1);  // one rectangle per instance
    glBindVertexArray(0);
}

void OutlinePass::draw(GLuint objects, glm::vec2 targetSize, int scale, FrameStats& stats) {
    // The object texture is read here, so it must not be attached while it is: detached for the
    // pass (a feedback loop is undefined even with the attachment not drawn to).
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
    glUseProgram(outlineProgram_.get());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, objects);
    glUniform1i(glGetUniformLocation(outlineProgram_.get(), "uObjects"), 0);
    glUniform2fv(glGetUniformLocation(outlineProgram_.get(), "uTargetSize"), 1, glm::value_ptr(targetSize));
    glUniform1i(glGetUniformLocation(outlineProgram_.get(), "uScale"), scale);  // widths in output pixels
    glUniform3fv(glGetUniformLocation(outlineProgram_.get(), "uPicked"), 1, glm::value_ptr(kHighlightColor));
    glUniform3fv(glGetUniformLocation(outlineProgram_.get(), "uSelected"), 1, glm::value_ptr(kSelectedColor));
    glUniform3fv(glGetUniformLocation(outlineProgram_.get(), "uHovered"), 1, glm::value_ptr(kHoveredColor));
    // Only the rectangles around the emphasised objects (none when none is): a 9x9 look-around
    // per pixel (times the supersample factor squared) over the whole frame is what a software
    // rasteriser feels. The outline's colours are opaque, so where rectangles overlap a pixel
    // comes out the same.
    glDisable(GL_DEPTH_TEST);
    glBindVertexArray(outlineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, outlineBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(styledAreas_), styledAreas_.data(), GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(styledAreas_.size()));  // every frame
    ++stats.drawCalls;
    glEnable(GL_DEPTH_TEST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, objects, 0);
}

}  // namespace pickray::render
