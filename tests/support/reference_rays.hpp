// SPDX-License-Identifier: MIT
#pragma once
// pickray's ray answers judged against the independent long-double reference (tests/reference/,
// which shares no code with engine/), as the differential test (tests/differential/) does, with
// tolerances of their own derived for the float answers:
//   * hit or miss: judged only where the reference's margin (its distance from tangency, a lower
//     bound in world units) is at least 1e-4·size (a fixed conditioning cut; size: the
//     diameter of the solid's bounding sphere) and at least 2^-24·scale, and the reference does
//     not call the case ambiguous. scale = 1 + |origin| + |position| + size + |reference point|
//     (position: the bounding sphere's centre).
//   * the hit's t (and a span's ends), as a point: |origin + t·direction − the reference's point|
//     within 4·2^-24·scale where the ray crosses the surface more than 1° from tangent. The
//     library works in double and rounds t to float once: that moves the point by at most
//     2^-24·|point − origin| <= 2^-24·scale; the factor 4 leaves room for the double arithmetic
//     before it.
//   * the normal (when the library gives one): within 2^-24·(4 + 2·(|origin| + 2·|point|)/ρ)
//     radians of the reference's normal where the library's t puts the hit (origin + t·direction
//     exactly), farther than 1e-3·size from a crease; ρ: the smallest curvature radius of the
//     shape's curved faces (infinite for boxes). The library forms the normal from its float
//     point, origin + t·direction with t·direction rounded (2^-24·|t·direction| <= 2^-24·(|origin|
//     + |point|) a coordinate) and the sum rounded (2^-24·|point|): on a face of curvature radius
//     ρ that moves the point by up to √3·2^-24·(|origin| + 2·|point|) and tilts the normal by that
//     over ρ. Rounding the unit normal to float adds 2^-24 a component.
//   * a finite tMax: judged only where the reference's t is more than 4 point tolerances from it.
//   * rays within the parallel rule of a capped cylinder's or capsule's axis are not judged
//     (underParallelRule).
// Cases outside the reference's domain (below) are counted, not judged.
//
// A binary that uses this header links pickray_reference (tests/CMakeLists.txt).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include <gtest/gtest.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "../reference/reference.hpp"
#include "pickray/collision.hpp"

namespace pickray::test {

inline pickref::Vec toReference(glm::vec3 v) {
    return {static_cast<pickref::Real>(v.x), static_cast<pickref::Real>(v.y), static_cast<pickref::Real>(v.z)};
}
inline pickref::Ray toReference(const Ray& r) { return {toReference(r.origin), toReference(r.direction)}; }

/// Parameters up to 1e30: far beyond any scene, and far enough below FLT_MAX (3.4e38) that no hit
/// point the reference finds for them overflows float (the contract makes those misses).
inline bool inReferenceRange(glm::vec3 v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::fabs(v.x) <= 1e30f &&
           std::fabs(v.y) <= 1e30f && std::fabs(v.z) <= 1e30f;
}
inline bool inReferenceRange(float v) { return std::isfinite(v) && std::fabs(v) <= 1e30f; }

/// A shape as the reference sees it: its solid (nothing outside the reference's domain), and for
/// the capped cylinder and the capsule the axis, whose parallel rule the reference's solids do
/// not follow (see ReferenceComparison::underParallelRule).
struct ReferenceShape {
    std::unique_ptr<pickref::Solid> solid;
    pickref::Vec axis{};  // zero: no parallel rule
    /// The smallest curvature radius of its curved faces (infinite for boxes), for the normal tolerance.
    pickref::Real curvatureRadius = std::numeric_limits<pickref::Real>::infinity();
    explicit operator bool() const { return solid != nullptr; }
};

/// The reference solid of a shape, or nothing outside the reference's domain: non-finite or huge
/// parameters, radius <= 0, a cylinder of zero length, an inverted box or one flat on two axes,
/// and an oriented box whose transform is not affine or singular. (What the library does there is
/// its own tests' business: tests/collision/test_invalid_input.cpp and the batch tests.)
inline ReferenceShape referenceSolid(const Sphere& s) {
    if (!inReferenceRange(s.center) || !inReferenceRange(s.radius) || !(s.radius > 0)) return {};
    return {std::make_unique<pickref::SphereSolid>(toReference(s.center), s.radius), {}, s.radius};
}
/// Two points and a radius in range, the radius positive (the capsule's and the cylinders').
inline bool inReferenceDomain(glm::vec3 p, glm::vec3 q, float radius) {
    return inReferenceRange(p) && inReferenceRange(q) && inReferenceRange(radius) && radius > 0;
}
/// The capsule's or the capped cylinder's solid, with its axis a to b for the parallel rule.
template <class Solid, class Shape>
ReferenceShape withAxis(const Shape& c) {
    return {std::make_unique<Solid>(toReference(c.a), toReference(c.b), c.radius), toReference(c.b) - toReference(c.a),
            c.radius};
}
inline ReferenceShape referenceSolid(const Capsule& c) {
    if (!inReferenceDomain(c.a, c.b, c.radius)) return {};
    return withAxis<pickref::CapsuleSolid>(c);
}
inline ReferenceShape referenceSolid(const Cylinder& c) {
    if (!inReferenceDomain(c.a, c.b, c.radius) || c.a == c.b) return {};
    return withAxis<pickref::CylinderSolid>(c);
}
inline ReferenceShape referenceSolid(const InfiniteCylinder& c) {
    if (!inReferenceDomain(c.a, c.b, c.radius) || c.a == c.b) return {};
    // The reference's infinite cylinder follows the parallel rule itself.
    return {
        std::make_unique<pickref::InfiniteCylinderSolid>(toReference(c.a), toReference(c.b), c.radius), {}, c.radius};
}
inline bool inReferenceDomain(const Aabb& b) {
    if (!inReferenceRange(b.min) || !inReferenceRange(b.max)) return false;
    int flat = 0;
    for (int k = 0; k < 3; ++k) {
        if (!(b.min[k] <= b.max[k])) return false;
        flat += b.min[k] == b.max[k] ? 1 : 0;
    }
    return flat <= 1;
}
inline ReferenceShape referenceSolid(const Aabb& b) {
    if (!inReferenceDomain(b)) return {};
    return {std::make_unique<pickref::BoxSolid>(pickref::Box{toReference(b.min), toReference(b.max)})};
}
inline ReferenceShape referenceSolid(const OrientedBox& b) {
    if (!inReferenceDomain(b.local)) return {};
    const glm::mat4& w = b.toWorld;
    if (w[0][3] != 0 || w[1][3] != 0 || w[2][3] != 0 || w[3][3] != 1) return {};  // not affine
    std::array<std::array<pickref::Real, 3>, 3> m{};
    for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) {
            if (!inReferenceRange(w[col][row])) return {};
            m[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = w[col][row];
        }
    }
    if (!inReferenceRange(glm::vec3(w[3]))) return {};
    auto solid = std::make_unique<pickref::OrientedBoxSolid>(
        pickref::Box{toReference(b.local.min), toReference(b.local.max)}, m, toReference(glm::vec3(w[3])));
    if (solid->singular()) return {};
    return {std::move(solid)};
}
/// A prepared box marked invalid never hits, whatever its box (the routine trusts the flag): not
/// the reference's business. One whose box changed after preparing is judged by its box only if
/// that box is still in the domain (the batch cases change it to NaN or inverted bounds).
inline ReferenceShape referenceSolid(const PreparedOrientedBox& b) {
    if (!b.valid) return {};
    return referenceSolid(b.box);
}
/// The held kind's reference solid.
template <typename... Kinds>
ReferenceShape referenceSolid(const std::variant<Kinds...>& shape) {
    return std::visit([](const auto& s) { return referenceSolid(s); }, shape);
}

/// A ray the reference can judge: finite, within range, |direction|² (in long double) at least 4
/// times FLT_MIN and at most FLT_MAX / 4. Rays nearer the edges of validity are left to the
/// library's own tests, where float rounding of |direction|² decides (tests/collision/test_batch.cpp).
inline bool inReferenceDomain(const Ray& ray) {
    if (!inReferenceRange(ray.origin) || !inReferenceRange(ray.direction)) return false;
    const pickref::Vec d = toReference(ray.direction);
    const pickref::Real dd = pickref::dot(d, d);
    return dd >= 4 * static_cast<pickref::Real>(std::numeric_limits<float>::min()) &&
           dd <= static_cast<pickref::Real>(std::numeric_limits<float>::max()) / 4;
}

/// Counts of one comparison with the reference, and its measured worst errors.
class ReferenceComparison {
public:
    using Real = pickref::Real;
    static constexpr Real kPointUlps = 4;       // point tolerance: kPointUlps·2^-24·scale (header)
    static constexpr Real kTangentRel = 1e-4L;  // hit/miss judged for margins >= 1e-4·size
    static constexpr Real kSeamRel = 1e-3L;     // normals judged farther than 1e-3·size from a crease
    static constexpr Real kSin1Degree = 0.0174524064372835128194189785163161L;

    explicit ReferenceComparison(std::string name) : name_(std::move(name)) {}

    /// One answer of raycast (or raycastT): `t` (nothing for a miss) and, if it gave one, the hit's
    /// normal, for `ray` against `shape` under `tMax`. `describeShape` is called for reports only.
    void check(const Ray& ray, const ReferenceShape& shape, std::optional<float> t, float tMax = INFINITY,
               std::optional<glm::vec3> normal = std::nullopt, const std::function<std::string()>& describeShape = {}) {
        if (!judged(cases_, ray, shape, describeShape, !std::isnan(tMax) && tMax >= 0)) return;
        const pickref::Solid& solid = *shape.solid;
        const pickref::Ray r = toReference(ray);
        const pickref::RayAnswer want = solid.ray(r);
        const Real size = solid.size();
        const Real scale = scaleOf(r, solid, want.hit ? pickref::length(want.point) : 0);
        const Real tol = kPointUlps * std::ldexp(scale, -24);
        if (nearTangency(want.ambiguous, want.margin, size, scale)) return;
        if (want.hit && std::isfinite(tMax) && std::fabs(want.t - tMax) * pickref::length(r.direction) <= 4 * tol) {
            ++atTMax_;
            return;
        }
        const bool wantHit = want.hit && want.t <= tMax;
        ++(wantHit ? hits_ : misses_);
        if (t.has_value() != wantHit) {
            ++wrong_;
            report(std::string(wantHit ? "missed hit" : "false hit") + " at reference t " + show(want.t) +
                   (t ? ", library t " + show(*t) : std::string()) + ": " + describe(ray, tMax));
            return;
        }
        if (!t) return;
        const Real got = *t;
        if (solid.incidenceSine(want.point, pickref::normalize(r.direction)) > kSin1Degree) {
            judgePoint(pickref::length(r.origin + got * r.direction - want.point) / tol, "t", got, want.t, ray, tMax);
        }
        const pickref::Vec libHit = r.origin + got * r.direction;
        if (normal && solid.seamDistance(want.point) > kSeamRel * size &&
            solid.seamDistance(libHit) > kSeamRel * size) {
            const Real radians = pickref::angleDegrees(toReference(*normal), solid.normal(libHit, r.direction)) *
                                 (3.1415926535897932384626433832795L / 180);
            const Real ulps = 0x1p24L * radians;  // in units of 2^-24 rad
            const Real allowed =
                4 + 2 * (pickref::length(r.origin) + 2 * pickref::length(libHit)) / shape.curvatureRadius;
            ++normalChecks_;
            worstNormal_ = std::max(worstNormal_, ulps);
            worstNormalRatio_ = std::max(worstNormalRatio_, ulps / allowed);
            if (!(ulps <= allowed)) {
                ++normalFails_;
                report("normal " + show(radians) + " rad off (tolerance " + show(std::ldexp(allowed, -24)) +
                       "): " + describe(ray, tMax));
            }
        }
    }

    /// One answer of intersectLine: the span (nothing: no span) of the whole line, judged as hit or
    /// miss above, and each finite end as a hit point.
    void checkLine(const Ray& ray, const ReferenceShape& shape, std::optional<LineSpan> span,
                   const std::function<std::string()>& describeShape = {}) {
        if (!judged(lineCases_, ray, shape, describeShape)) return;
        const pickref::Solid& solid = *shape.solid;
        const pickref::Ray r = toReference(ray);
        const pickref::LineAnswer want = solid.line(r);
        const Real size = solid.size();
        const Real farEnd =
            want.meets ? std::max(std::isfinite(want.enter) ? pickref::length(r.origin + want.enter * r.direction) : 0,
                                  std::isfinite(want.exit) ? pickref::length(r.origin + want.exit * r.direction) : 0)
                       : 0;
        const Real scale = scaleOf(r, solid, farEnd);
        const Real tol = kPointUlps * std::ldexp(scale, -24);
        if (nearTangency(want.ambiguous, want.margin, size, scale)) return;
        ++(want.meets ? lineMeets_ : lineMisses_);
        if (span.has_value() != want.meets) {
            ++wrong_;
            report(std::string(want.meets ? "missed span" : "false span") + ": " + describe(ray, INFINITY));
            return;
        }
        if (!span) return;
        const pickref::Vec unit = pickref::normalize(r.direction);
        for (const auto& [got, end] : {std::pair{span->enter, want.enter}, std::pair{span->exit, want.exit}}) {
            if (!std::isfinite(end) || !std::isfinite(got)) {
                // Only an infinite cylinder's line parallel to its axis has infinite ends.
                if (static_cast<Real>(got) != end) {
                    ++pointFails_;
                    report("span end " + show(got) + ", reference " + show(end) + ": " + describe(ray, INFINITY));
                }
                continue;
            }
            const pickref::Vec at = r.origin + end * r.direction;
            if (solid.incidenceSine(at, unit) <= kSin1Degree) continue;
            const Real ratio = pickref::length(r.origin + static_cast<Real>(got) * r.direction - at) / tol;
            judgePoint(ratio, "span end", got, end, ray, INFINITY);
        }
    }

    /// Prints the counts and measured worst errors (a line starting "precision: ") and fails on any
    /// wrong answer, or when fewer hits, misses, spans and lines without one were judged than asked:
    /// a comparison that judges nothing must not pass.
    void finish(long minHits, long minMisses, long minLineMeets = 0, long minLineMisses = 0) const {
        std::printf(
            "precision: %s vs long-double reference: %ld rays judged (%ld hits, %ld misses), %ld lines judged (%ld "
            "spans, %ld none); not judged: %ld near tangent, %ld at tMax, %ld under the parallel rule, %ld outside the "
            "domain; wrong: %ld; worst point error %.3Lg x 2^-24*scale over %ld points (tolerance %.0Lf), worst normal "
            "%.3Lg x 2^-24 rad over %ld normals (%.3Lg of its tolerance)\n",
            name_.c_str(), hits_ + misses_, hits_, misses_, lineMeets_ + lineMisses_, lineMeets_, lineMisses_,
            nearTangent_, atTMax_, parallelRule_, outsideDomain_, wrong_ + pointFails_ + normalFails_,
            worstPoint_ * kPointUlps, pointChecks_, kPointUlps, worstNormal_, normalChecks_, worstNormalRatio_);
        EXPECT_EQ(wrong_, 0) << name_ << ": hit/miss differs from the reference";
        EXPECT_EQ(pointFails_, 0) << name_ << ": hit points beyond the tolerance";
        EXPECT_EQ(normalFails_, 0) << name_ << ": normals beyond the tolerance";
        EXPECT_GE(hits_, minHits) << name_ << ": too few hits judged";
        EXPECT_GE(misses_, minMisses) << name_ << ": too few misses judged";
        EXPECT_GE(lineMeets_, minLineMeets) << name_ << ": too few spans judged";
        EXPECT_GE(lineMisses_, minLineMisses) << name_ << ": too few lines without a span judged";
        EXPECT_GE(pointChecks_, (minHits + minLineMeets) / 2) << name_ << ": too few hit points judged";
    }

private:
    /// Counts one case in `cases` and says whether it is judged: not when the shape has no
    /// reference solid, the ray (or, `tMaxValid` false, the tMax) is outside the reference's domain,
    /// or the ray is under the parallel rule, each counted.
    bool judged(long& cases, const Ray& ray, const ReferenceShape& shape,
                const std::function<std::string()>& describeShape, bool tMaxValid = true) {
        describeShape_ = &describeShape;
        ++cases;
        if (!shape || !inReferenceDomain(ray) || !tMaxValid) {
            ++outsideDomain_;
            return false;
        }
        if (underParallelRule(ray, shape)) {
            ++parallelRule_;
            return false;
        }
        return true;
    }
    /// Whether hit or miss is too near tangency to judge (counted so).
    bool nearTangency(bool ambiguous, Real margin, Real size, Real scale) {
        if (ambiguous || margin < tangentThreshold(size, scale)) {
            ++nearTangent_;
            return true;
        }
        return false;
    }
    /// One point of the library's judged against the reference's: `ratio` is their distance in
    /// tolerances; `what`, `got` and `want` (the parameters along the ray) are for the report.
    void judgePoint(Real ratio, const char* what, Real got, Real want, const Ray& ray, float tMax) {
        ++pointChecks_;
        worstPoint_ = std::max(worstPoint_, ratio);
        if (!(ratio <= 1)) {
            ++pointFails_;
            report(std::string(what) + " " + show(got) + ", reference " + show(want) + " (point error " + show(ratio) +
                   " tolerances): " + describe(ray, tMax));
        }
    }
    static Real scaleOf(const pickref::Ray& r, const pickref::Solid& solid, Real pointLength) {
        return 1 + pickref::length(r.origin) + pickref::length(solid.position()) + solid.size() + pointLength;
    }
    /// The margin below which hit or miss is not judged: 1e-4·size (a fixed conditioning cut),
    /// and at least one float spacing of the magnitudes involved, 2^-24·scale: moving the float
    /// inputs by their last bit moves the geometry that much, so nearer tangency than that the
    /// answer is rounding's. (It matters for shapes far smaller than their distance from the
    /// origin, as the batch cases' radii of 1e-38.)
    static Real tangentThreshold(Real size, Real scale) { return std::max(kTangentRel * size, std::ldexp(scale, -24)); }
    /// tolerance::kAxisParallelSine (1e-6): the library takes a direction within that sine of a
    /// capped cylinder's or capsule's axis as parallel to it, which the reference's solids do not.
    /// Such rays, and those up to 4 times that sine (the band the reference's infinite cylinder
    /// leaves ambiguous, where the library's rounding decides), are not judged; exactly parallel
    /// ones are, as the two agree on them.
    static bool underParallelRule(const Ray& ray, const ReferenceShape& shape) {
        const Real axis = pickref::length(shape.axis);
        if (axis == 0) return false;
        const pickref::Vec d = toReference(ray.direction);
        const Real cross = pickref::length(pickref::cross(d, shape.axis));
        return cross != 0 && cross < 4e-6L * pickref::length(d) * axis;  // exactly parallel: both agree
    }
    static std::string show(long double v) {
        char text[40];
        std::snprintf(text, sizeof text, "%.9Lg", v);
        return text;
    }
    static std::string describe(const Ray& ray, float tMax) {
        char text[256];
        std::snprintf(
            text, sizeof text, "ray {%.9g %.9g %.9g} -> {%.9g %.9g %.9g}, tMax %.9g", static_cast<double>(ray.origin.x),
            static_cast<double>(ray.origin.y), static_cast<double>(ray.origin.z), static_cast<double>(ray.direction.x),
            static_cast<double>(ray.direction.y), static_cast<double>(ray.direction.z), static_cast<double>(tMax));
        return text;
    }
    void report(const std::string& what) {
        if (++reported_ > 5) return;
        std::string shape;
        if (*describeShape_) shape = (*describeShape_)();
        ADD_FAILURE() << name_ << ": " << what << " " << shape;
    }

    std::string name_;
    long cases_ = 0, outsideDomain_ = 0, parallelRule_ = 0, nearTangent_ = 0, atTMax_ = 0;
    long hits_ = 0, misses_ = 0, wrong_ = 0, lineCases_ = 0, lineMeets_ = 0, lineMisses_ = 0;
    long pointChecks_ = 0, pointFails_ = 0, normalChecks_ = 0, normalFails_ = 0;
    Real worstPoint_ = 0, worstNormal_ = 0, worstNormalRatio_ = 0;
    int reported_ = 0;
    const std::function<std::string()>* describeShape_ = nullptr;
};

}  // namespace pickray::test
