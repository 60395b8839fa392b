#include "pickray/collision/ray_box.hpp"

#include <glm/mat3x3.hpp>

#include "internal.hpp"

namespace pickray {
namespace {

// Surface ids: 2·axis for the face at min, 2·axis + 1 for the face at max.
constexpr detail::SurfaceId lowFace(int axis) { return 2 * axis; }
constexpr detail::SurfaceId highFace(int axis) { return 2 * axis + 1; }

bool isValidAabb(const Aabb& box) noexcept {
    return detail::isFinite(box.min) && detail::isFinite(box.max) && box.min.x <= box.max.x &&
           box.min.y <= box.max.y && box.min.z <= box.max.z;
}

// The slab method (article 003): the span inside all three pairs of parallel planes.
std::optional<detail::TaggedSpan> slabSpan(glm::dvec3 origin, glm::dvec3 direction, const Aabb& box) noexcept {
    detail::TaggedSpan span;
    for (int axis = 0; axis < 3; ++axis) {
        if (!detail::clipToSlab(span, origin[axis], direction[axis], static_cast<double>(box.min[axis]), static_cast<double>(box.max[axis]), lowFace(axis),
                                highFace(axis))) {
            return std::nullopt;
        }
    }
    return span;
}

// Outward normal of a face, in the box's own space.
glm::dvec3 faceNormal(detail::SurfaceId face) noexcept {
    glm::dvec3 normal(0.0);
    normal[face / 2] = (face % 2 == 0) ? -1.0 : 1.0;
    return normal;
}

std::optional<RayHit> hitFromSpan(const Ray& ray, const detail::TaggedSpan& span, float tMax,
                                  const glm::dmat3& normalToWorld) noexcept {
    const auto crossing = detail::firstCrossing(span.enter, span.exit, tMax);
    if (!crossing) return std::nullopt;
    const detail::SurfaceId face = crossing->atEnter ? span.enterSurface : span.exitSurface;
    const glm::dvec3 normal = detail::unitVector(normalToWorld * faceNormal(face));
    return detail::makeHit(ray, crossing->t, glm::vec3(normal));
}

// The ray in the box's own space. Affine maps keep the ray parameter when the direction is mapped
// without normalising, so spans found there are spans in the world.
struct LocalRay {
    glm::dvec3 origin;
    glm::dvec3 direction;
    glm::dmat3 normalToWorld;  // inverse transpose of the linear part
};

std::optional<LocalRay> toLocal(const Ray& ray, const OrientedBox& box) noexcept {
    const glm::mat4& m = box.toWorld;
    if (m[0][3] != 0.0f || m[1][3] != 0.0f || m[2][3] != 0.0f || m[3][3] != 1.0f) return std::nullopt;
    const glm::dvec3 c0(m[0]), c1(m[1]), c2(m[2]), translation(m[3]);
    if (!detail::isFinite(glm::vec3(m[0])) || !detail::isFinite(glm::vec3(m[1])) ||
        !detail::isFinite(glm::vec3(m[2])) || !detail::isFinite(glm::vec3(m[3]))) {
        return std::nullopt;
    }
    // Inverse by cofactors: its rows are the cross products of column pairs over the determinant.
    const glm::dvec3 r0 = glm::cross(c1, c2);
    const glm::dvec3 r1 = glm::cross(c2, c0);
    const glm::dvec3 r2 = glm::cross(c0, c1);
    const double determinant = glm::dot(c0, r0);
    if (determinant == 0.0 || !std::isfinite(determinant)) return std::nullopt;
    const glm::dmat3 inverse = glm::transpose(glm::dmat3(r0, r1, r2)) / determinant;
    const glm::dmat3 inverseTranspose = glm::dmat3(r0, r1, r2) / determinant;
    return LocalRay{inverse * (detail::widen(ray.origin) - translation), inverse * detail::widen(ray.direction),
                    inverseTranspose};
}

}  // namespace

std::optional<LineSpan> intersectLine(const Ray& ray, const Aabb& box) noexcept {
    if (!isValidRay(ray) || !isValidAabb(box)) return std::nullopt;
    const auto span = slabSpan(detail::widen(ray.origin), detail::widen(ray.direction), box);
    if (!span) return std::nullopt;
    return detail::toLineSpan(span->enter, span->exit);
}

std::optional<RayHit> raycast(const Ray& ray, const Aabb& box, float tMax) noexcept {
    if (!detail::isValidTMax(tMax) || !isValidRay(ray) || !isValidAabb(box)) return std::nullopt;
    const auto span = slabSpan(detail::widen(ray.origin), detail::widen(ray.direction), box);
    if (!span) return std::nullopt;
    return hitFromSpan(ray, *span, tMax, glm::dmat3(1.0));
}

std::optional<LineSpan> intersectLine(const Ray& ray, const OrientedBox& box) noexcept {
    if (!isValidRay(ray) || !isValidAabb(box.local)) return std::nullopt;
    const auto local = toLocal(ray, box);
    if (!local) return std::nullopt;
    const auto span = slabSpan(local->origin, local->direction, box.local);
    if (!span) return std::nullopt;
    return detail::toLineSpan(span->enter, span->exit);
}

std::optional<RayHit> raycast(const Ray& ray, const OrientedBox& box, float tMax) noexcept {
    if (!detail::isValidTMax(tMax) || !isValidRay(ray) || !isValidAabb(box.local)) return std::nullopt;
    const auto local = toLocal(ray, box);
    if (!local) return std::nullopt;
    const auto span = slabSpan(local->origin, local->direction, box.local);
    if (!span) return std::nullopt;
    return hitFromSpan(ray, *span, tMax, local->normalToWorld);
}

}  // namespace pickray
