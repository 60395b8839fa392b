// SPDX-License-Identifier: MIT
#pragma once
// The ray half of the differential test: its statistics and bounds (RayStats), and the table's
// row type (ShapeRow, ShapeCase), shared by the test body (differential_test.cpp) and the table
// of shapes (shape_table_test.cpp).

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <gtest/gtest.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <pickray/collision.hpp>

#include "differential/differential.hpp"

namespace pickdiff {

// ---- Shapes as text -----------------------------------------------------------------------------

inline std::string describe(const pickray::Sphere& s) { return "Sphere{" + str(s.center) + ", " + str(s.radius) + "}"; }
inline std::string describe(const pickray::Capsule& c) {
    return "Capsule{" + str(c.a) + ", " + str(c.b) + ", " + str(c.radius) + "}";
}
inline std::string describe(const pickray::Cylinder& c) {
    return "Cylinder{" + str(c.a) + ", " + str(c.b) + ", " + str(c.radius) + "}";
}
inline std::string describe(const pickray::InfiniteCylinder& c) {
    return "InfiniteCylinder{" + str(c.a) + ", " + str(c.b) + ", " + str(c.radius) + "}";
}
inline std::string describe(const pickray::Aabb& b) { return "Aabb{" + str(b.min) + ", " + str(b.max) + "}"; }
inline std::string describe(const pickray::OrientedBox& b) {
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
inline std::string describe(const pickray::Ray& r) { return "Ray{" + str(r.origin) + ", " + str(r.direction) + "}"; }
inline std::string fmtPoint(const char* label, Vec v) { return std::string(label) + str(v); }

// ---- Statistics ---------------------------------------------------------------------------------

struct RayStats : TestStats {
    using TestStats::TestStats;

    long refHits = 0;
    long refMisses = 0;
    long nearTangent = 0;  // ray cases not compared for hit/miss
    long wrongHitMiss = 0;
    long lineCompared = 0;
    long wrongLine = 0;
    long spanEndWrong = 0;  // an infinite span end where the reference has a finite one, or back
    long tMaxWrong = 0;
    /// Headroom of the hit/miss rule: the largest margin (in units of size) among the skipped
    /// near-tangent rays and lines where the library disagrees with the reference.
    Real maxDisagreeMargin = 0;
    std::map<std::string, long> counts;  // a shape's own checks (see the table)

    // The library's hit point against its own t: point = float(origin + t·direction in double), t
    // = float(that double t). Rounding the point moves it by u·|point|, rounding t moves
    // origin + t·direction by u·|t·direction|; the rest is second order (the scale's 1 + 2u).
    Bound hitForm{"hit point vs its t", "(|point| + |t·d|)·(1 + 2u)", 1};
    // The normal's length: the double unit vector (a few roundings of 2^-53) rounded to float, u a
    // component relative to it.
    Bound normalLength{"normal length - 1", "1 + 2^-23", 1};
    // The library's hit point on the surface, at any angle: the point's rounding (u·|point|) and the
    // double stage move it off the surface by no more than they move it, and a t error along a
    // tangent ray leaves the surface only to second order, so no sine divides here. The oriented
    // box's surface distance is the local one times ‖M‖_F (reference.hpp), at most κ times the
    // world distance.
    Bound residual{"hit point off surface", "κ·(|point| + 2^-23·κ·S)", 1};
    // The hit point against the reference's: hit.point rounds origin + t·direction (double) once,
    // u·|point|. Before it the double stage errs by 2^-23·u·κ·S, S = |origin − position| +
    // |t·direction| + size, moved along the ray by 1/sine of the incidence (a crossing's
    // conditioning; κ = ‖M‖_F·‖M⁻¹‖_F for the oriented box, whose local ray carries its inverse).
    // The reference's own root finding adds kReferenceStage to 2^-23 here and in the residual.
    Bound point{"hit point", "|point| + 2^-23·κ·S/sin", 1};
    // A span end, as the point origin + t·direction formed exactly from the library's float t: t
    // is rounded once (u·|t·direction|) after the same double stage.
    Bound span{"span end", "|t·d| + 2^-23·κ·S/sin", 1};
    // The normal: formed in double at the library's double t and rounded to float (u radians). The
    // reference's is taken at origin + t·direction with the float t, up to u·|t·direction| away,
    // which turns a curved surface's normal by that over ρ, its radius of curvature. The double
    // stage's error over ρ (κ for a box face's cofactor row) adds to it, and so does the
    // reference's central difference of step h: exact to (h/ρ)² where the SDF is smooth on its
    // stencil, and off by its SDF values' rounding (16ε of the magnitudes each) over h.
    Bound normal{"normal (rad)", "1 + |t·d|/ρ + 2^-23·(κ + S/ρ) + reference's (h/ρ)²/u + 16ε·S/(h·u)", 1};

    void finish() {
        char row[512];
        std::snprintf(row, sizeof row,
                      "%-17s %7ld %7ld %7ld %6ld %8.1Le | %4ld %4ld | %7ld %7.3Lf | %7ld %7.3Lf | %7ld %7.3Lf | "
                      "%7.3Lf | %5ld %4ld | %8.0f",
                      name, cases, refHits, refMisses, nearTangent, maxDisagreeMargin, wrongHitMiss, wrongLine,
                      point.checks, point.worst, span.checks, span.worst, normal.checks, normal.worst, residual.worst,
                      tMaxWrong, contract + spanEndWrong, msSince(start));
        summaryRows().push_back(row);
        printHeader();
        std::printf("%s\n", row);
        for (const Bound* b : {&point, &span, &normal, &residual, &hitForm, &normalLength}) {
            b->print(name);
            b->expect(name);
        }
        EXPECT_EQ(wrongHitMiss, 0) << name << ": raycast hit/miss differs from the reference";
        EXPECT_EQ(wrongLine, 0) << name << ": intersectLine span/no span differs from the reference";
        EXPECT_EQ(spanEndWrong, 0) << name << ": a span end infinite on one side only";
        EXPECT_EQ(tMaxWrong, 0) << name << ": tMax not honoured";
        EXPECT_EQ(contract, 0) << name << ": contract violations";
        // The comparison must not be vacuous.
        EXPECT_GT(refHits, cases / 10) << name;
        EXPECT_GT(refMisses, cases / 10) << name;
        EXPECT_GT(point.checks, cases / 10) << name;
        EXPECT_GT(span.checks, cases / 10) << name;
        EXPECT_GT(normal.checks, cases / 20) << name;
        EXPECT_LT(nearTangent, cases / 3) << name;
    }

    static void printHeader(const char* prefix = "") {
        std::printf("%s%-17s %7s %7s %7s %6s %8s | %4s %4s | %7s %7s | %7s %7s | %7s %7s | %7s | %5s %4s | %8s\n",
                    prefix, "shape", "cases", "hits", "misses", "tangnt", "disagr", "wHit", "wLin", "ptChk", "pt(u)",
                    "lnChk", "span(u)", "nrmChk", "nrm(u)", "res(u)", "wTmax", "ctr", "ms");
    }
};

// ---- One shape of the table ---------------------------------------------------------------------

/// How to aim rays at one shape.
struct RayRecipe {
    glm::dvec3 center;                        // bounding-sphere centre (a point inside the solid)
    double radius = 0;                        // bounding radius
    double cross = 0;                         // radius of the cross-section (for rays parallel to the axis)
    glm::dvec3 axis{0};                       // unit axis, or zero
    std::function<glm::dvec3(Rng&)> seam;     // a point on a crease (or anywhere on a smooth surface)
    std::function<glm::dvec3(Rng&)> surface;  // a point on the surface
};

/// One random shape: the library's queries on it (type-erased), its reference solid, and what the
/// bounds need to know of it.
struct ShapeCase {
    std::string description;
    std::function<std::optional<pickray::RayHit>(const pickray::Ray&, float)> raycast;
    std::function<std::optional<pickray::LineSpan>(const pickray::Ray&)> intersectLine;
    std::unique_ptr<pickref::Solid> solid;
    RayRecipe recipe;
    Real curvatureRadius = kInf;  // ρ: the smallest radius of curvature of its curved faces
    Real condition = 1;           // κ: ‖M‖_F·‖M⁻¹‖_F for the oriented box
    Vec parallelAxis;             // the axis of the parallel rule (capsule, capped cylinder), or zero
    /// Distance to where the SDF's curvature jumps without a crease (the capsule's seam circles):
    /// the reference's central difference is off by up to h/(4ρ) where its stencil straddles one.
    std::function<Real(Vec)> curvatureSeam;
    /// A ray of the shape's own (or none: makeRay's), drawn before makeRay's.
    std::function<std::optional<pickray::Ray>(Rng&)> ownRay;
    /// The shape's own checks, after the common ones.
    std::function<void(const pickray::Ray&, Rng&, RayStats&)> after;
};

template <class Shape>
inline void setShape(ShapeCase& c, const Shape& shape) {
    c.description = describe(shape);
    c.raycast = [shape](const pickray::Ray& r, float tMax) { return pickray::raycast(r, shape, tMax); };
    c.intersectLine = [shape](const pickray::Ray& r) { return pickray::intersectLine(r, shape); };
}

/// A row of the table: one TEST's shapes.
struct ShapeRow {
    const char* name;
    std::uint32_t seed;
    int count;
    ShapeCase (*make)(Rng&);
    void (*finish)(RayStats&) = nullptr;  // the shape's own summary and expectations
};

/// The one test body of the ray tests: `row.count` random shapes from `row.make`, a ray each
/// (differential_test.cpp).
void runShape(const ShapeRow& row);

}  // namespace pickdiff
