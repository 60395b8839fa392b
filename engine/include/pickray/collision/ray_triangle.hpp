// SPDX-License-Identifier: MIT
#pragma once
// Ray vs triangle, under the contract in ray.hpp, with every decision exact on the float inputs.
//
// A triangle has no inside, so its queries answer the crossing of its surface, TriangleHit,
// rather than RayHit or LineSpan:
//   raycast(ray, triangle, tMax, faces)   the crossing with 0 <= t <= tMax
//   raycastT(ray, triangle, tMax, faces)  raycast's t alone (the same float, no value exactly when
//                                         raycast has none), without the weights and the normal
//   intersectLine(ray, triangle, faces)   the crossing of the whole line, t of any sign
// `faces` = Faces::FrontOnly culls the back: a line that meets the back side is no hit. Both
// sides count by default.
//
// The decision, exact on the float inputs (o origin, d direction):
//   * For each edge (p, q), (a, b), (b, c) and (c, a), the side of the line is the sign of
//       E(p, q) = det[p − o, q − o, d] = (p × q)·d + o·(d × (q − p)).
//   * Ties (the line meets an edge or a vertex exactly) are broken by simulation of simplicity:
//     decided as for the origin moved to o + (ε, ε², ε³), ε → 0⁺. With g = d × (q − p), the
//     sign is the first nonzero of (E, g.x, g.y, g.z). The rule is on coordinates, not on indices:
//     the edge (q, p) of a neighbour gets the opposite sign, and every triangle of a fan sees its
//     shared vertex from the same moved line. So a line that crosses a closed, consistently
//     oriented mesh through an edge or a vertex crosses exactly one triangle there; where it only
//     touches the surface (a silhouette or a saddle vertex) it crosses none or two.
//   * The line crosses the triangle iff the three signs agree; their sign is the side: all
//     negative is the front (d·n < 0, n = (b − a) × (c − a)), all positive the back. Their sum is
//     d·n, so a line parallel to the plane (d·n == 0 exactly, in the plane or not) and a
//     zero-area triangle (n == 0: collinear or repeated vertices, which are valid) never cross.
//   * t = n·(a − o) / (n·d). The ray query keeps 0 <= t, decided exactly, t = 0 included (an
//     origin on the triangle crosses it at t = +0, never −0), and t <= tMax, decided exactly on
//     the returned t (as every ray query in ray.hpp: passing a hit's t back as tMax gets that hit
//     again).
//
// What is returned:
//   * t is the exact rational n·(a − o) / (n·d) correctly rounded to float (to nearest, ties to
//     even). A t too small for a float is +0 whatever its sign; a t or a point beyond the float
//     range is no hit, for intersectLine too (a triangle is bounded: only a line almost in its
//     plane crosses it that far away).
//   * u, v: the barycentric weights of b and c (the point is (1 − u − v)·a + u·b + v·c), the
//     exact ratios E(c, a) / (n·d) and E(a, b) / (n·d), each within one float step of its exact
//     value. Both lie in [0, 1]. The weight of a, 1 − u − v, is left to the caller.
//   * point = origin + t·direction with the returned t, formed in double and rounded once.
//   * normal: the unit front normal n / |n|, whichever side the ray meets (`front` says which),
//     each component within 2^-22 of the exact one.
//
// How, and at what cost: every quantity above is a determinant of float differences. It is
// evaluated in double with a bound on its error (below); only when the bound does not settle the
// sign (or the rounding of t, u, v, the normal) is it evaluated again exactly, as an expansion
// (detail/exact_sum.hpp). The answer does not depend on which path was taken. The filter's bound
// holds with fused multiply-adds too (they only remove roundings); the exact path needs each
// operation rounded on its own, which pickray's CMake target ensures (ray.hpp).

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/detail/exact_sum.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/config.hpp"

namespace pickray {

/// Which sides of a triangle a query counts.
enum class Faces {
    Both,       ///< two-sided: front and back
    FrontOnly,  ///< back faces culled: only a line with d·n < 0 crosses
};

/// Where a ray or line crosses a triangle.
struct TriangleHit {
    float t = 0.0f;          ///< ray parameter, exact rational rounded to nearest float
    float u = 0.0f;          ///< barycentric weight of b, within one float step
    float v = 0.0f;          ///< barycentric weight of c, within one float step
    bool front = false;      ///< the line meets the front side: direction·n < 0
    glm::vec3 point{0.0f};   ///< origin + t·direction with this t, rounded once
    glm::vec3 normal{0.0f};  ///< unit front normal n / |n|, n = (b − a) × (c − a), whichever side was met
};

namespace detail {

// The filter's error bound. Each determinant here is a sum of six monomials x·y·z of float
// differences (p − o, q − p, d). Evaluated in double, a monomial goes through at most eight roundings (three
// differences, two products, the difference in the cross product, two additions), so the
// computed value is within ((1 + 2^-53)^8 − 1) < 8.01·2^-53 of the exact one per unit of P, the
// sum of the monomials' magnitudes (the permanent). P itself, computed in double from the rounded
// differences, is within a factor 1 + 8.01·2^-53 of the exact one. So 2^-49 (twice what is needed)
// times the computed P bounds the error; scaling by a power of two is exact, and no monomial of
// floats underflows or overflows a double (2^-447 to 2^387). Fused multiply-adds only remove
// roundings, so the bound holds for them too. The cross product's components alone go through
// four roundings: 2^-50 times their two products' magnitudes.
inline constexpr double kDeterminantError = 0x1p-49;
inline constexpr double kCrossError = 0x1p-50;
inline constexpr double kUnitRoundoff = 0x1p-53;

/// A value computed in double and a bound on its error: its sign is certain when |value| > error.
struct Bounded {
    double value;
    double error;
    [[nodiscard]] int certainSign() const noexcept { return value > error ? 1 : (value < -error ? -1 : 0); }
};

/// |v| per component, always inlined: glm::abs on a dvec3 is a call where the compiler declines to
/// inline it, and in a mesh's traversal those calls showed in the profile (docs/PERFORMANCE.md).
PICKRAY_FORCE_INLINE glm::dvec3 absolute(glm::dvec3 v) noexcept {
    return {std::abs(v.x), std::abs(v.y), std::abs(v.z)};
}

/// (p × q)·r = det[p, q, r] in double, with the bound above.
PICKRAY_FORCE_INLINE Bounded tripleProduct(glm::dvec3 p, glm::dvec3 q, glm::dvec3 r) noexcept {
    const glm::dvec3 ap = absolute(p), aq = absolute(q), ar = absolute(r);
    const glm::dvec3 permanentCross(ap.y * aq.z + ap.z * aq.y, ap.z * aq.x + ap.x * aq.z, ap.x * aq.y + ap.y * aq.x);
    return {glm::dot(glm::cross(p, q), r), glm::dot(permanentCross, ar) * kDeterminantError};
}

// The exact forms, from the float inputs: det of differences expanded by multilinearity into
// determinants of floats, each exact as an expansion of 12 doubles.
using exact::determinant;
using exact::Expansion;
using exact::negated;
using exact::plus;

/// E(p, q) = det[p − o, q − o, d] = det[p, q, d] − det[o, q, d] − det[p, o, d].
inline Expansion<36> exactEdge(glm::vec3 p, glm::vec3 q, glm::vec3 o, glm::vec3 d) noexcept {
    return plus<36>(plus<24>(determinant(p, q, d), negated(determinant(o, q, d))), negated(determinant(p, o, d)));
}

/// The sign of E(p, q) for the origin moved by (ε, ε², ε³): E, then g = d × (q − p) in order.
/// 0 only when the line contains the edge, where d·n == 0 and nothing is crossed.
inline int perturbedEdgeSign(glm::vec3 p, glm::vec3 q, glm::vec3 o, glm::vec3 d) noexcept {
    if (const int s = exact::sign(exactEdge(p, q, o, d))) return s;
    const exact::Vec3<2> dq = exact::cross(d, q);
    const exact::Vec3<2> dp = exact::cross(d, p);
    for (std::size_t i = 0; i < 3; ++i) {
        if (const int s = exact::sign(plus<4>(dq[i], negated(dp[i])))) return s;
    }
    return 0;
}

/// n·(a − o) = det[a − o, b − o, c − o] = det[a, b, c] − det[o, b, c] − det[a, o, c] − det[a, b, o].
inline Expansion<48> exactDistance(const Triangle& tri, glm::vec3 o) noexcept {
    return plus<48>(plus<36>(plus<24>(determinant(tri.a, tri.b, tri.c), negated(determinant(o, tri.b, tri.c))),
                             negated(determinant(tri.a, o, tri.c))),
                    negated(determinant(tri.a, tri.b, o)));
}

/// n·d = E(a, b) + E(b, c) + E(c, a), where the origin's terms cancel.
inline Expansion<36> exactSlope(const Triangle& tri, glm::vec3 d) noexcept {
    return plus<36>(plus<24>(determinant(tri.a, tri.b, d), determinant(tri.b, tri.c, d)), determinant(tri.c, tri.a, d));
}

/// num / den rounded to the nearest float when the bounds decide it: the exact quotient lies
/// within `bound` of q (the division's rounding, 2^-53·|q|, and the operands' relative errors,
/// four times over to cover the rounding of the bound and of q ± bound); if both ends round to
/// the same float, so does the exact value. Nothing when they do not.
PICKRAY_FORCE_INLINE std::optional<float> filteredQuotient(Bounded num, Bounded den) noexcept {
    if (den.certainSign() == 0) return std::nullopt;
    const double q = num.value / den.value;
    const double magnitude = std::abs(q);
    const double bound = 4.0 * ((num.error + magnitude * den.error) / std::abs(den.value) + kUnitRoundoff * magnitude);
    if (!(bound <= 0x1p-18 * magnitude)) return std::nullopt;
    const float low = static_cast<float>(q - bound);
    if (low != static_cast<float>(q + bound)) return std::nullopt;
    return low + 0.0f;
}

/// Whether a float's last bit is 0: the one rounding to nearest picks on a tie (+inf counts, as
/// IEEE rounding overflows to it).
inline bool isEven(float f) noexcept { return (std::bit_cast<std::uint32_t>(f) & 1u) == 0; }

/// |num / den| correctly rounded to float (to nearest, ties to even), from exact num and den != 0.
template <std::size_t kN, std::size_t kD>
float exactQuotient(const Expansion<kN>& num, const Expansion<kD>& den) noexcept {
    const Expansion<kN> n = exact::sign(num) < 0 ? negated(num) : num;
    const Expansion<kD> d = exact::sign(den) < 0 ? negated(den) : den;
    // Each estimate is within 2^-52 of its value, so q is within 2^-50 of n/d: the exact value
    // rounds to f or to a neighbour of f, which the midpoints between them decide exactly.
    const float f = static_cast<float>(n.estimate() / d.estimate());
    constexpr float kMax = std::numeric_limits<float>::max();
    const auto compare = [&](double m) {
        return exact::sign(plus<kN + 2 * kD>(n, negated(exact::times<2 * kD>(d, m))));
    };
    const auto midpoint = [](float x, float y) {
        // the float range's end is 2^128 for rounding: a value from FLT_MAX + half its step rounds to inf
        const double top = std::isinf(y) ? 0x1p128 : static_cast<double>(y);
        return (static_cast<double>(x) + top) * 0.5;  // exact: 25 significant bits at most
    };
    if (!std::isinf(f)) {
        const float up = std::nextafter(f, std::numeric_limits<float>::infinity());
        const int above = compare(midpoint(f, up));
        if (above > 0 || (above == 0 && isEven(up))) return up;
        if (above == 0) return f;
    }
    if (f == 0.0f) return 0.0f;
    const float down = std::isinf(f) ? kMax : std::nextafter(f, -std::numeric_limits<float>::infinity());
    const int below = compare(midpoint(down, f));
    if (below < 0 || (below == 0 && isEven(down))) return down;
    return f;
}

/// Which parts of a query fell back to exact arithmetic (for the tests and docs; the answer is the
/// same either way).
enum ExactPart : unsigned { kExactSides = 1, kExactSign = 2, kExactT = 4, kExactWeights = 8, kExactNormal = 16 };

struct TriangleCrossing {
    std::optional<TriangleHit> hit;
    unsigned exactParts = 0;
};

/// What the query is for: a ray up to tMax or the whole line; with the weights and normal or t alone.
struct TriangleQuery {
    float tMax = kInfinity;
    Faces faces = Faces::Both;
    bool wholeLine = false;
    bool details = true;
};

/// The barycentric weight E / slope, within one float step: from the double values when their
/// bounds keep it within 2^-30 of the exact ratio, else from the exact expansions.
inline float weight(Bounded edge, Bounded slope, glm::vec3 p, glm::vec3 q, const Ray& ray, const Triangle& tri,
                    unsigned& exactParts) noexcept {
    if (slope.certainSign() != 0) {
        const double w = edge.value / slope.value;
        const double bound =
            4.0 * ((edge.error + std::abs(w) * slope.error) / std::abs(slope.value) + kUnitRoundoff * std::abs(w));
        if (bound <= 0x1p-30 * std::abs(w)) return static_cast<float>(w) + 0.0f;
    }
    exactParts |= kExactWeights;
    const Expansion<36> exactEdgeValue = exactEdge(p, q, ray.origin, ray.direction);
    return static_cast<float>(exactEdgeValue.estimate() / exactSlope(tri, ray.direction).estimate()) + 0.0f;
}

/// The unit front normal: from n in double when its components' bounds are within 2^-30 of its
/// largest component, else from n exactly (a × b + b × c + c × a).
inline glm::vec3 frontNormal(glm::dvec3 e1, glm::dvec3 e2, const Triangle& tri, unsigned& exactParts) noexcept {
    const glm::dvec3 n = glm::cross(e1, e2);
    const glm::dvec3 a1 = absolute(e1), a2 = absolute(e2);
    const double error =
        (a1.y * a2.z + a1.z * a2.y + a1.z * a2.x + a1.x * a2.z + a1.x * a2.y + a1.y * a2.x) * kCrossError;
    const double largest = std::max(std::abs(n.x), std::max(std::abs(n.y), std::abs(n.z)));
    if (error <= 0x1p-30 * largest) return glm::vec3(unitVector(n));
    exactParts |= kExactNormal;
    const exact::Vec3<2> ab = exact::cross(tri.a, tri.b), bc = exact::cross(tri.b, tri.c),
                         ca = exact::cross(tri.c, tri.a);
    glm::dvec3 exactN;
    for (std::size_t i = 0; i < 3; ++i) exactN[static_cast<int>(i)] = plus<6>(plus<4>(ab[i], bc[i]), ca[i]).estimate();
    return glm::vec3(unitVector(exactN));
}

inline TriangleCrossing crossTriangle(const Ray& ray, const Triangle& tri, TriangleQuery query,
                                      RayCheck check = RayCheck::kCheck) noexcept {
    TriangleCrossing out;
    if (failsRayCheck(ray, check) || !isFinite(tri.a) || !isFinite(tri.b) || !isFinite(tri.c)) return out;
    if (!query.wholeLine && !isValidTMax(query.tMax)) return out;
    const glm::dvec3 o = widen(ray.origin), d = widen(ray.direction);
    // (p − o) × (q − o) = (p − o) × (q − p): the edge's own vector keeps the bound small for a
    // small triangle seen from far away, where p − o and q − o are long and nearly parallel.
    const glm::dvec3 A = widen(tri.a) - o, B = widen(tri.b) - o, C = widen(tri.c) - o;
    const glm::dvec3 ab = widen(tri.b) - widen(tri.a), bc = widen(tri.c) - widen(tri.b),
                     ca = widen(tri.a) - widen(tri.c);
    // The sides: certain signs first; two that differ decide a miss without any exact work (the
    // first two edges before the third is worked out: most triangles a ray is tested against
    // are missed).
    Bounded edges[3] = {tripleProduct(A, ab, d), tripleProduct(B, bc, d), {}};
    int signs[3] = {edges[0].certainSign(), edges[1].certainSign(), 0};
    if (signs[0] * signs[1] < 0) return out;
    edges[2] = tripleProduct(C, ca, d);
    signs[2] = edges[2].certainSign();
    const auto disagree = [&] {
        return (signs[0] * signs[1] < 0) || (signs[1] * signs[2] < 0) || (signs[2] * signs[0] < 0);
    };
    if (disagree()) return out;
    const glm::vec3 ends[4] = {tri.a, tri.b, tri.c, tri.a};
    for (int i = 0; i < 3; ++i) {
        if (signs[i] != 0) continue;
        out.exactParts |= kExactSides;
        signs[i] = perturbedEdgeSign(ends[i], ends[i + 1], ray.origin, ray.direction);
        if (signs[i] == 0 || disagree()) return out;
    }
    const int side = signs[0];  // the sign of n·d: −1 front, +1 back
    if (query.faces == Faces::FrontOnly && side > 0) return out;
    // The sign of t = distance / slope, with slope's sign `side`; distance = n·(a − o), n from the
    // edges (small) rather than det[a − o, b − o, c − o] (three long vectors that cancel).
    const glm::dvec3 e1 = ab, e2 = widen(tri.c) - widen(tri.a);
    const Bounded distance = tripleProduct(e1, e2, A);
    int distanceSign = distance.certainSign();
    if (distanceSign == 0) {
        out.exactParts |= kExactSign;
        distanceSign = exact::sign(exactDistance(tri, ray.origin));
    }
    if (!query.wholeLine && distanceSign * side < 0) return out;
    // t's value, correctly rounded.
    const Bounded slope = tripleProduct(e1, e2, d);
    float t = 0.0f;
    if (distanceSign != 0) {
        std::optional<float> filtered = filteredQuotient(distance, slope);
        if (filtered) {
            t = std::abs(*filtered);
        } else {
            out.exactParts |= kExactT;
            t = exactQuotient(exactDistance(tri, ray.origin), exactSlope(tri, ray.direction));
        }
        if (distanceSign * side < 0) t = -t + 0.0f;  // a negative t too small for a float: +0, not −0
    }
    if (!query.wholeLine && !(t <= query.tMax)) return out;
    const glm::vec3 point = positiveZero(pointAtExact(ray, static_cast<double>(t)));
    if (!std::isfinite(t) || !isFinite(point)) return out;
    TriangleHit hit{t, 0.0f, 0.0f, side < 0, point, glm::vec3(0.0f)};
    if (query.details) {
        hit.u = weight(edges[2], slope, tri.c, tri.a, ray, tri, out.exactParts);
        hit.v = weight(edges[0], slope, tri.a, tri.b, ray, tri, out.exactParts);
        hit.normal = positiveZero(frontNormal(e1, e2, tri, out.exactParts));
    }
    out.hit = hit;
    return out;
}

}  // namespace detail

/// The crossing of the ray with the triangle at 0 <= t <= tMax (see above); nothing for a miss, a
/// culled back face, a parallel line, a zero-area triangle or invalid input.
[[nodiscard]] inline std::optional<TriangleHit> raycast(const Ray& ray, const Triangle& triangle,
                                                        float tMax = kInfinity, Faces faces = Faces::Both) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(triangle);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::crossTriangle(ray, triangle, {tMax, faces, false, true}).hit;
}

/// raycast(ray, triangle, tMax, faces)->t without the weights and the normal.
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const Triangle& triangle, float tMax = kInfinity,
                                                   Faces faces = Faces::Both) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(triangle);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    const auto crossing = detail::crossTriangle(ray, triangle, {tMax, faces, false, false});
    if (!crossing.hit) return std::nullopt;
    return crossing.hit->t;
}

/// The crossing of the whole line origin + t·direction, t of any sign (the same decision).
[[nodiscard]] inline std::optional<TriangleHit> intersectLine(const Ray& ray, const Triangle& triangle,
                                                              Faces faces = Faces::Both) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(triangle);
    return detail::crossTriangle(ray, triangle, {kInfinity, faces, true, true}).hit;
}

}  // namespace pickray

#if defined(PICKRAY_ASSERT_VALID_INPUTS) && PICKRAY_ASSERT_VALID_INPUTS
#include "pickray/collision/validity.hpp"
#endif
