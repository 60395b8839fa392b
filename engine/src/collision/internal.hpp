#pragma once
// Helpers shared by the collision sources; not part of the public API.
// The routines compute in double: float inputs widen exactly, so the only roundings are those of
// the few operations between input and output, and results are rounded to float once at the end.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/quadratic.hpp"
#include "pickray/collision/ray.hpp"

namespace pickray::detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

inline bool isFinite(glm::vec3 v) noexcept {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// A radius is usable when it is finite and not negative (NaN fails both).
inline bool isValidRadius(float r) noexcept { return r >= 0.0f && std::isfinite(r); }

/// tMax must be a number >= 0 (+inf allowed).
inline bool isValidTMax(float tMax) noexcept { return tMax >= 0.0f; }

inline glm::dvec3 widen(glm::vec3 v) noexcept { return glm::dvec3(v); }

/// The part of v perpendicular to the unit vector `axis`.
inline glm::dvec3 perpendicular(glm::dvec3 v, glm::dvec3 axis) noexcept {
    return v - glm::dot(v, axis) * axis;
}

/// Which surface of a solid a span's bound lies on; each shape gives the numbers its meaning.
using SurfaceId = int;
inline constexpr SurfaceId kNoSurface = -1;

/// A line span with the surfaces it enters and leaves through.
struct TaggedSpan {
    double enter = -kInf;
    double exit = kInf;
    SurfaceId enterSurface = kNoSurface;
    SurfaceId exitSurface = kNoSurface;
};

/// Narrows `span` to the parameters where z0 + t·dz lies in [lo, hi] (a slab between two planes),
/// recording the plane (lowPlane at z = lo, highPlane at z = hi) of any bound it tightens.
/// dz == 0 is exact "parallel": the slab keeps all of t or none of it. Returns false when the span
/// becomes empty.
inline bool clipToSlab(TaggedSpan& span, double z0, double dz, double lo, double hi,
                       SurfaceId lowPlane, SurfaceId highPlane) noexcept {
    if (dz == 0.0) return z0 >= lo && z0 <= hi;
    const double tLo = (lo - z0) / dz;
    const double tHi = (hi - z0) / dz;
    const bool forward = dz > 0.0;
    const double enter = forward ? tLo : tHi;
    const double exit = forward ? tHi : tLo;
    // ">=" so that, at an edge crossed by both slabs at once, the later-clipped plane wins; the
    // callers clip the shape's sides first, so caps and faces win ties at seams deterministically.
    if (enter >= span.enter) {
        span.enter = enter;
        span.enterSurface = forward ? lowPlane : highPlane;
    }
    if (exit <= span.exit) {
        span.exit = exit;
        span.exitSurface = forward ? highPlane : lowPlane;
    }
    return span.enter <= span.exit;
}

/// Turns a line span into the ray query's answer: the first crossing at t >= 0 within tMax, which
/// is `enter` from outside and `exit` from inside. `takeEnter` tells which one was chosen.
struct Crossing {
    double t;
    bool atEnter;
};
/// tMax is compared with t as it will be returned, rounded to float: a caller passing a hit's t
/// back as tMax (a BVH looking for ties) must get that same hit again (found by fuzz_collision:
/// two shapes with the same float t, the second one's double t a hair above it).
inline std::optional<Crossing> firstCrossing(double enter, double exit, float tMax) noexcept {
    if (enter >= 0.0) {
        if (static_cast<float>(enter) <= tMax) return Crossing{enter, true};
        return std::nullopt;
    }
    if (exit >= 0.0 && exit < kInf && static_cast<float>(exit) <= tMax) return Crossing{exit, false};
    return std::nullopt;
}

/// The float span of a double one (bounds rounded once).
inline LineSpan toLineSpan(double enter, double exit) noexcept {
    return LineSpan{static_cast<float>(enter), static_cast<float>(exit)};
}

/// origin + t·direction, formed in double and rounded once.
inline glm::vec3 pointAtExact(const Ray& ray, double t) noexcept {
    return glm::vec3(widen(ray.origin) + t * widen(ray.direction));
}

/// A ray seen from an axis through a and b (article 000's set-up): the origin moved to a, and
/// origin and direction split into their parts along the unit axis and perpendicular to it.
/// Round shapes around an axis are then "within radius of the origin" in the perpendicular plane.
struct AxisFrame {
    glm::dvec3 axis;           // unit, from a towards b
    double length;             // |b − a|
    double originAlong;        // (origin − a)·axis
    double directionAlong;     // direction·axis
    glm::dvec3 originPerp;     // (origin − a) without its along-axis part
    glm::dvec3 directionPerp;  // direction without its along-axis part; zero when parallel
};

/// nullopt when a == b (no axis). A direction within tolerance::kAxisParallelSine of the axis gets
/// directionPerp = 0 exactly, so the side is never crossed (see tolerances.hpp).
std::optional<AxisFrame> axisFrame(const Ray& ray, glm::vec3 a, glm::vec3 b) noexcept;

/// v / |v| without overflow or underflow in |v|²: scaled by its largest component first
/// (found by fuzz_collision: a box transform with entries near 1e20 and 1e-40 gave a zero normal).
/// Zero or non-finite v gives NaN, which makeHit turns into "no hit".
inline glm::dvec3 unitVector(glm::dvec3 v) noexcept {
    const double largest = std::max(std::abs(v.x), std::max(std::abs(v.y), std::abs(v.z)));
    const glm::dvec3 scaled = v / largest;
    return scaled / std::sqrt(glm::dot(scaled, scaled));
}

/// The outward unit normal of a round surface at `radial` (the point minus its closest axis
/// point); for a zero radius, where that is zero, the normal faces the ray instead.
inline glm::vec3 radialNormal(glm::dvec3 radial, glm::dvec3 direction) noexcept {
    if (radial != glm::dvec3(0.0)) return glm::vec3(unitVector(radial));
    return glm::vec3(-unitVector(direction));
}

/// The hit as the public type: t and point rounded once, point formed in double. A crossing so
/// far away that t or the point overflow float, or a normal that came out non-finite, is no hit:
/// a returned hit never holds inf or NaN (found by fuzz_collision: a 1e36-radius capsule).
inline std::optional<RayHit> makeHit(const Ray& ray, double t, glm::vec3 normal) noexcept {
    const RayHit hit{static_cast<float>(t), pointAtExact(ray, t), normal};
    if (!std::isfinite(hit.t) || !isFinite(hit.point) || !isFinite(hit.normal)) return std::nullopt;
    return hit;
}

}  // namespace pickray::detail
