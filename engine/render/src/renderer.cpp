#include "pickray/render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <variant>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

namespace pickray::render {
namespace {

// Byte offsets for glVertexAttribPointer, which takes them as pointers.
const void* offset(std::size_t bytes) { return reinterpret_cast<const void*>(bytes); }

template <class T>
GLsizeiptr byteSize(const std::vector<T>& v) {
    return static_cast<GLsizeiptr>(v.size() * sizeof(T));
}

// Columns: two unit vectors perpendicular to `axis` scaled by `radius`, the axis itself, `origin`.
// Maps the unit z-aligned meshes (cylinder side, disk) onto a round shape's frame.
glm::mat4 axisFrame(glm::vec3 origin, glm::vec3 axis, float radius) {
    const glm::vec3 dir = glm::normalize(axis);
    const glm::vec3 helper = std::abs(dir.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    const glm::vec3 u = glm::normalize(glm::cross(dir, helper));
    const glm::vec3 v = glm::cross(dir, u);
    return glm::mat4(glm::vec4(radius * u, 0), glm::vec4(radius * v, 0), glm::vec4(axis, 0), glm::vec4(origin, 1));
}

glm::mat4 sphereModel(glm::vec3 center, float radius) {
    return glm::scale(glm::translate(glm::mat4(1.0f), center), glm::vec3(radius));
}

// The parameter interval [s0, s1] of the line centre + s·dir that lies inside the frustum of
// `viewProjection` grown outwards by `margin` (Gribb–Hartmann planes, Liang–Barsky clipping).
std::optional<glm::vec2> clipToFrustum(const glm::mat4& viewProjection, glm::vec3 centre, glm::vec3 dir, float s0,
                                       float s1, float margin) {
    const glm::mat4 m = glm::transpose(viewProjection);  // rows of viewProjection as columns
    const glm::vec4 planes[6] = {m[3] + m[0], m[3] - m[0], m[3] + m[1], m[3] - m[1], m[3] + m[2], m[3] - m[2]};
    for (const glm::vec4& plane : planes) {
        const glm::vec3 n(plane);
        const float length = glm::length(n);
        if (length == 0.0f) continue;
        // Signed distance of centre + s·dir from the grown plane: a + b·s >= 0 inside.
        const float a = (glm::dot(n, centre) + plane.w) / length + margin;
        const float b = glm::dot(n, dir) / length;
        if (b == 0.0f) {
            if (a < 0.0f) return std::nullopt;
        } else if (b > 0.0f) {
            s0 = std::max(s0, -a / b);
        } else {
            s1 = std::min(s1, -a / b);
        }
    }
    if (!(s0 < s1)) return std::nullopt;
    return glm::vec2(s0, s1);
}

constexpr glm::vec3 kGridColor{0.32f, 0.34f, 0.38f};
constexpr int kGridHalfExtent = 20;

}  // namespace

std::filesystem::path defaultShaderDirectory() {
    if (const char* env = std::getenv("PICKRAY_SHADER_DIR")) return env;
    if (std::filesystem::exists(PICKRAY_SOURCE_SHADER_DIR)) return PICKRAY_SOURCE_SHADER_DIR;
    return PICKRAY_INSTALLED_SHADER_DIR;
}

Renderer::Batch Renderer::makeBatch(const MeshData& mesh) {
    Batch b{makeVertexArray(), makeBuffer(), makeBuffer(), makeBuffer(), static_cast<GLsizei>(mesh.indices.size()), {}};
    glBindVertexArray(b.vao.get());
    glBindBuffer(GL_ARRAY_BUFFER, b.vertices.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(mesh.vertices), mesh.vertices.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), offset(offsetof(Vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), offset(offsetof(Vertex, normal)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b.indices.get());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, byteSize(mesh.indices), mesh.indices.data(), GL_STATIC_DRAW);
    // Per-instance attributes: model matrix (4 columns at 2..5), colour (6), style (7).
    glBindBuffer(GL_ARRAY_BUFFER, b.instances.get());
    for (GLuint column = 0; column < 4; ++column) {
        glEnableVertexAttribArray(2 + column);
        glVertexAttribPointer(2 + column, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
                              offset(offsetof(Instance, model) + column * sizeof(glm::vec4)));
        glVertexAttribDivisor(2 + column, 1);
    }
    glEnableVertexAttribArray(6);
    glVertexAttribPointer(6, 4, GL_FLOAT, GL_FALSE, sizeof(Instance), offset(offsetof(Instance, color)));
    glVertexAttribDivisor(6, 1);
    glEnableVertexAttribArray(7);
    glVertexAttribPointer(7, 4, GL_FLOAT, GL_FALSE, sizeof(Instance), offset(offsetof(Instance, style)));
    glVertexAttribDivisor(7, 1);
    glBindVertexArray(0);
    return b;
}

Renderer::Renderer(const std::filesystem::path& shaderDirectory)
    : meshProgram_(loadProgram(shaderDirectory, "mesh")),
      lineProgram_(loadProgram(shaderDirectory, "line")),
      spheres_(makeBatch(makeSphere())),
      sides_(makeBatch(makeCylinderSide())),
      longSides_(makeBatch(makeCylinderSide(kRoundSegments, kLongSideRings))),
      disks_(makeBatch(makeDisk())),
      cubes_(makeBatch(makeCube())),
      lineVao_(makeVertexArray()),
      lineBuffer_(makeBuffer()) {
    glBindVertexArray(lineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_.get());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex), offset(offsetof(LineVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(LineVertex), offset(offsetof(LineVertex, color)));
    glBindVertexArray(0);
}

void Renderer::collect(const scene::Scene& scene, const FrameView& view, const DrawStyle& style,
                       const DebugDraw& debug) {
    for (Batch* b : {&spheres_, &sides_, &longSides_, &disks_, &cubes_}) b->pending.clear();
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const scene::Object& object = scene.objects[i];
        bool selected = false;
        for (std::size_t s : style.selected) selected = selected || s == i;
        const glm::vec4 color(object.color, 1.0f);
        const glm::vec4 look(style.highlighted == i ? 1.0f : 0.0f, selected ? 1.0f : 0.0f,
                             style.hovered == i ? 1.0f : 0.0f, 0.0f);
        auto add = [&](Batch& batch, const glm::mat4& model) { batch.pending.push_back({model, color, look}); };
        struct Emit {
            decltype(add)& emit;
            const FrameView& view;
            Renderer& r;
            void operator()(const Sphere& s) const { emit(r.spheres_, sphereModel(s.center, s.radius)); }
            void operator()(const Capsule& c) const {
                if (c.a != c.b) emit(r.sides_, axisFrame(c.a, c.b - c.a, c.radius));
                emit(r.spheres_, sphereModel(c.a, c.radius));
                emit(r.spheres_, sphereModel(c.b, c.radius));
            }
            void operator()(const Cylinder& c) const {
                const glm::vec3 axis = c.b - c.a;
                emit(r.sides_, axisFrame(c.a, axis, c.radius));
                // Disks lie in their frame's z = 0 plane with normal +z: the cap at b faces +axis,
                // the cap at a gets the frame of −axis so that it faces outwards too.
                emit(r.disks_, axisFrame(c.b, axis, c.radius));
                emit(r.disks_, axisFrame(c.a, -axis, c.radius));
            }
            void operator()(const InfiniteCylinder& c) const {
                // Only the part of the axis inside the view frustum (grown by the radius) is drawn:
                // it reaches the edges of the view, so it looks infinite, and its triangles stay
                // screen-sized (see kLongSideRings for what overly long ones do on llvmpipe).
                const glm::vec3 dir = glm::normalize(c.p2 - c.p1);
                const glm::vec3 centre = c.p1 + glm::dot(view.lookTarget - c.p1, dir) * dir;
                const float reach = 2.0f * (view.farDistance + glm::length(view.eye - centre));
                if (auto range = clipToFrustum(view.viewProjection, centre, dir, -reach, reach, c.radius))
                    emit(r.longSides_, axisFrame(centre + range->x * dir, (range->y - range->x) * dir, c.radius));
            }
            void operator()(const scene::Box& b) const {
                const glm::mat4 unitToLocal = glm::scale(glm::translate(glm::mat4(1.0f), b.local.min), b.local.max - b.local.min);
                emit(r.cubes_, scene::toWorld(b.transform) * unitToLocal);
            }
        };
        std::visit(Emit{add, view, *this}, object.shape);
    }
    for (const DebugMarker& m : debug.markers)
        spheres_.pending.push_back({sphereModel(m.center, m.radius), glm::vec4(m.color, 0.0f), glm::vec4(0.0f)});
}

void Renderer::drawBatch(Batch& batch) {
    if (batch.pending.empty()) return;
    glBindVertexArray(batch.vao.get());
    glBindBuffer(GL_ARRAY_BUFFER, batch.instances.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(batch.pending), batch.pending.data(), GL_STREAM_DRAW);
    glDrawElementsInstanced(GL_TRIANGLES, batch.indexCount, GL_UNSIGNED_INT, nullptr,
                            static_cast<GLsizei>(batch.pending.size()));
}

void Renderer::drawLines(const std::vector<LineVertex>& vertices) {
    if (vertices.empty()) return;
    glBindVertexArray(lineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(vertices), vertices.data(), GL_STREAM_DRAW);
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(vertices.size()));
}

void Renderer::resizeTarget(glm::ivec2 size) {
    if (size == targetSize_) return;
    target_ = makeFramebuffer();
    targetColor_ = makeRenderbuffer();
    targetDepth_ = makeRenderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, targetColor_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size.x, size.y);
    glBindRenderbuffer(GL_RENDERBUFFER, targetDepth_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, size.x, size.y);
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, targetColor_.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, targetDepth_.get());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("the scene's render target is incomplete");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    targetSize_ = size;
}

void Renderer::draw(const scene::Scene& scene, const FrameView& view, const DrawStyle& style, const DebugDraw& debug) {
    resizeTarget(view.drawableSize);
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glViewport(0, 0, view.drawableSize.x, view.drawableSize.y);
    glClearColor(0.13f, 0.14f, 0.17f, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDisable(GL_CULL_FACE);  // open cylinder sides and mirrored boxes are seen from both sides
    glDisable(GL_BLEND);

    collect(scene, view, style, debug);
    glUseProgram(meshProgram_.get());
    glUniformMatrix4fv(glGetUniformLocation(meshProgram_.get(), "uViewProjection"), 1, GL_FALSE,
                       glm::value_ptr(view.viewProjection));
    glUniform3fv(glGetUniformLocation(meshProgram_.get(), "uEye"), 1, glm::value_ptr(view.eye));
    glUniform3fv(glGetUniformLocation(meshProgram_.get(), "uHighlight"), 1, glm::value_ptr(kHighlightColor));
    for (Batch* b : {&spheres_, &sides_, &longSides_, &disks_, &cubes_}) drawBatch(*b);

    // Lines: grid with depth test; debug lines twice, faint through objects and solid where seen.
    std::vector<LineVertex> grid;
    if (style.grid) {
        for (int i = -kGridHalfExtent; i <= kGridHalfExtent; ++i) {
            const auto f = static_cast<float>(i);
            const auto e = static_cast<float>(kGridHalfExtent);
            const glm::vec4 cx = i == 0 ? glm::vec4(0.75f, 0.3f, 0.3f, 1) : glm::vec4(kGridColor, 1);
            const glm::vec4 cz = i == 0 ? glm::vec4(0.3f, 0.4f, 0.8f, 1) : glm::vec4(kGridColor, 1);
            grid.push_back({{-e, 0, f}, cx});
            grid.push_back({{e, 0, f}, cx});
            grid.push_back({{f, 0, -e}, cz});
            grid.push_back({{f, 0, e}, cz});
        }
    }
    std::vector<LineVertex> faint;
    std::vector<LineVertex> solid;
    for (const DebugLine& l : debug.lines) {
        faint.push_back({l.a, glm::vec4(l.color, 0.3f)});
        faint.push_back({l.b, glm::vec4(l.color, 0.3f)});
        solid.push_back({l.a, glm::vec4(l.color, 1.0f)});
        solid.push_back({l.b, glm::vec4(l.color, 1.0f)});
    }
    glUseProgram(lineProgram_.get());
    glUniformMatrix4fv(glGetUniformLocation(lineProgram_.get(), "uViewProjection"), 1, GL_FALSE,
                       glm::value_ptr(view.viewProjection));
    drawLines(grid);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    drawLines(faint);
    glEnable(GL_DEPTH_TEST);
    drawLines(solid);
    glDisable(GL_BLEND);
    glBindVertexArray(0);
    glUseProgram(0);

    glBindFramebuffer(GL_READ_FRAMEBUFFER, target_.get());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, targetSize_.x, targetSize_.y, 0, 0, targetSize_.x, targetSize_.y, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<std::uint8_t> Renderer::readPixels(glm::ivec2 size, Source source) const {
    const auto width = static_cast<std::size_t>(size.x);
    const auto height = static_cast<std::size_t>(size.y);
    std::vector<std::uint8_t> bottomUp(width * height * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, source == Source::Scene ? target_.get() : 0);
    glReadPixels(0, 0, size.x, size.y, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    for (std::size_t i = 3; i < bottomUp.size(); i += 4) bottomUp[i] = 255;
    // GL rows start at the bottom; PNG rows at the top.
    std::vector<std::uint8_t> topDown(bottomUp.size());
    const std::size_t row = width * 4;
    for (std::size_t y = 0; y < height; ++y)
        std::copy_n(bottomUp.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row), row,
                    topDown.begin() + static_cast<std::ptrdiff_t>(y * row));
    return topDown;
}

}  // namespace pickray::render
