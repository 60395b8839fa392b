// SPDX-License-Identifier: MIT
// Differential test: pickray's collision queries against the independent long-double reference in
// tests/reference/ (signed-distance root finding and brute-force minimisation, no shared code).
//
// Every case is random but deterministic (seeded std::mt19937 with our own distributions, so the
// cases are the same on every standard library). The default run has 140,000 ray cases over all
// six shapes plus 90,000 closest-point cases; PICKRAY_DIFFERENTIAL_SCALE=<x> in the environment
// multiplies every count (above 1 for long soak runs; scripts/test.sh runs the emulated aarch64
// stage at 0.35, see tests/support/case_scale.hpp).
//
// Acceptance thresholds (all measured against the reference on the same float inputs):
//   * hit/miss (raycast) and line/no line (intersectLine): zero wrong answers, among the rays whose
//     "margin" is at least 1e-4·size. The margin is the reference's distance from tangency, in
//     world units (a lower bound): for a line, |min of the SDF over the line|; for a ray, the
//     smaller of |min of the SDF over t >= 0| and |SDF at the origin| (a ray starting on the surface
//     is as ambiguous as a tangent one). size = diameter of the shape's bounding sphere (2·radius
//     for an infinite cylinder).
//   * hit points, and intersectLine's enter/exit points: within 1e-5·(1 + |origin| + |position| +
//     size) of the reference, where the ray meets the surface more than 1° from tangent
//     (|dot(unit direction, normal)| > sin 1°; near a crease, for every surface that meets there).
//     position = centre of the bounding sphere (p1 for an infinite cylinder).
//   * unit normals within 0.01° of the reference normal (the SDF gradient where the library's t
//     puts the hit, origin + t·direction in long double), except within 1e-3·size of a crease
//     (cylinder rims, box edges).
//   * closest-point distances within 1e-5·(1 + extent), extent defined next to each test.
// Also checked: the contract of every hit and span (t >= 0, point == origin + t·direction, unit
// normal, enter <= exit, ±infinity only where the reference has it), that the library's hit point
// lies on the surface (within the point tolerance, at any angle), tMax, flat boxes (enter == exit)
// and that an identity OrientedBox answers exactly like the Aabb.
// Every test prints its measured worst errors, and a summary table is printed at the end. The
// "disagr" column shows the headroom of the hit/miss rule: the largest margin among the skipped
// near-tangent cases at which the library still disagrees with the reference.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <pickray/collision.hpp>

#include "reference/reference.hpp"
#include "support/case_scale.hpp"

namespace {

using pickref::Real;
using pickref::Vec;

constexpr Real kPointRel = 1e-5L;     // point tolerance, relative to 1 + |origin| + |position| + size
constexpr Real kTangentRel = 1e-4L;   // hit/miss compared only for margins >= 1e-4·size
constexpr Real kSeamRel = 1e-3L;      // normals compared only farther than 1e-3·size from a crease
constexpr Real kDistanceRel = 1e-5L;  // distance tolerance, relative to 1 + extent
constexpr Real kNormalDegrees = 0.01L;
constexpr Real kSin1Degree = 0.0174524064372835128194189785163161L;
constexpr int kMaxExamples = 6;
constexpr Real kInf = std::numeric_limits<Real>::infinity();  // reproducers printed per test and kind of failure

// ---- Conversions (float inputs are converted exactly) -------------------------------------------

Vec ref(glm::vec3 v) { return {static_cast<Real>(v.x), static_cast<Real>(v.y), static_cast<Real>(v.z)}; }
Real ref(float v) { return static_cast<Real>(v); }
pickref::Ray ref(const pickray::Ray& r) { return {ref(r.origin), ref(r.direction)}; }
glm::vec3 toFloat(glm::dvec3 v) { return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)}; }
glm::dvec3 toDouble(Vec v) { return {static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)}; }
bool finite(glm::vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

std::string str(glm::vec3 v) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "{%.9g, %.9g, %.9g}", static_cast<double>(v.x), static_cast<double>(v.y),
                  static_cast<double>(v.z));
    return buf;
}
std::string str(float v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    return buf;
}
std::string str(Vec v) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "{%.12Lg, %.12Lg, %.12Lg}", v.x, v.y, v.z);
    return buf;
}

std::string describe(const pickray::Sphere& s) { return "Sphere{" + str(s.center) + ", " + str(s.radius) + "}"; }
std::string describe(const pickray::Capsule& c) {
    return "Capsule{" + str(c.a) + ", " + str(c.b) + ", " + str(c.radius) + "}";
}
std::string describe(const pickray::Cylinder& c) {
    return "Cylinder{" + str(c.a) + ", " + str(c.b) + ", " + str(c.radius) + "}";
}
std::string describe(const pickray::InfiniteCylinder& c) {
    return "InfiniteCylinder{" + str(c.p1) + ", " + str(c.p2) + ", " + str(c.radius) + "}";
}
std::string describe(const pickray::Aabb& b) { return "Aabb{" + str(b.min) + ", " + str(b.max) + "}"; }
std::string describe(const pickray::OrientedBox& b) {
    std::string s = "OrientedBox{" + describe(b.local) + ", toWorld columns {";
    for (int c = 0; c < 4; ++c) {
        const glm::vec4 col = b.toWorld[c];
        char buf[128];
        std::snprintf(buf, sizeof buf, "%s{%.9g, %.9g, %.9g, %.9g}", c == 0 ? "" : ", ", static_cast<double>(col.x),
                      static_cast<double>(col.y), static_cast<double>(col.z), static_cast<double>(col.w));
        s += buf;
    }
    return s + "}}";
}
std::string describe(const pickray::Ray& r) { return "Ray{" + str(r.origin) + ", " + str(r.direction) + "}"; }

// ---- Deterministic random numbers (own distributions: std ones differ between libraries) --------

class Rng {
public:
    explicit Rng(std::uint32_t seed) : gen_(seed) {}

    double uniform() {  // [0, 1), 53 bits
        const auto hi = static_cast<std::uint64_t>(gen_() >> 5);
        const auto lo = static_cast<std::uint64_t>(gen_() >> 6);
        return static_cast<double>((hi << 26) | lo) * 0x1.0p-53;
    }
    double uniform(double a, double b) { return a + (b - a) * uniform(); }
    double logUniform(double a, double b) { return a * std::pow(b / a, uniform()); }
    bool chance(double p) { return uniform() < p; }
    int index(int n) { return std::min(n - 1, static_cast<int>(uniform() * n)); }
    double sign() { return chance(0.5) ? 1.0 : -1.0; }
    double normal() {
        const double u1 = 1.0 - uniform();  // (0, 1]
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    glm::dvec3 unit() {
        for (;;) {
            const glm::dvec3 v(normal(), normal(), normal());
            const double l = glm::length(v);
            if (l > 1e-6) {
                return v / l;
            }
        }
    }
    glm::dvec3 inBall() { return unit() * std::cbrt(uniform()); }
    glm::dvec3 inCube() { return {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)}; }
    /// A unit vector perpendicular to the unit vector `axis`.
    glm::dvec3 perpendicular(glm::dvec3 axis) {
        for (;;) {
            const glm::dvec3 v = glm::cross(axis, unit());
            const double l = glm::length(v);
            if (l > 1e-3) {
                return v / l;
            }
        }
    }

private:
    std::mt19937 gen_;
};

int scaled(int count) { return pickray::test::scaledCaseCount(count); }

/// Where a shape goes: near the world origin, or (25%) about 1e3 away from it. Far shapes get
/// sizes from 0.5 up, near ones from 0.1 up (relative float spacing stays well below 1e-4·size).
struct Placement {
    glm::dvec3 center;
    double scale;
    bool far;
};
Placement randomPlacement(Rng& rng) {
    Placement p{};
    p.far = rng.chance(0.25);
    if (p.far) {
        p.center = rng.inCube() * 1500.0;
        p.center[rng.index(3)] = rng.sign() * rng.uniform(500.0, 1500.0);
        p.scale = rng.logUniform(0.5, 50.0);
    } else {
        p.center = rng.inCube() * 4.0;
        p.scale = rng.logUniform(0.1, 20.0);
    }
    return p;
}

glm::dvec3 randomAxis(Rng& rng, bool& exact) {
    exact = rng.chance(0.25);
    if (exact) {
        glm::dvec3 a(0.0);
        a[rng.index(3)] = rng.sign();
        return a;
    }
    return rng.unit();
}

// ---- Statistics and reporting -------------------------------------------------------------------

std::vector<std::string>& summaryRows() {
    static std::vector<std::string> rows;
    return rows;
}

struct RayStats {
    explicit RayStats(const char* n) : name(n), start(std::chrono::steady_clock::now()) {}

    const char* name;
    std::chrono::steady_clock::time_point start;
    long cases = 0;
    long refHits = 0;
    long refMisses = 0;
    long nearTangent = 0;  // ray cases not compared for hit/miss
    long wrongHitMiss = 0;
    long lineCompared = 0;
    long lineNearTangent = 0;
    long wrongLine = 0;
    long pointChecks = 0;
    long pointFails = 0;
    Real maxPoint = 0;  // worst hit-point error / tolerance
    long linePointChecks = 0;
    long linePointFails = 0;
    Real maxLinePoint = 0;  // worst enter/exit point error / tolerance
    long normalChecks = 0;
    long normalFails = 0;
    Real maxNormal = 0;  // degrees
    long residualChecks = 0;
    long residualFails = 0;
    Real maxResidual = 0;  // distance of the library's hit point from the surface / tolerance
    long tMaxChecks = 0;
    long tMaxWrong = 0;
    long contract = 0;  // contract violations (t < 0, NaN, point != o + t·d, non-unit normal, ...)
    /// Headroom of the hit/miss rule: the largest margin (in units of size) among the skipped
    /// near-tangent rays and lines where the library disagrees with the reference (< 1e-4).
    Real maxDisagreeMargin = 0;
    std::string worstPoint;   // the case with the largest hit-point error
    std::string worstNormal;  // the case with the largest normal error
    int printed[8] = {};

    /// Prints a reproducer for the first few failures of each kind.
    void report(int kind, const std::string& what) {
        if (printed[kind]++ < kMaxExamples) {
            std::printf("  [%s] %s\n", name, what.c_str());
        }
    }

    void finish() {
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        char row[512];
        std::snprintf(row, sizeof row,
                      "%-17s %7ld %7ld %7ld %6ld %8.1Le | %4ld %4ld | %7ld %9.3Lf | %7ld %9.3Lf | %7ld %10.2Le | "
                      "%9.3Lf | %5ld %4ld | %8.0f",
                      name, cases, refHits, refMisses, nearTangent, maxDisagreeMargin, wrongHitMiss, wrongLine,
                      pointChecks, maxPoint, linePointChecks, maxLinePoint, normalChecks, maxNormal, maxResidual,
                      tMaxWrong, contract, ms);
        summaryRows().push_back(row);
        printHeader();
        std::printf("%s\n", row);
        std::printf("  worst hit point: %s\n  worst normal: %s\n", worstPoint.c_str(),
                    worstNormal.empty() ? "(every normal exact)" : worstNormal.c_str());

        EXPECT_EQ(wrongHitMiss, 0) << name << ": raycast hit/miss differs from the reference";
        EXPECT_EQ(wrongLine, 0) << name << ": intersectLine span/no span differs from the reference";
        EXPECT_LE(maxPoint, 1.0L) << name << ": hit point error over tolerance (" << pointFails << " cases)";
        EXPECT_LE(maxLinePoint, 1.0L) << name << ": enter/exit point error over tolerance (" << linePointFails
                                      << " cases)";
        EXPECT_LE(maxNormal, kNormalDegrees)
            << name << ": normal error over 0.01 degrees (" << normalFails << " cases)";
        EXPECT_LE(maxResidual, 1.0L) << name << ": hit point off the surface (" << residualFails << " cases)";
        EXPECT_EQ(tMaxWrong, 0) << name << ": tMax not honoured";
        EXPECT_EQ(contract, 0) << name << ": contract violations";
        // The comparison must not be vacuous.
        EXPECT_GT(refHits, cases / 10) << name;
        EXPECT_GT(refMisses, cases / 10) << name;
        EXPECT_GT(pointChecks, cases / 10) << name;
        EXPECT_GT(linePointChecks, cases / 10) << name;
        EXPECT_GT(normalChecks, cases / 20) << name;
        EXPECT_LT(nearTangent, cases / 3) << name;
    }

    static void printHeader(const char* prefix = "") {
        std::printf("%s%-17s %7s %7s %7s %6s %8s | %4s %4s | %7s %9s | %7s %9s | %7s %10s | %9s | %5s %4s | %8s\n",
                    prefix, "shape", "cases", "hits", "misses", "tangnt", "disagr", "wHit", "wLin", "ptChk",
                    "maxPt/tol", "lnChk", "maxLn/tol", "nrmChk", "maxNrm(deg)", "maxRes/tol", "wTmax", "ctr", "ms");
    }
};

/// A distance routine's answer, for reports: " -> p1 … t1 … p2 … t2 … distance …" for a pair,
/// " -> point … t … distance …" for one point; with the reference's closest points.
std::string describe(const pickray::ClosestPoints& got) {
    return " -> p1 " + str(got.p1) + " t1 " + str(got.t1) + " p2 " + str(got.p2) + " t2 " + str(got.t2) + " distance " +
           str(got.distance);
}
std::string describe(const pickray::ClosestPoint& got) {
    return " -> point " + str(got.point) + " t " + str(got.t) + " distance " + str(got.distance);
}
std::string describe(const pickray::ClosestPoints& got, const pickref::ClosestPair& want) {
    return " -> " + str(got.p1) + " " + str(got.p2) + " reference " + str(want.p1) + " " + str(want.p2);
}
std::string describe(const pickray::ClosestPoint& got, const pickref::ClosestPair& want) {
    return " -> " + str(got.point) + " reference " + str(want.p2);
}

struct DistanceStats {
    explicit DistanceStats(const char* n) : name(n), start(std::chrono::steady_clock::now()) {}

    const char* name;
    std::chrono::steady_clock::time_point start;
    long cases = 0;
    long fails = 0;
    Real maxRatio = 0;     // worst |distance − reference| / tolerance
    Real maxAbs = 0;       // worst |distance − reference|
    long pointChecks = 0;  // closest points compared where they are unique and well conditioned
    Real maxPointRatio = 0;
    long contract = 0;
    std::string worst;  // the case with the largest distance error
    int printed[4] = {};

    void report(int kind, const std::string& what) {
        if (printed[kind]++ < kMaxExamples) {
            std::printf("  [%s] %s\n", name, what.c_str());
        }
    }

    void add(Real libDistance, Real refDistance, Real tolerance, const std::function<std::string()>& what) {
        ++cases;
        const Real err = std::isfinite(libDistance) ? std::fabs(libDistance - refDistance) : kInf;
        maxAbs = std::max(maxAbs, err);
        if (err / tolerance > maxRatio || (cases == 1 && worst.empty())) {
            maxRatio = err / tolerance;
            char buf[160];
            std::snprintf(buf, sizeof buf, " -> %.9Lg, reference %.15Lg", libDistance, refDistance);
            worst = what() + buf;
        }
        if (!(err <= tolerance)) {
            ++fails;
            char buf[160];
            std::snprintf(buf, sizeof buf, " distance %.9Lg, reference %.15Lg (error %.3Lg, tolerance %.3Lg)",
                          libDistance, refDistance, err, tolerance);
            report(0, what() + buf);
        }
    }

    /// An answer that contradicts itself (a parameter out of range, a point off its line, |p1 − p2|
    /// not the distance): counted as a contract violation and reported with `what`.
    void expectConsistent(bool ok, const std::function<std::string()>& what) {
        if (ok) return;
        ++contract;
        report(1, "inconsistent: " + what());
    }

    /// A closest point (or pair) compared with the reference's, where it is unique: `ratio` is its
    /// distance from the reference's in units of the tolerance.
    void checkPoints(Real ratio, const std::function<std::string()>& what) {
        ++pointChecks;
        maxPointRatio = std::max(maxPointRatio, ratio);
        if (ratio > 1) report(2, "closest point: " + what());
    }

    void finish() {
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        char row[512];
        std::snprintf(row, sizeof row,
                      "%-17s %7ld | max dist err/tol %9.3Le (abs %9.3Le) | point checks %6ld max/tol %9.3Le | "
                      "fails %ld | contract %ld | %8.0f ms",
                      name, cases, maxRatio, maxAbs, pointChecks, maxPointRatio, fails, contract, ms);
        summaryRows().push_back(row);
        std::printf("%s\n  worst: %s\n", row, worst.c_str());
        EXPECT_EQ(fails, 0) << name << ": distance error over tolerance";
        EXPECT_LE(maxRatio, 1.0L) << name;
        EXPECT_LE(maxPointRatio, 1.0L) << name << ": closest points differ from the (unique) reference pair";
        EXPECT_EQ(contract, 0) << name << ": contract violations";
    }
};

class SummaryPrinter : public ::testing::Environment {
public:
    void TearDown() override {
        if (summaryRows().empty()) {
            return;
        }
        // Lines tagged "precision:" are collected by scripts/test.sh into the run's closing report.
        std::printf("\n==== pickray differential test: measured worst errors (ratios are error / tolerance) ====\n");
        RayStats::printHeader("precision: ");
        for (const std::string& row : summaryRows()) {
            std::printf("precision: %s\n", row.c_str());
        }
        std::printf(
            "tolerances: point 1e-5*(1+|o|+|pos|+size) for crossings >1 deg from tangent; hit/miss for margins >= "
            "1e-4*size; normals 0.01 deg (>1e-3*size from creases); distances 1e-5*(1+extent)\n"
            "tangnt: ray cases skipped as near-tangent; disagr: largest margin/size among skipped cases where the "
            "library disagrees\n");
    }
};
[[maybe_unused]] ::testing::Environment* const kSummary = ::testing::AddGlobalTestEnvironment(new SummaryPrinter);

// ---- The ray comparison -------------------------------------------------------------------------

std::string fmtPoint(const char* label, Vec v) { return std::string(label) + str(v); }

template <class Shape>
void checkRay(RayStats& st, const Shape& shape, const pickref::Solid& solid, const pickray::Ray& ray, Rng& rng) {
    const pickref::Ray r = ref(ray);
    const pickref::Profile profile = solid.profile(r);
    const pickref::RayAnswer want = solid.rayFrom(r, profile);
    const pickref::LineAnswer wantLine = pickref::Solid::lineFrom(profile);
    const Real size = solid.size();
    const Real tol = kPointRel * (1 + pickref::length(r.origin) + pickref::length(solid.position()) + size);
    const Real threshold = kTangentRel * size;
    const Vec unitDir = pickref::normalize(r.direction);
    const Real speed = pickref::length(r.direction);
    // Drawn unconditionally, so that the generated cases never depend on the library's answers.
    static constexpr std::array<Real, 4> kFactors{0.5L, 0.999L, 1.001L, 2.0L};
    const Real tMaxFactor = kFactors[static_cast<std::size_t>(rng.index(4))];

    const std::optional<pickray::RayHit> hit = pickray::raycast(ray, shape);
    const std::optional<pickray::LineSpan> span = pickray::intersectLine(ray, shape);
    ++st.cases;
    const auto where = [&] { return describe(shape) + " " + describe(ray); };

    // The contract of every hit and span.
    if (hit) {
        const Vec expected = r.origin + ref(hit->t) * r.direction;
        const bool ok = std::isfinite(hit->t) && finite(hit->point) && finite(hit->normal) && hit->t >= 0.0f &&
                        pickref::length(ref(hit->point) - expected) <= tol &&
                        std::fabs(pickref::length(ref(hit->normal)) - 1) <= 1e-5L;
        if (!ok) {
            ++st.contract;
            st.report(0, "malformed hit: " + where() + " -> t " + str(hit->t) + " point " + str(hit->point) +
                             " normal " + str(hit->normal));
        }
    }
    if (span && (std::isnan(span->enter) || std::isnan(span->exit) || span->enter > span->exit)) {
        ++st.contract;
        st.report(0, "malformed span: " + where() + " -> [" + str(span->enter) + ", " + str(span->exit) + "]");
    }

    // Hit or miss.
    const bool rayCompared = !want.ambiguous && want.margin >= threshold;
    if (!rayCompared) {
        ++st.nearTangent;
        if (!want.ambiguous && hit.has_value() != want.hit) {
            st.maxDisagreeMargin = std::max(st.maxDisagreeMargin, want.margin / size);
        }
    } else {
        ++(want.hit ? st.refHits : st.refMisses);
        if (hit.has_value() != want.hit) {
            ++st.wrongHitMiss;
            char buf[160];
            std::snprintf(buf, sizeof buf, " (margin %.3Lg = %.3Lg x size)", want.margin, want.margin / size);
            st.report(
                1, std::string(want.hit ? "MISSED hit: " : "FALSE hit: ") + where() +
                       (want.hit ? " reference t " + str(static_cast<float>(want.t)) + fmtPoint(" point ", want.point)
                                 : " library t " + str(hit->t) + " point " + str(hit->point)) +
                       buf);
        }
    }
    const bool lineCompared = !wantLine.ambiguous && wantLine.margin >= threshold;
    if (!lineCompared) {
        ++st.lineNearTangent;
        if (!wantLine.ambiguous && span.has_value() != wantLine.meets) {
            st.maxDisagreeMargin = std::max(st.maxDisagreeMargin, wantLine.margin / size);
        }
    } else {
        ++st.lineCompared;
        if (span.has_value() != wantLine.meets) {
            ++st.wrongLine;
            char buf[200];
            std::snprintf(buf, sizeof buf, " reference span [%.9Lg, %.9Lg] (margin %.3Lg x size)", wantLine.enter,
                          wantLine.exit, wantLine.margin / size);
            st.report(2, std::string(wantLine.meets ? "MISSED line: " : "FALSE line: ") + where() +
                             (span ? " library [" + str(span->enter) + ", " + str(span->exit) + "]" : "") +
                             (wantLine.meets ? buf : ""));
        }
    }

    if (hit && rayCompared) {
        const Vec libPoint = ref(hit->point);
        // The library's point must lie on the surface, whatever the angle of incidence.
        const Real residual = solid.surfaceDistance(libPoint) / tol;
        ++st.residualChecks;
        st.maxResidual = std::max(st.maxResidual, residual);
        if (residual > 1) {
            ++st.residualFails;
            st.report(3, "point off the surface: " + where() + " -> " + str(hit->point) + " residual/tol " +
                             std::to_string(static_cast<double>(residual)));
        }
        if (want.hit) {
            if (solid.incidenceSine(want.point, unitDir) > kSin1Degree) {
                const Real ratio = pickref::length(libPoint - want.point) / tol;
                ++st.pointChecks;
                if (ratio > st.maxPoint) {
                    st.maxPoint = ratio;
                    st.worstPoint = where() + " -> " + str(hit->point) + fmtPoint(", reference ", want.point);
                }
                if (ratio > 1) {
                    ++st.pointFails;
                    st.report(4, "hit point: " + where() + " -> " + str(hit->point) + " t " + str(hit->t) +
                                     fmtPoint(", reference ", want.point) + " t " + str(static_cast<float>(want.t)) +
                                     " (error/tol " + std::to_string(static_cast<double>(ratio)) + ")");
                }
            }
            // The reference normal is taken where the library's t puts the hit, o + t·d evaluated in
            // long double: not at the float-rounded hit.point, whose rounding (~6e-5 at 1e3) would
            // tilt the normal of a small shape by more than the tolerance by itself.
            const Vec libHit = r.origin + ref(hit->t) * r.direction;
            if (solid.seamDistance(want.point) > kSeamRel * size && solid.seamDistance(libHit) > kSeamRel * size) {
                const Vec wantNormal = solid.normal(libHit, r.direction);
                const Real deg = pickref::angleDegrees(ref(hit->normal), wantNormal);
                ++st.normalChecks;
                if (deg > st.maxNormal) {
                    st.maxNormal = deg;
                    st.worstNormal = where() + " -> " + str(hit->normal) + fmtPoint(", reference ", wantNormal);
                }
                if (!(deg <= kNormalDegrees)) {
                    ++st.normalFails;
                    st.report(5, "normal: " + where() + " -> point " + str(hit->point) + " normal " + str(hit->normal) +
                                     fmtPoint(", reference ", wantNormal) + " (" +
                                     std::to_string(static_cast<double>(deg)) + " deg)");
                }
            }
            // tMax: a hit exactly when the reference's t is within it.
            const float tMax = static_cast<float>(want.t * tMaxFactor);
            if (std::fabs(want.t - ref(tMax)) * speed > 4 * tol) {
                ++st.tMaxChecks;
                const auto limited = pickray::raycast(ray, shape, tMax);
                if (limited.has_value() != (want.t <= ref(tMax)) || (limited && limited->t > tMax)) {
                    ++st.tMaxWrong;
                    st.report(6, "tMax " + str(tMax) + ": " + where() + " reference t " +
                                     str(static_cast<float>(want.t)) +
                                     (limited ? " library t " + str(limited->t) : " library: no hit"));
                }
            }
            if (pickray::raycast(ray, shape, -1.0f).has_value()) {
                ++st.contract;
                st.report(0, "hit with tMax < 0: " + where());
            }
        }
    }

    if (span && wantLine.meets && lineCompared) {
        const std::array<std::pair<float, Real>, 2> ends{{{span->enter, wantLine.enter}, {span->exit, wantLine.exit}}};
        for (const auto& [libT, refT] : ends) {
            if (!std::isfinite(refT) || !std::isfinite(libT)) {
                if (ref(libT) != refT) {
                    ++st.linePointFails;
                    st.maxLinePoint = kInf;
                    char buf[120];
                    std::snprintf(buf, sizeof buf, " reference span [%.9Lg, %.9Lg]", wantLine.enter, wantLine.exit);
                    st.report(7,
                              "span end: " + where() + " -> [" + str(span->enter) + ", " + str(span->exit) + "]" + buf);
                }
                continue;
            }
            const Vec want3 = r.origin + refT * r.direction;
            if (solid.incidenceSine(want3, unitDir) > kSin1Degree) {
                const Real ratio = pickref::length(r.origin + ref(libT) * r.direction - want3) / tol;
                ++st.linePointChecks;
                st.maxLinePoint = std::max(st.maxLinePoint, ratio);
                if (ratio > 1) {
                    ++st.linePointFails;
                    char buf[160];
                    std::snprintf(buf, sizeof buf, " reference span [%.12Lg, %.12Lg] (error/tol %.3Lg)", wantLine.enter,
                                  wantLine.exit, ratio);
                    st.report(7,
                              "span end: " + where() + " -> [" + str(span->enter) + ", " + str(span->exit) + "]" + buf);
                }
            }
        }
    }
}

// ---- Ray generation -----------------------------------------------------------------------------

/// How to aim rays at one shape.
struct RayRecipe {
    glm::dvec3 center;                        // bounding-sphere centre (a point inside the solid)
    double radius = 0;                        // bounding radius
    double cross = 0;                         // radius of the cross-section (for rays parallel to the axis)
    glm::dvec3 axis{0};                       // unit axis, or zero
    std::function<glm::dvec3(Rng&)> seam;     // a point on a crease (or anywhere on a smooth surface)
    std::function<glm::dvec3(Rng&)> surface;  // a point on the surface
};

double signedLineMin(const pickref::Solid& solid, glm::dvec3 point, glm::dvec3 dir) {
    return static_cast<double>(solid.lineMinimum({ref(toFloat(point)), ref(toFloat(dir))}));
}

glm::dvec3 insidePoint(Rng& rng, const pickref::Solid& solid, const RayRecipe& rc) {
    for (int i = 0; i < 24; ++i) {
        const glm::dvec3 p = rc.center + rng.inCube() * rc.radius;
        if (solid.sdf(ref(toFloat(p))) < 0) {
            return p;
        }
    }
    // The segment from the centre to a surface point lies inside (convexity).
    return rc.center + (rc.surface(rng) - rc.center) * rng.uniform(0.0, 0.999);
}

pickray::Ray makeRay(Rng& rng, const pickref::Solid& solid, const RayRecipe& rc) {
    const double R = rc.radius;
    const glm::dvec3 c = rc.center;
    const auto outsideOrigin = [&] { return c + rng.unit() * (R * rng.logUniform(1.0, 50.0)); };
    glm::dvec3 origin;
    glm::dvec3 dir;
    const double kind = rng.uniform();
    if (kind < 0.26) {  // from outside, aimed into the bounding ball
        origin = outsideOrigin();
        dir = c + rng.inBall() * (1.2 * R) - origin;
    } else if (kind < 0.46) {  // aimed at a crease (rim, hemisphere circle, box edge or corner)
        origin = outsideOrigin();
        glm::dvec3 target = rc.seam(rng);
        if (rng.chance(0.5)) {
            target += rng.unit() * (2 * R * std::pow(10.0, rng.uniform(-7.0, -2.0)));
        }
        dir = target - origin;
    } else if (kind < 0.60) {  // from inside
        origin = insidePoint(rng, solid, rc);
        dir = rng.unit();
    } else if (kind < 0.70 && glm::length(rc.axis) > 0) {  // parallel to the axis (exactly, if it is a coordinate axis)
        const glm::dvec3 perp = rng.perpendicular(rc.axis);
        origin = c + perp * (rc.cross * rng.uniform(0.0, 1.6)) + rc.axis * (R * rng.uniform(-3.0, 3.0));
        dir = rc.axis * rng.sign();
    } else if (kind < 0.82) {  // near tangent: offset a line until it grazes, then nudge it by 1e-7..1e-2
        const glm::dvec3 u = rng.unit();
        const glm::dvec3 w = rng.perpendicular(u);
        double lo = 0;
        double hi = 2 * R;
        for (int i = 0; i < 36; ++i) {
            const double mid = (lo + hi) / 2;
            (signedLineMin(solid, c + w * mid, u) <= 0 ? lo : hi) = mid;
        }
        const double lambda = lo * (1 + rng.sign() * std::pow(10.0, rng.uniform(-7.0, -2.0)));
        origin = c + w * lambda - u * (R * rng.logUniform(1.05, 20.0) * (rng.chance(0.85) ? 1 : -1));
        dir = u;
    } else if (kind < 0.94) {  // anywhere around, any direction
        origin = c + rng.inBall() * (3 * R);
        dir = rng.unit();
    } else {  // a camera at the world origin (when the shape is not too small for the distance)
        origin = rng.inBall();
        if (glm::length(c - origin) > 100 * R) {
            origin = outsideOrigin();
        }
        dir = c + rng.inBall() * (1.2 * R) - origin;
    }
    const double len = glm::length(dir);
    dir = len > 0 ? dir / len : rng.unit();
    return {toFloat(origin), toFloat(dir * rng.logUniform(0.01, 100.0))};
}

// ---- Ray tests, one per shape -------------------------------------------------------------------

TEST(Differential, Sphere) {
    RayStats st("sphere");
    Rng rng(1001);
    for (int i = 0; i < scaled(20000); ++i) {
        const Placement pl = randomPlacement(rng);
        const pickray::Sphere sphere{toFloat(pl.center), static_cast<float>(pl.scale / 2)};
        const pickref::SphereSolid solid(ref(sphere.center), ref(sphere.radius));
        const glm::dvec3 c(sphere.center);
        const double r = static_cast<double>(sphere.radius);
        RayRecipe rc{c, r, r, glm::dvec3(0), {}, {}};
        rc.surface = [&](Rng& g) { return c + g.unit() * r; };
        rc.seam = rc.surface;
        checkRay(st, sphere, solid, makeRay(rng, solid, rc), rng);
    }
    st.finish();
}

TEST(Differential, Capsule) {
    RayStats st("capsule");
    Rng rng(1002);
    for (int i = 0; i < scaled(25000); ++i) {
        const Placement pl = randomPlacement(rng);
        bool exact = false;
        const glm::dvec3 axis = randomAxis(rng, exact);
        const double radius = pl.scale * rng.logUniform(0.02, 0.5);
        const double half = rng.chance(0.1) ? 0.0 : pl.scale * rng.uniform(0.0, 0.5);
        const pickray::Capsule capsule{toFloat(pl.center - axis * half), toFloat(pl.center + axis * half),
                                       static_cast<float>(radius)};
        const pickref::CapsuleSolid solid(ref(capsule.a), ref(capsule.b), ref(capsule.radius));
        const glm::dvec3 a(capsule.a);
        const glm::dvec3 b(capsule.b);
        const double r = static_cast<double>(capsule.radius);
        RayRecipe rc{toDouble(solid.position()), static_cast<double>(solid.size()) / 2, r, axis, {}, {}};
        rc.surface = [&](Rng& g) {
            const glm::dvec3 u = g.unit();
            const glm::dvec3 end = glm::dot(u, axis) < 0 ? a : b;
            return g.chance(0.5) ? end + u * r : a + (b - a) * g.uniform() + g.perpendicular(axis) * r;
        };
        rc.seam = [&](Rng& g) {  // the circles where the hemispheres meet the side, and the tips
            const glm::dvec3 end = g.chance(0.5) ? a : b;
            if (g.chance(0.2)) {
                return end + axis * (r * (end == a ? -1.0 : 1.0));
            }
            return end + g.perpendicular(axis) * r;
        };
        checkRay(st, capsule, solid, makeRay(rng, solid, rc), rng);
    }
    st.finish();
}

TEST(Differential, Cylinder) {
    RayStats st("cylinder");
    Rng rng(1003);
    for (int i = 0; i < scaled(25000); ++i) {
        const Placement pl = randomPlacement(rng);
        bool exact = false;
        const glm::dvec3 axis = randomAxis(rng, exact);
        const double radius = pl.scale * rng.logUniform(0.02, 0.5);
        const double half = pl.scale * rng.logUniform(0.025, 0.5);
        const pickray::Cylinder cylinder{toFloat(pl.center - axis * half), toFloat(pl.center + axis * half),
                                         static_cast<float>(radius)};
        const pickref::CylinderSolid solid(ref(cylinder.a), ref(cylinder.b), ref(cylinder.radius));
        const glm::dvec3 a(cylinder.a);
        const glm::dvec3 b(cylinder.b);
        const double r = static_cast<double>(cylinder.radius);
        RayRecipe rc{toDouble(solid.position()), static_cast<double>(solid.size()) / 2, r, axis, {}, {}};
        rc.surface = [&](Rng& g) {
            const glm::dvec3 perp = g.perpendicular(axis);
            if (g.chance(0.5)) {
                return a + (b - a) * g.uniform() + perp * r;
            }
            return (g.chance(0.5) ? a : b) + perp * (r * std::sqrt(g.uniform()));
        };
        rc.seam = [&](Rng& g) {  // the rims (and now and then a cap centre)
            const glm::dvec3 end = g.chance(0.5) ? a : b;
            return g.chance(0.1) ? end : end + g.perpendicular(axis) * r;
        };
        checkRay(st, cylinder, solid, makeRay(rng, solid, rc), rng);
    }
    st.finish();
}

TEST(Differential, InfiniteCylinder) {
    RayStats st("infiniteCylinder");
    Rng rng(1004);
    long parallelInside = 0;
    for (int i = 0; i < scaled(20000); ++i) {
        const Placement pl = randomPlacement(rng);
        bool exact = false;
        const glm::dvec3 axis = randomAxis(rng, exact);
        const double radius = pl.scale * rng.logUniform(0.05, 0.5);
        const pickray::InfiniteCylinder cylinder{toFloat(pl.center),
                                                 toFloat(pl.center + axis * (pl.scale * rng.logUniform(0.01, 10.0))),
                                                 static_cast<float>(radius)};
        const pickref::InfiniteCylinderSolid solid(ref(cylinder.p1), ref(cylinder.p2), ref(cylinder.radius));
        const glm::dvec3 p1(cylinder.p1);
        const glm::dvec3 u = glm::normalize(glm::dvec3(cylinder.p2) - p1);
        const double r = static_cast<double>(cylinder.radius);
        RayRecipe rc{p1, r, r, u, {}, {}};
        rc.surface = [&](Rng& g) { return p1 + u * (g.uniform(-3.0, 3.0) * r) + g.perpendicular(u) * r; };
        rc.seam = rc.surface;
        const pickray::Ray ray = makeRay(rng, solid, rc);
        const pickref::LineAnswer line = solid.line(ref(ray));
        parallelInside += line.meets && std::isinf(line.enter) ? 1 : 0;
        checkRay(st, cylinder, solid, ray, rng);
    }
    std::printf("  lines inside and parallel to the axis (span -inf..inf): %ld\n", parallelInside);
    EXPECT_GT(parallelInside, 100);
    st.finish();
}

/// A point on a random edge of the box with corners given by `corner(bits)` (or a corner).
template <class Corner>
glm::dvec3 boxEdgePoint(Rng& g, const Corner& corner) {
    const unsigned from = static_cast<unsigned>(g.index(8));
    const unsigned bit = 1U << static_cast<unsigned>(g.index(3));
    const glm::dvec3 p = corner(from);
    return g.chance(0.2) ? p : p + (corner(from ^ bit) - p) * g.uniform();
}

/// A ray parallel to one or two faces of the box [lo, hi] in local coordinates: those direction
/// components are exactly zero, the origin's coordinates on those axes inside the slab, exactly on
/// a face plane, or just/far outside.
std::pair<glm::dvec3, glm::dvec3> faceParallelRay(Rng& rng, glm::dvec3 lo, glm::dvec3 hi) {
    const glm::dvec3 c = (lo + hi) * 0.5;
    const double R = glm::length(hi - lo) * 0.5 + 1e-30;
    glm::dvec3 origin = c + rng.unit() * (R * rng.logUniform(1.0, 20.0));
    glm::dvec3 dir = lo + (hi - lo) * glm::dvec3(rng.uniform(), rng.uniform(), rng.uniform()) - origin;
    const int first = rng.index(3);
    const int count = rng.chance(0.7) ? 1 : 2;
    for (int j = 0; j < count; ++j) {
        const int axis = (first + j) % 3;
        dir[axis] = 0.0;
        const double u = rng.uniform();
        const double ext = hi[axis] - lo[axis];
        if (u < 0.45) {
            origin[axis] = lo[axis] + ext * rng.uniform();
        } else if (u < 0.6) {
            origin[axis] = rng.chance(0.5) ? lo[axis] : hi[axis];
        } else {
            const double off = 2 * R * std::pow(10.0, rng.uniform(-6.0, 0.0));
            origin[axis] = rng.chance(0.5) ? lo[axis] - off : hi[axis] + off;
        }
    }
    if (glm::length(dir) == 0) {
        dir[(first + 2) % 3] = 1.0;
    }
    return {origin, glm::normalize(dir) * rng.logUniform(0.01, 100.0)};
}

TEST(Differential, Aabb) {
    RayStats st("aabb");
    Rng rng(1005);
    long flat = 0;
    long parallel = 0;
    long identityMismatch = 0;
    long flatSpanMismatch = 0;
    long onFaceChecks = 0;
    long onFaceWrong = 0;
    for (int i = 0; i < scaled(25000); ++i) {
        const Placement pl = randomPlacement(rng);
        glm::dvec3 ext(pl.scale * rng.logUniform(0.05, 1.0), pl.scale * rng.logUniform(0.05, 1.0),
                       pl.scale * rng.logUniform(0.05, 1.0));
        const bool isFlat = rng.chance(0.05);
        if (isFlat) {
            ext[rng.index(3)] = 0.0;
        }
        const glm::vec3 lo = toFloat(pl.center - ext * 0.5);
        glm::vec3 hi = toFloat(pl.center + ext * 0.5);
        for (int k = 0; k < 3; ++k) {
            if (ext[k] == 0.0) {
                hi[k] = lo[k];
            }
        }
        const pickray::Aabb box{lo, hi};
        const pickref::BoxSolid solid({ref(box.min), ref(box.max)});
        flat += isFlat ? 1 : 0;
        const glm::dvec3 dlo(box.min);
        const glm::dvec3 dhi(box.max);
        const auto corner = [&](unsigned bits) {
            return glm::dvec3((bits & 1U) != 0 ? dhi.x : dlo.x, (bits & 2U) != 0 ? dhi.y : dlo.y,
                              (bits & 4U) != 0 ? dhi.z : dlo.z);
        };
        RayRecipe rc{toDouble(solid.position()), static_cast<double>(solid.size()) / 2, 0, glm::dvec3(0), {}, {}};
        rc.seam = [&](Rng& g) { return boxEdgePoint(g, corner); };
        rc.surface = [&](Rng& g) {
            glm::dvec3 p = dlo + (dhi - dlo) * glm::dvec3(g.uniform(), g.uniform(), g.uniform());
            const int k = g.index(3);
            p[k] = g.chance(0.5) ? dlo[k] : dhi[k];
            return p;
        };
        pickray::Ray ray;
        if (rng.chance(0.15)) {
            const auto [o, d] = faceParallelRay(rng, dlo, dhi);
            ray = {toFloat(o), toFloat(d)};
            ++parallel;
        } else {
            ray = makeRay(rng, solid, rc);
        }
        checkRay(st, box, solid, ray, rng);

        // Contract: a flat box is crossed with enter == exit.
        const int flatAxis =
            box.min.x == box.max.x ? 0 : (box.min.y == box.max.y ? 1 : (box.min.z == box.max.z ? 2 : -1));
        if (isFlat && flatAxis >= 0 && ray.direction[flatAxis] != 0.0f) {
            const auto span = pickray::intersectLine(ray, box);
            if (span && span->enter != span->exit) {
                ++flatSpanMismatch;
                st.report(0, "flat box span with enter != exit: " + describe(box) + " " + describe(ray));
            }
        }

        // Contract: a ray starting exactly on a face and entering there gets t = 0.
        if (!isFlat && rng.chance(0.2)) {
            glm::vec3 o;
            for (int k = 0; k < 3; ++k) {
                o[k] = std::clamp(toFloat(glm::dvec3(dlo + (dhi - dlo) * rng.uniform()))[k], box.min[k], box.max[k]);
            }
            const int k = rng.index(3);
            const bool atMin = rng.chance(0.5);
            o[k] = atMin ? box.min[k] : box.max[k];
            glm::dvec3 d = rng.unit();
            d[k] = (atMin ? 1.0 : -1.0) * std::max(std::fabs(d[k]), 0.1);
            const pickray::Ray onFace{o, toFloat(d * rng.logUniform(0.01, 100.0))};
            const auto h = pickray::raycast(onFace, box);
            ++onFaceChecks;
            if (!h || h->t != 0.0f) {
                ++onFaceWrong;
                st.report(0, "ray starting on a face and entering: " + describe(box) + " " + describe(onFace) +
                                 (h ? " -> t " + str(h->t) : " -> no hit"));
            }
        }

        // Contract: an identity toWorld gives exactly the Aabb result.
        const pickray::OrientedBox same{box, glm::mat4(1.0f)};
        const auto h1 = pickray::raycast(ray, box);
        const auto h2 = pickray::raycast(ray, same);
        const auto s1 = pickray::intersectLine(ray, box);
        const auto s2 = pickray::intersectLine(ray, same);
        const bool equal = h1.has_value() == h2.has_value() && s1.has_value() == s2.has_value() &&
                           (!h1 || (h1->t == h2->t && h1->point == h2->point && h1->normal == h2->normal)) &&
                           (!s1 || (s1->enter == s2->enter && s1->exit == s2->exit));
        if (!equal) {
            ++identityMismatch;
            st.report(0, "identity OrientedBox differs from the Aabb: " + describe(box) + " " + describe(ray));
        }
    }
    std::printf(
        "  flat boxes: %ld (enter != exit: %ld), rays with exactly zero direction components: %ld, identity "
        "OrientedBox mismatches: %ld\n",
        flat, flatSpanMismatch, parallel, identityMismatch);
    EXPECT_EQ(identityMismatch, 0);
    EXPECT_EQ(flatSpanMismatch, 0);
    std::printf("  rays starting exactly on a face, entering: %ld, not answered with t = 0: %ld\n", onFaceChecks,
                onFaceWrong);
    EXPECT_EQ(onFaceWrong, 0);
    st.finish();
}

TEST(Differential, OrientedBox) {
    RayStats st("orientedBox");
    Rng rng(1006);
    for (int i = 0; i < scaled(25000); ++i) {
        const Placement pl = randomPlacement(rng);
        // Local box somewhere around the local origin.
        const glm::dvec3 ext(rng.logUniform(0.1, 1.0), rng.logUniform(0.1, 1.0), rng.logUniform(0.1, 1.0));
        const glm::dvec3 localCenter = rng.inCube() * 0.5;
        // toWorld = T·R·S·H: random rotation, non-uniform scale 0.3..3, sometimes a shear.
        double q[4] = {rng.normal(), rng.normal(), rng.normal(), rng.normal()};
        const double qn = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        for (double& v : q) {
            v /= qn;
        }
        const double w = q[0];
        const double x = q[1];
        const double y = q[2];
        const double z = q[3];
        const double rot[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                                  {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                                  {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
        const double s[3] = {pl.scale * rng.logUniform(0.3, 3.0), pl.scale * rng.logUniform(0.3, 3.0),
                             pl.scale * rng.logUniform(0.3, 3.0)};
        double shear[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        if (rng.chance(0.3)) {
            shear[0][1] = rng.uniform(-0.3, 0.3);
            shear[0][2] = rng.uniform(-0.3, 0.3);
            shear[1][2] = rng.uniform(-0.3, 0.3);
        }
        glm::mat4 toWorld(1.0f);
        std::array<std::array<Real, 3>, 3> m{};
        for (int row = 0; row < 3; ++row) {
            for (int col = 0; col < 3; ++col) {
                double v = 0;
                for (int k = 0; k < 3; ++k) {
                    v += rot[row][k] * s[k] * shear[k][col];
                }
                toWorld[col][row] = static_cast<float>(v);
                m[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = ref(toWorld[col][row]);
            }
        }
        const glm::vec3 translation = toFloat(pl.center);
        toWorld[3] = glm::vec4(translation, 1.0f);
        const pickray::OrientedBox box{{toFloat(localCenter - ext * 0.5), toFloat(localCenter + ext * 0.5)}, toWorld};
        const pickref::OrientedBoxSolid solid({ref(box.local.min), ref(box.local.max)}, m, ref(translation));
        const glm::dvec3 dlo(box.local.min);
        const glm::dvec3 dhi(box.local.max);
        const auto world = [&](glm::dvec3 p) {
            glm::dvec3 out(translation);
            for (int row = 0; row < 3; ++row) {
                for (int col = 0; col < 3; ++col) {
                    out[row] += static_cast<double>(toWorld[col][row]) * p[col];
                }
            }
            return out;
        };
        const auto corner = [&](unsigned bits) {
            return world(glm::dvec3((bits & 1U) != 0 ? dhi.x : dlo.x, (bits & 2U) != 0 ? dhi.y : dlo.y,
                                    (bits & 4U) != 0 ? dhi.z : dlo.z));
        };
        RayRecipe rc{toDouble(solid.position()), static_cast<double>(solid.size()) / 2, 0, glm::dvec3(0), {}, {}};
        rc.seam = [&](Rng& g) { return boxEdgePoint(g, corner); };
        rc.surface = [&](Rng& g) {
            glm::dvec3 p = dlo + (dhi - dlo) * glm::dvec3(g.uniform(), g.uniform(), g.uniform());
            const int k = g.index(3);
            p[k] = g.chance(0.5) ? dlo[k] : dhi[k];
            return world(p);
        };
        pickray::Ray ray;
        if (rng.chance(0.15)) {  // parallel to faces in local space (nearly parallel after rounding)
            const auto [o, d] = faceParallelRay(rng, dlo, dhi);
            ray = {toFloat(world(o)), toFloat(world(d) - world(glm::dvec3(0)))};
        } else {
            ray = makeRay(rng, solid, rc);
        }
        checkRay(st, box, solid, ray, rng);
    }
    st.finish();
}

// ---- Closest points -----------------------------------------------------------------------------

/// Random segment end points for the distance tests: a centre near the origin or ~1e3 away, and a
/// spread of 0.01..100.
struct SegmentPairCase {
    glm::vec3 a1, b1, a2, b2;
};

SegmentPairCase randomSegments(Rng& rng) {
    const glm::dvec3 c = rng.chance(0.25) ? rng.unit() * rng.uniform(500.0, 1500.0) : rng.inCube() * 4.0;
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
        const glm::dvec3 off = rng.unit() * (spread * rng.logUniform(1e-4, 1.0));
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

TEST(Differential, SegmentSegmentDistance) {
    DistanceStats st("segment-segment");
    Rng rng(2001);
    Real worstSelf = 0;
    for (int i = 0; i < scaled(40000); ++i) {
        const SegmentPairCase s = randomSegments(rng);
        const Vec a1 = ref(s.a1);
        const Vec b1 = ref(s.b1);
        const Vec a2 = ref(s.a2);
        const Vec b2 = ref(s.b2);
        // extent: the largest absolute coordinate among the four end points plus both lengths.
        const Real extent = std::max({pickref::maxAbsCoord(a1), pickref::maxAbsCoord(b1), pickref::maxAbsCoord(a2),
                                      pickref::maxAbsCoord(b2)}) +
                            pickref::length(b1 - a1) + pickref::length(b2 - a2);
        const Real tol = kDistanceRel * (1 + extent);
        const pickref::ClosestPair want = pickref::segmentSegment(a1, b1, a2, b2);
        if (i % 64 == 0) {  // the reference against itself, with a brute-force inner search too
            const pickref::ClosestPair slow = pickref::segmentSegment(a1, b1, a2, b2, true);
            worstSelf = std::max(worstSelf, std::fabs(slow.distance - want.distance) / (1 + extent));
        }
        const pickray::ClosestPoints got =
            pickray::closestPoints(pickray::Segment{s.a1, s.b1}, pickray::Segment{s.a2, s.b2});
        const auto where = [&] { return describe(s); };
        st.add(ref(got.distance), want.distance, tol, where);
        // Contract: parameters in [0, 1], points on the segments at them, |p1 − p2| == distance.
        const Vec p1 = ref(got.p1);
        const Vec p2 = ref(got.p2);
        const bool ok = got.t1 >= 0.0f && got.t1 <= 1.0f && got.t2 >= 0.0f && got.t2 <= 1.0f &&
                        pickref::length(p1 - (a1 + ref(got.t1) * (b1 - a1))) <= tol &&
                        pickref::length(p2 - (a2 + ref(got.t2) * (b2 - a2))) <= tol &&
                        std::fabs(pickref::length(p1 - p2) - ref(got.distance)) <= tol;
        st.expectConsistent(ok, [&] { return where() + describe(got); });
        // Non-parallel segments have a unique closest pair: compare it where it is well conditioned
        // (sine of the angle between them > 0.05, error scaled by that sine as for lines).
        const Vec e1 = b1 - a1;
        const Vec e2 = b2 - a2;
        const Vec crossE = pickref::cross(e1, e2);
        const Real l1l2 = pickref::dot(e1, e1) * pickref::dot(e2, e2);
        if (l1l2 > 0) {
            const Real sine = std::sqrt(pickref::dot(crossE, crossE) / l1l2);
            if (sine > 0.05L) {
                st.checkPoints(std::max(pickref::length(p1 - want.p1), pickref::length(p2 - want.p2)) * sine / tol,
                               [&] { return where() + describe(got, want); });
            }
        }
    }
    std::printf("  reference self-check (exact vs brute-force inner minimisation): max diff %.3Le x (1+extent)\n",
                worstSelf);
    EXPECT_LE(worstSelf, 1e-12L);
    st.finish();
}

/// The spacing of floats at x (the smallest subnormal at 0).
Real floatStep(Real x) {
    const float f = static_cast<float>(std::fabs(x));
    return static_cast<Real>(std::nextafter(f, std::numeric_limits<float>::infinity())) - static_cast<Real>(f);
}

TEST(Differential, LineLineClosestPoints) {
    DistanceStats st("line-line");
    Rng rng(2002);
    long exactParallel = 0;
    long nearlyParallel = 0;
    Real worstReference = 0;  // the distance error past one float step, over (1 + input extent)
    for (int i = 0; i < scaled(20000); ++i) {
        const SegmentPairCase s = randomSegments(rng);
        pickray::Line l1{s.a1, s.b1 - s.a1};
        pickray::Line l2{s.a2, s.b2 - s.a2};
        if (rng.chance(0.5)) {  // direction lengths 0.01..100
            l1.direction *= static_cast<float>(rng.logUniform(0.01, 100.0));
            l2.direction *= static_cast<float>(rng.logUniform(0.01, 100.0));
        }
        if (rng.chance(0.25)) {  // nearly parallel: the first direction plus 1e-7..1e-1 of its length
            l2.direction =
                l1.direction +
                toFloat(rng.unit() * (static_cast<double>(glm::length(l1.direction)) * rng.logUniform(1e-7, 1e-1)));
            ++nearlyParallel;
        }
        const Vec p1 = ref(l1.point);
        const Vec d1 = ref(l1.direction);
        const Vec p2 = ref(l2.point);
        const Vec d2 = ref(l2.direction);
        const pickref::ClosestPair want = pickref::lineLine(p1, d1, p2, d2);
        // The distance's tolerance is bound by the inputs: the library's one float step (distance.hpp)
        // plus the reference's own error, a long-double minimisation: 2^-60 of the inputs' extent (base
        // points' largest coordinate plus both direction lengths), 15 times the worst measured on
        // x86-64 (5.8e-20; printed below), a few roundings of its 64-bit significand.
        const Real inputExtent =
            std::max(pickref::maxAbsCoord(p1), pickref::maxAbsCoord(p2)) + pickref::length(d1) + pickref::length(d2);
        const Real distanceTol = floatStep(want.distance) + std::ldexp(1 + inputExtent, -60);
        // The points may lie far away, and carry a float's rounding of their own magnitude: their
        // consistency is judged relative to the extent of the reference's closest points too.
        const Real extent = std::max({pickref::maxAbsCoord(p1), pickref::maxAbsCoord(p2), pickref::maxAbsCoord(want.p1),
                                      pickref::maxAbsCoord(want.p2)});
        const Real tol = kDistanceRel * (1 + extent);
        const pickray::ClosestPoints got = pickray::closestPoints(l1, l2);
        const auto where = [&] {
            return "Line{" + str(l1.point) + ", " + str(l1.direction) + "} Line{" + str(l2.point) + ", " +
                   str(l2.direction) + "}";
        };
        st.add(ref(got.distance), want.distance, distanceTol, where);
        worstReference = std::max(
            worstReference, std::max(Real(0), std::fabs(ref(got.distance) - want.distance) - floatStep(want.distance)) /
                                (1 + inputExtent));
        const Vec g1 = ref(got.p1);
        const Vec g2 = ref(got.p2);
        const Real d1d1 = pickref::dot(d1, d1);
        const Real d2d2 = pickref::dot(d2, d2);
        const Vec crossD = pickref::cross(d1, d2);
        const bool parallel = pickref::dot(crossD, crossD) == 0;  // exactly (includes zero directions)
        bool ok = pickref::length(g1 - (p1 + ref(got.t1) * d1)) <= tol &&
                  pickref::length(g2 - (p2 + ref(got.t2) * d2)) <= tol &&
                  std::fabs(pickref::length(g1 - g2) - ref(got.distance)) <= tol;
        if (d1d1 == 0 && got.t1 != 0.0f) {
            ok = false;  // a zero direction is the point itself, t = 0
        }
        if (d2d2 == 0 && got.t2 != 0.0f) {
            ok = false;
        }
        if (parallel && d1d1 > 0 && d2d2 > 0) {
            ++exactParallel;
            ok = ok && got.t1 == 0.0f;  // parallel: t1 = 0 and the matching point of the second line
        }
        st.expectConsistent(ok, [&] { return where() + describe(got); });
        // Where the pair is unique and well conditioned (sine of the angle > 0.05), compare it.
        if (d1d1 > 0 && d2d2 > 0) {
            const Real sine = std::sqrt(pickref::dot(crossD, crossD) / (d1d1 * d2d2));
            if (sine > 0.05L) {
                st.checkPoints(std::max(pickref::length(g1 - want.p1), pickref::length(g2 - want.p2)) * sine / tol,
                               [&] { return where() + describe(got, want); });
            }
        }
    }
    std::printf("  exactly parallel line pairs: %ld, nearly parallel: %ld\n", exactParallel, nearlyParallel);
    std::printf(
        "precision: line-line distance vs the reference: worst %.3Le x (1 + input extent) past one float "
        "step (tolerance 2^-60 = %.3Le)\n",
        worstReference, std::ldexp(1.0L, -60));
    EXPECT_GT(exactParallel, 100);
    EXPECT_GT(nearlyParallel, scaled(20000) / 5);
    st.finish();
}

TEST(Differential, PointSegmentDistance) {
    DistanceStats st("point-segment");
    Rng rng(2003);
    for (int i = 0; i < scaled(20000); ++i) {
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
        const Real extent = std::max({pickref::maxAbsCoord(a), pickref::maxAbsCoord(b), pickref::maxAbsCoord(q)}) +
                            pickref::length(b - a);
        const Real tol = kDistanceRel * (1 + extent);
        const pickref::ClosestPair want = pickref::pointSegment(q, a, b);
        const pickray::ClosestPoint got = pickray::closestPoint(p, seg);
        const auto where = [&] { return "point " + str(p) + " Segment{" + str(seg.a) + ", " + str(seg.b) + "}"; };
        st.add(ref(got.distance), want.distance, tol, where);
        const Vec g = ref(got.point);
        const bool ok = got.t >= 0.0f && got.t <= 1.0f && pickref::length(g - (a + ref(got.t) * (b - a))) <= tol &&
                        std::fabs(pickref::length(g - q) - ref(got.distance)) <= tol &&
                        (pickref::dot(b - a, b - a) > 0 || got.t == 0.0f);
        st.expectConsistent(ok, [&] { return where() + describe(got); });
        // The closest point of a segment is unique: compare it too.
        st.checkPoints(pickref::length(g - want.p2) / tol, [&] { return where() + describe(got, want); });
    }
    st.finish();
}

TEST(Differential, PointLineDistance) {
    DistanceStats st("point-line");
    Rng rng(2004);
    for (int i = 0; i < scaled(10000); ++i) {
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
        // extent: the largest absolute coordinate among the line's point, the query point and the
        // reference's closest point.
        const Real extent =
            std::max({pickref::maxAbsCoord(lp), pickref::maxAbsCoord(q), pickref::maxAbsCoord(want.p2)});
        const Real tol = kDistanceRel * (1 + extent);
        const pickray::ClosestPoint got = pickray::closestPoint(p, line);
        const auto where = [&] {
            return "point " + str(p) + " Line{" + str(line.point) + ", " + str(line.direction) + "}";
        };
        st.add(ref(got.distance), want.distance, tol, where);
        const Vec g = ref(got.point);
        const bool ok = pickref::length(g - (lp + ref(got.t) * ld)) <= tol &&
                        std::fabs(pickref::length(g - q) - ref(got.distance)) <= tol &&
                        (pickref::dot(ld, ld) > 0 || got.t == 0.0f);
        st.expectConsistent(ok, [&] { return where() + describe(got); });
        st.checkPoints(pickref::length(g - want.p2) / tol, [&] { return where() + describe(got, want); });
    }
    st.finish();
}

}  // namespace
