// SPDX-License-Identifier: MIT
#pragma once
// The source articles' constructions, as the library computes them: what a demo draws to show how
// a pick or a distance came about. Each `explain` overload runs the same inline cores
// as the shape's raycast / intersectLine / closestPoints (detail/common.hpp, the ray_*.hpp
// headers, detail/segments.hpp) and returns the intermediate values they already compute, so that
// nothing drawn comes from a second implementation:
//   * explain(ray, InfiniteCylinder)   article 000: Q1, Q2 on the line, R1, R2 on the axis.
//   * explain(ray, Cylinder)           article 002: cap planes and side, which one bounds the span.
//   * explain(ray, Aabb / OrientedBox) article 003: the slab method, per axis, in the box's frame.
//   * explain(Segment, Segment), explain(Capsule, Capsule), segmentDistanceSquared
//                                      article 001: the squared distance over (s, t) and its minimum.
// The raycast routines themselves are untouched (no extra work in them); these are separate,
// slower-than-raycast functions for one shape at a time.
//
// Contract shared by the ray overloads (see ray.hpp for the ray contract they explain):
//   * Line parameters (a, t) are of the whole line origin + t·direction, any sign, in units of
//     ray.direction; `behind` flags say which lie behind the origin (raycast never returns those).
//   * The span bounds (enter, exit; a1, a2) are intersectLine's, bit for bit, whenever it gives a
//     span; every other parameter is computed by the same expressions as the cores' and rounded
//     to float once. Points are origin + t·direction formed in double from the double t and
//     rounded once (as a RayHit's point), so their error is that of t times |direction| plus half
//     a float step a coordinate.
//   * Every zero a field reports is +0, never −0, as in the ray queries' results (ray.hpp).
//   * Invalid input, as for raycast (ray.hpp), gives kind == k...Invalid and every other field at
//     its default (zero).
//   * Nothing here overflows into NaN: a parameter or point beyond the float range is ±infinity,
//     as intersectLine's bounds are.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/detail/segments.hpp"
#include "pickray/collision/distance.hpp"
#include "pickray/collision/overlap.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/ray_cylinder.hpp"
#include "pickray/collision/ray_infinite_cylinder.hpp"
#include "pickray/collision/shapes.hpp"

namespace pickray {

// ---- Article 000: ray vs infinite cylinder ------------------------------------------------------
// The article's names: the ray's start L and direction V (Q = L + a·V), the axis through P1 and P2
// (R = P1 + b·S, S = P2 − P1), radius r. The line pierces the cylinder at Q1 (entry, the smaller
// a) and Q2 (exit); R1 and R2 are the centres of the cross-section circles through them, the
// points of the axis nearest Q1 and Q2 (so R1Q1 and R2Q2 are perpendicular to the axis, length r).

enum class InfiniteCylinderCase {
    kInvalid,          ///< invalid ray, a non-finite axis point, a negative or NaN radius
    kDegenerateAxis,   ///< P1 == P2: no axis, nothing is computed
    kParallelInside,   ///< V along the axis within tolerance::kAxisParallelSine and the line within r
                       ///< of it: inside everywhere, a1 = −inf, a2 = +inf, no Q, no R (the article
                       ///< returns "no collision" here, its A == 0)
    kParallelOutside,  ///< parallel and farther than r: never meets (intersectLine: nothing)
    kMiss,             ///< not parallel, passes farther than r from the axis (the article's B² − AC < 0)
    kCrosses,          ///< Q1, Q2, R1, R2 set; Q1 == Q2 for a tangent line
};

struct InfiniteCylinderConstruction {
    InfiniteCylinderCase kind = InfiniteCylinderCase::kInvalid;
    float a1 = 0.0f;        ///< Q1's parameter on the line: intersectLine's enter, bit for bit
    float a2 = 0.0f;        ///< Q2's: intersectLine's exit, bit for bit (a1 <= a2)
    glm::vec3 q1{0.0f};     ///< L + a1·V, the entry point
    glm::vec3 q2{0.0f};     ///< L + a2·V, the exit point
    float b1 = 0.0f;        ///< R1's parameter on the axis: R1 = P1 + b1·S
    float b2 = 0.0f;        ///< R2's
    glm::vec3 r1{0.0f};     ///< the centre of the cross-section circle through Q1 (Q1's foot on the axis)
    glm::vec3 r2{0.0f};     ///< the centre of the one through Q2
    bool q1Behind = false;  ///< a1 < 0: Q1 lies behind L (a ray starting inside, or past the cylinder)
    bool q2Behind = false;  ///< a2 < 0: the whole crossing lies behind L; raycast misses
    /// The parallel cases: the line's distance from the axis, the same all along it (compare with r).
    float axisDistance = 0.0f;
};

// ---- Article 002: ray vs capped cylinder -------------------------------------------------------
// The solid is the infinite cylinder around ab (its side) cut by the two cap planes through a and
// b. The library intersects the side's span with the slab between the cap planes; whichever bound
// is tighter names the surface. (The article writes the axis as a centre ± a half-length vector;
// cap A is the plane through `a`, cap B the one through `b`.)

enum class CylinderCase {
    kInvalid,     ///< invalid ray, a non-finite end, a negative or NaN radius
    kDegenerate,  ///< a == b or radius == 0: an empty solid (raycast: no hit); nothing is computed
    kMiss,        ///< the line misses the solid: side, caps and flags still set
    kHit,         ///< enter, exit and their surfaces set too
};
enum class CylinderPart { kNone, kSide, kCapA, kCapB };

/// Where the line crosses one cap's plane, whether or not that point is on the cap.
struct CapPlaneCrossing {
    bool crosses = false;  ///< false when the line is parallel to the cap planes (V·(b − a) == 0 exactly)
    float t = 0.0f;        ///< the line parameter of the crossing (any sign)
    glm::vec3 point{0.0f};
    /// The crossing lies on the cap disc (rim included) as the library decides it: t lies within
    /// the side's span. An entry or exit through this cap always has onCap.
    bool onCap = false;
    bool behind = false;  ///< t < 0
};

struct CylinderConstruction {
    CylinderCase kind = CylinderCase::kInvalid;
    /// The side: the infinite cylinder through a and b (its Q1, Q2, R1, R2), computed exactly as
    /// the capped cylinder's routine computes it. side.kind tells parallel-to-axis (inside or not).
    InfiniteCylinderConstruction side;
    CapPlaneCrossing capA;  ///< the plane through a
    CapPlaneCrossing capB;  ///< the plane through b
    /// The line is parallel to the cap planes: it crosses neither; betweenCaps says whether it runs
    /// between them (then the side alone bounds the span) or outside (a miss).
    bool parallelToCaps = false;
    bool betweenCaps = false;
    /// The span, kHit only: intersectLine's enter and exit, bit for bit, and the surface of each
    /// (kCapA / kCapB: that cap's crossing, t == capA.t or capB.t exactly; kSide: side.a1 or a2).
    float enter = 0.0f;
    float exit = 0.0f;
    CylinderPart enterSurface = CylinderPart::kNone;
    CylinderPart exitSurface = CylinderPart::kNone;
    bool enterBehind = false;  ///< enter < 0: raycast's t is exit (from inside) or none
    bool exitBehind = false;
};

// ---- Article 003: ray vs box, the slab method --------------------------------------------------
// Per axis i, the slab min[i] <= x[i] <= max[i] of the box's own frame: the ray there is the world
// ray moved by the inverse of toWorld (direction not normalised, so t is the world's t), as the
// library's oriented-box routine does; for an Aabb the frame is the world's. The line is inside
// the box where it is inside all three slabs: from the largest tNear to the smallest tFar.

/// One axis's slab. Face ids as below: 2·axis for the plane at min, 2·axis + 1 for max.
struct SlabInterval {
    /// The line's direction component along this axis is exactly 0 (in the box's frame): it never
    /// crosses the two planes. No epsilon (the article's FLT_EPSILON test is not used).
    bool parallel = false;
    /// parallel only: the line runs between the planes (faces included), so the slab keeps all of
    /// it (tNear = −inf, tFar = +inf); otherwise it keeps none (tNear = +inf, tFar = −inf) and the
    /// box is missed.
    bool inside = false;
    float tNear = 0.0f;  ///< where the line enters the slab (the article's t_near; tNear <= tFar)
    float tFar = 0.0f;   ///< where it leaves it
    int nearFace = -1;   ///< the plane at tNear (2·axis or 2·axis + 1), −1 when parallel
    int farFace = -1;
};

enum class BoxCase {
    kInvalid,  ///< invalid ray, box (min > max, non-finite) or transform (singular, not affine)
    kMiss,     ///< the slabs' intersection is empty: enter > exit
    kHit,      ///< enter <= exit: intersectLine's span, bit for bit
};

struct BoxConstruction {
    BoxCase kind = BoxCase::kInvalid;
    /// The ray in the box's frame (for an Aabb the ray itself), computed in double as the library
    /// does and rounded once: where the slabs' planes are axis planes.
    glm::vec3 localOrigin{0.0f};
    glm::vec3 localDirection{0.0f};
    std::array<SlabInterval, 3> slabs{};
    /// The largest tNear and smallest tFar (the article's t and t_max): kHit, intersectLine's enter
    /// and exit bit for bit; kMiss, enter > exit (±inf when a parallel slab keeps nothing).
    float enter = 0.0f;
    float exit = 0.0f;
    /// kHit: the face of enter (the slab whose tNear is the largest; on a tie, the later axis), the
    /// face whose normal raycast returns when it enters there.
    int enterFace = -1;
    int exitFace = -1;
    bool enterBehind = false;  ///< enter < 0 (the article accepts a box behind the origin; raycast does not)
    bool exitBehind = false;
};

// ---- Article 001: capsule vs capsule -----------------------------------------------------------
// The distance between two capsules' axis segments P(s) = a1 + s·(b1 − a1), Q(t) = a2 + t·(b2 − a2),
// s and t in [0, 1]: f(s, t) = |P(s) − Q(t)|² is a convex quadratic over the unit square; its
// minimum is the segments' closest pair (the capsules overlap when it is <= (r1 + r2)²).

/// f(s, t) = |P(s) − Q(t)|², formed in double from the float ends (P and Q as closestPoints forms
/// them) and rounded once: within a relative 2^-24 of the exact value plus the double work's
/// 2^-50·extent². s and t may be any number (the square is [0, 1]²). Non-finite input: NaN.
[[nodiscard]] inline float segmentDistanceSquared(const Segment& first, const Segment& second, float s,
                                                  float t) noexcept {
    const glm::dvec3 a1(first.a), a2(second.a);
    const glm::dvec3 p = a1 + static_cast<double>(s) * (glm::dvec3(first.b) - a1);
    const glm::dvec3 q = a2 + static_cast<double>(t) * (glm::dvec3(second.b) - a2);
    const glm::dvec3 gap = p - q;
    return static_cast<float>(glm::dot(gap, gap));
}

struct SegmentPairConstruction {
    /// The library's closest pair, closestPoints(first, second) bit for bit: s = its t1, t = t2.
    float s = 0.0f;
    float t = 0.0f;
    glm::vec3 p1{0.0f};  ///< P(s)
    glm::vec3 p2{0.0f};  ///< Q(t)
    float distance = 0.0f;
    /// a == b for that segment: it is a point, f does not depend on its parameter (the library
    /// takes 0 for it), and the minimum is a whole line of the square (both: the whole square).
    bool firstIsPoint = false;
    bool secondIsPoint = false;
    /// Both are segments and their directions' cross product rounds to exactly zero (in double):
    /// parallel. Where their projections overlap, f's minimum is attained along a segment of the
    /// (s, t) square, and (s, t) is one point of it (the library's choice, starting from s = 0).
    /// Nearly parallel segments are not flagged: their minimum is unique, if ill-conditioned.
    bool parallel = false;
};

/// The closest pair between the two segments from the library's own segment–segment routine
/// (detail::closestBetweenSegments), with the flags above. Non-finite input: NaN in the numbers.
[[nodiscard]] inline SegmentPairConstruction explain(const Segment& first, const Segment& second) noexcept {
    const glm::dvec3 a1(first.a), b1(first.b), a2(second.a), b2(second.b);
    const detail::PairParameters found = detail::closestBetweenSegments(a1, b1, a2, b2);
    SegmentPairConstruction out;
    // The same roundings as closestPoints(Segment, Segment) (distance.hpp), −0 as +0 as there.
    out.s = detail::positiveZero(static_cast<float>(found.t1));
    out.t = detail::positiveZero(static_cast<float>(found.t2));
    out.p1 = detail::positiveZero(glm::vec3(found.p1));
    out.p2 = detail::positiveZero(glm::vec3(found.p2));
    out.distance = detail::positiveZero(static_cast<float>(glm::distance(found.p1, found.p2)));
    const glm::dvec3 d1 = b1 - a1;
    const glm::dvec3 d2 = b2 - a2;
    out.firstIsPoint = glm::dot(d1, d1) == 0.0;
    out.secondIsPoint = glm::dot(d2, d2) == 0.0;
    // The core's own test (its normalSquared == 0); d2 × d1 = −(d1 × d2) exactly, so its
    // canonical order does not change the answer.
    const glm::dvec3 normal = glm::cross(d1, d2);
    out.parallel = !out.firstIsPoint && !out.secondIsPoint && glm::dot(normal, normal) == 0.0;
    return out;
}

struct CapsulePairConstruction {
    SegmentPairConstruction axes;  ///< the axis segments' construction (f's minimum)
    float gap = 0.0f;              ///< proximity(first, second).gap: axes.distance − r1 − r2
    bool overlaps = false;         ///< overlaps(first, second)
};

/// The two capsules' axes explained, with the library's own gap and overlap answers.
[[nodiscard]] inline CapsulePairConstruction explain(const Capsule& first, const Capsule& second) noexcept {
    return {explain(Segment{first.a, first.b}, Segment{second.a, second.b}), proximity(first, second).gap,
            overlaps(first, second)};
}

namespace detail {

/// A bound rounded once, −0 as +0 (toLineSpan's rounding).
PICKRAY_FORCE_INLINE float toFloatBound(double t) noexcept { return positiveZero(static_cast<float>(t)); }

/// Article 000's construction from the infinite-cylinder core, with the core's double span kept
/// for the capped cylinder's caps.
struct InfiniteCylinderExplained {
    InfiniteCylinderConstruction construction;
    std::optional<Interval> span;  // the core's span in double (kCrosses and kParallelInside)
};

inline InfiniteCylinderExplained explainInfiniteCylinder(const Ray& ray, const InfiniteCylinder& cylinder) noexcept {
    InfiniteCylinderExplained out;
    InfiniteCylinderConstruction& c = out.construction;
    if (!isValidRay(ray) || !isFinite(cylinder.a) || !isFinite(cylinder.b) || !isValidRadius(cylinder.radius)) {
        return out;
    }
    const auto found = infiniteCylinderSpanOfValidRay(ray, cylinder);
    // On a miss the core drops its frame: the same frame again, for the case and the distance.
    const AxisFrame frame = found ? found->frame : axisFrame(ray, cylinder.a, cylinder.b);
    if (frame.lengthSquared == 0.0) {
        c.kind = InfiniteCylinderCase::kDegenerateAxis;
        return out;
    }
    if (frame.directionPerp == glm::dvec3(0.0)) {  // the core's parallel test (axisFrame zeroes it)
        c.axisDistance = positiveZero(static_cast<float>(glm::length(frame.originPerp)));
        c.kind = found ? InfiniteCylinderCase::kParallelInside : InfiniteCylinderCase::kParallelOutside;
        if (found) {
            out.span = found->span;
            c.a1 = -kInfinity;
            c.a2 = kInfinity;
            c.q1Behind = true;
        }
        return out;
    }
    if (!found) {
        c.kind = InfiniteCylinderCase::kMiss;
        return out;
    }
    out.span = found->span;
    c.kind = InfiniteCylinderCase::kCrosses;
    const double a[2] = {found->span.enter, found->span.exit};
    float* const as[2] = {&c.a1, &c.a2};
    glm::vec3* const qs[2] = {&c.q1, &c.q2};
    float* const bs[2] = {&c.b1, &c.b2};
    glm::vec3* const rs[2] = {&c.r1, &c.r2};
    for (int i = 0; i < 2; ++i) {
        *as[i] = toFloatBound(a[i]);
        *qs[i] = positiveZero(pointAtExact(ray, a[i]));
        // Q's coordinate along the axis in the frame's units (|S|² for P2): its foot is P1 + b·S.
        const double b = (frame.originAlong + a[i] * frame.directionAlong) / frame.lengthSquared;
        *bs[i] = positiveZero(static_cast<float>(b));
        *rs[i] = positiveZero(glm::vec3(widen(cylinder.a) + b * frame.axisVector));
    }
    c.q1Behind = !(a[0] >= 0.0);
    c.q2Behind = !(a[1] >= 0.0);
    return out;
}

PICKRAY_FORCE_INLINE CylinderPart publicSurface(SurfaceId id) noexcept {
    switch (id) {
        case kCylinderSide: return CylinderPart::kSide;
        case kCylinderCapA: return CylinderPart::kCapA;
        case kCylinderCapB: return CylinderPart::kCapB;
        default: return CylinderPart::kNone;
    }
}

template <typename Box>
BoxConstruction explainBox(const Ray& ray, const Box& box, bool valid, const LocalRay& local) noexcept {
    BoxConstruction out;
    if (!isValidRay(ray) || !valid) return out;
    out.localOrigin = positiveZero(glm::vec3(local.origin));
    out.localDirection = positiveZero(glm::vec3(local.direction));
    const Aabb& frameBox = [&]() -> const Aabb& {
        if constexpr (std::is_same_v<Box, Aabb>) {
            return box;
        } else {
            return box.box.local;
        }
    }();
    double enter = -kInf;
    double exit = kInf;
    for (int axis = 0; axis < 3; ++axis) {
        // The library's own slab step (clipToSlab) on a span that starts as the whole line: what
        // it leaves is this slab's interval, in the same double arithmetic as slabSpan's.
        TaggedSpan alone;
        const bool keeps =
            clipToSlab(alone, local.origin[axis], local.direction[axis], static_cast<double>(frameBox.min[axis]),
                       static_cast<double>(frameBox.max[axis]), lowFace(axis), highFace(axis));
        SlabInterval& slab = out.slabs[static_cast<std::size_t>(axis)];
        slab.parallel = local.direction[axis] == 0.0;
        slab.inside = slab.parallel && keeps;
        const double tNear = keeps ? alone.enter : kInf;
        const double tFar = keeps ? alone.exit : -kInf;
        slab.tNear = toFloatBound(tNear);
        slab.tFar = toFloatBound(tFar);
        slab.nearFace = slab.parallel ? -1 : alone.enterSurface;
        slab.farFace = slab.parallel ? -1 : alone.exitSurface;
        enter = std::max(enter, tNear);
        exit = std::min(exit, tFar);
    }
    // The library's span (slabSpan, with its faces); it exists exactly when the slabs' intersection
    // is not empty.
    const auto span = boxSpan(ray, box);
    if (span) {
        out.kind = BoxCase::kHit;
        enter = span->enter;
        exit = span->exit;
        out.enterFace = span->enterSurface;
        out.exitFace = span->exitSurface;
    } else {
        out.kind = BoxCase::kMiss;
    }
    out.enter = toFloatBound(enter);
    out.exit = toFloatBound(exit);
    out.enterBehind = !(enter >= 0.0);
    out.exitBehind = !(exit >= 0.0);
    return out;
}

}  // namespace detail

/// Article 000: Q1, Q2, R1, R2 and the case, from the infinite-cylinder routine's own core.
/// a1, a2 == intersectLine(ray, cylinder)'s enter and exit bit for bit (kCrosses; kParallelInside
/// gives ∓inf as it does); raycast's t is a1 when !q1Behind, else a2 when !q2Behind, else none.
/// Q is within (error of a)·|V| plus half a float step a coordinate of the exact point; R is
/// Q's foot on the axis formed in double (P1 + b·S) and rounded once.
[[nodiscard]] inline InfiniteCylinderConstruction explain(const Ray& ray, const InfiniteCylinder& cylinder) noexcept {
    return detail::explainInfiniteCylinder(ray, cylinder).construction;
}

/// Article 002: the cap planes' crossings, the side's construction, and which surface bounds the
/// span, from the capped cylinder's own core (cylinderSpan; its cap crossings are clipToSlab's
/// (0 − z0)·(1/dz) and (|S|² − z0)·(1/dz), so an entry through a cap has enter == that cap's t).
/// Parallel to the axis: side.kind is kParallelInside/Outside and both caps are crossed; parallel
/// to the caps (perpendicular to the axis): neither cap plane is crossed.
[[nodiscard]] inline CylinderConstruction explain(const Ray& ray, const Cylinder& cylinder) noexcept {
    CylinderConstruction out;
    if (!isValidRay(ray) || !detail::isFinite(cylinder.a) || !detail::isFinite(cylinder.b) ||
        !detail::isValidRadius(cylinder.radius)) {
        return out;
    }
    if (cylinder.radius == 0.0f || cylinder.a == cylinder.b) {
        out.kind = CylinderCase::kDegenerate;
        return out;
    }
    // cylinderSpanOfValidRay's side is the infinite cylinder's core on the same frame and radius.
    const auto side = detail::explainInfiniteCylinder(ray, InfiniteCylinder{cylinder.a, cylinder.b, cylinder.radius});
    out.side = side.construction;
    const detail::AxisFrame frame = detail::axisFrame(ray, cylinder.a, cylinder.b);
    if (frame.lengthSquared == 0.0) {  // a != b whose difference still squares to 0 in double: none
        out.kind = CylinderCase::kDegenerate;
        out.side = {};
        return out;
    }
    out.parallelToCaps = frame.directionAlong == 0.0;  // clipToSlab's exact parallel test
    out.betweenCaps = frame.originAlong >= 0.0 && frame.originAlong <= frame.lengthSquared;
    if (!out.parallelToCaps) {
        const double inverse = 1.0 / frame.directionAlong;  // as clipToSlab
        const double planes[2] = {0.0, frame.lengthSquared};
        CapPlaneCrossing* const caps[2] = {&out.capA, &out.capB};
        for (int i = 0; i < 2; ++i) {
            const double t = (planes[i] - frame.originAlong) * inverse;
            caps[i]->crosses = true;
            caps[i]->t = detail::toFloatBound(t);
            caps[i]->point = detail::positiveZero(detail::pointAtExact(ray, t));
            caps[i]->onCap = side.span && side.span->enter <= t && t <= side.span->exit;
            caps[i]->behind = !(t >= 0.0);
        }
    }
    const auto span = detail::cylinderSpan(ray, cylinder);
    if (!span) {
        out.kind = CylinderCase::kMiss;
        return out;
    }
    out.kind = CylinderCase::kHit;
    const LineSpan rounded = detail::toLineSpan(span->enter, span->exit);
    out.enter = rounded.enter;
    out.exit = rounded.exit;
    out.enterSurface = detail::publicSurface(span->enterSurface);
    out.exitSurface = detail::publicSurface(span->exitSurface);
    out.enterBehind = !(span->enter >= 0.0);
    out.exitBehind = !(span->exit >= 0.0);
    return out;
}

/// Article 003 for an axis-aligned box: the slabs in the world frame.
[[nodiscard]] inline BoxConstruction explain(const Ray& ray, const Aabb& box) noexcept {
    return detail::explainBox(ray, box, detail::isValidAabb(box),
                              detail::LocalRay{detail::widen(ray.origin), detail::widen(ray.direction)});
}

/// Article 003 for an oriented box: the ray moved into the box's frame by the inverse the library
/// works out (PreparedOrientedBox), the slabs there. enter/exit == intersectLine's bit for bit.
[[nodiscard]] inline BoxConstruction explain(const Ray& ray, const PreparedOrientedBox& box) noexcept {
    if (!box.valid) return {};
    return detail::explainBox(ray, box, true,
                              detail::toLocal(ray, box.box.toWorld[3], box.inverse, box.inverseDeterminant));
}
[[nodiscard]] inline BoxConstruction explain(const Ray& ray, const OrientedBox& box) noexcept {
    return explain(ray, PreparedOrientedBox(box));
}

}  // namespace pickray
