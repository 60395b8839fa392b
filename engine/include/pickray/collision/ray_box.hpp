// SPDX-License-Identifier: MIT
#pragma once
// Ray vs axis-aligned and oriented boxes (the slab method: Ericson, Real-Time Collision Detection, §5.3.3), under the contract
// in ray.hpp.
//
// Box specifics:
//   * A direction component of exactly zero makes the ray parallel to that pair of faces: it
//     misses unless the origin lies between them (faces included). No epsilon is used: a tiny
//     non-zero component is handled exactly by the division, which may give ±inf.
//   * A zero extent (min == max on an axis) is a flat box: rays crossing its plane inside it hit
//     it with enter == exit, and the normal faces the ray.
//   * A box that lies entirely behind the origin is a miss for raycast (the source article accepts it).
//   * Where two faces meet (edges, corners) the normal is the one of the face crossed last.
//   * OrientedBox: the ray is moved into the box's local space by the inverse of the affine
//     toWorld (not normalised, so t is the same in both spaces). Normals go back by the inverse
//     transpose. A singular transform (determinant exactly 0, decided exactly from the float
//     entries, or not finite) or a bottom row other than (0, 0, 0, 1) is invalid: no hit, no span.
//     A nearly singular one is valid, with the inverse it has. An identity toWorld gives exactly
//     the Aabb result.
//   * PreparedOrientedBox works the inverse out once; its queries answer exactly as the box's.
//
// Inline, as the other ray routines (see ray_sphere.hpp).

#include <optional>

#include <glm/geometric.hpp>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/detail/exact_sum.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/config.hpp"

namespace pickray {

/// The inverse of a 3×3 linear map M (an oriented box's toWorld without its translation), as
/// PreparedOrientedBox keeps it: M⁻¹ = rows / determinant, row by row. rows[i] is the cross product
/// of M's columns i + 1 and i + 2; those unscaled rows are also the inverse transpose that carries
/// normals back (the determinant only scales them, its sign is kept).
struct LinearInverse {
    glm::dvec3 rows[3];
    double determinant;
};

namespace detail {

// Surface ids: 2·axis for the face at min, 2·axis + 1 for the face at max.
constexpr SurfaceId lowFace(int axis) { return 2 * axis; }
constexpr SurfaceId highFace(int axis) { return 2 * axis + 1; }

PICKRAY_FORCE_INLINE bool isValidAabb(const Aabb& box) noexcept {
    return isFinite(box.min) && isFinite(box.max) && box.min.x <= box.max.x && box.min.y <= box.max.y &&
           box.min.z <= box.max.z;
}

/// The slab method (Ericson §5.3.3): the span inside all three pairs of parallel planes.
inline std::optional<TaggedSpan> slabSpan(glm::dvec3 origin, glm::dvec3 direction, const Aabb& box) noexcept {
    TaggedSpan span;
    for (int axis = 0; axis < 3; ++axis) {
        if (!clipToSlab(span, origin[axis], direction[axis], static_cast<double>(box.min[axis]),
                        static_cast<double>(box.max[axis]), lowFace(axis), highFace(axis))) {
            return std::nullopt;
        }
    }
    return span;
}

/// The ray in an oriented box's own space. Affine maps keep the ray parameter when the direction
/// is mapped without normalising, so spans found there are spans in the world.
struct LocalRay {
    glm::dvec3 origin;
    glm::dvec3 direction;
};

using Cofactors = LinearInverse;

PICKRAY_FORCE_INLINE std::optional<Cofactors> cofactors(const glm::mat4& m) noexcept {
    if (m[0][3] != 0.0f || m[1][3] != 0.0f || m[2][3] != 0.0f || m[3][3] != 1.0f) return std::nullopt;
    if (!isFinite(glm::vec3(m[0])) || !isFinite(glm::vec3(m[1])) || !isFinite(glm::vec3(m[2])) ||
        !isFinite(glm::vec3(m[3]))) {
        return std::nullopt;
    }
    const glm::dvec3 c0(m[0]), c1(m[1]), c2(m[2]);
    Cofactors result{{glm::cross(c1, c2), glm::cross(c2, c0), glm::cross(c0, c1)}, 0.0};
    result.determinant = glm::dot(c0, result.rows[0]);
    if (result.determinant == 0.0 || !std::isfinite(result.determinant)) return std::nullopt;
    // The determinant rounds (each cofactor once, each product and sum once): an exactly singular
    // transform, two equal columns say, can come out a tiny non-zero number. Within the rounding's
    // bound, 2^-50 of the sum of the terms' magnitudes (at most four roundings of 2^-53 each, doubled),
    // the exact sign decides.
    const double magnitude =
        std::abs(c0.x * result.rows[0].x) + std::abs(c0.y * result.rows[0].y) + std::abs(c0.z * result.rows[0].z);
    if (std::abs(result.determinant) <= magnitude * 0x1p-50 &&
        exact::determinantSign(glm::vec3(m[0]), glm::vec3(m[1]), glm::vec3(m[2])) == 0) {
        return std::nullopt;
    }
    return result;
}

PICKRAY_FORCE_INLINE LocalRay toLocal(const Ray& ray, glm::vec4 translation, const Cofactors& inverse,
                                      double inverseDeterminant) noexcept {
    const glm::dvec3 origin = widen(ray.origin) - glm::dvec3(translation);
    const glm::dvec3 direction = widen(ray.direction);
    LocalRay local{};
    for (int i = 0; i < 3; ++i) {
        local.origin[i] = glm::dot(inverse.rows[i], origin) * inverseDeterminant;
        local.direction[i] = glm::dot(inverse.rows[i], direction) * inverseDeterminant;
    }
    return local;
}

/// The outward unit normal of `face` in the world: the face's axis row of the inverse, with the
/// determinant's sign (a mirroring transform turns the row around). No inverse: an Aabb's face.
inline glm::vec3 faceNormal(SurfaceId face, const Cofactors* inverse) noexcept {
    const int axis = face / 2;
    const double outward = (face % 2 == 0) ? -1.0 : 1.0;
    if (!inverse) {
        glm::vec3 normal(0.0f);
        normal[axis] = static_cast<float>(outward);
        return normal;
    }
    const double sign = inverse->determinant < 0.0 ? -outward : outward;
    return glm::vec3(unitVector(sign * inverse->rows[axis]));
}

}  // namespace detail

/// An oriented box with the inverse of its transform worked out once, for testing many rays
/// against the same box (the BVH keeps its boxes this way). Every query answers exactly as for
/// `box`, bit for bit: the inverse is the one the OrientedBox routines work out on every call.
struct PreparedOrientedBox {
    OrientedBox box;
    LinearInverse inverse{};
    double inverseDeterminant = 0.0;
    bool valid = false;  ///< false: a singular or non-affine transform or an invalid local box; never hit

    PreparedOrientedBox() = default;
    explicit PreparedOrientedBox(const OrientedBox& from) noexcept : box(from) {
        const auto cofactors = detail::cofactors(from.toWorld);
        if (!cofactors || !detail::isValidAabb(from.local)) return;
        inverse = *cofactors;
        inverseDeterminant = 1.0 / cofactors->determinant;
        valid = true;
    }
};

namespace detail {

/// The box's span with the faces of its bounds.
PICKRAY_FORCE_INLINE std::optional<TaggedSpan> boxSpan(const Ray& ray, const Aabb& box,
                                                       RayCheck check = RayCheck::kCheck) noexcept {
    if (failsRayCheck(ray, check) || !isValidAabb(box)) return std::nullopt;
    return slabSpan(widen(ray.origin), widen(ray.direction), box);
}
PICKRAY_FORCE_INLINE std::optional<TaggedSpan> boxSpan(const Ray& ray, const PreparedOrientedBox& box,
                                                       RayCheck check = RayCheck::kCheck) noexcept {
    if (failsRayCheck(ray, check) || !box.valid) return std::nullopt;
    const LocalRay local = toLocal(ray, box.box.toWorld[3], box.inverse, box.inverseDeterminant);
    return slabSpan(local.origin, local.direction, box.box.local);
}

inline glm::vec3 worldFaceNormal(SurfaceId face, const Aabb&) noexcept { return faceNormal(face, nullptr); }
inline glm::vec3 worldFaceNormal(SurfaceId face, const PreparedOrientedBox& box) noexcept {
    return faceNormal(face, &box.inverse);
}

template <typename Box>
std::optional<RayHit> boxHit(const Ray& ray, const Box& box, float tMax) noexcept {
    const auto span = boxSpan(ray, box);
    const auto crossing = firstCrossing(span, tMax);
    if (!crossing) return std::nullopt;
    const SurfaceId face = crossing->atEnter ? span->enterSurface : span->exitSurface;
    return makeHit(ray, crossing->t, worldFaceNormal(face, box));
}

template <typename Box>
PICKRAY_FORCE_INLINE std::optional<float> boxHitT(const Ray& ray, const Box& box, float tMax,
                                                  RayCheck check = RayCheck::kCheck) noexcept {
    return spanHitT(ray, boxSpan(ray, box, check), tMax);
}

/// raycastT's forms for the checks a scene query makes once (see RayCheck).
PICKRAY_FORCE_INLINE std::optional<float> raycastT(const Ray& ray, const Aabb& box, float tMax,
                                                   RayCheck check) noexcept {
    return boxHitT(ray, box, tMax, check);
}
PICKRAY_FORCE_INLINE std::optional<float> raycastT(const Ray& ray, const PreparedOrientedBox& box, float tMax,
                                                   RayCheck check) noexcept {
    return boxHitT(ray, box, tMax, check);
}

template <typename Box>
std::optional<LineSpan> boxLine(const Ray& ray, const Box& box) noexcept {
    const auto span = boxSpan(ray, box);
    if (!span) return std::nullopt;
    return toLineSpan(span->enter, span->exit);
}

}  // namespace detail

[[nodiscard]] inline std::optional<RayHit> raycast(const Ray& ray, const Aabb& box, float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::boxHit(ray, box, tMax);
}
/// raycast(ray, box, tMax)->t without the point and normal (see ray.hpp).
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const Aabb& box, float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::boxHitT(ray, box, tMax);
}
[[nodiscard]] inline std::optional<LineSpan> intersectLine(const Ray& ray, const Aabb& box) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    return detail::boxLine(ray, box);
}

[[nodiscard]] inline std::optional<RayHit> raycast(const Ray& ray, const PreparedOrientedBox& box,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::boxHit(ray, box, tMax);
}
/// raycast(ray, box, tMax)->t without the point and normal (see ray.hpp).
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const PreparedOrientedBox& box,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::boxHitT(ray, box, tMax);
}
[[nodiscard]] inline std::optional<LineSpan> intersectLine(const Ray& ray, const PreparedOrientedBox& box) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    return detail::boxLine(ray, box);
}

[[nodiscard]] inline std::optional<RayHit> raycast(const Ray& ray, const OrientedBox& box,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return raycast(ray, PreparedOrientedBox(box), tMax);
}
/// raycast(ray, box, tMax)->t without the point and normal (see ray.hpp).
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const OrientedBox& box,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return raycastT(ray, PreparedOrientedBox(box), tMax);
}
[[nodiscard]] inline std::optional<LineSpan> intersectLine(const Ray& ray, const OrientedBox& box) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(box);
    return intersectLine(ray, PreparedOrientedBox(box));
}

}  // namespace pickray

#if defined(PICKRAY_ASSERT_VALID_INPUTS) && PICKRAY_ASSERT_VALID_INPUTS
#include "pickray/collision/validity.hpp"
#endif
