// SPDX-License-Identifier: MIT
// Independent reference implementation (see reference.hpp for the method). No pickray or GLM code.
#include "reference.hpp"  // beside this file: it is also compiled into test binaries with other include paths

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

namespace pickref {
namespace {

constexpr Real kInf = std::numeric_limits<Real>::infinity();
constexpr Real kInvPhi = 0.6180339887498948482045868343656381177L;  // 1/golden ratio
constexpr Real kPi = 3.1415926535897932384626433832795028842L;

Real component(Vec v, int axis) noexcept { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); }
void setComponent(Vec& v, int axis, Real value) noexcept {
    if (axis == 0) {
        v.x = value;
    } else if (axis == 1) {
        v.y = value;
    } else {
        v.z = value;
    }
}
Vec unitAxis(int axis) noexcept {
    Vec e;
    setComponent(e, axis, 1);
    return e;
}

/// Golden-section search for the minimum of a convex function on [lo, hi], until the bracket is
/// narrower than widthTolerance. Returns (argmin, min). Ties keep the left part, which is valid for
/// convex functions (a minimiser lies in [lo, x2] whenever f(x1) <= f(x2)).
template <class F>
std::pair<Real, Real> minimizeConvex(const F& f, Real lo, Real hi, Real widthTolerance) {
    Real a = lo;
    Real b = hi;
    Real x1 = b - kInvPhi * (b - a);
    Real x2 = a + kInvPhi * (b - a);
    Real f1 = f(x1);
    Real f2 = f(x2);
    for (int i = 0; i < 400 && (b - a) > widthTolerance; ++i) {
        if (f1 <= f2) {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - kInvPhi * (b - a);
            f1 = f(x1);
        } else {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + kInvPhi * (b - a);
            f2 = f(x2);
        }
    }
    return f1 <= f2 ? std::pair{x1, f1} : std::pair{x2, f2};
}

/// The boundary of the closed set {f <= 0} between `outside` (f > 0) and `inside` (f <= 0), by
/// bisection to full long-double precision. Returns the last point found with f <= 0.
template <class F>
Real bisectBoundary(const F& f, Real outside, Real inside) {
    for (int i = 0; i < 200; ++i) {
        const Real mid = outside + (inside - outside) / 2;
        if (mid == outside || mid == inside) {
            break;
        }
        if (f(mid) <= 0) {
            inside = mid;
        } else {
            outside = mid;
        }
    }
    return inside;
}

/// Root finding of a convex f(t) along a line. tc: parameter of the line's closest approach to the
/// centre of a bounding ball of radius R (or R-cylinder) around the solid, h: the distance there,
/// speed: world distance per unit of t (|d|). Points farther than 3R from the centre are outside.
/// The minimum of f along the line, bracketed as described for solveAlongLine.
struct LineMinimum {
    bool clearMiss = false;  // the line stays more than R from the solid (minimum >= h − R)
    Real lo = 0;             // bracket, both ends outside the solid
    Real hi = 0;
    Real tMin = 0;
    Real fMin = 0;
};

template <class F>
LineMinimum minimizeAlongLine(const F& f, Real tc, Real h, Real R, Real speed) {
    LineMinimum m;
    if (h > 2 * R) {
        m.clearMiss = true;
        m.fMin = h - R;
        return m;
    }
    // |t − tc|·speed >= 3R puts the point at least 3R from the centre, hence outside the solid.
    const Real halfWidth = 3 * R / speed;
    m.lo = tc - halfWidth;
    m.hi = tc + halfWidth;
    for (int i = 0; i < 60 && f(m.lo) <= 0; ++i) {  // never taken for a correct bounding ball
        m.lo -= std::ldexp(halfWidth, i);
    }
    for (int i = 0; i < 60 && f(m.hi) <= 0; ++i) {
        m.hi += std::ldexp(halfWidth, i);
    }
    std::tie(m.tMin, m.fMin) = minimizeConvex(f, m.lo, m.hi, (m.hi - m.lo) * 1e-13L);
    return m;
}

template <class F>
Profile solveAlongLine(const F& f, Real tc, Real h, Real R, Real speed) {
    Profile p;
    const LineMinimum m = minimizeAlongLine(f, tc, h, R, speed);
    if (m.clearMiss) {
        // The line stays more than R away from the solid: a clear miss.
        p.lineMargin = m.fMin;
        p.rayMargin = m.fMin;
        return p;
    }
    const Real lo = m.lo;
    const Real hi = m.hi;
    const Real tMin = m.tMin;
    const Real fMin = m.fMin;
    p.lineMargin = std::fabs(fMin);
    const Real f0 = f(0);
    p.rayMargin = std::min(std::fabs(tMin > 0 ? fMin : f0), std::fabs(f0));
    if (fMin > 0) {
        return p;
    }
    p.meets = true;
    p.enter = bisectBoundary(f, lo, tMin);
    p.exit = bisectBoundary(f, hi, tMin);
    return p;
}

/// Distance from p to the nearest of the 12 edges of a box given by its 8 corners (corner index
/// bits = which of min/max per axis).
Real edgeDistance(const std::array<Vec, 8>& corners, Vec p) noexcept {
    Real best = kInf;
    for (unsigned i = 0; i < 8; ++i) {
        for (unsigned bit = 1; bit < 8; bit <<= 1) {
            if ((i & bit) == 0) {
                best = std::min(best, projectToSegmentDistance(p, corners[i], corners[i | bit]));
            }
        }
    }
    return best;
}

std::array<Vec, 8> boxCorners(const Box& b) noexcept {
    std::array<Vec, 8> c{};
    for (unsigned i = 0; i < 8; ++i) {
        c[i] = {(i & 1U) != 0 ? b.max.x : b.min.x, (i & 2U) != 0 ? b.max.y : b.min.y,
                (i & 4U) != 0 ? b.max.z : b.min.z};
    }
    return c;
}

/// How the ray's line passes a bounding ball's centre, as solveAlongLine and minimizeAlongLine take
/// it: tc, the parameter of its closest approach; h, the distance there; speed, |d|.
struct Pass {
    Real tc;
    Real h;
    Real speed;
};

Pass passBy(const Ray& ray, Vec center) noexcept {
    const Real dd = dot(ray.direction, ray.direction);
    const Real tc = dot(center - ray.origin, ray.direction) / dd;
    return {tc, length((ray.origin + tc * ray.direction) - center), std::sqrt(dd)};
}

}  // namespace

Real length(Vec a) noexcept { return std::sqrt(dot(a, a)); }

Vec normalize(Vec a) noexcept {
    const Real len = length(a);
    return len > 0 ? (1 / len) * a : a;
}

Real maxAbsCoord(Vec a) noexcept { return std::max({std::fabs(a.x), std::fabs(a.y), std::fabs(a.z)}); }

Real angleDegrees(Vec a, Vec b) noexcept { return std::atan2(length(cross(a, b)), dot(a, b)) * (180 / kPi); }

Real projectToSegmentDistance(Vec p, Vec a, Vec b) noexcept {
    const Vec e = b - a;
    const Real ee = dot(e, e);
    Real t = ee > 0 ? dot(p - a, e) / ee : 0;
    t = std::clamp(t, Real{0}, Real{1});
    return length(p - (a + t * e));
}

// ---- Solid --------------------------------------------------------------------------------------

Profile Solid::profile(const Ray& ray) const {
    const Pass pass = passBy(ray, center_);
    const auto f = [&](Real t) { return sdf(ray.origin + t * ray.direction); };
    return solveAlongLine(f, pass.tc, pass.h, radius_, pass.speed);
}

Real Solid::lineMinimum(const Ray& ray) const {
    const Pass pass = passBy(ray, center_);
    const auto f = [&](Real t) { return sdf(ray.origin + t * ray.direction); };
    return minimizeAlongLine(f, pass.tc, pass.h, radius_, pass.speed).fMin;
}

LineAnswer Solid::lineFrom(const Profile& p) noexcept {
    LineAnswer a;
    a.meets = p.meets;
    a.enter = p.enter;
    a.exit = p.exit;
    a.margin = p.lineMargin;
    a.ambiguous = p.ambiguous;
    return a;
}

RayAnswer Solid::rayFrom(const Ray& ray, const Profile& p) const {
    RayAnswer a;
    a.margin = p.rayMargin;
    a.ambiguous = p.ambiguous;
    if (!p.meets) {
        return a;
    }
    Real t = 0;
    if (p.enter >= 0) {
        t = p.enter;
    } else if (p.exit >= 0) {
        t = p.exit;  // origin inside: the exit
    } else {
        return a;  // the solid lies behind the origin
    }
    if (!std::isfinite(t)) {
        return a;  // a line inside an infinite cylinder, parallel to it: no surface is crossed
    }
    a.hit = true;
    a.t = t;
    a.point = ray.origin + t * ray.direction;
    a.normal = normal(a.point, ray.direction);
    return a;
}

LineAnswer Solid::line(const Ray& ray) const { return lineFrom(profile(ray)); }

RayAnswer Solid::ray(const Ray& ray) const { return rayFrom(ray, profile(ray)); }

Vec Solid::normal(Vec p, Vec /*direction*/) const {
    const Real h = 1e-6L * size_;
    const Vec ex{h, 0, 0};
    const Vec ey{0, h, 0};
    const Vec ez{0, 0, h};
    const Vec g{sdf(p + ex) - sdf(p - ex), sdf(p + ey) - sdf(p - ey), sdf(p + ez) - sdf(p - ez)};
    return normalize(g);
}

Real Solid::seamDistance(Vec /*p*/) const { return kInf; }

Real Solid::incidenceSine(Vec p, Vec unitDirection) const {
    return std::fabs(dot(unitDirection, normal(p, unitDirection)));
}

Real Solid::surfaceDistance(Vec p) const { return std::fabs(sdf(p)); }

// ---- Sphere -------------------------------------------------------------------------------------

SphereSolid::SphereSolid(Vec center, Real radius) : c_(center), r_(radius) {
    center_ = center;
    radius_ = radius;
    size_ = 2 * radius;
}

Real SphereSolid::sdf(Vec p) const { return length(p - c_) - r_; }

// ---- Capsule ------------------------------------------------------------------------------------

CapsuleSolid::CapsuleSolid(Vec a, Vec b, Real radius) : a_(a), b_(b), r_(radius) {
    center_ = Real{0.5L} * (a + b);
    radius_ = length(b - a) / 2 + radius;
    size_ = 2 * radius_;
}

Real CapsuleSolid::sdf(Vec p) const { return projectToSegmentDistance(p, a_, b_) - r_; }

// ---- Capped cylinder ----------------------------------------------------------------------------

CylinderSolid::CylinderSolid(Vec a, Vec b, Real radius) : a_(a), u_(normalize(b - a)), h_(length(b - a)), r_(radius) {
    center_ = Real{0.5L} * (a + b);
    radius_ = std::sqrt(h_ * h_ / 4 + radius * radius);
    size_ = 2 * radius_;
}

Real CylinderSolid::sdf(Vec p) const {
    const Vec v = p - a_;
    const Real y = dot(v, u_);
    const Real rad = length(v - y * u_);
    const Real dx = rad - r_;
    const Real dy = std::fabs(y - h_ / 2) - h_ / 2;
    const Real ox = std::max(dx, Real{0});
    const Real oy = std::max(dy, Real{0});
    return std::min(std::max(dx, dy), Real{0}) + std::sqrt(ox * ox + oy * oy);
}

Real CylinderSolid::seamDistance(Vec p) const {
    const Vec v = p - a_;
    const Real y = dot(v, u_);
    const Real rad = length(v - y * u_);
    return std::min(std::hypot(rad - r_, y), std::hypot(rad - r_, y - h_));
}

Real CylinderSolid::incidenceSine(Vec p, Vec unitDirection) const {
    if (seamDistance(p) >= 1e-3L * size_) {
        return Solid::incidenceSine(p, unitDirection);
    }
    const Vec v = p - a_;
    const Vec radial = normalize(v - dot(v, u_) * u_);
    return std::min(std::fabs(dot(unitDirection, u_)), std::fabs(dot(unitDirection, radial)));
}

// ---- Infinite cylinder --------------------------------------------------------------------------

InfiniteCylinderSolid::InfiniteCylinderSolid(Vec p1, Vec p2, Real radius)
    : p1_(p1), u_(normalize(p2 - p1)), r_(radius) {
    center_ = p1;
    radius_ = radius;
    size_ = 2 * radius;
}

Real InfiniteCylinderSolid::sdf(Vec p) const {
    const Vec v = p - p1_;
    return length(v - dot(v, u_) * u_) - r_;
}

Profile InfiniteCylinderSolid::profile(const Ray& ray) const {
    const Vec w = ray.origin - p1_;
    const Vec d = ray.direction;
    const Vec oPerp = w - dot(w, u_) * u_;
    const Vec dPerp = d - dot(d, u_) * u_;
    const Real dp2 = dot(dPerp, dPerp);
    const Real sine = std::sqrt(dp2 / dot(d, d));
    if (sine < 4e-6L) {
        // Parallel by the contract (kAxisParallelSine = 1e-6), ambiguous near that threshold.
        Profile p;
        const Real rho = length(oPerp);
        p.ambiguous = sine >= 2.5e-7L;
        p.meets = rho <= r_;
        p.enter = -kInf;
        p.exit = kInf;
        p.lineMargin = std::fabs(rho - r_);
        p.rayMargin = p.lineMargin;
        return p;
    }
    const Real tc = -dot(oPerp, dPerp) / dp2;
    const Real h = length(oPerp + tc * dPerp);
    const Vec o = ray.origin;
    const auto f = [&](Real t) { return sdf(o + t * d); };
    return solveAlongLine(f, tc, h, r_, std::sqrt(dp2));
}

Real InfiniteCylinderSolid::lineMinimum(const Ray& ray) const {
    const Profile p = profile(ray);  // only the parallel case is cheap; fine for a generator
    return p.meets ? -p.lineMargin : p.lineMargin;
}

// ---- Axis-aligned box ---------------------------------------------------------------------------

BoxSolid::BoxSolid(const Box& box) : box_(box) {
    center_ = Real{0.5L} * (box.min + box.max);
    radius_ = length(box.max - box.min) / 2;
    size_ = 2 * radius_;
    for (int i = 0; i < 3; ++i) {
        if (component(box.min, i) == component(box.max, i)) {
            ++flatCount_;
            flatAxis_ = i;
        }
    }
    if (flatCount_ != 1) {
        flatAxis_ = -1;
    }
}

Real BoxSolid::sdf(Vec p) const {
    const Vec half = Real{0.5L} * (box_.max - box_.min);
    const Vec q{std::fabs(p.x - center_.x) - half.x, std::fabs(p.y - center_.y) - half.y,
                std::fabs(p.z - center_.z) - half.z};
    const Vec outside{std::max(q.x, Real{0}), std::max(q.y, Real{0}), std::max(q.z, Real{0})};
    return length(outside) + std::min(std::max({q.x, q.y, q.z}), Real{0});
}

Profile BoxSolid::profile(const Ray& ray) const {
    if (flatCount_ == 0) {
        return Solid::profile(ray);
    }
    Profile p;
    if (flatCount_ > 1) {
        p.ambiguous = true;  // segments and points: not compared
        return p;
    }
    // A flat rectangle in the plane x_k = c. Its signed distance within that plane:
    const int k = flatAxis_;
    const Real plane = component(box_.min, k);
    const auto rectangleSdf = [&](Vec q) {
        Real outside2 = 0;
        Real inner = -kInf;
        for (int i = 0; i < 3; ++i) {
            if (i == k) {
                continue;
            }
            const Real qi = std::fabs(component(q, i) - component(center_, i)) -
                            (component(box_.max, i) - component(box_.min, i)) / 2;
            outside2 += qi > 0 ? qi * qi : 0;
            inner = std::max(inner, qi);
        }
        return std::sqrt(outside2) + std::min(inner, Real{0});
    };
    const Vec o = ray.origin;
    const Vec d = ray.direction;
    const Real dk = component(d, k);
    const Real ok = component(o, k);
    if (dk == 0) {
        if (ok != plane) {
            p.lineMargin = std::fabs(ok - plane);
            p.rayMargin = p.lineMargin;
            return p;
        }
        // The line lies in the rectangle's plane: any perturbation changes the answer, so the
        // margins are 0 (never compared); the span is still found by root finding in the plane.
        const Real dd = dot(d, d);
        const Real tc = dot(center_ - o, d) / dd;
        const Real h = length((o + tc * d) - center_);
        p = solveAlongLine([&](Real t) { return rectangleSdf(o + t * d); }, tc, h, radius_, std::sqrt(dd));
        p.lineMargin = 0;
        p.rayMargin = 0;
        return p;
    }
    const Real t0 = (plane - ok) / dk;
    Vec q = o + t0 * d;
    setComponent(q, k, plane);
    const Real m = rectangleSdf(q);
    const Real sine = std::fabs(dk) / length(d);
    p.meets = m <= 0;
    p.enter = t0;
    p.exit = t0;
    // The line passes at least |m|·sine from the rectangle's boundary: a boundary point x lies in the
    // plane at least |m| from the crossing q, and x − q makes an angle of at least asin(sine) with
    // the line, so its distance to the line is >= |x − q|·sine.
    p.lineMargin = std::fabs(m) * sine;
    p.rayMargin = std::min(p.lineMargin, std::fabs(ok - plane));
    return p;
}

Real BoxSolid::lineMinimum(const Ray& ray) const {
    if (flatCount_ == 0) {
        return Solid::lineMinimum(ray);
    }
    const Profile p = profile(ray);
    return p.meets ? -p.lineMargin : p.lineMargin;
}

Vec BoxSolid::normal(Vec p, Vec direction) const {
    if (flatAxis_ >= 0 && component(direction, flatAxis_) != 0) {
        return component(direction, flatAxis_) > 0 ? -unitAxis(flatAxis_) : unitAxis(flatAxis_);
    }
    return Solid::normal(p, direction);
}

Real BoxSolid::seamDistance(Vec p) const { return edgeDistance(boxCorners(box_), p); }

Real BoxSolid::incidenceSine(Vec p, Vec unitDirection) const {
    const Real near = 1e-3L * size_;
    Real best = kInf;
    for (int i = 0; i < 3; ++i) {
        const Real x = component(p, i);
        if (std::fabs(x - component(box_.min, i)) <= near || std::fabs(x - component(box_.max, i)) <= near) {
            best = std::min(best, std::fabs(component(unitDirection, i)));
        }
    }
    return std::isfinite(best) ? best : Solid::incidenceSine(p, unitDirection);
}

// ---- Oriented box -------------------------------------------------------------------------------

OrientedBoxSolid::OrientedBoxSolid(const Box& local, const std::array<std::array<Real, 3>, 3>& m, Vec translation)
    : local_(local), localSolid_(local), m_(m), t_(translation) {
    // Inverse by cofactors, in long double.
    const Real det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                     m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                     m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    singular_ = !(std::fabs(det) > 0) || !std::isfinite(det);
    if (!singular_) {
        inv_[0][0] = (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det;
        inv_[0][1] = (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det;
        inv_[0][2] = (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det;
        inv_[1][0] = (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det;
        inv_[1][1] = (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det;
        inv_[1][2] = (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det;
        inv_[2][0] = (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det;
        inv_[2][1] = (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det;
        inv_[2][2] = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det;
    }
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            const auto ui = static_cast<std::size_t>(i);
            const auto uj = static_cast<std::size_t>(j);
            normM_ += m[ui][uj] * m[ui][uj];
            normInv_ += inv_[ui][uj] * inv_[ui][uj];
        }
    }
    normM_ = std::sqrt(normM_);
    normInv_ = std::sqrt(normInv_);
    const auto localCorners = boxCorners(local);
    center_ = toWorld(Real{0.5L} * (local.min + local.max));
    radius_ = 0;
    for (std::size_t i = 0; i < 8; ++i) {
        corners_[i] = toWorld(localCorners[i]);
        radius_ = std::max(radius_, length(corners_[i] - center_));
    }
    size_ = 2 * radius_;
}

Vec OrientedBoxSolid::toWorld(Vec p) const {
    return Vec{m_[0][0] * p.x + m_[0][1] * p.y + m_[0][2] * p.z, m_[1][0] * p.x + m_[1][1] * p.y + m_[1][2] * p.z,
               m_[2][0] * p.x + m_[2][1] * p.y + m_[2][2] * p.z} +
           t_;
}

Vec OrientedBoxSolid::toLocalDirection(Vec d) const {
    return {inv_[0][0] * d.x + inv_[0][1] * d.y + inv_[0][2] * d.z,
            inv_[1][0] * d.x + inv_[1][1] * d.y + inv_[1][2] * d.z,
            inv_[2][0] * d.x + inv_[2][1] * d.y + inv_[2][2] * d.z};
}

Vec OrientedBoxSolid::toLocal(Vec p) const { return toLocalDirection(p - t_); }

Vec OrientedBoxSolid::normalToWorld(Vec n) const {
    // Inverse transpose: (M⁻¹)ᵀ n.
    return normalize(Vec{inv_[0][0] * n.x + inv_[1][0] * n.y + inv_[2][0] * n.z,
                         inv_[0][1] * n.x + inv_[1][1] * n.y + inv_[2][1] * n.z,
                         inv_[0][2] * n.x + inv_[1][2] * n.y + inv_[2][2] * n.z});
}

Real OrientedBoxSolid::sdf(Vec p) const { return localSolid_.sdf(toLocal(p)); }

Profile OrientedBoxSolid::profile(const Ray& ray) const {
    if (singular_) {
        Profile p;
        p.ambiguous = true;
        return p;
    }
    // t is preserved: local point at t = M⁻¹(o + t·d − T) = M⁻¹(o − T) + t·M⁻¹d.
    const Ray local{toLocal(ray.origin), toLocalDirection(ray.direction)};
    Profile p = localSolid_.profile(local);
    // A local distance m is a world distance of at least m·σmin >= m / ‖M⁻¹‖_F.
    p.lineMargin /= normInv_;
    p.rayMargin /= normInv_;
    return p;
}

Real OrientedBoxSolid::lineMinimum(const Ray& ray) const {
    if (singular_) {
        return 0;
    }
    return localSolid_.lineMinimum({toLocal(ray.origin), toLocalDirection(ray.direction)}) / normInv_;
}

Real OrientedBoxSolid::seamDistance(Vec p) const { return edgeDistance(corners_, p); }

Real OrientedBoxSolid::incidenceSine(Vec p, Vec unitDirection) const {
    const Vec q = toLocal(p);
    const Real near = 1e-3L * localSolid_.size();
    Real best = kInf;
    for (int i = 0; i < 3; ++i) {
        const Real x = component(q, i);
        if (std::fabs(x - component(local_.min, i)) <= near || std::fabs(x - component(local_.max, i)) <= near) {
            best = std::min(best, std::fabs(dot(unitDirection, normalToWorld(unitAxis(i)))));
        }
    }
    return std::isfinite(best) ? best : Solid::incidenceSine(p, unitDirection);
}

Real OrientedBoxSolid::surfaceDistance(Vec p) const {
    // A local distance m maps to a world distance of at most m·σmax <= m·‖M‖_F.
    return std::fabs(sdf(p)) * normM_;
}

// ---- Closest points -----------------------------------------------------------------------------

ClosestPair pointSegment(Vec p, Vec a, Vec b) {
    const Vec e = b - a;
    const auto f = [&](Real t) { return length(p - (a + t * e)); };
    const auto [t, dist] = minimizeConvex(f, 0, 1, 1e-17L);
    // The end points are candidates too (golden search never evaluates exactly 0 or 1).
    ClosestPair r{dist, 0, t, p, a + t * e};
    for (const Real end : {Real{0}, Real{1}}) {
        const Real de = f(end);
        if (de < r.distance) {
            r.distance = de;
            r.t2 = end;
            r.p2 = a + end * e;
        }
    }
    return r;
}

ClosestPair pointLine(Vec p, Vec point, Vec direction) {
    const Real dd = dot(direction, direction);
    const Real r0 = length(p - point);
    if (!(dd > 0) || r0 == 0) {
        return {r0, 0, 0, p, point};
    }
    // |t·d| > 2·r0 gives a distance > r0 = f(0): the minimiser is within that bracket.
    const Real half = 2 * r0 / std::sqrt(dd);
    const auto f = [&](Real t) { return length(p - (point + t * direction)); };
    const auto [t, dist] = minimizeConvex(f, -half, half, half * 1e-17L);
    return {dist, 0, t, p, point + t * direction};
}

namespace {

/// Exact distance from q to the line p + t·d (a point if d == 0) and the parameter.
std::pair<Real, Real> exactPointLine(Vec q, Vec p, Vec d) {
    const Real dd = dot(d, d);
    if (!(dd > 0)) {
        return {length(q - p), 0};
    }
    const Real t = dot(q - p, d) / dd;
    return {length(q - (p + t * d)), t};
}

std::pair<Real, Real> exactPointSegment(Vec q, Vec a, Vec b) {
    const Vec e = b - a;
    const Real ee = dot(e, e);
    const Real t = ee > 0 ? std::clamp(dot(q - a, e) / ee, Real{0}, Real{1}) : 0;
    return {length(q - (a + t * e)), t};
}

}  // namespace

ClosestPair segmentSegment(Vec a1, Vec b1, Vec a2, Vec b2, bool innerBruteForce) {
    const Vec e1 = b1 - a1;
    const Vec e2 = b2 - a2;
    const auto inner = [&](Real s) -> std::pair<Real, Real> {
        const Vec p = a1 + s * e1;
        if (innerBruteForce) {
            const ClosestPair c = pointSegment(p, a2, b2);
            return {c.distance, c.t2};
        }
        return exactPointSegment(p, a2, b2);
    };
    const auto g = [&](Real s) { return inner(s).first; };
    auto [s, dist] = minimizeConvex(g, 0, 1, innerBruteForce ? 1e-12L : 1e-17L);
    for (const Real end : {Real{0}, Real{1}}) {
        const Real de = g(end);
        if (de < dist) {
            dist = de;
            s = end;
        }
    }
    const auto [d2, t] = inner(s);
    return {d2, s, t, a1 + s * e1, a2 + t * e2};
}

ClosestPair lineLine(Vec p1, Vec d1, Vec p2, Vec d2) {
    const auto g = [&](Real s) { return exactPointLine(p1 + s * d1, p2, d2).first; };
    Real s = 0;
    if (dot(d1, d1) > 0) {
        // Bracket the minimum of the convex g: x1 < x2 < x3 with g(x2) <= g(x1), g(x3).
        Real step = (length(p1 - p2) + std::sqrt(dot(d1, d1))) / std::sqrt(dot(d1, d1));
        Real x2 = 0;
        Real g2 = g(x2);
        bool bracketed = false;
        Real x1 = 0;
        Real x3 = 0;
        for (int i = 0; i < 300 && !bracketed; ++i) {
            x1 = x2 - step;
            x3 = x2 + step;
            const Real g1 = g(x1);
            const Real g3 = g(x3);
            if (g2 <= g1 && g2 <= g3) {
                bracketed = true;
            } else if (g1 < g3) {
                x2 = x1;
                g2 = g1;
                step *= 2;
            } else {
                x2 = x3;
                g2 = g3;
                step *= 2;
            }
        }
        s = x2;
        if (bracketed) {
            s = minimizeConvex(g, x1, x3, (x3 - x1) * 1e-18L).first;
        }
    }
    const Vec q1 = p1 + s * d1;
    const auto [dist, t] = exactPointLine(q1, p2, d2);
    return {dist, s, t, q1, p2 + t * d2};
}

}  // namespace pickref
