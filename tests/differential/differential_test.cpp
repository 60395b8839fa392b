// SPDX-License-Identifier: MIT
// Differential test: pickray's ray queries against the independent long-double reference in
// tests/reference/ (signed-distance root finding, no shared code). The closest-point queries are
// compared in closest_points_test.cpp, with the same machinery (differential.hpp).
//
// Every case is random but deterministic (seeded std::mt19937 with our own distributions, so the
// cases are the same on every standard library; every draw is sequenced, so they do not depend on
// the order in which a compiler evaluates operands). The default run has 140,000 ray cases over all
// six shapes plus 90,000 closest-point cases; PICKRAY_DIFFERENTIAL_SCALE=<x> in the environment
// multiplies every count (above 1 for long soak runs; the aarch64 test preset sets that stage's
// factor, see tests/support/case_scale.hpp).
//
// The six shape tests share one body, runShape (below), over a table of shapes
// (shape_table_test.cpp): each row makes a random shape with its reference solid, how to aim rays
// at it, and its checks of its own.
//
// Acceptance bounds, each derived from the operations the library does (next to each check below):
// an error within limit·u·scale, u = 2^-24, scale a sum of the case's own magnitudes. The library
// computes in double from float inputs (exact) and rounds its answer to float once, with no fused
// multiply-add (pickray::collision passes -ffp-contract=off to every target that links it, on
// x86-64 and aarch64 alike). So each answer carries one float rounding, u times its own
// magnitude, plus the double stage, 2^-23·u times the magnitudes the routine works on
// (differential.hpp), divided by the conditioning of the quantity where it has one. The
// reference's own error (its long-double rounding, its searches' brackets) adds to each bound.
//   * hit/miss and line/no line: zero wrong answers among the cases whose margin (the reference's
//     distance from tangency, a lower bound in world units) is larger than what the double stage,
//     the reference's search and the library's parallel rule can move.
//   * hit points and span ends: within u·(|point| or |t·direction|) plus the double stage over the
//     sine of the incidence, where the ray crosses more than 1° from tangent.
//   * unit normals: within u·(1 + |t·direction|/ρ) radians plus the double stage, ρ the radius of
//     curvature, away from creases (by the reference's finite-difference step).
//   * the library's hit point on the surface (at any angle), the hit's point against its t, the
//     normal's length: one rounding each.
// Also checked: the contract of every hit and span (t >= 0, enter <= exit, ±infinity only where
// the reference has it), tMax, flat boxes (enter == exit), rays starting on a box face, and that
// an identity OrientedBox answers exactly like the Aabb.
// Every test prints each measured worst beside its bound (lines "precision:"), and a summary table
// is printed at the end. Its "disagr" column shows the headroom of the hit/miss rule: the largest
// margin among the skipped cases at which the library still disagrees with the reference.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "differential/ray_cases.hpp"

namespace {

using namespace pickdiff;

/// Points and span ends are judged where the ray crosses more than 1° from tangent. Their bounds
/// divide the double stage by the sine of the incidence, the crossing's conditioning; at tangency
/// a curved surface's crossing errs instead by the square root of the rounding (the half chord of
/// a rounded discriminant), which no such bound holds. Hit or miss and the residual are judged at
/// every angle.
constexpr Real kSin1Degree = 0.0174524064372835128194189785163161L;
constexpr Real kRadiansPerDegree = 0.0174532925199432957692369076848861L;
/// The reference's normal is a central difference of its SDF with this step, relative to size
/// (Solid::normal in reference.cpp).
constexpr Real kStencil = 1e-6L;
/// The reference's margin is the minimum of the SDF found by golden-section search down to a
/// bracket 1e-13 of its width (3·size of travel): at slope <= 1, off by at most 1e-12·size.
constexpr Real kMarginSearch = 1e-12L;
/// The capsule's and the capped cylinder's parallel rule (tolerances.hpp): a direction within this
/// sine of the axis is taken as parallel to it.
constexpr Real kParallelSine = 1e-6L;

class SummaryPrinter : public ::testing::Environment {
public:
    void TearDown() override {
        if (summaryRows().empty()) {
            return;
        }
        // Lines tagged "precision:" are collected by scripts/test.sh into the run's closing report.
        std::printf("\n==== pickray differential test: measured worst errors, in u·scale (u = 2^-24) ====\n");
        RayStats::printHeader("precision: ");
        for (const std::string& row : summaryRows()) {
            std::printf("precision: %s\n", row.c_str());
        }
        std::printf(
            "bounds: each error within limit·u·scale, scale from the case's own magnitudes (the per-test "
            "\"precision:\" lines give limit and scale; the limit is 1 for all of them)\n"
            "tangnt: ray cases skipped as near-tangent; disagr: largest margin/size among skipped cases where the "
            "library disagrees\n");
    }
};
[[maybe_unused]] ::testing::Environment* const kSummary = ::testing::AddGlobalTestEnvironment(new SummaryPrinter);

// ---- The ray comparison -------------------------------------------------------------------------

void checkRay(RayStats& st, const ShapeCase& sc, const pickray::Ray& ray, Rng& rng) {
    const pickref::Solid& solid = *sc.solid;
    const pickref::Ray r = {ref(ray.origin), ref(ray.direction)};
    const pickref::Profile profile = solid.profile(r);
    const pickref::RayAnswer want = solid.rayFrom(r, profile);
    const pickref::LineAnswer wantLine = pickref::Solid::lineFrom(profile);
    const Real size = solid.size();
    const Vec unitDir = pickref::normalize(r.direction);
    const Real speed = pickref::length(r.direction);
    const Real kappa = sc.condition;
    const Real rho = sc.curvatureRadius;
    // The magnitudes the routines act on: the origin relative to the shape, the travel to the
    // crossing at t, and the shape's size.
    const Real reach = pickref::length(r.origin - solid.position()) + size;
    const auto magnitudes = [&](Real t) { return reach + std::fabs(t) * speed; };
    // A crossing's point error: the double stage moved along the ray by 1/sine of the incidence.
    const auto doubleStage = [&](Real t, Real sine) {
        return (kDoubleStage + kReferenceStage) * kappa * magnitudes(t) / sine;
    };
    const auto spanScale = [&](Real t, Real sine) { return std::fabs(t) * speed + doubleStage(t, sine); };
    // Drawn unconditionally, so that the generated cases never depend on the library's answers.
    static constexpr std::array<Real, 4> kFactors{0.5L, 0.999L, 1.001L, 2.0L};
    const Real tMaxFactor = kFactors[static_cast<std::size_t>(rng.index(4))];

    const std::optional<pickray::RayHit> hit = sc.raycast(ray, pickray::kInfinity);
    const std::optional<pickray::LineSpan> span = sc.intersectLine(ray);
    ++st.cases;
    const auto where = [&] { return sc.description + " " + describe(ray); };

    // The contract of every hit and span.
    if (hit) {
        const bool ok = std::isfinite(hit->t) && finite(hit->point) && finite(hit->normal) && hit->t >= 0.0f;
        if (!ok) {
            ++st.contract;
            st.report("malformed hit",
                      where() + " -> t " + str(hit->t) + " point " + str(hit->point) + " normal " + str(hit->normal));
        } else {
            const Real tTravel = ref(hit->t) * speed;
            st.hitForm.check(pickref::length(ref(hit->point) - (r.origin + ref(hit->t) * r.direction)),
                             (norm(hit->point) + tTravel) * (1 + 2 * kU), st.report,
                             [&] { return where() + " -> t " + str(hit->t) + " point " + str(hit->point); });
            st.normalLength.check(std::fabs(norm(hit->normal) - 1), 1 + kDoubleStage, st.report,
                                  [&] { return where() + " -> normal " + str(hit->normal); });
        }
    }
    if (span && (std::isnan(span->enter) || std::isnan(span->exit) || span->enter > span->exit)) {
        ++st.contract;
        st.report("malformed span", where() + " -> [" + str(span->enter) + ", " + str(span->exit) + "]");
    }

    // Hit or miss. The library decides in double on exact float inputs, so only its double stage
    // can turn an answer: it moves the geometry by at most 2^-23·u·κ times the magnitudes (about the
    // crossing, or the closest approach, |t·direction| <= reach: 2·reach). The reference's margin is
    // off by kMarginSearch·size (κ for the oriented box's local search). Within the parallel rule
    // the library turns the direction by up to its sine, moving the line near the shape by that
    // times reach. Cases with a smaller margin are not judged for hit or miss.
    Real threshold = kU * kDoubleStage * kappa * 2 * reach + kMarginSearch * kappa * size;
    const Real axisLength = pickref::length(sc.parallelAxis);
    if (axisLength > 0 &&
        pickref::length(pickref::cross(unitDir, sc.parallelAxis)) <= kParallelSine * (1 + kU) * axisLength) {
        threshold += kParallelSine * reach;
    }
    const bool rayCompared = !want.ambiguous && want.margin > threshold;
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
            std::snprintf(buf, sizeof buf, " (margin %.3Lg = %.3Lg x size, threshold %.3Lg)", want.margin,
                          want.margin / size, threshold);
            st.report(
                want.hit ? "MISSED hit" : "FALSE hit",
                where() +
                    (want.hit ? " reference t " + str(static_cast<float>(want.t)) + fmtPoint(" point ", want.point)
                              : " library t " + str(hit->t) + " point " + str(hit->point)) +
                    buf);
        }
    }
    const bool lineCompared = !wantLine.ambiguous && wantLine.margin > threshold;
    if (!lineCompared) {
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
            st.report(wantLine.meets ? "MISSED line" : "FALSE line",
                      where() + (span ? " library [" + str(span->enter) + ", " + str(span->exit) + "]" : "") +
                          (wantLine.meets ? buf : ""));
        }
    }

    if (hit && rayCompared && finite(hit->point)) {
        const Vec libPoint = ref(hit->point);
        const Real libT = ref(hit->t);
        const auto got = [&] {
            return where() + " -> t " + str(hit->t) + " point " + str(hit->point) + " normal " + str(hit->normal);
        };
        st.residual.check(
            solid.surfaceDistance(libPoint),
            kappa * (pickref::length(libPoint) + (kDoubleStage + kReferenceStage) * kappa * magnitudes(libT)),
            st.report, got);
        if (want.hit) {
            const Real sine = solid.incidenceSine(want.point, unitDir);
            if (sine > kSin1Degree) {
                st.point.check(pickref::length(libPoint - want.point),
                               pickref::length(want.point) + doubleStage(want.t, sine), st.report,
                               [&] { return got() + fmtPoint(", reference ", want.point); });
            }
            // The reference normal is taken where the library's t puts the hit, origin + t·direction
            // in long double: not at the float-rounded hit.point, whose rounding would tilt a small
            // shape's normal by more than the bound by itself. Away from creases: the reference's
            // stencil, h = kStencil·size along each axis, must stay on the crease's one side (its
            // regions' boundaries lie at least a distance/√2 from a point on a face, and κ times
            // nearer in an oriented box's local space), and so must the points between the
            // library's double t and its float t (a span end's error apart).
            const Vec libHit = r.origin + libT * r.direction;
            const Real h = kStencil * size;
            const Real guard = 2 * kappa * (h + kU * spanScale(libT, std::max(sine, kSin1Degree)));
            const auto clear = [&](Vec p) {
                const Real crease = solid.seamDistance(p);
                const Real curvature = sc.curvatureSeam ? sc.curvatureSeam(p) : kInf;
                return (std::isinf(crease) || crease > guard) && curvature > 2 * h;
            };
            if (clear(want.point) && clear(libHit)) {
                const Vec wantNormal = solid.normal(libHit, r.direction);
                const Real angle = pickref::angleDegrees(ref(hit->normal), wantNormal) * kRadiansPerDegree;
                const Real curved =
                    std::isinf(rho) ? 0 : (std::fabs(libT) * speed + kDoubleStage * magnitudes(libT)) / rho;
                // The stencil's roundings: each SDF value errs by 16 epsilon of the magnitudes
                // (kReferenceStage), a difference of two over 2h.
                const Real stencil = (std::isinf(rho) ? 0 : (h / rho) * (h / rho) / kU) +
                                     kReferenceStage * (pickref::length(libHit) + reach) / h;
                st.normal.check(angle, 1 + curved + kDoubleStage * kappa + stencil, st.report,
                                [&] { return got() + fmtPoint(", reference ", wantNormal); });
            }
            // tMax: a hit exactly when the reference's t is within it. The library compares its
            // float t with tMax: judged where the reference's t is farther from tMax than the
            // library's t can be (a span end's error) plus the rounding of t itself (u·|t|).
            const float tMax = static_cast<float>(want.t * tMaxFactor);
            const Real tMaxGap = std::fabs(want.t - ref(tMax)) * speed;
            if (sine > 0 && tMaxGap > kU * (spanScale(want.t, sine) + std::fabs(want.t) * speed)) {
                const auto limited = sc.raycast(ray, tMax);
                if (limited.has_value() != (want.t <= ref(tMax)) || (limited && limited->t > tMax)) {
                    ++st.tMaxWrong;
                    st.report("tMax", str(tMax) + ": " + where() + " reference t " + str(static_cast<float>(want.t)) +
                                          (limited ? " library t " + str(limited->t) : " library: no hit"));
                }
            }
            if (sc.raycast(ray, -1.0f).has_value()) {
                ++st.contract;
                st.report("hit with tMax < 0", where());
            }
        }
    }

    if (span && wantLine.meets && lineCompared) {
        const std::array<std::pair<float, Real>, 2> ends{{{span->enter, wantLine.enter}, {span->exit, wantLine.exit}}};
        const auto got = [&] {
            char buf[120];
            std::snprintf(buf, sizeof buf, " reference span [%.12Lg, %.12Lg]", wantLine.enter, wantLine.exit);
            return where() + " -> [" + str(span->enter) + ", " + str(span->exit) + "]" + buf;
        };
        for (const auto& [libT, refT] : ends) {
            if (!std::isfinite(refT) || !std::isfinite(libT)) {
                if (ref(libT) != refT) {
                    ++st.spanEndWrong;
                    st.report("span end", got());
                }
                continue;
            }
            const Vec want3 = r.origin + refT * r.direction;
            const Real sine = solid.incidenceSine(want3, unitDir);
            if (sine > kSin1Degree) {
                st.span.check(pickref::length(r.origin + ref(libT) * r.direction - want3), spanScale(refT, sine),
                              st.report, got);
            }
        }
    }
}

// ---- Ray generation -----------------------------------------------------------------------------

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
    const glm::dvec3 surface = rc.surface(rng);
    return rc.center + (surface - rc.center) * rng.uniform(0.0, 0.999);
}

pickray::Ray makeRay(Rng& rng, const pickref::Solid& solid, const RayRecipe& rc) {
    const double R = rc.radius;
    const glm::dvec3 c = rc.center;
    const auto outsideOrigin = [&] { return c + rng.unitTimes(R, 1.0, 50.0); };
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
            const glm::dvec3 u = rng.unit();
            target += u * (2 * R * std::pow(10.0, rng.uniform(-7.0, -2.0)));
        }
        dir = target - origin;
    } else if (kind < 0.60) {  // from inside
        origin = insidePoint(rng, solid, rc);
        dir = rng.unit();
    } else if (kind < 0.70 && glm::length(rc.axis) > 0) {  // parallel to the axis (exactly, if it is a coordinate axis)
        const glm::dvec3 perp = rng.perpendicular(rc.axis);
        const double off = rc.cross * rng.uniform(0.0, 1.6);
        origin = c + perp * off + rc.axis * (R * rng.uniform(-3.0, 3.0));
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
        const double nudgeSign = rng.sign();
        const double lambda = lo * (1 + nudgeSign * std::pow(10.0, rng.uniform(-7.0, -2.0)));
        const double back = R * rng.logUniform(1.05, 20.0);
        origin = c + w * lambda - u * (back * (rng.chance(0.85) ? 1 : -1));
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

}  // namespace

void pickdiff::runShape(const ShapeRow& row) {
    RayStats st(row.name);
    Rng rng(row.seed);
    for (int i = 0; i < scaled(row.count); ++i) {
        const ShapeCase sc = row.make(rng);
        std::optional<pickray::Ray> ray = sc.ownRay ? sc.ownRay(rng) : std::nullopt;
        if (!ray) {
            ray = makeRay(rng, *sc.solid, sc.recipe);
        }
        checkRay(st, sc, *ray, rng);
        if (sc.after) {
            sc.after(*ray, rng, st);
        }
    }
    if (row.finish) {
        row.finish(st);
    }
    st.finish();
}
