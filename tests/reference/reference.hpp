// SPDX-License-Identifier: MIT
#pragma once
// An independent reference for pickray's collision queries, used only by the differential test.
//
// It shares no code with engine/ and includes no pickray or GLM header: plain long-double structs
// and a different method.
//   * Every solid is given by its signed distance function (SDF). Along a line p(t) = o + t·d the
//     SDF of a convex solid is a convex function of t, so the reference brackets the line against
//     the solid's bounding sphere, finds the minimum of the SDF along the line by golden-section
//     search, and (if that minimum is <= 0) finds both sign changes by bisection in long double
//     to full precision. Nothing here solves a quadratic or uses the slab method.
//   * The oriented box is not given an SDF in its non-uniformly scaled world space. The ray is
//     moved into the box's local space by a 3x3 inverse computed here in long double, with the
//     direction not normalised (so t is the same in both spaces), and intersected with the local
//     axis-aligned box by the same root finding.
//   * Normals are the normalised gradient of the SDF (central differences in long double).
//   * Closest points between points, segments and lines are brute-force minimisations of the
//     distance, which is convex in the parameters: golden-section search over the parameter(s).
//
// Precision: the inputs are the library's float inputs converted exactly to long double; the
// reference answer is then accurate to roughly 1e-15 relative, far below the test tolerances.

#include <array>
#include <optional>

namespace pickref {

using Real = long double;

struct Vec {
    Real x = 0;
    Real y = 0;
    Real z = 0;
};

[[nodiscard]] inline Vec operator+(Vec a, Vec b) noexcept { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
[[nodiscard]] inline Vec operator-(Vec a, Vec b) noexcept { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
[[nodiscard]] inline Vec operator-(Vec a) noexcept { return {-a.x, -a.y, -a.z}; }
[[nodiscard]] inline Vec operator*(Real s, Vec a) noexcept { return {s * a.x, s * a.y, s * a.z}; }
[[nodiscard]] inline Real dot(Vec a, Vec b) noexcept { return a.x * b.x + a.y * b.y + a.z * b.z; }
[[nodiscard]] inline Vec cross(Vec a, Vec b) noexcept {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
[[nodiscard]] Real length(Vec a) noexcept;
[[nodiscard]] Vec normalize(Vec a) noexcept;
[[nodiscard]] Real maxAbsCoord(Vec a) noexcept;
/// Angle between two non-zero vectors in degrees (atan2 form: accurate for tiny angles).
[[nodiscard]] Real angleDegrees(Vec a, Vec b) noexcept;
/// Exact closest distance from p to segment ab by projection and clamping (used as the inner
/// exact 1-D minimisation of the brute-force searches, and for seam distances).
[[nodiscard]] Real projectToSegmentDistance(Vec p, Vec a, Vec b) noexcept;

struct Ray {
    Vec origin;
    Vec direction;
};

/// What the reference says about the whole line origin + t·direction.
struct LineAnswer {
    bool meets = false;  ///< the closed solid meets the line
    Real enter = 0;      ///< span of t inside the solid (±infinity for an unbounded side)
    Real exit = 0;
    /// How far the line is from being tangent, in world units (a lower bound): |min of the SDF
    /// over the line|. A line with margin m stays a hit (or a miss) under any perturbation of the
    /// inputs that moves the geometry by less than m.
    Real margin = 0;
    /// The reference declines to judge (inside the uncertainty band of a contract tolerance).
    bool ambiguous = false;
};

/// What the reference says about the ray (t >= 0), under pickray's raycast contract.
struct RayAnswer {
    bool hit = false;
    Real t = 0;
    Vec point;
    Vec normal;
    /// Robustness of the hit/miss answer in world units (a lower bound): the smaller of
    /// |min of the SDF over t >= 0| and |SDF at the origin|.
    Real margin = 0;
    bool ambiguous = false;
};

/// Internal result of the root finding, shared by the line and ray answers.
struct Profile {
    bool meets = false;
    Real enter = 0;
    Real exit = 0;
    Real lineMargin = 0;
    Real rayMargin = 0;
    bool ambiguous = false;
};

/// A solid given by a signed distance function. The SDF is convex (all solids here are convex).
class Solid {
public:
    Solid() = default;
    Solid(const Solid&) = default;
    Solid& operator=(const Solid&) = default;
    virtual ~Solid() = default;

    /// Signed distance (negative inside). For the oriented box: a function with the right sign and
    /// the right gradient direction (the local SDF), not a world distance.
    [[nodiscard]] virtual Real sdf(Vec p) const = 0;

    [[nodiscard]] LineAnswer line(const Ray& ray) const;
    [[nodiscard]] RayAnswer ray(const Ray& ray) const;
    /// The full profile (both answers at once, for speed).
    [[nodiscard]] virtual Profile profile(const Ray& ray) const;
    [[nodiscard]] static LineAnswer lineFrom(const Profile& profile) noexcept;
    /// Signed minimum of the SDF over the line (negative: the line meets the solid), in world units
    /// as a lower bound of its magnitude. Cheaper than profile() (no roots); used to generate rays.
    [[nodiscard]] virtual Real lineMinimum(const Ray& ray) const;
    [[nodiscard]] RayAnswer rayFrom(const Ray& ray, const Profile& profile) const;

    /// Outward unit normal at (or next to) the surface point p for a ray along `direction`
    /// (the direction matters only for flat boxes, whose normal faces the ray).
    [[nodiscard]] virtual Vec normal(Vec p, Vec direction) const;
    /// World distance from p to the nearest crease of the surface (cylinder rims, box edges), where
    /// the normal is discontinuous; +infinity for smooth surfaces.
    [[nodiscard]] virtual Real seamDistance(Vec p) const;
    /// |cos| of the angle between the unit direction and the surface normal at p, i.e. the sine of
    /// the angle between the ray and the tangent plane. Near a crease: the smallest over the
    /// surfaces that meet there.
    [[nodiscard]] virtual Real incidenceSine(Vec p, Vec unitDirection) const;
    /// An upper bound of the world distance from p to the surface.
    [[nodiscard]] virtual Real surfaceDistance(Vec p) const;

    /// Characteristic size: diameter of the bounding sphere (2·radius for an infinite cylinder).
    [[nodiscard]] Real size() const noexcept { return size_; }
    /// Reference position of the shape (bounding-sphere centre).
    [[nodiscard]] Vec position() const noexcept { return center_; }

protected:
    Vec center_;  // bounding sphere
    Real radius_ = 0;
    Real size_ = 0;
};

class SphereSolid final : public Solid {
public:
    SphereSolid(Vec center, Real radius);
    [[nodiscard]] Real sdf(Vec p) const override;

private:
    Vec c_;
    Real r_;
};

class CapsuleSolid final : public Solid {
public:
    CapsuleSolid(Vec a, Vec b, Real radius);
    [[nodiscard]] Real sdf(Vec p) const override;

private:
    Vec a_, b_;
    Real r_;
};

/// Capped cylinder; a != b and radius > 0 expected (the library treats the rest as empty).
class CylinderSolid final : public Solid {
public:
    CylinderSolid(Vec a, Vec b, Real radius);
    [[nodiscard]] Real sdf(Vec p) const override;
    [[nodiscard]] Real seamDistance(Vec p) const override;
    [[nodiscard]] Real incidenceSine(Vec p, Vec unitDirection) const override;

private:
    Vec a_, u_;  // u_: unit axis
    Real h_, r_;
};

/// Infinite cylinder around the line p1p2 (p1 != p2). Follows the contract's parallel rule:
/// a line whose direction makes a sine below 1e-6 with the axis is "parallel" (span (-inf, inf)
/// if inside, nothing otherwise; raycast never hits). Sines in [2.5e-7, 4e-6] are reported as
/// ambiguous because the library measures that sine in float.
class InfiniteCylinderSolid final : public Solid {
public:
    InfiniteCylinderSolid(Vec p1, Vec p2, Real radius);
    [[nodiscard]] Real sdf(Vec p) const override;
    [[nodiscard]] Profile profile(const Ray& ray) const override;
    [[nodiscard]] Real lineMinimum(const Ray& ray) const override;

private:
    Vec p1_, u_;
    Real r_;
};

struct Box {
    Vec min;
    Vec max;
};

/// Axis-aligned box. A zero extent on exactly one axis is a flat rectangle (handled by crossing
/// its plane); zero extent on two or more axes is reported as ambiguous (not compared).
class BoxSolid final : public Solid {
public:
    explicit BoxSolid(const Box& box);
    [[nodiscard]] Real sdf(Vec p) const override;
    [[nodiscard]] Profile profile(const Ray& ray) const override;
    [[nodiscard]] Real lineMinimum(const Ray& ray) const override;
    [[nodiscard]] Vec normal(Vec p, Vec direction) const override;
    [[nodiscard]] Real seamDistance(Vec p) const override;
    [[nodiscard]] Real incidenceSine(Vec p, Vec unitDirection) const override;

private:
    Box box_;
    int flatAxis_ = -1;  // the single zero-extent axis, or -1
    int flatCount_ = 0;
};

/// Box placed by an affine map: world = M·local + T. M is 3x3 (rows), T the translation.
class OrientedBoxSolid final : public Solid {
public:
    OrientedBoxSolid(const Box& local, const std::array<std::array<Real, 3>, 3>& m, Vec translation);
    [[nodiscard]] Real sdf(Vec p) const override;
    [[nodiscard]] Profile profile(const Ray& ray) const override;
    [[nodiscard]] Real lineMinimum(const Ray& ray) const override;
    [[nodiscard]] Real seamDistance(Vec p) const override;
    [[nodiscard]] Real incidenceSine(Vec p, Vec unitDirection) const override;
    [[nodiscard]] Real surfaceDistance(Vec p) const override;
    [[nodiscard]] bool singular() const noexcept { return singular_; }
    /// ‖M‖_F·‖M⁻¹‖_F: at least the condition number of M (the ratio of its extreme singular values).
    [[nodiscard]] Real conditionNumber() const noexcept { return normM_ * normInv_; }

private:
    [[nodiscard]] Vec toLocal(Vec p) const;
    [[nodiscard]] Vec toLocalDirection(Vec d) const;
    [[nodiscard]] Vec toWorld(Vec p) const;
    [[nodiscard]] Vec normalToWorld(Vec n) const;

    Box local_;
    BoxSolid localSolid_;
    std::array<std::array<Real, 3>, 3> m_{};
    std::array<std::array<Real, 3>, 3> inv_{};
    Vec t_;
    Real normM_ = 0;    // Frobenius norms: ‖M‖ >= largest singular value,
    Real normInv_ = 0;  // 1/‖M⁻¹‖ <= smallest singular value
    bool singular_ = false;
    std::array<Vec, 8> corners_{};
};

// ---- Closest points, by brute-force minimisation ----------------------------------------------

struct ClosestPair {
    Real distance = 0;
    Real t1 = 0;  ///< parameter on the first argument
    Real t2 = 0;  ///< parameter on the second argument
    Vec p1;
    Vec p2;
};

/// Distance from p to segment ab: golden-section search of |p − (a + t(b − a))| over t in [0, 1].
[[nodiscard]] ClosestPair pointSegment(Vec p, Vec a, Vec b);
/// Distance from p to the line point + t·direction (a zero direction is the point itself).
[[nodiscard]] ClosestPair pointLine(Vec p, Vec point, Vec direction);
/// Segment–segment: golden-section search over s in [0, 1] of the exact distance from
/// a1 + s(b1 − a1) to the second segment (the distance is convex in (s, t), so its partial minimum
/// over t is convex in s). `innerBruteForce` replaces the exact inner minimisation by a golden
/// search too (slow; used to cross-check the reference itself).
[[nodiscard]] ClosestPair segmentSegment(Vec a1, Vec b1, Vec a2, Vec b2, bool innerBruteForce = false);
/// Line–line: the same over s in R, with an exponential bracket.
[[nodiscard]] ClosestPair lineLine(Vec p1, Vec d1, Vec p2, Vec d2);

}  // namespace pickref
