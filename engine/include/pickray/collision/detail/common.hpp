// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the collision routines; not part of the public API (they may change).
// The routines compute in double: float inputs widen exactly, and with 29 bits to spare over
// float the few roundings between input and output never show once the result is rounded to
// float at the end. That slack is also what lets the routines multiply by a reciprocal instead
// of dividing twice: the divider is the slowest unit they use.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/detail/signed_zero.hpp"
#include "pickray/collision/quadratic.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/collision/tolerances.hpp"
#include "pickray/config.hpp"

// PICKRAY_ASSERT_VALID_INPUTS (collision/validity.hpp): the ray queries stop at an invalid input.
#if defined(PICKRAY_ASSERT_VALID_INPUTS) && PICKRAY_ASSERT_VALID_INPUTS
namespace pickray::detail {
// Defined in collision/validity.hpp, which every header that uses them includes at its end.
template <typename Input>
void expectValid(const Input& input, const char* argument, const char* function) noexcept;
void expectValidTMax(float tMax, const char* argument, const char* function) noexcept;
}  // namespace pickray::detail
#define PICKRAY_EXPECT_VALID(input) ::pickray::detail::expectValid(input, #input, static_cast<const char*>(__func__))
#define PICKRAY_EXPECT_VALID_TMAX(tMax) \
    ::pickray::detail::expectValidTMax(tMax, #tMax, static_cast<const char*>(__func__))
#else
#define PICKRAY_EXPECT_VALID(input) static_cast<void>(0)
#define PICKRAY_EXPECT_VALID_TMAX(tMax) static_cast<void>(0)
#endif

namespace pickray::detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

/// Whether a routine checks its ray with isValidRay. A scene query checks a ray once and then tests
/// it against many shapes: it passes kCheckedByCaller to skip the check per shape, a real share of
/// a leaf's work. For a valid ray the answer is the same either way.
/// Each routine's span is split into the check (forced inline, so that a constant RayCheck folds
/// away) and the rest (out of line).
enum class RayCheck { kCheck, kCheckedByCaller };
PICKRAY_FORCE_INLINE bool failsRayCheck(const Ray& ray, RayCheck check) noexcept {
    return check == RayCheck::kCheck && !isValidRay(ray);
}

PICKRAY_FORCE_INLINE bool isFinite(glm::vec3 v) noexcept {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// A radius is usable when it is finite and not negative (NaN fails both).
PICKRAY_FORCE_INLINE bool isValidRadius(float r) noexcept { return r >= 0.0f && std::isfinite(r); }

/// tMax must be a number >= 0 (+inf allowed).
PICKRAY_FORCE_INLINE bool isValidTMax(float tMax) noexcept { return tMax >= 0.0f; }

PICKRAY_FORCE_INLINE glm::dvec3 widen(glm::vec3 v) noexcept { return glm::dvec3(v); }

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
/// Written as selects, not branches: which plane is near and whether it tightens the span are
/// coin flips across a scene's shapes, and a mispredicted branch costs more than this whole test.
PICKRAY_FORCE_INLINE bool clipToSlab(TaggedSpan& span, double z0, double dz, double lo, double hi, SurfaceId lowPlane,
                                     SurfaceId highPlane) noexcept {
    if (dz == 0.0) return z0 >= lo && z0 <= hi;
    const double inverse = 1.0 / dz;  // finite: |dz| >= the smallest float denormal
    const double tLo = (lo - z0) * inverse;
    const double tHi = (hi - z0) * inverse;
    const bool forward = dz > 0.0;
    const double enter = std::min(tLo, tHi);
    const double exit = std::max(tLo, tHi);
    // ">=" so that, at an edge crossed by both slabs at once, the later-clipped plane wins; the
    // callers clip the shape's sides first, so caps and faces win ties at seams deterministically.
    const bool tightensEnter = enter >= span.enter;
    const bool tightensExit = exit <= span.exit;
    span.enterSurface = tightensEnter ? (forward ? lowPlane : highPlane) : span.enterSurface;
    span.exitSurface = tightensExit ? (forward ? highPlane : lowPlane) : span.exitSurface;
    span.enter = tightensEnter ? enter : span.enter;
    span.exit = tightensExit ? exit : span.exit;
    return span.enter <= span.exit;
}

/// Turns a line span into the ray query's answer: the first crossing at t >= 0 within tMax, which
/// is `enter` from outside and `exit` from inside; `atEnter` tells which one was chosen.
struct Crossing {
    double t;
    bool atEnter;
};
/// tMax is compared with t as it will be returned, rounded to float: a caller passing a hit's t
/// back as tMax (a BVH looking for ties) must get that same hit again, also when its t in double
/// lies a hair above the float it rounds to.
PICKRAY_FORCE_INLINE std::optional<Crossing> firstCrossing(double enter, double exit, float tMax) noexcept {
    // One select instead of nested branches: from outside (enter >= 0) the crossing is the entry,
    // from inside the exit. An infinite bound (a line along an infinite cylinder) is no crossing.
    const bool atEnter = enter >= 0.0;
    const double t = atEnter ? enter : exit;
    if (!(t >= 0.0 && t < kInf && static_cast<float>(t) <= tMax)) return std::nullopt;
    // + 0.0 turns −0 into +0 and leaves every other t as it is: a ray that starts on a face and
    // leaves through it gets (lo − z0)·(1 / dz) = 0·(negative) = −0 there, which is 0 but would
    // print as "-0" and carry its sign into the hit point. (Added after the tests, which do not
    // care, so that it is not on their path.)
    return Crossing{t + 0.0, atEnter};
}

/// The same for a span that may be missing (a miss or invalid input), with tMax checked too
/// (< 0 or NaN: no crossing): the opening every raycast and raycastT shares.
template <typename Span>
PICKRAY_FORCE_INLINE std::optional<Crossing> firstCrossing(const std::optional<Span>& span, float tMax) noexcept {
    if (!span || !isValidTMax(tMax)) return std::nullopt;
    return firstCrossing(span->enter, span->exit, tMax);
}

/// The float span of a double one: bounds rounded once, then a −0 bound as +0 (a tiny negative
/// double rounds to −0 in float).
PICKRAY_FORCE_INLINE LineSpan toLineSpan(double enter, double exit) noexcept {
    return LineSpan{positiveZero(static_cast<float>(enter)), positiveZero(static_cast<float>(exit))};
}

/// origin + t·direction, formed in double and rounded once.
PICKRAY_FORCE_INLINE glm::vec3 pointAtExact(const Ray& ray, double t) noexcept {
    return glm::vec3(widen(ray.origin) + t * widen(ray.direction));
}

/// A ray seen from an axis through a and b (the set-up of the infinite cylinder): the origin moved to a, and
/// origin and direction split into their parts along the axis and perpendicular to it. Round
/// shapes around an axis are then "within radius of the origin" in the perpendicular plane.
/// Along-axis coordinates are kept in units of the unnormalised axis b − a (a point's coordinate
/// is (point − a)·(b − a)), so the cap planes sit at 0 and |b − a|² and no square root or
/// normalisation is needed; t is the same in any units.
struct AxisFrame {
    glm::dvec3 axisVector;     // b − a
    double lengthSquared;      // |b − a|²: the along-axis coordinate of b
    double originAlong;        // (origin − a)·(b − a)
    double directionAlong;     // direction·(b − a)
    glm::dvec3 originPerp;     // (origin − a) without its along-axis part
    glm::dvec3 directionPerp;  // direction without its along-axis part; zero when parallel
};

/// lengthSquared == 0 when a == b (no axis; then the rest is meaningless). A direction within
/// tolerance::kAxisParallelSine of the axis gets directionPerp = 0 exactly, so the side is never
/// crossed (see tolerances.hpp).
PICKRAY_FORCE_INLINE AxisFrame axisFrame(const Ray& ray, glm::vec3 a, glm::vec3 b) noexcept {
    const glm::dvec3 axisVector = widen(b) - widen(a);
    const double lengthSquared = glm::dot(axisVector, axisVector);
    if (lengthSquared == 0.0) return AxisFrame{};
    const double inverseLengthSquared = 1.0 / lengthSquared;
    const glm::dvec3 origin = widen(ray.origin) - widen(a);
    const glm::dvec3 direction = widen(ray.direction);
    const double originAlong = glm::dot(origin, axisVector);
    const double directionAlong = glm::dot(direction, axisVector);
    glm::dvec3 directionPerp = direction - (directionAlong * inverseLengthSquared) * axisVector;
    const double sine = static_cast<double>(tolerance::kAxisParallelSine);
    if (glm::dot(directionPerp, directionPerp) <= sine * sine * glm::dot(direction, direction)) {
        directionPerp = glm::dvec3(0.0);
    }
    return AxisFrame{axisVector,
                     lengthSquared,
                     originAlong,
                     directionAlong,
                     origin - (originAlong * inverseLengthSquared) * axisVector,
                     directionPerp};
}

/// v / |v| without overflow or underflow in |v|²: scaled by its largest component first when that
/// is far from 1 (a box transform with entries near 1e20 and 1e-40 would give a zero normal).
/// Zero or non-finite v gives NaN, which makeHit turns into "no hit".
inline glm::dvec3 unitVector(glm::dvec3 v) noexcept {
    const double largest = std::max(std::abs(v.x), std::max(std::abs(v.y), std::abs(v.z)));
    // Within these bounds |v|² can neither overflow nor lose precision to denormals.
    const glm::dvec3 scaled = (largest > 1e-100 && largest < 1e100) ? v : v * (1.0 / largest);
    return scaled * (1.0 / std::sqrt(glm::dot(scaled, scaled)));
}

/// The part of `fromA` (a point relative to the axis point a) perpendicular to the axis b − a.
inline glm::dvec3 offAxis(glm::dvec3 fromA, glm::dvec3 axisVector) noexcept {
    return fromA - (glm::dot(fromA, axisVector) / glm::dot(axisVector, axisVector)) * axisVector;
}

/// The outward unit normal of a round surface at `radial` (the point minus its closest axis
/// point); for a zero radius, where that is zero, the normal faces the ray instead.
inline glm::vec3 radialNormal(glm::dvec3 radial, glm::dvec3 direction) noexcept {
    if (radial != glm::dvec3(0.0)) return glm::vec3(unitVector(radial));
    return glm::vec3(-unitVector(direction));
}

/// The hit as the public type: t and point rounded once, point formed in double. A crossing so
/// far away that t or the point overflow float, or a normal that came out non-finite, is no hit:
/// a returned hit never holds inf or NaN (a 1e36-radius capsule can put its exit there).
/// Every zero in it is +0 (ray.hpp).
inline std::optional<RayHit> makeHit(const Ray& ray, double t, glm::vec3 normal) noexcept {
    const RayHit hit{positiveZero(static_cast<float>(t)), positiveZero(pointAtExact(ray, t)), positiveZero(normal)};
    if (!std::isfinite(hit.t) || !isFinite(hit.point) || !isFinite(hit.normal)) return std::nullopt;
    return hit;
}

/// raycastT's answer for a crossing at t: makeHit's checks on t and the point, without forming
/// the normal, so that raycastT(...) and raycast(...)->t always agree.
PICKRAY_FORCE_INLINE std::optional<float> hitT(const Ray& ray, double t) noexcept {
    const float rounded = static_cast<float>(t);
    if (!std::isfinite(rounded) || !isFinite(pointAtExact(ray, t))) return std::nullopt;
    return rounded;
}

/// raycastT's answer from a shape's span (nullopt for a miss or invalid input): the first crossing
/// within tMax, as hitT gives it.
template <typename Span>
PICKRAY_FORCE_INLINE std::optional<float> spanHitT(const Ray& ray, const std::optional<Span>& span,
                                                   float tMax) noexcept {
    const auto crossing = firstCrossing(span, tMax);
    if (!crossing) return std::nullopt;
    return hitT(ray, crossing->t);
}

}  // namespace pickray::detail
