// SPDX-License-Identifier: MIT
#include "render/analytic_pass.hpp"

#include <glm/gtc/type_ptr.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace pickray::render {

void setDepthUniforms(GLuint program, const FrameView& view) {
    // The view direction: minus the rotation's third row.
    const glm::mat4& r = view.rotationView;
    const glm::vec3 forward(-r[0][2], -r[1][2], -r[2][2]);
    glUniform3fv(glGetUniformLocation(program, "uEye"), 1, glm::value_ptr(view.eye));
    glUniform3fv(glGetUniformLocation(program, "uForward"), 1, glm::value_ptr(forward));
    glUniform1f(glGetUniformLocation(program, "uNear"), view.nearDistance);
}

void AnalyticPass::load(const std::filesystem::path& shaderDirectory) {
    if (loaded()) return;
    sphereProgram_ = loadProgram(shaderDirectory, "sphere");
    sphereVao_ = makeVertexArray();
    sphereBuffer_ = makeBuffer();
    glBindVertexArray(sphereVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, sphereBuffer_.get());
    // A sphere's five attributes (0-4), which a RoundInstance begins with.
    static_assert(offsetof(RoundInstance, end) == 0);
    const auto sphereAttributes = [](GLsizei stride) {
        floatAttribute(0, 3, stride, offsetof(SphereInstance, center), 1);
        floatAttribute(1, 1, stride, offsetof(SphereInstance, radius), 1);
        floatAttribute(2, 4, stride, offsetof(SphereInstance, color), 1);
        floatAttribute(3, 4, stride, offsetof(SphereInstance, style), 1);
        uintAttribute(4, 1, stride, offsetof(SphereInstance, object), 1);
    };
    sphereAttributes(sizeof(SphereInstance));
    roundProgram_ = loadProgram(shaderDirectory, "sphere", "#define ROUND 1\n");
    roundVao_ = makeVertexArray();
    roundBuffer_ = makeBuffer();
    glBindVertexArray(roundVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, roundBuffer_.get());
    sphereAttributes(sizeof(RoundInstance));
    floatAttribute(5, 3, sizeof(RoundInstance), offsetof(RoundInstance, axis), 1);
    uintAttribute(6, 1, sizeof(RoundInstance), offsetof(RoundInstance, kind), 1);
    boxProgram_ = loadProgram(shaderDirectory, "box");
    boxVao_ = makeVertexArray();
    boxBuffer_ = makeBuffer();
    glBindVertexArray(boxVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, boxBuffer_.get());
    floatAttribute(0, 3, sizeof(BoxInstance), offsetof(BoxInstance, translation), 1);
    for (GLuint i = 0; i < 3; ++i) {
        floatAttribute(1 + i, 3, sizeof(BoxInstance), offsetof(BoxInstance, columns) + i * sizeof(glm::vec3), 1);
        floatAttribute(4 + i, 3, sizeof(BoxInstance), offsetof(BoxInstance, inverse) + i * sizeof(glm::vec3), 1);
    }
    floatAttribute(7, 3, sizeof(BoxInstance), offsetof(BoxInstance, min), 1);
    floatAttribute(8, 3, sizeof(BoxInstance), offsetof(BoxInstance, max), 1);
    floatAttribute(9, 4, sizeof(BoxInstance), offsetof(BoxInstance, color), 1);
    floatAttribute(10, 4, sizeof(BoxInstance), offsetof(BoxInstance, style), 1);
    uintAttribute(11, 1, sizeof(BoxInstance), offsetof(BoxInstance, object), 1);
    glBindVertexArray(0);
}

void AnalyticPass::clear() {
    spheresToCast_.clear();
    roundsToCast_.clear();
    boxesToCast_.clear();
}

void AnalyticPass::draw(const FrameView& view, FrameStats& stats) {
    // Spheres, then the other round kinds (the ROUND variant), then boxes (box.vert / box.frag):
    // the same camera, rectangles and depth.
    const auto draw = [&](GLuint program, GLuint vao, GLuint buffer, const void* data, GLsizeiptr bytes,
                          std::size_t count) {
        if (count == 0) return;
        glUseProgram(program);
        const glm::mat3 rotation(view.rotationView);
        // The pixels' rays: the inverse of projection · rotation, formed in double (as cursorRay).
        const glm::mat4 inverse(glm::inverse(glm::dmat4(view.projection) * glm::dmat4(view.rotationView)));
        glUniformMatrix3fv(glGetUniformLocation(program, "uRotation"), 1, GL_FALSE, glm::value_ptr(rotation));
        glUniformMatrix4fv(glGetUniformLocation(program, "uProjection"), 1, GL_FALSE, glm::value_ptr(view.projection));
        glUniformMatrix4fv(glGetUniformLocation(program, "uInverseCamera"), 1, GL_FALSE, glm::value_ptr(inverse));
        glUniform2f(glGetUniformLocation(program, "uTargetSize"), static_cast<float>(view.drawableSize.x),
                    static_cast<float>(view.drawableSize.y));
        setDepthUniforms(program, view);
        glDisable(GL_CULL_FACE);
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glBufferData(GL_ARRAY_BUFFER, bytes, data, GL_STREAM_DRAW);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(count));
        ++stats.drawCalls;
        stats.triangles += 2 * count;
    };
    draw(sphereProgram_.get(), sphereVao_.get(), sphereBuffer_.get(), spheresToCast_.data(), byteSize(spheresToCast_),
         spheresToCast_.size());
    draw(roundProgram_.get(), roundVao_.get(), roundBuffer_.get(), roundsToCast_.data(), byteSize(roundsToCast_),
         roundsToCast_.size());
    stats.analyticSpheres = spheresToCast_.size();
    draw(boxProgram_.get(), boxVao_.get(), boxBuffer_.get(), boxesToCast_.data(), byteSize(boxesToCast_),
         boxesToCast_.size());
    stats.analyticRounds = roundsToCast_.size();
    stats.analyticBoxes = boxesToCast_.size();
}

}  // namespace pickray::render
