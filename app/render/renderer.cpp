// SPDX-License-Identifier: MIT
#include "render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <variant>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/matrix.hpp>

namespace pickray::render {
namespace {

glm::ivec2 queryMaxTargetSize() {
    GLint renderbuffer = 0;
    GLint viewport[2] = {0, 0};
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    return {std::min(renderbuffer, viewport[0]), std::min(renderbuffer, viewport[1])};
}

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

// Capsules and capped cylinders: the unit mesh scaled by `radius` in every direction (so normals
// and round silhouettes stay round), its z axis along a -> b, and the stretched vertices moved
// |b − a| / radius further along it (Vertex::stretch; the stretch goes to the instance's style.w).
struct RoundFrame {
    glm::mat4 model;
    float stretch;
};
RoundFrame roundFrame(glm::vec3 a, glm::vec3 b, float radius) {
    const float length = glm::length(b - a);
    const glm::vec3 dir = length > 0.0f ? (b - a) / length : glm::vec3(0, 0, 1);
    const glm::vec3 helper = std::abs(dir.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    const glm::vec3 u = glm::normalize(glm::cross(dir, helper));
    const glm::vec3 v = glm::cross(dir, u);
    return {glm::mat4(glm::vec4(radius * u, 0), glm::vec4(radius * v, 0), glm::vec4(radius * dir, 0), glm::vec4(a, 1)),
            radius > 0.0f ? length / radius : 0.0f};
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

Renderer::Batch Renderer::makeBatch(const MeshData& mesh) {
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
Renderer::LodBatches Renderer::makeLodBatches(Make make, Outline outline) {
    LodBatches lod;
    for (std::size_t level = 0; level < kLodCount; ++level) {
        lod.levels[level] = makeBatch(make(kLodSegments[level]));
        lod.deviation[level] = silhouetteDeviation(outline(kLodSegments[level]));
    }
    return lod;
}

Renderer::Renderer(const std::filesystem::path& shaderDirectory)
    : maxTargetSize_(queryMaxTargetSize()),
      meshProgram_(loadProgram(shaderDirectory, "mesh")),
      lineProgram_(loadProgram(shaderDirectory, "line")),
      dotProgram_(loadProgram(shaderDirectory, "dot")),
      outlineProgram_(loadProgram(shaderDirectory, "outline")),
      outlineVao_(makeVertexArray()),
      outlineBuffer_(makeBuffer()),
      spheres_(makeLodBatches([](int n) { return makeSphere(n); }, [](int n) { return makeSphere(n); })),
      capsules_(makeLodBatches([](int n) { return makeCapsule(n); }, [](int n) { return makeCapsule(n); })),
      // A capped cylinder's outline is its side's ring.
      cylinders_(
          makeLodBatches([](int n) { return makeCappedCylinder(n); }, [](int n) { return makeCylinderSide(n); })),
      longSides_(makeBatch(makeCylinderSide(kRoundSegments, kLongSideRings))),
      cubes_(makeBatch(makeCube())),
      mirroredCubes_(makeBatch(makeCube())),
      lineVao_(makeVertexArray()),
      lineBuffer_(makeBuffer()),
      dotVao_(makeVertexArray()),
      dotBuffer_(makeBuffer()) {
    longSides_.closed = false;
    mirroredCubes_.mirrored = true;
    glBindVertexArray(lineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_.get());
    floatAttribute(0, 3, sizeof(LineVertex), offsetof(LineVertex, position));
    floatAttribute(1, 4, sizeof(LineVertex), offsetof(LineVertex, color));
    glBindVertexArray(dotVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, dotBuffer_.get());
    floatAttribute(0, 3, sizeof(Dot), offsetof(Dot, center));
    floatAttribute(1, 1, sizeof(Dot), offsetof(Dot, sizePixels));
    floatAttribute(2, 4, sizeof(Dot), offsetof(Dot, color));
    floatAttribute(3, 4, sizeof(Dot), offsetof(Dot, style));
    uintAttribute(4, 1, sizeof(Dot), offsetof(Dot, object));
    glBindVertexArray(outlineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, outlineBuffer_.get());
    floatAttribute(0, 4, sizeof(glm::vec4), 0, 1);  // one rectangle per instance
    glBindVertexArray(0);
}

std::vector<Renderer::Batch*> Renderer::allBatches() {
    std::vector<Batch*> batches;
    for (LodBatches* lod : {&spheres_, &capsules_, &cylinders_})
        for (Batch& b : lod->levels) batches.push_back(&b);
    batches.push_back(&longSides_);
    batches.push_back(&cubes_);
    batches.push_back(&mirroredCubes_);
    return batches;
}

namespace {

struct Bound {
    glm::vec3 center;
    float radius;
};

// A sphere around the whole object (none for infinite cylinders): what frustum culling, dots and
// the level of detail need. Not the library's bounds(): a box around a sphere is sqrt(3) times
// larger, which would pick coarser meshes and draw dots too early.
std::optional<Bound> boundOf(const Shape& shape) {
    struct Visit {
        std::optional<Bound> operator()(const Sphere& s) const { return Bound{s.center, s.radius}; }
        std::optional<Bound> operator()(const Capsule& c) const {
            return Bound{0.5f * (c.a + c.b), 0.5f * glm::length(c.b - c.a) + c.radius};
        }
        std::optional<Bound> operator()(const Cylinder& c) const {
            const float half = 0.5f * glm::length(c.b - c.a);
            return Bound{0.5f * (c.a + c.b), std::sqrt(half * half + c.radius * c.radius)};
        }
        std::optional<Bound> operator()(const InfiniteCylinder&) const { return std::nullopt; }
        std::optional<Bound> operator()(const Aabb& b) const {
            return Bound{0.5f * (b.min + b.max), 0.5f * glm::length(b.max - b.min)};
        }
        std::optional<Bound> operator()(const OrientedBox& b) const {
            // Half of the box's three edge vectors, summed: reaches every corner from the centre.
            const glm::vec3 half = 0.5f * (b.local.max - b.local.min);
            return Bound{glm::vec3(b.toWorld * glm::vec4(0.5f * (b.local.min + b.local.max), 1.0f)),
                         glm::length(glm::vec3(b.toWorld[0]) * half.x) + glm::length(glm::vec3(b.toWorld[1]) * half.y) +
                             glm::length(glm::vec3(b.toWorld[2]) * half.z)};
        }
    };
    return std::visit(Visit{}, shape);
}

// The stretch of an infinite cylinder's axis that is drawn: the part inside the view frustum
// (grown by the radius). It reaches the edges of the view, so it looks infinite, and its triangles
// stay screen-sized (see kLongSideRings for what overly long ones do on llvmpipe).
std::optional<std::pair<glm::vec3, glm::vec3>> drawnStretch(const InfiniteCylinder& k, const FrameView& view) {
    const glm::vec3 dir = glm::normalize(k.p2 - k.p1);
    const glm::vec3 centre = k.p1 + glm::dot(view.lookTarget - k.p1, dir) * dir;
    const float reach = 2.0f * (view.farDistance + glm::length(view.eye - centre));
    const auto range = clipToFrustum(view.viewProjection, centre, dir, -reach, reach, k.radius);
    if (!range) return std::nullopt;
    return std::pair{centre + range->x * dir, centre + range->y * dir};
}

// The pixels (min x, min y, max x, max y) that balls of `radius` around `centres` may cover (a
// convex object inside them covers no more), grown by the outline's reach; the whole target when
// one reaches behind the eye.
glm::vec4 screenArea(std::initializer_list<glm::vec3> centres, float radius, const FrameView& view) {
    const glm::vec2 size(view.drawableSize);
    const glm::vec4 whole(0.0f, 0.0f, size);
    glm::vec2 lo(std::numeric_limits<float>::infinity());
    glm::vec2 hi(-std::numeric_limits<float>::infinity());
    for (const glm::vec3& centre : centres)
        for (int corner = 0; corner < 8; ++corner) {
            const glm::vec3 sign((corner & 1) ? 1.0f : -1.0f, (corner & 2) ? 1.0f : -1.0f, (corner & 4) ? 1.0f : -1.0f);
            const glm::vec4 clip = view.viewProjection * glm::vec4(centre + radius * sign, 1.0f);
            if (!(clip.w > 1e-6f)) return whole;
            const glm::vec2 pixel = (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * size;
            lo = glm::min(lo, pixel);
            hi = glm::max(hi, pixel);
        }
    constexpr float kReach = 5.0f;  // outline.frag's reach, and a pixel to spare
    return glm::vec4(glm::clamp(lo - kReach, glm::vec2(0.0f), size), glm::clamp(hi + kReach, glm::vec2(0.0f), size));
}

glm::vec4 unite(glm::vec4 a, glm::vec4 b) {
    if (a.z <= a.x || a.w <= a.y) return b;
    if (b.z <= b.x || b.w <= b.y) return a;
    return glm::vec4(glm::min(glm::vec2(a), glm::vec2(b)), glm::max(glm::vec2(a.z, a.w), glm::vec2(b.z, b.w)));
}

// Adds the pixels an emphasised object may cover (its outline included) to `areas`.
void addStyledArea(const Shape& shape, const std::optional<Bound>& bound, const FrameView& view,
                   std::vector<glm::vec4>& areas) {
    glm::vec4 area(0.0f, 0.0f, glm::vec2(view.drawableSize));
    if (const auto* k = std::get_if<InfiniteCylinder>(&shape)) {
        const auto ends = drawnStretch(*k, view);
        if (!ends) return;  // not drawn: no outline
        area = screenArea({ends->first, ends->second}, k->radius, view);
    } else if (bound) {
        area = screenArea({bound->center}, bound->radius, view);
    }
    if (area.z <= area.x || area.w <= area.y) return;
    // One rectangle per emphasised object; a selection of thousands shares one around them all.
    constexpr std::size_t kMostRectangles = 1024;
    if (areas.size() < kMostRectangles) areas.push_back(area);
    else areas.back() = unite(areas.back(), area);
}

}  // namespace

// Sorts one frame's objects into batches: culled when outside the view frustum, a dot when about
// a pixel across, else an instance of its kind's mesh at the level of detail its size on screen
// needs (round kinds).
class Renderer::Collector {
public:
    Collector(Renderer& r, const FrameView& view, FrameStats& stats) : r_(r), stats_(stats) {
        const glm::mat4 m = glm::transpose(view.viewProjection);  // rows of viewProjection as columns
        const glm::vec4 planes[6] = {m[3] + m[0], m[3] - m[0], m[3] + m[1], m[3] - m[1], m[3] + m[2], m[3] - m[2]};
        for (int i = 0; i < 6; ++i) {
            const float length = glm::length(glm::vec3(planes[i]));
            planes_[i] = length > 0.0f ? planes[i] / length : glm::vec4(0, 0, 0, 1);
        }
        // Clip w is the depth along the view direction (perspective) or 1 (orthographic); a world
        // length at depth w spans length · pixelsPerNdc_ / w pixels, whatever the projection.
        w_ = m[3];
        wGrowth_ = glm::length(glm::vec3(w_));
        pixelsPerNdc_ = 0.5f * static_cast<float>(view.drawableSize.y) * glm::length(glm::vec3(m[1]));
    }

    /// Culls or draws as a dot the object inside `bound`; false when it still needs its mesh.
    bool cullOrDot(const Bound& bound, glm::vec4 color, glm::vec4 look) {
        for (const glm::vec4& p : planes_)
            if (glm::dot(glm::vec3(p), bound.center) + p.w < -bound.radius) {
                ++stats_.culled;
                return true;
            }
        // A dot of the bound's size is within a pixel of any silhouette inside a 1-pixel bound.
        if (radiusPixels(bound, bound.radius) > kSilhouetteTolerancePixels) return false;
        r_.dots_.push_back(
            {bound.center, 2.0f * bound.radius * pixelsPerNdc_ / depth(bound.center), color, look, object});
        ++stats_.dots;
        return true;
    }

    void add(Batch& batch, const glm::mat4& model, glm::vec4 color, glm::vec4 look) {
        batch.pending.push_back({model, color, look, object});
        ++stats_.instances;
    }
    /// A round instance of `radius` inside `bound`: the coarsest level within tolerance.
    void addRound(LodBatches& lod, const glm::mat4& model, const Bound& bound, float radius, glm::vec4 color,
                  glm::vec4 look) {
        const float pixels = radiusPixels(bound, radius);
        std::size_t level = 0;
        while (level + 1 < kLodCount && lod.deviation[level + 1] * pixels <= kSilhouetteTolerancePixels) ++level;
        ++stats_.perLevel[level];
        add(lod.levels[level], model, color, look);
    }
    void addSphere(glm::vec3 center, float radius, glm::vec4 color, glm::vec4 look) {
        addRound(r_.spheres_, sphereModel(center, radius), Bound{center, radius}, radius, color, look);
    }
    /// Capsules and capped cylinders: one instance, the stretch in the style's w.
    void addStretched(LodBatches& lod, glm::vec3 a, glm::vec3 b, float radius, const Bound& bound, glm::vec4 color,
                      glm::vec4 look) {
        const RoundFrame frame = roundFrame(a, b, radius);
        addRound(lod, frame.model, bound, radius, color, glm::vec4(glm::vec3(look), frame.stretch));
    }
    void culled() { ++stats_.culled; }

    Renderer& r_;
    std::uint32_t object = 0;  ///< the object being collected (index + 1); 0xFFFFFFFF for markers

private:
    [[nodiscard]] float depth(glm::vec3 p) const { return glm::dot(glm::vec3(w_), p) + w_.w; }
    /// `length` in pixels where `bound` comes nearest the eye (where its object is largest);
    /// infinite when the bound reaches the eye plane.
    [[nodiscard]] float radiusPixels(const Bound& bound, float length) const {
        const float nearest = depth(bound.center) - wGrowth_ * bound.radius;
        return nearest > 0.0f ? length * pixelsPerNdc_ / nearest : std::numeric_limits<float>::infinity();
    }

    FrameStats& stats_;
    glm::vec4 planes_[6];
    glm::vec4 w_;
    float wGrowth_ = 1.0f;
    float pixelsPerNdc_ = 1.0f;
};

void Renderer::collect(const scene::Scene& scene, const FrameView& view, const DrawStyle& style, const DebugDraw& debug,
                       FrameStats& stats) {
    for (Batch* b : allBatches()) b->pending.clear();
    dots_.clear();
    styledAreas_.clear();
    Collector c(*this, view, stats);
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const scene::Object& object = scene.objects[i];
        bool selected = false;
        for (std::size_t s : style.selected) selected = selected || s == i;
        const glm::vec4 color(object.color, 1.0f);
        const glm::vec4 look(style.highlighted == i ? 1.0f : 0.0f, selected ? 1.0f : 0.0f,
                             style.hovered == i ? 1.0f : 0.0f, 0.0f);
        const std::optional<Bound> bound = boundOf(object.shape);
        c.object = static_cast<std::uint32_t>(i + 1);
        if (look.x > 0.5f || look.y > 0.5f || look.z > 0.5f) addStyledArea(object.shape, bound, view, styledAreas_);
        if (bound && c.cullOrDot(*bound, color, look)) continue;
        struct Emit {
            Collector& c;
            const FrameView& view;
            Bound bound;  // (unused for infinite cylinders)
            glm::vec4 color;
            glm::vec4 look;
            void operator()(const Sphere& s) const { c.addSphere(s.center, s.radius, color, look); }
            void operator()(const Capsule& k) const {
                c.addStretched(c.r_.capsules_, k.a, k.b, k.radius, bound, color, look);
            }
            void operator()(const Cylinder& k) const {
                c.addStretched(c.r_.cylinders_, k.a, k.b, k.radius, bound, color, look);
            }
            void operator()(const InfiniteCylinder& k) const {
                if (auto ends = drawnStretch(k, view))
                    c.add(c.r_.longSides_, axisFrame(ends->first, ends->second - ends->first, k.radius), color, look);
                else c.culled();
            }
            void operator()(const Aabb& b) const { box(b, glm::mat4(1.0f)); }
            void operator()(const OrientedBox& b) const { box(b.local, b.toWorld); }
            void box(const Aabb& local, const glm::mat4& toWorld) const {
                const glm::mat4 unitToLocal =
                    glm::scale(glm::translate(glm::mat4(1.0f), local.min), local.max - local.min);
                const glm::mat4 model = toWorld * unitToLocal;
                const bool mirrored = glm::determinant(glm::mat3(model)) < 0.0f;
                c.add(mirrored ? c.r_.mirroredCubes_ : c.r_.cubes_, model, color, look);
            }
        };
        std::visit(Emit{c, view, bound.value_or(Bound{}), color, look}, object.shape);
    }
    // Markers: a handful, never culled, no object's (outline.frag leaves their pixels alone).
    c.object = 0xFFFFFFFFu;
    for (const DebugMarker& m : debug.markers)
        c.addSphere(m.center, m.radius, glm::vec4(m.color, 0.0f), glm::vec4(0.0f));
}

void Renderer::drawBatch(Batch& batch, FrameStats& stats) {
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

void Renderer::drawDots(const glm::mat4& viewProjection, FrameStats& stats) {
    glUseProgram(dotProgram_.get());
    glUniformMatrix4fv(glGetUniformLocation(dotProgram_.get(), "uViewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    glEnable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(dotVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, dotBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(dots_), dots_.data(), GL_STREAM_DRAW);
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(dots_.size()));
    glDisable(GL_PROGRAM_POINT_SIZE);
    ++stats.drawCalls;
}

void Renderer::drawOutlines(glm::vec2 targetSize, FrameStats& stats) {
    // The object texture is read here, so it must not be attached while it is: detached for the
    // pass (a feedback loop is undefined even with the attachment not drawn to).
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
    glUseProgram(outlineProgram_.get());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, targetObjects_.get());
    glUniform1i(glGetUniformLocation(outlineProgram_.get(), "uObjects"), 0);
    glUniform2fv(glGetUniformLocation(outlineProgram_.get(), "uTargetSize"), 1, glm::value_ptr(targetSize));
    glUniform3fv(glGetUniformLocation(outlineProgram_.get(), "uPicked"), 1, glm::value_ptr(kHighlightColor));
    glUniform3fv(glGetUniformLocation(outlineProgram_.get(), "uSelected"), 1, glm::value_ptr(kSelectedColor));
    glUniform3fv(glGetUniformLocation(outlineProgram_.get(), "uHovered"), 1, glm::value_ptr(kHoveredColor));
    // Only the rectangles around the emphasised objects (none when none is): a 9x9 look-around
    // per pixel is what a software rasteriser feels over a whole 1080p frame. The outline's
    // colours are opaque, so where rectangles overlap a pixel comes out the same.
    glDisable(GL_DEPTH_TEST);
    glBindVertexArray(outlineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, outlineBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(styledAreas_), styledAreas_.data(), GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(styledAreas_.size()));  // every frame
    ++stats.drawCalls;
    glEnable(GL_DEPTH_TEST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, targetObjects_.get(), 0);
}

void Renderer::drawLines(const std::vector<LineVertex>& vertices, FrameStats& stats) {
    glBindVertexArray(lineVao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, lineBuffer_.get());
    glBufferData(GL_ARRAY_BUFFER, byteSize(vertices), vertices.data(), GL_STREAM_DRAW);
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(vertices.size()));
    ++stats.drawCalls;
}

bool Renderer::canDrawAt(glm::ivec2 size) const {
    return size.x > 0 && size.y > 0 && size.x <= maxTargetSize_.x && size.y <= maxTargetSize_.y;
}

void Renderer::resizeTarget(glm::ivec2 size) {
    if (size == targetSize_) return;
    target_ = makeFramebuffer();
    targetColor_ = makeRenderbuffer();
    targetDepth_ = makeRenderbuffer();
    targetObjects_ = makeTexture();
    glBindTexture(GL_TEXTURE_2D, targetObjects_.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, size.x, size.y, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindRenderbuffer(GL_RENDERBUFFER, targetColor_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size.x, size.y);
    glBindRenderbuffer(GL_RENDERBUFFER, targetDepth_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, size.x, size.y);
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, targetColor_.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, targetDepth_.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, targetObjects_.get(), 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("the scene's render target is incomplete");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    targetSize_ = size;
}

FrameStats Renderer::draw(const scene::Scene& scene, const FrameView& view, const DrawStyle& style,
                          const DebugDraw& debug) {
    FrameStats stats;
    resizeTarget(view.drawableSize);
    glBindFramebuffer(GL_FRAMEBUFFER, target_.get());
    glViewport(0, 0, view.drawableSize.x, view.drawableSize.y);
    // Meshes and dots write the colour and the object attachment; lines and outlines the colour.
    const GLenum both[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, both);
    const GLfloat background[] = {0.13f, 0.14f, 0.17f, 1.0f};
    const GLuint noObject[] = {0, 0, 0, 0};
    glClearBufferfv(GL_COLOR, 0, background);
    glClearBufferuiv(GL_COLOR, 1, noObject);
    glClearDepth(1.0);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glCullFace(GL_BACK);
    glDisable(GL_BLEND);

    collect(scene, view, style, debug, stats);
    glUseProgram(meshProgram_.get());
    glUniformMatrix4fv(glGetUniformLocation(meshProgram_.get(), "uViewProjection"), 1, GL_FALSE,
                       glm::value_ptr(view.viewProjection));
    glUniform3fv(glGetUniformLocation(meshProgram_.get(), "uEye"), 1, glm::value_ptr(view.eye));
    for (Batch* b : allBatches()) drawBatch(*b, stats);
    glDisable(GL_CULL_FACE);
    glFrontFace(GL_CCW);
    drawDots(view.viewProjection, stats);
    const GLenum colourOnly[] = {GL_COLOR_ATTACHMENT0};
    glDrawBuffers(1, colourOnly);

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
    drawLines(grid, stats);
    drawOutlines(glm::vec2(view.drawableSize), stats);
    glUseProgram(lineProgram_.get());
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    drawLines(faint, stats);
    glEnable(GL_DEPTH_TEST);
    drawLines(solid, stats);
    std::vector<LineVertex> onTop;
    for (const DebugLine& l : debug.onTop) {
        onTop.push_back({l.a, glm::vec4(l.color, 1.0f)});
        onTop.push_back({l.b, glm::vec4(l.color, 1.0f)});
    }
    glDisable(GL_DEPTH_TEST);
    drawLines(onTop, stats);  // issued every frame (empty without a gizmo): the count of draws stays fixed
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glBindVertexArray(0);
    glUseProgram(0);

    present();
    return stats;
}

void Renderer::present() const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, target_.get());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, targetSize_.x, targetSize_.y, 0, 0, targetSize_.x, targetSize_.y, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void Renderer::finish() const { glFinish(); }

void Renderer::provokeGlErrorForTests() const { glBindBuffer(0x1234, 0); }

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
