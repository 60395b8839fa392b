// SPDX-License-Identifier: MIT
// Differential test of the closest-point queries (distance.hpp) against the long-double
// reference's brute-force minimisations (tests/reference/), with the bounds and report of
// differential.hpp: 90,000 cases by default, scaled by PICKRAY_DIFFERENTIAL_SCALE.
//
// Each test judges three things, each within a bound derived from the operations (limit 1 in
// units of u·scale, u = 2^-24):
//   * the distance: the library rounds it to float once (u·distance) after a double stage (or
//     exact sums) of the inputs' magnitudes; the reference's own error, a dozen long-double
//     roundings of the magnitudes and a search stopped at a bracket 1e-17 wide, adds to it.
//   * the answer's consistency: each returned point against its own t, and |p1 − p2| against the
//     distance; each is a few float roundings of the numbers compared.
//   * the closest points, where they are unique: one float rounding of each, the double stage,
//     and the reference's minimiser, which a golden-section search finds only to where the
//     distance stops changing in long double (refArgmin below), over the sine of the angle
//     between the segments or lines (the pair's conditioning).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include <pickray/collision.hpp>

#include "differential/differential.hpp"

namespace {

using namespace pickdiff;

/// The reference's distance, in units of u per unit of the magnitudes in play: a dozen long-double
/// roundings (16 epsilon) and golden-section searches stopped at brackets 1e-17 of the magnitudes
/// wide (1e-18 of a bracket a few times wider for lines), at slope <= 1.
Real refValue(Real magnitudes) { return (16 * kRefEpsilon + 4e-17L) * magnitudes / kU; }
/// The reference's closest point, in units of u: the search cannot tell parameters apart once the
/// distance sqrt(D² + (k·δ)²) differs from D by less than its evaluations' rounding, 16 epsilon of
/// D: k·δ <= sqrt(32 epsilon)·D, k the rate at which the parameter moves the point (over the sine
/// of the angle between two segments or lines, for the pair).
Real refArgmin(Real distance) { return std::sqrt(32 * kRefEpsilon) * distance / kU; }

Real maxAbs(std::initializer_list<Vec> vs) {
    Real m = 0;
    for (const Vec& v : vs) {
        m = std::max(m, pickref::maxAbsCoord(v));
    }
    return m;
}

struct DistanceStats : TestStats {
    using TestStats::TestStats;

    Bound distance{"distance", "D + 2^-23·extent + reference", 1};
    Bound consistency{"point vs its t, |p1-p2|", "the compared points, t·d and D", 1};
    Bound points{"closest points", "|point| + (2^-23·extent + refArgmin(D))/sin", 1};

    void expectContract(bool ok, const std::function<std::string()>& what) {
        if (!ok) {
            ++contract;
            report("inconsistent", what());
        }
    }

    void finish() {
        char row[512];
        std::snprintf(row, sizeof row,
                      "%-17s %7ld | distance %7.3Lf u·s | consistency %7.3Lf u·s | points %6ld %7.3Lf u·s | "
                      "contract %ld | %8.0f ms",
                      name, cases, distance.worst, consistency.worst, points.checks, points.worst, contract,
                      msSince(start));
        summaryRows().push_back(row);
        std::printf("%s\n", row);
        for (const Bound* b : {&distance, &consistency, &points}) {
            b->print(name);
            b->expect(name);
        }
        EXPECT_EQ(contract, 0) << name << ": contract violations";
    }
};

std::string describe(const pickray::ClosestPoints& got) {
    return " -> p1 " + str(got.p1) + " t1 " + str(got.t1) + " p2 " + str(got.p2) + " t2 " + str(got.t2) + " distance " +
           str(got.distance);
}
std::string describe(const pickref::ClosestPair& want) {
    char buf[80];
    std::snprintf(buf, sizeof buf, " distance %.15Lg", want.distance);
    return " reference " + str(want.p1) + " " + str(want.p2) + buf;
}

/// A distance test's loop: `count` (scaled) cases of `body(stats, rng)`, then the report.
template <class Body>
void runDistanceTest(const char* name, std::uint32_t seed, int count, const Body& body) {
    DistanceStats st(name);
    Rng rng(seed);
    for (int i = 0; i < scaled(count); ++i) {
        ++st.cases;
        body(st, rng, i);
    }
    st.finish();
}

/// A returned point g against its own parameter: base + t·direction formed exactly from the float
/// t. The library forms the point in double from its double t and rounds it (u·|g|) and t
/// (u·|t·direction|), after a double stage of the magnitudes.
void checkOnItsLine(DistanceStats& st, Vec g, Vec base, float t, Vec direction, Real magnitudes,
                    const std::function<std::string()>& what) {
    const Vec along = ref(t) * direction;
    st.consistency.check(pickref::length(g - (base + along)),
                         pickref::length(g) + pickref::length(along) + kDoubleStage * magnitudes, st.report, what);
}

/// |g1 − g2| against the distance: both points and the distance are rounded once (u each of |g1|,
/// |g2| and D), after a double stage of the magnitudes.
void checkDistanceOfPoints(DistanceStats& st, Vec g1, Vec g2, float distance, Real magnitudes,
                           const std::function<std::string()>& what) {
    st.consistency.check(std::fabs(pickref::length(g1 - g2) - ref(distance)),
                         pickref::length(g1) + pickref::length(g2) + ref(distance) + kDoubleStage * magnitudes,
                         st.report, what);
}

/// Random segment end points for the distance tests: a centre near the origin or ~1e3 away, and a
/// spread of 0.01..100.
struct SegmentPairCase {
    glm::vec3 a1, b1, a2, b2;
};

SegmentPairCase randomSegments(Rng& rng) {
    glm::dvec3 c;
    if (rng.chance(0.25)) {
        const glm::dvec3 u = rng.unit();
        c = u * rng.uniform(500.0, 1500.0);
    } else {
        c = rng.inCube() * 4.0;
    }
    const double spread = rng.logUniform(0.01, 100.0);
    const auto pt = [&] { return c + rng.inCube() * spread; };
    glm::dvec3 a1 = pt();
    glm::dvec3 b1 = pt();
    glm::dvec3 a2 = pt();
    glm::dvec3 b2 = pt();
    const double kind = rng.uniform();
    if (kind < 0.3) {
        // general position
    } else if (kind < 0.42) {  // exactly parallel: both along one coordinate axis
        const int k = rng.index(3);
        for (int j = 0; j < 3; ++j) {
            if (j != k) {
                b1[j] = a1[j];
                b2[j] = a2[j];
            }
        }
        if (rng.chance(0.4)) {  // collinear (overlapping or not)
            for (int j = 0; j < 3; ++j) {
                if (j != k) {
                    a2[j] = a1[j];
                    b2[j] = a1[j];
                }
            }
        }
    } else if (kind < 0.54) {  // nearly parallel: same direction, offset (rounding tilts it)
        const glm::dvec3 off = rng.unitTimes(spread, 1e-4, 1.0);
        const double k = rng.uniform(-2.0, 2.0);
        a2 = a1 + off + (b1 - a1) * rng.uniform(-1.0, 1.0);
        b2 = a2 + (b1 - a1) * k;
    } else if (kind < 0.66) {  // degenerate: one or both zero length
        b1 = a1;
        if (rng.chance(0.3)) {
            b2 = a2;
        }
        if (rng.chance(0.5)) {
            std::swap(a1, a2);
            std::swap(b1, b2);
        }
    } else if (kind < 0.84) {  // intersecting (up to rounding): both pass through one point
        const glm::dvec3 x = pt();
        const double s = rng.uniform(-0.2, 1.2);
        const double t = rng.uniform(-0.2, 1.2);
        const glm::dvec3 e1 = b1 - a1;
        a1 = x - e1 * s;
        b1 = a1 + e1;
        const glm::dvec3 e2 = b2 - a2;
        a2 = x - e2 * t;
        b2 = a2 + e2;
    } else {  // end to end / end on the other segment
        const glm::dvec3 e = b1 - a1;
        a2 = rng.chance(0.5) ? b1 : a1 + e * rng.uniform();
    }
    return {toFloat(a1), toFloat(b1), toFloat(a2), toFloat(b2)};
}

std::string describe(const SegmentPairCase& s) {
    return "Segment{" + str(s.a1) + ", " + str(s.b1) + "} Segment{" + str(s.a2) + ", " + str(s.b2) + "}";
}

/// The sine of the angle between two directions (0 if either is zero).
Real sineBetween(Vec d1, Vec d2) {
    const Real l1l2 = pickref::dot(d1, d1) * pickref::dot(d2, d2);
    const Vec c = pickref::cross(d1, d2);
    return l1l2 > 0 ? std::sqrt(pickref::dot(c, c) / l1l2) : 0;
}

/// The unique closest pair, where the sine between the segments or lines is above 0.05, against
/// the reference's (see `points`).
void checkPair(DistanceStats& st, Vec g1, Vec g2, const pickref::ClosestPair& want, Real sine, Real extent,
               const std::function<std::string()>& what) {
    if (sine <= 0.05L) {
        return;
    }
    st.points.check(std::max(pickref::length(g1 - want.p1), pickref::length(g2 - want.p2)),
                    std::max(pickref::length(want.p1), pickref::length(want.p2)) +
                        (kDoubleStage * extent + refArgmin(want.distance)) / sine,
                    st.report, what);
}

TEST(Differential, SegmentSegmentDistance) {
    Real worstSelf = 0;
    runDistanceTest("segment-segment", 2001, 40000, [&](DistanceStats& st, Rng& rng, int i) {
        const SegmentPairCase s = randomSegments(rng);
        const Vec a1 = ref(s.a1);
        const Vec b1 = ref(s.b1);
        const Vec a2 = ref(s.a2);
        const Vec b2 = ref(s.b2);
        // extent: the largest absolute coordinate among the four end points plus both lengths.
        const Real extent = maxAbs({a1, b1, a2, b2}) + pickref::length(b1 - a1) + pickref::length(b2 - a2);
        const pickref::ClosestPair want = pickref::segmentSegment(a1, b1, a2, b2);
        if (i % 64 == 0) {  // the reference against itself, with a brute-force inner search too
            const pickref::ClosestPair slow = pickref::segmentSegment(a1, b1, a2, b2, true);
            worstSelf = std::max(worstSelf, std::fabs(slow.distance - want.distance) / extent);
        }
        const pickray::ClosestPoints got =
            pickray::closestPoints(pickray::Segment{s.a1, s.b1}, pickray::Segment{s.a2, s.b2});
        const auto where = [&] { return describe(s) + describe(got) + describe(want); };
        // The distance: |p1 − p2| of the double points (the double stage, 2^-23·u·extent) rounded
        // to float (u·D).
        st.distance.check(std::fabs(ref(got.distance) - want.distance),
                          want.distance + kDoubleStage * extent + refValue(extent), st.report, where);
        st.expectContract(got.t1 >= 0.0f && got.t1 <= 1.0f && got.t2 >= 0.0f && got.t2 <= 1.0f, where);
        const Vec p1 = ref(got.p1);
        const Vec p2 = ref(got.p2);
        checkOnItsLine(st, p1, a1, got.t1, b1 - a1, extent, where);
        checkOnItsLine(st, p2, a2, got.t2, b2 - a2, extent, where);
        checkDistanceOfPoints(st, p1, p2, got.distance, extent, where);
        // Non-parallel segments have a unique closest pair: the double stage's parameters err by
        // its rounding over the sine (Ericson's solve), as the reference's.
        checkPair(st, p1, p2, want, sineBetween(b1 - a1, b2 - a2), extent, where);
    });
    // The brute-force inner search stops at a bracket 1e-12 wide in t, which moves the distance
    // by at most 1e-12·|b2 − a2| <= 1e-12·extent.
    std::printf("  reference self-check (exact vs brute-force inner minimisation): max diff %.3Le x extent\n",
                worstSelf);
    EXPECT_LE(worstSelf, 1e-12L);
}

TEST(Differential, LineLineClosestPoints) {
    long exactParallel = 0;
    long nearlyParallel = 0;
    runDistanceTest("line-line", 2002, 20000, [&](DistanceStats& st, Rng& rng, int) {
        const SegmentPairCase s = randomSegments(rng);
        pickray::Line l1{s.a1, s.b1 - s.a1};
        pickray::Line l2{s.a2, s.b2 - s.a2};
        if (rng.chance(0.5)) {  // direction lengths 0.01..100
            l1.direction *= static_cast<float>(rng.logUniform(0.01, 100.0));
            l2.direction *= static_cast<float>(rng.logUniform(0.01, 100.0));
        }
        if (rng.chance(0.25)) {  // nearly parallel: the first direction plus 1e-7..1e-1 of its length
            l2.direction =
                l1.direction + toFloat(rng.unitTimes(static_cast<double>(glm::length(l1.direction)), 1e-7, 1e-1));
            ++nearlyParallel;
        }
        const Vec p1 = ref(l1.point);
        const Vec d1 = ref(l1.direction);
        const Vec p2 = ref(l2.point);
        const Vec d2 = ref(l2.direction);
        const pickref::ClosestPair want = pickref::lineLine(p1, d1, p2, d2);
        const pickray::ClosestPoints got = pickray::closestPoints(l1, l2);
        const auto where = [&] {
            return "Line{" + str(l1.point) + ", " + str(l1.direction) + "} Line{" + str(l2.point) + ", " +
                   str(l2.direction) + "}" + describe(got) + describe(want);
        };
        const Vec g1 = ref(got.p1);
        const Vec g2 = ref(got.p2);
        // The magnitudes in play: the inputs, and the closest points, which may lie far away.
        const Real extent = maxAbs({p1, p2, want.p1, want.p2, g1, g2}) + pickref::length(d1) + pickref::length(d2);
        // The distance: n·r over |n| with the sum of products exact and rounded once, |n|² from
        // rounded components (2^-50), a square root and a division: a few roundings of 2^-53 of D
        // (2^-23·u·D), then u·D rounding to float. Only the reference's error depends on extent.
        st.distance.check(std::fabs(ref(got.distance) - want.distance),
                          want.distance * (1 + kDoubleStage) + refValue(extent), st.report, where);
        checkOnItsLine(st, g1, p1, got.t1, d1, extent, where);
        checkOnItsLine(st, g2, p2, got.t2, d2, extent, where);
        checkDistanceOfPoints(st, g1, g2, got.distance, extent, where);
        const Real d1d1 = pickref::dot(d1, d1);
        const Real d2d2 = pickref::dot(d2, d2);
        const Vec crossD = pickref::cross(d1, d2);
        const bool parallel = pickref::dot(crossD, crossD) == 0;  // exactly (includes zero directions)
        // A zero direction is the point itself, t = 0; parallel: t1 = 0 and the matching point of
        // the second line.
        st.expectContract((d1d1 > 0 || got.t1 == 0.0f) && (d2d2 > 0 || got.t2 == 0.0f), where);
        if (parallel && d1d1 > 0 && d2d2 > 0) {
            ++exactParallel;
            st.expectContract(got.t1 == 0.0f, where);
        }
        // The parameters come from exact sums rounded once (2^-50 each): no sine divides the
        // library's error, only the reference's.
        checkPair(st, g1, g2, want, sineBetween(d1, d2), extent, where);
    });
    std::printf("  exactly parallel line pairs: %ld, nearly parallel: %ld\n", exactParallel, nearlyParallel);
    EXPECT_GT(exactParallel, 100);
    EXPECT_GT(nearlyParallel, scaled(20000) / 5);
}

TEST(Differential, PointSegmentDistance) {
    runDistanceTest("point-segment", 2003, 20000, [&](DistanceStats& st, Rng& rng, int) {
        const SegmentPairCase s = randomSegments(rng);
        const pickray::Segment seg{s.a1, s.b1};
        glm::vec3 p = s.a2;
        if (rng.chance(0.2)) {  // on the segment's line, beyond an end or inside
            p = toFloat(glm::dvec3(s.a1) + (glm::dvec3(s.b1) - glm::dvec3(s.a1)) * rng.uniform(-1.0, 2.0));
        }
        const Vec a = ref(seg.a);
        const Vec b = ref(seg.b);
        const Vec q = ref(p);
        // extent: the largest absolute coordinate among the end points and the query point, plus the
        // segment's length.
        const Real extent = maxAbs({a, b, q}) + pickref::length(b - a);
        const pickref::ClosestPair want = pickref::pointSegment(q, a, b);
        const pickray::ClosestPoints got = pickray::closestPoints(p, seg);
        const auto where = [&] {
            return "point " + str(p) + " Segment{" + str(seg.a) + ", " + str(seg.b) + "}" + describe(got) +
                   describe(want);
        };
        // The distance: |q − foot| of the double foot point (the double stage) rounded to float.
        st.distance.check(std::fabs(ref(got.distance) - want.distance),
                          want.distance + kDoubleStage * extent + refValue(extent), st.report, where);
        const Vec g = ref(got.p2);
        st.expectContract(got.t2 >= 0.0f && got.t2 <= 1.0f && (pickref::dot(b - a, b - a) > 0 || got.t2 == 0.0f),
                          where);
        checkOnItsLine(st, g, a, got.t2, b - a, extent, where);
        checkDistanceOfPoints(st, g, q, got.distance, extent, where);
        // The closest point of a segment is unique: compare it too (a projection: no sine).
        checkPair(st, q, g, want, 1, extent, where);
    });
}

TEST(Differential, PointLineDistance) {
    runDistanceTest("point-line", 2004, 10000, [&](DistanceStats& st, Rng& rng, int) {
        const SegmentPairCase s = randomSegments(rng);
        pickray::Line line{s.a1, s.b1 - s.a1};
        if (rng.chance(0.5)) {
            line.direction *= static_cast<float>(rng.logUniform(0.01, 100.0));
        }
        const glm::vec3 p = s.a2;
        const Vec q = ref(p);
        const Vec lp = ref(line.point);
        const Vec ld = ref(line.direction);
        const pickref::ClosestPair want = pickref::pointLine(q, lp, ld);
        const pickray::ClosestPoints got = pickray::closestPoints(p, line);
        const auto where = [&] {
            return "point " + str(p) + " Line{" + str(line.point) + ", " + str(line.direction) + "}" + describe(got) +
                   describe(want);
        };
        // extent: the largest absolute coordinate among the line's point, the query point and the
        // closest point, plus the direction's length.
        const Real extent = maxAbs({lp, q, want.p2}) + pickref::length(ld);
        // The distance: |(q − point) × direction| / |direction| with the cross product exact, the
        // squared length from rounded components (2^-50), a division and a square root: a few
        // roundings of 2^-53 of D, then u·D.
        st.distance.check(std::fabs(ref(got.distance) - want.distance),
                          want.distance * (1 + kDoubleStage) + refValue(extent), st.report, where);
        const Vec g = ref(got.p2);
        st.expectContract(pickref::dot(ld, ld) > 0 || got.t2 == 0.0f, where);
        checkOnItsLine(st, g, lp, got.t2, ld, extent, where);
        checkDistanceOfPoints(st, g, q, got.distance, extent, where);
        checkPair(st, q, g, want, 1, extent, where);
    });
}

}  // namespace
