// SPDX-License-Identifier: MIT
#include "analysis/precision.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>

#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

// The interval of t where the line origin + t·direction lies inside a convex piece.
template <class T>
struct Span {
    T enter;
    T exit;
};

template <class T>
using Vec3 = glm::vec<3, T>;

template <class T>
constexpr T kInf = std::numeric_limits<T>::infinity();

template <class T>
std::optional<Span<T>> intersect(const std::optional<Span<T>>& a, const std::optional<Span<T>>& b) {
    if (!a || !b) return std::nullopt;
    const Span<T> s{std::max(a->enter, b->enter), std::min(a->exit, b->exit)};
    if (!(s.enter <= s.exit)) return std::nullopt;
    return s;
}

// The union of spans of convex pieces whose union is convex (a capsule's): one interval.
template <class T>
std::optional<Span<T>> unite(const std::optional<Span<T>>& a, const std::optional<Span<T>>& b) {
    if (!a) return b;
    if (!b) return a;
    return Span<T>{std::min(a->enter, b->enter), std::max(a->exit, b->exit)};
}

// The textbook quadratic a·t² + 2b·t + c = 0: disc = b² − a·c, roots (−b ∓ √disc) / a.
template <class T>
std::optional<Span<T>> quadratic(T a, T b, T c) {
    const T disc = b * b - a * c;
    if (!(disc >= T(0))) return std::nullopt;
    const T root = std::sqrt(disc);
    return Span<T>{(-b - root) / a, (-b + root) / a};
}

template <class T>
std::optional<Span<T>> sphere(const Vec3<T>& o, const Vec3<T>& d, const Vec3<T>& center, T radius) {
    const Vec3<T> oc = o - center;
    return quadratic(glm::dot(d, d), glm::dot(oc, d), glm::dot(oc, oc) - radius * radius);
}

// The infinite cylinder of `radius` around the line p + s·u: the ray's and the offset's parts
// across the axis in the same quadratic.
template <class T>
std::optional<Span<T>> infinite(const Vec3<T>& o, const Vec3<T>& d, const Vec3<T>& p, const Vec3<T>& u, T radius) {
    const T uu = glm::dot(u, u);
    const Vec3<T> m = o - p;
    const Vec3<T> dAcross = d - (glm::dot(d, u) / uu) * u;
    const Vec3<T> mAcross = m - (glm::dot(m, u) / uu) * u;
    const T a = glm::dot(dAcross, dAcross), c = glm::dot(mAcross, mAcross) - radius * radius;
    if (a == T(0)) return c <= T(0) ? std::optional(Span<T>{-kInf<T>, kInf<T>}) : std::nullopt;
    return quadratic(a, glm::dot(mAcross, dAcross), c);
}

// Between the planes through p and p + u across u.
template <class T>
std::optional<Span<T>> slab(const Vec3<T>& o, const Vec3<T>& d, const Vec3<T>& p, const Vec3<T>& u) {
    const T uu = glm::dot(u, u);
    const T s0 = glm::dot(o - p, u) / uu, ds = glm::dot(d, u) / uu;
    if (ds == T(0)) return s0 >= T(0) && s0 <= T(1) ? std::optional(Span<T>{-kInf<T>, kInf<T>}) : std::nullopt;
    const T t0 = -s0 / ds, t1 = (T(1) - s0) / ds;
    return Span<T>{std::min(t0, t1), std::max(t0, t1)};
}

// The slab test: each axis's interval through 1 / direction, intersected.
template <class T>
std::optional<Span<T>> box(const Vec3<T>& o, const Vec3<T>& d, const Vec3<T>& min, const Vec3<T>& max) {
    Span<T> s{-kInf<T>, kInf<T>};
    for (int i = 0; i < 3; ++i) {
        const T inverse = T(1) / d[i];
        const T t0 = (min[i] - o[i]) * inverse, t1 = (max[i] - o[i]) * inverse;
        s.enter = std::max(s.enter, std::min(t0, t1));
        s.exit = std::min(s.exit, std::max(t0, t1));
    }
    if (!(s.enter <= s.exit)) return std::nullopt;
    return s;
}

template <class T>
std::optional<Span<T>> lineSpan(const Vec3<T>& o, const Vec3<T>& d, const Shape& shape) {
    const auto v = [](glm::vec3 x) { return Vec3<T>(x); };
    return std::visit(
        scene::Overloaded{
            [&](const Sphere& s) { return sphere(o, d, v(s.center), T(s.radius)); },
            [&](const Capsule& c) {
                const Vec3<T> a = v(c.a), u = v(c.b) - v(c.a);
                const T r = T(c.radius);
                std::optional<Span<T>> body;
                if (glm::dot(u, u) > T(0)) body = intersect(infinite(o, d, a, u, r), slab(o, d, a, u));
                return unite(body, unite(sphere(o, d, a, r), sphere(o, d, v(c.b), r)));
            },
            [&](const Cylinder& c) -> std::optional<Span<T>> {
                const Vec3<T> a = v(c.a), u = v(c.b) - v(c.a);
                if (!(glm::dot(u, u) > T(0))) return std::nullopt;  // no axis: empty, as the library's
                return intersect(infinite(o, d, a, u, T(c.radius)), slab(o, d, a, u));
            },
            [&](const InfiniteCylinder& c) { return infinite(o, d, v(c.a), v(c.b) - v(c.a), T(c.radius)); },
            [&](const Aabb& b) { return box(o, d, v(b.min), v(b.max)); },
            [&](const OrientedBox& b) {
                // The ray moved into the box's space by the inverted toWorld (direction not
                // normalised, so t is the same in both spaces).
                const glm::mat<4, 4, T> toLocal = glm::inverse(glm::mat<4, 4, T>(b.toWorld));
                const Vec3<T> lo(toLocal * glm::vec<4, T>(o, T(1))), ld(toLocal * glm::vec<4, T>(d, T(0)));
                return box(lo, ld, v(b.local.min), v(b.local.max));
            },
        },
        shape);
}

}  // namespace

template <class T>
std::optional<T> textbookRaycast(const glm::vec<3, T>& origin, const glm::vec<3, T>& direction,
                                 const Shape& shape) noexcept {
    const std::optional<Span<T>> s = lineSpan(origin, direction, shape);
    if (!s || !(s->exit >= T(0))) return std::nullopt;
    const T t = s->enter >= T(0) ? s->enter : s->exit;  // from inside: the exit
    if (!std::isfinite(t)) return std::nullopt;
    return t;
}
template std::optional<float> textbookRaycast(const glm::vec3&, const glm::vec3&, const Shape&) noexcept;
template std::optional<double> textbookRaycast(const glm::dvec3&, const glm::dvec3&, const Shape&) noexcept;

double floatSpacing(double x) noexcept {
    x = std::abs(x);
    if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
    if (x < double{std::numeric_limits<float>::min()}) return double{std::numeric_limits<float>::denorm_min()};
    return std::ldexp(1.0, std::ilogb(x) - 23);
}

Ray naiveRay(glm::vec2 cursor, const FrameMatrices& frame) noexcept {
    const glm::mat4 inverse =
        glm::inverse(viewportMatrix(frame.viewport, frame.clipDepth) * frame.projection * frame.view);
    const glm::vec4 n = inverse * glm::vec4(cursor, frame.viewport.minZ, 1.0f);
    const glm::vec4 f = inverse * glm::vec4(cursor, frame.viewport.maxZ, 1.0f);
    const glm::vec3 nearPoint = glm::vec3(n) / n.w;
    return {nearPoint, glm::normalize(glm::vec3(f) / f.w - nearPoint)};
}

std::optional<Precision> precisionOf(const Pick& pick, const Shape& shape) {
    const auto hit = pick.picked();
    if (!hit || !pick.frame.pickable) return std::nullopt;
    Precision p;
    p.t = hit->hit.t;
    p.point = hit->hit.point;
    const glm::dvec3 origin(pick.ray.origin), direction(pick.ray.direction);
    p.tDouble = textbookRaycast(origin, direction, shape).value_or(std::numeric_limits<double>::quiet_NaN());
    p.pointDouble = origin + p.tDouble * direction;
    p.ulps = (double{p.t} - p.tDouble) / floatSpacing(p.tDouble);
    p.naiveRay = naiveRay(pick.cursor, pick.frame);
    if (const auto t = textbookRaycast(p.naiveRay.origin, p.naiveRay.direction, shape)) {
        p.tNaive = *t;
        p.ulpsNaive = (double{*t} - p.tDouble) / floatSpacing(p.tDouble);
        p.pointNaive = p.naiveRay.origin + *t * p.naiveRay.direction;
    }
    const glm::dvec3 naive(p.naiveRay.direction);
    p.naiveRayAngle = std::atan2(glm::length(glm::cross(direction, naive)), glm::dot(direction, naive));
    return p;
}

std::optional<Precision> precisionOf(const Pick& pick, const scene::Scene& scene) {
    const auto hit = pick.picked();
    if (!hit || hit->object >= scene.objects.size()) return std::nullopt;
    return precisionOf(pick, scene.objects[hit->object].shape);
}

}  // namespace pickray::app
