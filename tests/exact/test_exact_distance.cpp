// SPDX-License-Identifier: MIT
// The distance routines against exact rational arithmetic (GMP): every input is a float, so the
// exact answer exists, and these tests hold the routines to the bounds their headers state.
//
// The reference here shares no code with engine/: squared distances are exact rationals built from
// the float inputs (mpq_class), and only the final square root is taken in double (relative error
// below 2^-52, far inside a float step). Errors are counted in float steps of the exact answer:
// |got − exact| / (the spacing of floats at the exact answer).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include <gmpxx.h>
#include <gtest/gtest.h>

#include "pickray/collision/distance.hpp"
#include "pickray/collision/overlap.hpp"
#include "pickray/collision/ray_box.hpp"

namespace {

using Q = mpq_class;

struct QVec {
    Q x, y, z;
};

QVec exact(glm::vec3 v) {
    return {Q(static_cast<double>(v.x)), Q(static_cast<double>(v.y)), Q(static_cast<double>(v.z))};
}
QVec operator-(const QVec& a, const QVec& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
QVec operator+(const QVec& a, const QVec& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
QVec operator*(const Q& s, const QVec& a) { return {s * a.x, s * a.y, s * a.z}; }
Q dot(const QVec& a, const QVec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
QVec cross(const QVec& a, const QVec& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
bool isZero(const QVec& a) { return sgn(a.x) == 0 && sgn(a.y) == 0 && sgn(a.z) == 0; }

/// sqrt of an exact non-negative rational, in double (mpq_get_d truncates: relative error < 2^-52).
double sqrtOf(const Q& squared) { return std::sqrt(squared.get_d()); }

/// The spacing of floats at x (the smallest subnormal at 0).
double floatStep(double x) {
    const float f = static_cast<float>(std::fabs(x));
    return static_cast<double>(std::nextafter(f, std::numeric_limits<float>::infinity())) - static_cast<double>(f);
}

/// |got − want| in float steps of want.
double stepsOff(float got, double want) { return std::fabs(static_cast<double>(got) - want) / floatStep(want); }

/// Exact squared distance between the lines p1 + s·d1 and p2 + t·d2 (a zero direction: a point).
Q lineLineSquared(const QVec& p1, const QVec& d1, const QVec& p2, const QVec& d2) {
    const QVec r = p2 - p1;
    const QVec n = cross(d1, d2);
    if (!isZero(n)) {
        const Q along = dot(r, n);
        return along * along / dot(n, n);
    }
    // Parallel (or a point): the distance from a point of one to the other line.
    const QVec& d = isZero(d2) ? d1 : d2;
    if (isZero(d)) return dot(r, r);
    const QVec c = cross(r, d);
    return dot(c, c) / dot(d, d);
}

/// Exact minimum of |p1 + s·d1 − p2 − t·d2|² over s, t in [0, 1]: the interior critical point, or
/// the minimum along one of the four edges (each a clamped one-dimensional quadratic).
Q segmentSegmentSquared(const QVec& p1, const QVec& q1, const QVec& p2, const QVec& q2) {
    const QVec d1 = q1 - p1;
    const QVec d2 = q2 - p2;
    const QVec r = p1 - p2;
    const Q a = dot(d1, d1);
    const Q b = dot(d1, d2);
    const Q e = dot(d2, d2);
    const Q c = dot(d1, r);
    const Q f = dot(d2, r);
    const auto at = [&](const Q& s, const Q& t) {
        const QVec gap = r + s * d1 - t * d2;
        return dot(gap, gap);
    };
    const auto clampUnit = [](Q v) { return v < 0 ? Q(0) : (v > 1 ? Q(1) : v); };
    Q best = at(0, 0);
    const auto consider = [&](const Q& s, const Q& t) { best = std::min(best, at(s, t)); };
    const Q denominator = a * e - b * b;
    if (sgn(denominator) > 0) {
        const Q s = (b * f - c * e) / denominator;
        const Q t = (a * f - b * c) / denominator;
        if (s >= 0 && s <= 1 && t >= 0 && t <= 1) consider(s, t);
    }
    for (const int fixed : {0, 1}) {
        const Q sFixed(fixed);
        // s fixed: minimise over t; t fixed: minimise over s.
        consider(sFixed, sgn(e) > 0 ? clampUnit((f + b * sFixed) / e) : Q(0));
        consider(sgn(a) > 0 ? clampUnit((b * sFixed - c) / a) : Q(0), sFixed);
    }
    return best;
}

glm::vec3 randomIn(std::mt19937_64& rng, float lo, float hi) {
    std::uniform_real_distribution<float> u(lo, hi);
    return {u(rng), u(rng), u(rng)};
}

/// A direction of random orientation and length 10^(lo..hi).
glm::vec3 randomDirection(std::mt19937_64& rng, double lo, double hi) {
    std::normal_distribution<double> g;
    glm::dvec3 v(g(rng), g(rng), g(rng));
    v /= std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    std::uniform_real_distribution<double> exponent(lo, hi);
    return glm::vec3(v * std::pow(10.0, exponent(rng)));
}

/// Sine of the angle between two float directions, in double from exact products.
double sineBetween(glm::vec3 u, glm::vec3 v) {
    const QVec a = exact(u);
    const QVec b = exact(v);
    const QVec n = cross(a, b);
    return sqrtOf(Q(dot(n, n) / (dot(a, a) * dot(b, b))));
}

struct Band {
    const char* name;
    double below;  // sine < below
    long cases = 0;
    double worstSteps = 0;
};

/// The bands of near-parallelism, by the sine of the angle between directions.
std::array<Band, 5> sineBands() {
    return {{{"exactly parallel", 0.0},
             {"below 1e-6", 1e-6},
             {"1e-6 .. 1e-5", 1e-5},
             {"1e-5 .. 1e-4", 1e-4},
             {"above 1e-4", std::numeric_limits<double>::infinity()}}};
}

Band& bandOf(std::array<Band, 5>& bands, double sine) {
    return *std::find_if(bands.begin(), bands.end(),
                         [&](const Band& b) { return sine < b.below || (b.below == 0 && sine == 0); });
}

// closestPoints(Line, Line).distance: the exact minimum distance, within one float step (the
// header's bound: the exact value is computed to a relative 2^-50 and rounded to float once).
constexpr double kLineLineSteps = 1.0;

TEST(ExactLineLine, NearlyParallelPairsAgainstRationals) {
    // Base points in [−10, 10]³, the second direction the first plus a
    // perturbation of 1e-7..1e-1, and some exactly parallel pairs (no perturbation).
    std::mt19937_64 rng(21);
    std::array<Band, 5> bands = sineBands();
    long checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const glm::vec3 p1 = randomIn(rng, -10, 10);
        const glm::vec3 p2 = randomIn(rng, -10, 10);
        const glm::vec3 d1 = randomIn(rng, -1, 1);
        glm::vec3 d2 = d1;
        if (i % 20 != 0) d2 += randomDirection(rng, -7, -1);
        const double want = sqrtOf(lineLineSquared(exact(p1), exact(d1), exact(p2), exact(d2)));
        const pickray::ClosestPoints got = pickray::closestPoints(pickray::Line{p1, d1}, pickray::Line{p2, d2});
        const double steps = stepsOff(got.distance, want);
        const double sine = sineBetween(d1, d2);
        Band& band = bandOf(bands, sine);
        ++band.cases;
        band.worstSteps = std::max(band.worstSteps, steps);
        ++checked;
        EXPECT_LE(steps, kLineLineSteps) << "p1 " << p1.x << "," << p1.y << "," << p1.z << " d1 " << d1.x << "," << d1.y
                                         << "," << d1.z << " p2 " << p2.x << "," << p2.y << "," << p2.z << " d2 "
                                         << d2.x << "," << d2.y << "," << d2.z << ": got " << got.distance << ", exact "
                                         << want;
    }
    for (const Band& band : bands) {
        std::printf("precision: line-line distance, sine %s: %ld cases, worst %.3g float steps (bound %.0f)\n",
                    band.name, band.cases, band.worstSteps, kLineLineSteps);
        EXPECT_GT(band.cases, 100) << band.name;
    }
    EXPECT_EQ(checked, 20000);
}

/// The exact closest pair of two lines that are not parallel: parameters and points as doubles.
struct ExactPair {
    double t1, t2;
    glm::dvec3 p1, p2;
};

glm::dvec3 toDouble(const QVec& v) { return {v.x.get_d(), v.y.get_d(), v.z.get_d()}; }

ExactPair exactLinePair(glm::vec3 p1, glm::vec3 d1, glm::vec3 p2, glm::vec3 d2) {
    const QVec a1 = exact(p1), e1 = exact(d1), a2 = exact(p2), e2 = exact(d2);
    const QVec r = a2 - a1;
    const QVec n = cross(e1, e2);
    const Q nn = dot(n, n);
    // p1 + t1·d1 − (p2 + t2·d2) is parallel to n: Cramer's rule on the two projections.
    const Q t1 = dot(cross(r, e2), n) / nn;
    const Q t2 = dot(cross(r, e1), n) / nn;
    return {t1.get_d(), t2.get_d(), toDouble(a1 + t1 * e1), toDouble(a2 + t2 * e2)};
}

/// The header's bound on each coordinate of a far point: one float step, plus 2^-50·|t|·|d|
/// (t is computed to a relative 2^-51 and base + t·d is formed in double before it is rounded).
double pointSlack(double t, glm::vec3 d) {
    return std::ldexp(std::fabs(t) * static_cast<double>(std::max({std::fabs(d.x), std::fabs(d.y), std::fabs(d.z)})),
                      -50);
}

double worstCoordinateSteps(glm::vec3 got, glm::dvec3 want, double slack) {
    double worst = 0;
    for (int i = 0; i < 3; ++i) {
        const double off = std::fabs(static_cast<double>(got[i]) - want[i]);
        worst = std::max(worst, std::max(0.0, off - slack) / floatStep(want[i]));
    }
    return worst;
}

TEST(ExactLineLine, PairsOfEveryKindAgainstRationals) {
    // Base points up to 1e4 away, directions of length 1e-2..1e2, five kinds: general, nearly
    // parallel, exactly parallel, one or both zero directions, and lines that meet exactly (integer
    // coordinates, the meeting point far from both base points: the exact distance is 0).
    std::mt19937_64 rng(2121);
    std::uniform_int_distribution<int> small(-40, 40);
    const auto integerVec = [&](int scale) {
        return glm::vec3(static_cast<float>(small(rng) * scale), static_cast<float>(small(rng) * scale),
                         static_cast<float>(small(rng) * scale));
    };
    std::array<long, 5> kinds{};
    double worstDistance = 0, worstPoint = 0, worstParameter = 0;
    long pointsChecked = 0;
    for (int i = 0; i < 20000; ++i) {
        const int kind = i % 5;
        ++kinds[static_cast<std::size_t>(kind)];
        const float reach = std::pow(10.0f, static_cast<float>(i % 5));
        glm::vec3 p1 = randomIn(rng, -reach, reach);
        glm::vec3 p2 = randomIn(rng, -reach, reach);
        glm::vec3 d1 = randomDirection(rng, -2, 2);
        glm::vec3 d2 = randomDirection(rng, -2, 2);
        if (kind == 1) d2 = d1 * 3.0f + randomDirection(rng, -9, -3) * glm::length(d1);
        if (kind == 2) d2 = d1 * -0.5f;  // exact: a power of two
        if (kind == 3) {
            d1 = glm::vec3(0.0f);
            if (i % 2 == 0) d2 = glm::vec3(0.0f);
            if (i % 3 == 0) std::swap(d1, d2);
        }
        if (kind == 4) {  // meet at x, 1e2..1e4 steps of each direction from the base points
            const glm::vec3 x = integerVec(1);
            d1 = integerVec(1);
            d2 = d1 + glm::vec3(0.0f, 0.0f, 1.0f);
            p1 = x - d1 * static_cast<float>(small(rng) * 250);
            p2 = x + d2 * static_cast<float>(small(rng) * 250);
        }
        const double want = sqrtOf(lineLineSquared(exact(p1), exact(d1), exact(p2), exact(d2)));
        const pickray::ClosestPoints got = pickray::closestPoints(pickray::Line{p1, d1}, pickray::Line{p2, d2});
        const double steps = stepsOff(got.distance, want);
        worstDistance = std::max(worstDistance, steps);
        EXPECT_LE(steps, kLineLineSteps) << "kind " << kind << " case " << i << ": got " << got.distance << ", exact "
                                         << want;
        if (kind == 4) {
            EXPECT_EQ(got.distance, 0.0f) << "lines that meet, case " << i;
        }
        if (isZero(cross(exact(d1), exact(d2)))) continue;
        // A unique closest pair: parameters within 2^-50 relative, points within the stated bound.
        const ExactPair pair = exactLinePair(p1, d1, p2, d2);
        const double t1Off = std::fabs(static_cast<double>(got.t1) - pair.t1) / floatStep(pair.t1);
        const double t2Off = std::fabs(static_cast<double>(got.t2) - pair.t2) / floatStep(pair.t2);
        worstParameter = std::max({worstParameter, t1Off, t2Off});
        EXPECT_LE(std::max(t1Off, t2Off), 1.0) << "case " << i;
        const double point = std::max(worstCoordinateSteps(got.p1, pair.p1, pointSlack(pair.t1, d1)),
                                      worstCoordinateSteps(got.p2, pair.p2, pointSlack(pair.t2, d2)));
        worstPoint = std::max(worstPoint, point);
        EXPECT_LE(point, 1.0) << "case " << i;
        ++pointsChecked;
    }
    std::printf("precision: line-line distance, every kind up to 1e4 away: worst %.3g float steps (bound %.0f)\n",
                worstDistance, kLineLineSteps);
    std::printf(
        "precision: line-line parameters %.3g float steps, points %.3g float steps past 2^-50|t||d| (bound 1)\n",
        worstParameter, worstPoint);
    EXPECT_GT(pointsChecked, 8000);
    for (const long count : kinds) EXPECT_EQ(count, 4000);
}

/// One case's distance: its error in float steps (past any slack the bound allows), and the two
/// values for a failure's message.
struct DistanceError {
    double steps;
    float got;
    double want;
};

/// Runs `count` cases of a point's distance, case i's coordinates reaching 10^(i % decades):
/// `oneCase(i, reach)` gives its error, which must be at most one float step. Returns the worst, and
/// checks that every case ran.
template <class Case>
double worstOverCases(int count, int decades, Case&& oneCase) {
    double worst = 0;
    long checked = 0;
    for (int i = 0; i < count; ++i) {
        const float reach = std::pow(10.0f, static_cast<float>(i % decades));
        const DistanceError error = oneCase(i, reach);
        worst = std::max(worst, error.steps);
        EXPECT_LE(error.steps, 1.0) << "case " << i << ": got " << error.got << ", exact " << error.want;
        ++checked;
    }
    EXPECT_EQ(checked, count);
    return worst;
}

// closestPoints(point, Line).distance: from the exact cross product, within one float step.
TEST(ExactPointLine, AgainstRationals) {
    std::mt19937_64 rng(2122);
    const double worst = worstOverCases(20000, 5, [&](int i, float reach) {
        const glm::vec3 base = randomIn(rng, -reach, reach);
        const glm::vec3 direction = i % 50 == 0 ? glm::vec3(0.0f) : randomDirection(rng, -2, 2);
        // Half the points lie near the line, far along it: a small distance measured from far away.
        glm::vec3 point = randomIn(rng, -reach, reach);
        if (i % 2 == 0) point = base + direction * (reach * 100.0f) + randomDirection(rng, -6, 0);
        const QVec r = exact(point) - exact(base);
        const QVec d = exact(direction);
        const Q squared = isZero(d) ? dot(r, r) : Q(dot(cross(r, d), cross(r, d)) / dot(d, d));
        const double want = sqrtOf(squared);
        const pickray::ClosestPoints got = pickray::closestPoints(point, pickray::Line{base, direction});
        return DistanceError{stepsOff(got.distance, want), got.distance, want};
    });
    std::printf("precision: point-line distance against rationals: worst %.3g float steps (bound 1)\n", worst);
}

// closestPoints(Segment, Segment).distance: computed in double from the float end points and
// rounded once; the header's bound is one float step plus 2^-50 of the extent (the largest end
// point coordinate, plus both lengths).
double segmentSlack(glm::vec3 a1, glm::vec3 b1, glm::vec3 a2, glm::vec3 b2) {
    double extent = 0;
    for (const glm::vec3 v : {a1, b1, a2, b2}) {
        extent = std::max({extent, std::fabs(static_cast<double>(v.x)), std::fabs(static_cast<double>(v.y)),
                           std::fabs(static_cast<double>(v.z))});
    }
    extent += glm::length(glm::dvec3(b1) - glm::dvec3(a1)) + glm::length(glm::dvec3(b2) - glm::dvec3(a2));
    return std::ldexp(extent, -50);
}

TEST(ExactSegmentSegment, NearlyParallelAndGeneralAgainstRationals) {
    std::mt19937_64 rng(2123);
    double worstSlackUsed = 0;
    std::array<Band, 5> bands = sineBands();
    long checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const float reach = std::pow(10.0f, static_cast<float>(i % 4));
        const glm::vec3 a1 = randomIn(rng, -reach, reach);
        glm::vec3 a2 = a1 + randomIn(rng, -10, 10);
        const glm::vec3 e1 = randomIn(rng, -10, 10);
        glm::vec3 e2 = e1;
        if (i % 20 != 0) e2 = e1 * 0.75f + randomDirection(rng, -7, -1) * glm::length(e1);
        if (i % 5 == 3) {  // nearly touching: the second starts 1e-6..1e-2 from the middle of the first
            a2 = a1 + e1 * 0.5f + randomDirection(rng, -6, -2);
            if (i % 2 == 0) e2 = randomIn(rng, -10, 10);
        }
        const glm::vec3 b1 = a1 + e1;
        const glm::vec3 b2 = a2 + e2;
        const double want = sqrtOf(segmentSegmentSquared(exact(a1), exact(b1), exact(a2), exact(b2)));
        const pickray::ClosestPoints got = pickray::closestPoints(pickray::Segment{a1, b1}, pickray::Segment{a2, b2});
        const double slack = segmentSlack(a1, b1, a2, b2);
        const double steps =
            std::max(0.0, std::fabs(static_cast<double>(got.distance) - want) - slack) / floatStep(want);
        // How much of the slack is used: the error past half a float step, in units of 2^-53·extent.
        const double pastRounding =
            std::fabs(static_cast<double>(got.distance) - want) - 0.5 * floatStep(static_cast<double>(got.distance));
        worstSlackUsed = std::max(worstSlackUsed, pastRounding / (slack / 8));
        const double sine = sineBetween(b1 - a1, b2 - a2);
        Band& band = bandOf(bands, sine);
        ++band.cases;
        band.worstSteps = std::max(band.worstSteps, steps);
        EXPECT_LE(steps, 1.0) << "case " << i << ": got " << got.distance << ", exact " << want;
        ++checked;
    }
    for (const Band& band : bands) {
        std::printf(
            "precision: segment-segment distance, sine %s: %ld cases, worst %.3g float steps past "
            "2^-50 extent (bound 1)\n",
            band.name, band.cases, band.worstSteps);
        EXPECT_GT(band.cases, 100) << band.name;
    }
    std::printf("precision: segment-segment distance, error past rounding: at most %.3g x 2^-53 extent (bound 8)\n",
                worstSlackUsed);
    EXPECT_EQ(checked, 20000);
}

// closestPoints(point, Segment).distance: the same bound as segment–segment.
TEST(ExactPointSegment, AgainstRationals) {
    std::mt19937_64 rng(2125);
    const double worstSteps = worstOverCases(20000, 4, [&](int i, float reach) {
        const glm::vec3 a = randomIn(rng, -reach, reach);
        const glm::vec3 b = i % 40 == 0 ? a : a + randomIn(rng, -10, 10);
        // Half the points lie close to the segment: a small distance measured far from the origin.
        glm::vec3 point = a + randomIn(rng, -10, 10);
        if (i % 2 == 0) point = a + (b - a) * 0.3f + randomDirection(rng, -6, -1);
        const QVec e = exact(b) - exact(a);
        const QVec r = exact(point) - exact(a);
        const Q ee = dot(e, e);
        Q t = sgn(ee) > 0 ? Q(dot(r, e) / ee) : Q(0);
        t = t < 0 ? Q(0) : (t > 1 ? Q(1) : t);
        const QVec gap = r - t * e;
        const double want = sqrtOf(dot(gap, gap));
        const pickray::ClosestPoints got = pickray::closestPoints(point, pickray::Segment{a, b});
        const double slack = segmentSlack(a, b, point, point);
        const double steps =
            std::max(0.0, std::fabs(static_cast<double>(got.distance) - want) - slack) / floatStep(want);
        return DistanceError{steps, got.distance, want};
    });
    std::printf(
        "precision: point-segment distance against rationals: worst %.3g float steps past 2^-50 extent "
        "(bound 1)\n",
        worstSteps);
}

// overlaps(Capsule, Capsule): exactly the rational verdict, squared axis distance <= (r1 + r2)²,
// except within the segment distance's bound of touching.
TEST(ExactCapsuleCapsule, OverlapVerdictsAgainstRationals) {
    std::mt19937_64 rng(2124);
    long decided = 0, nearTouching = 0, nearTouchingRight = 0;
    for (int i = 0; i < 20000; ++i) {
        const glm::vec3 a1 = randomIn(rng, -10, 10);
        const glm::vec3 e1 = randomIn(rng, -10, 10);
        glm::vec3 e2 = e1;
        if (i % 20 != 0) e2 = e1 * -1.5f + randomDirection(rng, -7, 0) * glm::length(e1);
        const glm::vec3 a2 = a1 + randomIn(rng, -10, 10);
        const glm::vec3 b1 = a1 + e1;
        const glm::vec3 b2 = a2 + e2;
        const Q squared = segmentSegmentSquared(exact(a1), exact(b1), exact(a2), exact(b2));
        // Radii that make the capsules touch within a few float steps of the axis distance (one case
        // in three), or a sum of 0.5..1.5 times it.
        const float distance = static_cast<float>(sqrtOf(squared));
        const float r1 = distance * 0.25f;
        float r2 = distance * 0.75f;
        if (i % 3 == 0) {
            for (int k = 0; k < i % 7; ++k) r2 = std::nextafter(r2, i % 2 == 0 ? 0.0f : INFINITY);
        } else {
            r2 = distance * std::uniform_real_distribution<float>(0.25f, 1.25f)(rng);
        }
        const Q reach = Q(static_cast<double>(r1)) + Q(static_cast<double>(r2));
        const bool want = squared <= reach * reach;
        const bool got = pickray::overlaps(pickray::Capsule{a1, b1, r1}, pickray::Capsule{a2, b2, r2});
        const double gap = std::fabs(sqrtOf(squared) - reach.get_d());
        if (gap <= segmentSlack(a1, b1, a2, b2) + floatStep(distance)) {
            ++nearTouching;  // within the distance's stated bound: either verdict is allowed
            nearTouchingRight += got == want ? 1 : 0;
            continue;
        }
        ++decided;
        EXPECT_EQ(got, want) << "case " << i << ": axis distance " << sqrtOf(squared) << ", radii " << r1 << " + "
                             << r2;
    }
    std::printf(
        "capsule-capsule: %ld verdicts compared with rationals; %ld within the bound of touching, %ld of "
        "them right all the same\n",
        decided, nearTouching, nearTouchingRight);
    EXPECT_GT(decided, 12000);
    EXPECT_GT(nearTouching, 1000);
}

// An oriented box's transform is invalid exactly when its determinant is exactly zero
// (ray_box.hpp): singular and nearly singular transforms against the rational determinant.
TEST(ExactOrientedBox, ValidExactlyWhenTheDeterminantIsNotZero) {
    std::mt19937_64 rng(2126);
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    long singular = 0, nearlySingular = 0;
    for (int i = 0; i < 20000; ++i) {
        const glm::vec3 c0(u(rng), u(rng), u(rng));
        const glm::vec3 c1(u(rng), u(rng), u(rng));
        // The third column in the plane of the first two: a combination with power-of-two weights
        // is exact (singular); with other weights it rounds off the plane (nearly singular).
        const float alpha = i % 2 == 0 ? std::ldexp(1.0f, i % 7 - 3) : u(rng);
        const float beta = i % 4 < 2 ? std::ldexp(1.0f, i % 5 - 2) : u(rng);
        glm::vec3 c2 = c0 * alpha + c1 * beta;
        if (i % 3 == 0) c2 = i % 2 == 0 ? c0 : c1;  // two equal columns
        glm::mat4 m(1.0f);
        m[0] = glm::vec4(c0, 0.0f);
        m[1] = glm::vec4(c1, 0.0f);
        m[2] = glm::vec4(c2, 0.0f);
        m[3] = glm::vec4(u(rng), u(rng), u(rng), 1.0f);
        const Q det = dot(exact(c0), cross(exact(c1), exact(c2)));
        const bool valid =
            pickray::PreparedOrientedBox(pickray::OrientedBox{{glm::vec3(-1.0f), glm::vec3(1.0f)}, m}).valid;
        EXPECT_EQ(valid, sgn(det) != 0) << "case " << i << ": exact determinant " << det.get_d();
        (sgn(det) == 0 ? singular : nearlySingular) += 1;
    }
    std::printf(
        "oriented box validity: %ld exactly singular transforms, %ld nearly singular, all as the exact "
        "determinant says\n",
        singular, nearlySingular);
    EXPECT_GT(singular, 5000);
    EXPECT_GT(nearlySingular, 5000);
}

}  // namespace
