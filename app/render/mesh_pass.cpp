// SPDX-License-Identifier: MIT
#include "render/mesh_pass.hpp"

#include <string>

#include <glm/gtc/type_ptr.hpp>

#include "render/analytic_pass.hpp"

namespace pickray::render {

MeshPass::Batch MeshPass::makeBatch(const MeshData& mesh) {
    Batch b{makeVertexArray(), makeBuffer(), makeBuffer(), makeBuffer(), static_cast<GLsizei>(mesh.indices.size()), {}};
    glBindVertexArray(b.vao.get());
    glBindBuffer(GL_ARRAY_BUFFER, b.vertices.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(mesh.vertices), mesh.vertices.data(), GL_STATIC_DRAW);
    floatAttribute(0, 3, sizeof(Vertex), offsetof(Vertex, position));
    floatAttribute(1, 3, sizeof(Vertex), offsetof(Vertex, normal));
    floatAttribute(8, 1, sizeof(Vertex), offsetof(Vertex, stretch));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b.indices.get());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, byteSize(mesh.indices), mesh.indices.data(), GL_STATIC_DRAW);
    // Per-instance attributes: model matrix (4 columns at 2..5), colour (6), style (7), object (9).
    glBindBuffer(GL_ARRAY_BUFFER, b.instances.get());
    for (GLuint column = 0; column < 4; ++column) {
        floatAttribute(2 + column, 4, sizeof(Instance), offsetof(Instance, model) + column * sizeof(glm::vec4), 1);
    }
    floatAttribute(6, 4, sizeof(Instance), offsetof(Instance, color), 1);
    floatAttribute(7, 4, sizeof(Instance), offsetof(Instance, style), 1);
    uintAttribute(9, 1, sizeof(Instance), offsetof(Instance, object), 1);
    glBindVertexArray(0);
    return b;
}

template <class Make, class Outline>
MeshPass::LodBatches MeshPass::makeLodBatches(Make make, Outline outline) {
    LodBatches lod;
    for (std::size_t level = 0; level < kLodCount; ++level) {
        lod.levels[level] = makeBatch(make(kLodSegments[level]));
        lod.deviation[level] = silhouetteDeviation(outline(kLodSegments[level]));
    }
    return lod;
}

MeshPass::MeshPass(const std::filesystem::path& shaderDirectory)
    : meshProgram_(loadProgram(shaderDirectory, "mesh")),
      dotProgram_(loadProgram(shaderDirectory, "dot")),
      spheres_(makeLodBatches([](int n) { return makeSphere(n); }, [](int n) { return makeSphere(n); })),
      capsules_(makeLodBatches([](int n) { return makeCapsule(n); }, [](int n) { return makeCapsule(n); })),
      // A capped cylinder's outline is its side's ring.
      cylinders_(
          makeLodBatches([](int n) { return makeCappedCylinder(n); }, [](int n) { return makeCylinderSide(n); })),
      longSides_(makeBatch(makeCylinderSide(kRoundSegments, kLongSideRings))),
      cubes_(makeBatch(makeCube())),
      mirroredCubes_(makeBatch(makeCube())),
      dotVao_(makeVertexArray()),
      dotBuffer_(makeBuffer()) {
    longSides_.closed = false;
    mirroredCubes_.mirrored = true;
    glBindVertexArray(dotVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, dotBuffer_.get());
    floatAttribute(0, 3, sizeof(Dot), offsetof(Dot, center));
    floatAttribute(1, 1, sizeof(Dot), offsetof(Dot, sizePixels));
    floatAttribute(2, 4, sizeof(Dot), offsetof(Dot, color));
    floatAttribute(3, 4, sizeof(Dot), offsetof(Dot, style));
    uintAttribute(4, 1, sizeof(Dot), offsetof(Dot, object));
    glBindVertexArray(0);
}

void MeshPass::loadDepthPrograms(const std::filesystem::path& shaderDirectory) {
    if (meshDepthProgram_.get() != 0) return;
    const std::string depth = "#define ANALYTIC_DEPTH 1\n";
    meshDepthProgram_ = loadProgram(shaderDirectory, "mesh", depth);
    dotDepthProgram_ = loadProgram(shaderDirectory, "dot", depth);
}

std::vector<MeshPass::Batch*> MeshPass::allBatches() {
    std::vector<Batch*> batches;
    for (LodBatches* lod : {&spheres_, &capsules_, &cylinders_})
        for (Batch& b : lod->levels) batches.push_back(&b);
    batches.push_back(&longSides_);
    batches.push_back(&cubes_);
    batches.push_back(&mirroredCubes_);
    return batches;
}

void MeshPass::clear() {
    for (Batch* b : allBatches()) b->pending.clear();
    dots_.clear();
}

void MeshPass::drawBatches(const FrameView& view, bool analytic, FrameStats& stats) {
    const GLuint mesh = analytic ? meshDepthProgram_.get() : meshProgram_.get();
    glUseProgram(mesh);
    glUniformMatrix4fv(glGetUniformLocation(mesh, "uViewProjection"), 1, GL_FALSE, glm::value_ptr(view.viewProjection));
    glUniform3fv(glGetUniformLocation(mesh, "uEye"), 1, glm::value_ptr(view.eye));
    if (analytic) setDepthUniforms(mesh, view);
    for (Batch* b : allBatches()) drawBatch(*b, stats);
    glDisable(GL_CULL_FACE);
    glFrontFace(GL_CCW);
}

void MeshPass::drawBatch(Batch& batch, FrameStats& stats) {
    // Issued even when empty: the frame's list of draws is fixed (and an empty draw costs nothing).
    // Culling the back faces of closed meshes halves what the rasteriser sets up.
    if (batch.closed) glEnable(GL_CULL_FACE);
    else glDisable(GL_CULL_FACE);
    glFrontFace(batch.mirrored ? GL_CW : GL_CCW);
    glBindVertexArray(batch.vao.get());
    glBindBuffer(GL_ARRAY_BUFFER, batch.instances.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(batch.pending), batch.pending.data(), GL_STREAM_DRAW);
    glDrawElementsInstanced(GL_TRIANGLES, batch.indexCount, GL_UNSIGNED_INT, nullptr,
                            static_cast<GLsizei>(batch.pending.size()));
    ++stats.drawCalls;
    stats.triangles += batch.pending.size() * static_cast<std::size_t>(batch.indexCount / 3);
}

void MeshPass::drawDots(const FrameView& view, bool analytic, FrameStats& stats) {
    const GLuint program = analytic ? dotDepthProgram_.get() : dotProgram_.get();
    glUseProgram(program);
    glUniformMatrix4fv(glGetUniformLocation(program, "uViewProjection"), 1, GL_FALSE,
                       glm::value_ptr(view.viewProjection));
    if (analytic) setDepthUniforms(program, view);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(dotVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, dotBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(dots_), dots_.data(), GL_STREAM_DRAW);
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(dots_.size()));
    glDisable(GL_PROGRAM_POINT_SIZE);
    ++stats.drawCalls;
}

}  // namespace pickray::render
