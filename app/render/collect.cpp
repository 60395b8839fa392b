// SPDX-License-Identifier: MIT
// The renderer's sorting of a frame's objects into the passes' lists (collectDraws): culling
// against the view frustum, dots for objects a pixel across, a level of detail per round instance
// from its size on screen, and the rectangles the outline pass covers. The passes issue the draws.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <variant>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/matrix.hpp>

#include "pickray/collision/ray_box.hpp"
#include "render/analytic_pass.hpp"
#include "render/collect.hpp"
#include "render/mesh_pass.hpp"
#include "render/outline_pass.hpp"
#include "scene/frame_along.hpp"

namespace pickray::render {
namespace {

// Columns: two unit vectors perpendicular to `axis` scaled by `radius`, the axis itself, `origin`.
// Maps the unit z-aligned meshes (cylinder side, disk) onto a round shape's frame.
glm::mat4 axisFrame(glm::vec3 origin, glm::vec3 axis, float radius) {
    // The unit meshes were made facing this way: frameAlong's frame turned half a turn about the axis.
    const glm::mat3 around = scene::frameAlong(glm::normalize(axis));
    const glm::vec3 u = -around[0];
    const glm::vec3 v = -around[1];
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
    const glm::mat3 around = scene::frameAlong(dir);
    const glm::vec3 u = -around[0];
    const glm::vec3 v = -around[1];
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

// The side of a square with the object's mean projected area: by Cauchy's formula a convex body's
// projection averaged over all directions has a quarter of its surface area. An approximate frame
// draws its dots this size (not the bounding sphere's, which makes a thin capsule or a box a
// blot up to twice as wide); a sphere's is sqrt(pi) r, within 12% of its diameter.
float meanProjectedSide(const Shape& shape) {
    constexpr float pi = 3.14159265f;
    struct Visit {
        float operator()(const Sphere& s) const { return 4.0f * pi * s.radius * s.radius; }
        float operator()(const Capsule& c) const {
            return 2.0f * pi * c.radius * glm::length(c.b - c.a) + 4.0f * pi * c.radius * c.radius;
        }
        float operator()(const Cylinder& c) const {
            return 2.0f * pi * c.radius * glm::length(c.b - c.a) + 2.0f * pi * c.radius * c.radius;
        }
        float operator()(const InfiniteCylinder&) const { return 0.0f; }  // never a dot (no bound)
        float operator()(const Aabb& b) const { return box(b.max - b.min); }
        float operator()(const OrientedBox& b) const {
            const glm::vec3 e = b.local.max - b.local.min;
            return box(glm::vec3(glm::length(glm::vec3(b.toWorld[0])) * e.x, glm::length(glm::vec3(b.toWorld[1])) * e.y,
                                 glm::length(glm::vec3(b.toWorld[2])) * e.z));
        }
        static float box(glm::vec3 e) { return 2.0f * (e.x * e.y + e.y * e.z + e.z * e.x); }
    };
    return std::sqrt(std::visit(Visit{}, shape) / 4.0f);
}

// The stretch of an infinite cylinder's axis that is drawn: the part inside the view frustum
// (grown by the radius). It reaches the edges of the view, so it looks infinite, and its triangles
// stay screen-sized (see kLongSideRings for what overly long ones do on llvmpipe).
std::optional<std::pair<glm::vec3, glm::vec3>> drawnStretch(const InfiniteCylinder& k, const FrameView& view) {
    const glm::vec3 dir = glm::normalize(k.b - k.a);
    const glm::vec3 centre = k.a + glm::dot(view.lookTarget - k.a, dir) * dir;
    const float reach = 2.0f * (view.farDistance + glm::length(view.eye - centre));
    const auto range = clipToFrustum(view.viewProjection, centre, dir, -reach, reach, k.radius);
    if (!range) return std::nullopt;
    return std::pair{centre + range->x * dir, centre + range->y * dir};
}

// The pixels (min x, min y, max x, max y) that balls of `radius` around `centres` may cover (a
// convex object inside them covers no more), grown by `reach` pixels (the outline's); the whole
// target when one reaches behind the eye.
glm::vec4 screenArea(std::initializer_list<glm::vec3> centres, float radius, const FrameView& view, float reach) {
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
    return glm::vec4(glm::clamp(lo - reach, glm::vec2(0.0f), size), glm::clamp(hi + reach, glm::vec2(0.0f), size));
}

glm::vec4 unite(glm::vec4 a, glm::vec4 b) {
    if (a.z <= a.x || a.w <= a.y) return b;
    if (b.z <= b.x || b.w <= b.y) return a;
    return glm::vec4(glm::min(glm::vec2(a), glm::vec2(b)), glm::max(glm::vec2(a.z, a.w), glm::vec2(b.z, b.w)));
}

// Adds the pixels an emphasised object may cover (its outline included) to `areas`. The outline
// reaches 4 output pixels (outline.frag's kReach), `supersample` drawn pixels each, and a drawn
// pixel to spare.
void addStyledArea(const Shape& shape, const std::optional<Bound>& bound, const FrameView& view, int supersample,
                   std::vector<glm::vec4>& areas) {
    const float reach = 4.0f * static_cast<float>(std::max(supersample, 1)) + 1.0f;
    glm::vec4 area(0.0f, 0.0f, glm::vec2(view.drawableSize));
    if (const auto* k = std::get_if<InfiniteCylinder>(&shape)) {
        const auto ends = drawnStretch(*k, view);
        if (!ends) return;  // not drawn: no outline
        area = screenArea({ends->first, ends->second}, k->radius, view, reach);
    } else if (bound) {
        area = screenArea({bound->center}, bound->radius, view, reach);
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
class Collector {
public:
    Collector(const DrawLists& lists, const FrameView& view, bool approximate, FrameStats& stats)
        : mesh_(lists.mesh),
          casts_(lists.analytic),
          analytic_(lists.analyticShapes),
          eye_(view.eye),
          stats_(stats),
          approximate_(approximate),
          tolerance_(approximate ? kMovingSilhouetteTolerancePixels : kSilhouetteTolerancePixels) {
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

    /// The bound lies wholly outside one of the view frustum's planes.
    [[nodiscard]] bool outsideView(const Bound& bound) const {
        for (const glm::vec4& p : planes_)
            if (glm::dot(glm::vec3(p), bound.center) + p.w < -bound.radius) return true;
        return false;
    }

    /// Culls or draws as a dot the object inside `bound`; false when it still needs its mesh.
    /// `approximateSide`: the dot's size in world units in an approximate frame (meanProjectedSide).
    bool cullOrDot(const Bound& bound, float approximateSide, glm::vec4 color, glm::vec4 look, bool mayDot = true) {
        if (outsideView(bound)) {
            ++stats_.culled;
            return true;
        }
        if (!mayDot) return false;
        // A dot of the bound's size is within a pixel of any silhouette inside a 1-pixel bound
        // (within tolerance_ pixels of one inside a bound of that radius).
        if (radiusPixels(bound, bound.radius) > tolerance_) return false;
        const float side = approximate_ ? approximateSide : 2.0f * bound.radius;
        mesh_.dots_.push_back({bound.center, side * pixelsPerNdc_ / depth(bound.center), color, look, object});
        ++stats_.dots;
        return true;
    }

    void add(MeshPass::Batch& batch, const glm::mat4& model, glm::vec4 color, glm::vec4 look) {
        batch.pending.push_back({model, color, look, object});
        ++stats_.instances;
    }
    /// A round instance of `radius` inside `bound`: the coarsest level within tolerance.
    void addRound(MeshPass::LodBatches& lod, const glm::mat4& model, const Bound& bound, float radius, glm::vec4 color,
                  glm::vec4 look) {
        const float pixels = radiusPixels(bound, radius);
        std::size_t level = 0;
        while (level + 1 < kLodCount && lod.deviation[level + 1] * pixels <= tolerance_) ++level;
        ++stats_.perLevel[level];
        add(lod.levels[level], model, color, look);
    }
    void addSphere(glm::vec3 center, float radius, glm::vec4 color, glm::vec4 look) {
        if (analytic_) {
            // Relative to the eye, formed in double and rounded once (as a click's ray is built).
            const glm::vec3 relative(glm::dvec3(center) - glm::dvec3(eye_));
            casts_.spheresToCast_.push_back({relative, radius, color, look, object});
            return;
        }
        addRound(mesh_.spheres_, sphereModel(center, radius), Bound{center, radius}, radius, color, look);
    }
    /// Analytic capsules (kind 0), capped (1) and infinite cylinders (2): a relative to the eye in
    /// double, b - a.
    void addCast(glm::vec3 a, glm::vec3 b, float radius, std::uint32_t kind, glm::vec4 color, glm::vec4 look) {
        const glm::vec3 relative(glm::dvec3(a) - glm::dvec3(eye_));
        const glm::vec3 axis(glm::dvec3(b) - glm::dvec3(a));
        casts_.roundsToCast_.push_back({{relative, radius, color, look, object}, axis, kind});
    }
    /// Analytic boxes (box.vert / box.frag): the local box, toWorld's linear part and its inverse
    /// (the library's, formed in double), the translation relative to the eye in double; an Aabb
    /// its bounds relative to the eye under the identity. A box the library never hits (a singular
    /// or non-affine transform, an invalid local box) is not drawn.
    void addBox(const Aabb& box, glm::vec4 color, glm::vec4 look) {
        if (!pickray::detail::isValidAabb(box)) return culled();
        const glm::vec3 lo(glm::dvec3(box.min) - glm::dvec3(eye_));
        const glm::vec3 hi(glm::dvec3(box.max) - glm::dvec3(eye_));
        const glm::vec3 x(1, 0, 0), y(0, 1, 0), z(0, 0, 1);
        casts_.boxesToCast_.push_back({glm::vec3(0.0f), x, y, z, x, y, z, lo, hi, color, look, object});
    }
    void addBox(const OrientedBox& box, glm::vec4 color, glm::vec4 look) {
        const PreparedOrientedBox prepared(box);
        if (!prepared.valid) return culled();
        const glm::vec3 translation(glm::dvec3(box.toWorld[3]) - glm::dvec3(eye_));
        glm::vec3 inverse[3];
        for (int i = 0; i < 3; ++i) inverse[i] = glm::vec3(prepared.inverse.rows[i] * prepared.inverseDeterminant);
        casts_.boxesToCast_.push_back({translation, glm::vec3(box.toWorld[0]), glm::vec3(box.toWorld[1]),
                                       glm::vec3(box.toWorld[2]), inverse[0], inverse[1], inverse[2], box.local.min,
                                       box.local.max, color, look, object});
    }
    /// Capsules and capped cylinders: one instance, the stretch in the style's w.
    void addStretched(MeshPass::LodBatches& lod, glm::vec3 a, glm::vec3 b, float radius, const Bound& bound,
                      glm::vec4 color, glm::vec4 look) {
        const RoundFrame frame = roundFrame(a, b, radius);
        addRound(lod, frame.model, bound, radius, color, glm::vec4(glm::vec3(look), frame.stretch));
    }
    void culled() { ++stats_.culled; }

    MeshPass& mesh_;
    AnalyticPass& casts_;
    bool analytic_;  ///< DrawLists::analyticShapes
    glm::vec3 eye_;
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
    bool approximate_;  ///< DrawStyle::approximate
    float tolerance_;   ///< kSilhouetteTolerancePixels, or kMovingSilhouetteTolerancePixels when approximate
    glm::vec4 planes_[6];
    glm::vec4 w_;
    float wGrowth_ = 1.0f;
    float pixelsPerNdc_ = 1.0f;
};

void collectDraws(const DrawLists& lists, const scene::Scene& scene, const FrameView& view, const DrawStyle& style,
                  const DebugDraw& debug, FrameStats& stats) {
    lists.mesh.clear();
    lists.analytic.clear();
    lists.outlines.styledAreas_.clear();
    Collector c(lists, view, style.approximate, stats);
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const scene::Object& object = scene.objects[i];
        bool selected = false;
        for (std::size_t s : style.selected) selected = selected || s == i;
        const glm::vec4 color(object.color, 1.0f);
        const glm::vec4 look(style.highlighted == i ? 1.0f : 0.0f, selected ? 1.0f : 0.0f,
                             style.hovered == i ? 1.0f : 0.0f, 0.0f);
        const std::optional<Bound> bound = boundOf(object.shape);
        c.object = static_cast<std::uint32_t>(i + 1);
        // Outlined where it is in view (an emphasised object behind the eye would cost a pass
        // over the whole target for nothing).
        if ((look.x > 0.5f || look.y > 0.5f || look.z > 0.5f) && !(bound && c.outsideView(*bound)))
            addStyledArea(object.shape, bound, view, style.supersample, lists.outlines.styledAreas_);
        // Analytic spheres are never dots in an exact frame: the ray test decides every pixel.
        // (Nor are the other kinds, which are all analytic too.)
        const bool cast = lists.analyticShapes;
        const bool mayDot = !(cast && !style.approximate);
        if (bound &&
            c.cullOrDot(*bound, style.approximate ? meanProjectedSide(object.shape) : 0.0f, color, look, mayDot))
            continue;
        struct Emit {
            Collector& c;
            const FrameView& view;
            Bound bound;  // (unused for infinite cylinders)
            glm::vec4 color;
            glm::vec4 look;
            void operator()(const Sphere& s) const { c.addSphere(s.center, s.radius, color, look); }
            void operator()(const Capsule& k) const {
                if (c.analytic_) return c.addCast(k.a, k.b, k.radius, 0, color, look);
                c.addStretched(c.mesh_.capsules_, k.a, k.b, k.radius, bound, color, look);
            }
            void operator()(const Cylinder& k) const {
                if (c.analytic_) return c.addCast(k.a, k.b, k.radius, 1, color, look);
                c.addStretched(c.mesh_.cylinders_, k.a, k.b, k.radius, bound, color, look);
            }
            void operator()(const InfiniteCylinder& k) const {
                // Analytic: sphere.vert bounds its quad by the axis within the view's frustum.
                if (c.analytic_) return c.addCast(k.a, k.b, k.radius, 2, color, look);
                if (auto ends = drawnStretch(k, view))
                    c.add(c.mesh_.longSides_, axisFrame(ends->first, ends->second - ends->first, k.radius), color,
                          look);
                else c.culled();
            }
            void operator()(const Aabb& b) const {
                if (c.analytic_) return c.addBox(b, color, look);
                box(b, glm::mat4(1.0f));
            }
            void operator()(const OrientedBox& b) const {
                if (c.analytic_) return c.addBox(b, color, look);
                box(b.local, b.toWorld);
            }
            void box(const Aabb& local, const glm::mat4& toWorld) const {
                const glm::mat4 unitToLocal =
                    glm::scale(glm::translate(glm::mat4(1.0f), local.min), local.max - local.min);
                const glm::mat4 model = toWorld * unitToLocal;
                const bool mirrored = glm::determinant(glm::mat3(model)) < 0.0f;
                c.add(mirrored ? c.mesh_.mirroredCubes_ : c.mesh_.cubes_, model, color, look);
            }
        };
        std::visit(Emit{c, view, bound.value_or(Bound{}), color, look}, object.shape);
    }
    // Markers: a handful, never culled, no object's (outline.frag leaves their pixels alone).
    c.object = 0xFFFFFFFFu;
    for (const DebugMarker& m : debug.markers)
        c.addSphere(m.center, m.radius, glm::vec4(m.color, 0.0f), glm::vec4(0.0f));
}

}  // namespace pickray::render
