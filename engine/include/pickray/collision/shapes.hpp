// SPDX-License-Identifier: MIT
#pragma once
// Plain value types for every shape pickray knows, and the result types of its queries.
// All coordinates are world units in GLM float vectors; no type here owns memory or checks itself:
// validity is part of each query's contract (see the headers next to this one).

#include <glm/ext/quaternion_float.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "pickray/config.hpp"

namespace pickray {

/// A half-line: origin + t·direction for t >= 0. The direction need not be unit length; every t
/// that a query returns is measured in units of it.
struct Ray {
    glm::vec3 origin{0.0f};
    glm::vec3 direction{0.0f, 0.0f, 1.0f};
};

/// An infinite line: point + t·direction for every real t.
struct Line {
    glm::vec3 point{0.0f};
    glm::vec3 direction{0.0f, 0.0f, 1.0f};
};

/// The points a + t·(b − a) for t in [0, 1]. a == b is a point.
struct Segment {
    glm::vec3 a{0.0f};
    glm::vec3 b{0.0f};
};

struct Sphere {
    glm::vec3 center{0.0f};
    float radius = 1.0f;
};

/// All points within `radius` of the segment ab. a == b is a sphere.
struct Capsule {
    glm::vec3 a{0.0f};
    glm::vec3 b{0.0f, 1.0f, 0.0f};
    float radius = 0.5f;
};

/// A capped (finite) cylinder: `a` and `b` are the centres of its two flat caps.
struct Cylinder {
    glm::vec3 a{0.0f};
    glm::vec3 b{0.0f, 1.0f, 0.0f};
    float radius = 0.5f;
};

/// All points within `radius` of the infinite line through `a` and `b` (two points of the axis,
/// not ends).
///
/// `p1` and `p2` are the former names of `a` and `b`, kept for one release: each shares its storage
/// with the new name and is deprecated. While they last the type has a constructor instead of
/// being an aggregate, so that `InfiniteCylinder{{0, 0, 0}, {0, 1, 0}, 0.5f}` still compiles (an
/// aggregate holding the unions would refuse it); designated initializers and structured bindings
/// (auto [a, b, radius] = cylinder) are not available.
struct InfiniteCylinder {
    union {
        glm::vec3 a;
        [[deprecated("use a")]] glm::vec3 p1;
    };
    union {
        glm::vec3 b;
        [[deprecated("use b")]] glm::vec3 p2;
    };
    float radius;

    // GLM_CONSTEXPR: constexpr where GLM's own constructors are (not with its aligned types).
    GLM_CONSTEXPR InfiniteCylinder() noexcept : a(0.0f), b(0.0f, 1.0f, 0.0f), radius(0.5f) {}
    GLM_CONSTEXPR InfiniteCylinder(glm::vec3 axisA, glm::vec3 axisB = glm::vec3(0.0f, 1.0f, 0.0f),
                                   float axisRadius = 0.5f) noexcept
        : a(axisA), b(axisB), radius(axisRadius) {}
};

/// Axis-aligned box, min <= max per axis. A zero extent on an axis makes it flat (a rectangle,
/// a segment or a point), which rays still hit.
struct Aabb {
    glm::vec3 min{-0.5f};
    glm::vec3 max{0.5f};
};

/// A box given in its own space and placed in the world by an affine transform (rotation,
/// translation, non-uniform scale, shear). The bottom row of `toWorld` must be (0, 0, 0, 1).
///
/// fromCenter builds the usual game object's box: centred on `center`, `halfExtents` along its own
/// axes, turned by `rotation` (a unit quaternion, or a rotation matrix; neither is normalised).
/// local is {−halfExtents, halfExtents} and toWorld the rotation's matrix with `center` as its
/// translation: the same box, bit for bit, as glm::translate(center) * glm::mat4_cast(rotation).
struct OrientedBox {
    Aabb local;
    glm::mat4 toWorld{1.0f};

    [[nodiscard]] static OrientedBox fromCenter(glm::vec3 center, glm::vec3 halfExtents,
                                                const glm::quat& rotation) noexcept;
    [[nodiscard]] static OrientedBox fromCenter(glm::vec3 center, glm::vec3 halfExtents,
                                                const glm::mat3& rotation) noexcept;
};

/// A triangle, counter-clockwise a → b → c seen from its front: the front normal is
/// (b − a) × (c − a). It has no inside; a zero-area one (collinear or repeated vertices) is never
/// hit (collision/ray_triangle.hpp).
struct Triangle {
    glm::vec3 a{0.0f};
    glm::vec3 b{1.0f, 0.0f, 0.0f};
    glm::vec3 c{0.0f, 1.0f, 0.0f};
};

/// Where a ray first crosses a surface.
struct RayHit {
    float t = 0.0f;          ///< ray parameter, 0 <= t <= tMax, in units of the ray direction
    glm::vec3 point{0.0f};   ///< origin + t·direction
    glm::vec3 normal{0.0f};  ///< outward unit surface normal at `point`
};

/// The interval of the ray parameter (any sign) over which the infinite line through the ray lies
/// inside a solid. enter <= exit; ±infinity where the line never leaves the solid.
struct LineSpan {
    float enter = 0.0f;
    float exit = 0.0f;
};

/// A closest pair of points: one on each argument of closestPoints (distance.hpp), in the order
/// given. For a query point against a line or segment the first is the point itself (t1 = 0).
struct ClosestPoints {
    glm::vec3 p1{0.0f};     ///< on the first argument
    glm::vec3 p2{0.0f};     ///< on the second argument
    float t1 = 0.0f;        ///< parameter of p1 on the first argument (0 for a point)
    float t2 = 0.0f;        ///< parameter of p2 on the second argument
    float distance = 0.0f;  ///< the minimum distance (for lines exact to a float step, see distance.hpp)
};

/// Deprecated: the result of the deprecated closestPoint(point, line/segment); closestPoints(point,
/// line/segment) answers the same as ClosestPoints (point = p2, t = t2).
struct [[deprecated("use ClosestPoints (closestPoints(point, line) gives point = p2, t = t2)")]] ClosestPoint {
    glm::vec3 point{0.0f};  ///< the closest point itself
    float t = 0.0f;         ///< its parameter along the line/segment (point + t·direction, or a + t·(b − a))
    float distance = 0.0f;  ///< distance from the query point
};

}  // namespace pickray
