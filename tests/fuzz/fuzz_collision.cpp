// SPDX-License-Identifier: MIT
// libFuzzer target: every collision, picking and BVH routine on arbitrary float bit patterns.
// Checked on every answer (the contract of collision/ray.hpp and distance.hpp):
//   * no crash, no undefined behaviour (run with ASan + UBSan);
//   * a hit has 0 <= t <= tMax, finite point and unit normal, point == origin + t·direction,
//     and the point lies on the surface (signed distance ~ 0, relative to the numbers involved);
//   * a span has enter <= exit and no NaN; raycast agrees with it (its t is enter or exit);
//   * raycastT gives raycast's t, bit for bit, and a value exactly when raycast hits; so do the
//     batch forms where a shape has them (+infinity for a miss);
//   * distances are >= 0 and not NaN for finite input, the batch form's bit for bit the same;
//     overlaps are symmetric;
//   * picking never reads out of bounds or overflows undefinedly, and for a setup that
//     isValidPickingSetup accepts and finite results, cursorRay's direction is unit length;
//   * a BVH over fuzzed shapes gives the same nearest hit, all hits and line spans as brute force,
//     but for the hits bvh.hpp lets it skip (a t outside the ray's span in the shape's bounds).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "fuzz/fuzz_input.hpp"
#include "pickray/collision.hpp"
#include "pickray/picking.hpp"
#include "pickray/query.hpp"
#include "support/line_in_box.hpp"

namespace {

using pickray::fuzz::Input;

[[noreturn]] void fail(const char* what, double value) {
    std::fprintf(stderr, "contract violated: %s (%g)\n", what, value);
    std::abort();
}

void check(bool ok, const char* what, double value = 0.0) {
    if (!ok) fail(what, value);
}

// Bit for bit, by integer compares rather than memcmp: libFuzzer's memcmp hook feeds the compared
// bytes to its mutations, and a NaN's payload may differ by instruction set (batch.hpp), which
// would steer a run differently at each PICKRAY_SIMD level.
bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }
bool sameBitsOrBothNaN(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return sameBits(a, b);
}

bool finite(glm::vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
double magnitude(glm::vec3 v) { return glm::length(glm::dvec3(v)); }

// Signed distances in double, independent of the library's formulas.
double sdf(const pickray::Sphere& s, glm::dvec3 p) {
    return glm::length(p - glm::dvec3(s.center)) - static_cast<double>(s.radius);
}
double segmentDistance(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b) {
    const glm::dvec3 ab = b - a;
    const double l = glm::dot(ab, ab);
    const double t = l > 0 ? glm::clamp(glm::dot(p - a, ab) / l, 0.0, 1.0) : 0.0;
    return glm::length(p - (a + t * ab));
}
double sdf(const pickray::Capsule& c, glm::dvec3 p) {
    return segmentDistance(p, glm::dvec3(c.a), glm::dvec3(c.b)) - static_cast<double>(c.radius);
}
double sdf(const pickray::InfiniteCylinder& c, glm::dvec3 p) {
    const glm::dvec3 u = glm::normalize(glm::dvec3(c.b) - glm::dvec3(c.a));
    const glm::dvec3 q = p - glm::dvec3(c.a);
    return glm::length(q - glm::dot(q, u) * u) - static_cast<double>(c.radius);
}
double sdf(const pickray::Cylinder& c, glm::dvec3 p) {
    const glm::dvec3 a(c.a);
    const double h = glm::length(glm::dvec3(c.b) - a);
    const glm::dvec3 u = (glm::dvec3(c.b) - a) / h;
    const double along = glm::dot(p - a, u);
    const double radial = glm::length((p - a) - along * u) - static_cast<double>(c.radius);
    const double axial = std::abs(along - 0.5 * h) - 0.5 * h;
    return std::max(radial, axial) <= 0 ? std::max(radial, axial)
                                        : std::hypot(std::max(radial, 0.0), std::max(axial, 0.0));
}
double sdf(const pickray::Aabb& b, glm::dvec3 p) {
    const glm::dvec3 c = 0.5 * (glm::dvec3(b.min) + glm::dvec3(b.max));
    const glm::dvec3 e = 0.5 * (glm::dvec3(b.max) - glm::dvec3(b.min));
    const glm::dvec3 d = glm::abs(p - c) - e;
    return glm::length(glm::max(d, 0.0)) + std::min(std::max(d.x, std::max(d.y, d.z)), 0.0);
}

// The scale of the numbers a query involves: rounding errors are relative to it.
template <typename Shape>
double scaleOf(const pickray::Ray& ray, const Shape&, double shapeScale, float t) {
    return 1.0 + magnitude(ray.origin) + shapeScale + std::abs(double{t}) * magnitude(ray.direction);
}

template <typename Shape, typename Distance>
void checkRay(const pickray::Ray& ray, const Shape& shape, float tMax, double shapeScale, Distance distance) {
    const auto span = pickray::intersectLine(ray, shape);
    if (span) {
        check(!std::isnan(span->enter) && !std::isnan(span->exit), "NaN in span");
        check(span->enter <= span->exit, "span enter > exit", double{span->enter} - double{span->exit});
    }
    const auto hit = pickray::raycast(ray, shape, tMax);
    const auto t = pickray::raycastT(ray, shape, tMax);
    check(hit.has_value() == t.has_value(), "raycastT and raycast disagree on hit or miss");
    if constexpr (requires(float out) { pickray::raycastT(ray, std::span(&shape, 1), std::span(&out, 1), tMax); }) {
        // The batch forms (collision/batch.hpp) answer exactly as raycastT, with +inf for a miss.
        const float want = t.value_or(std::numeric_limits<float>::infinity());
        float one = -1.0f, pair = -1.0f;
        pickray::raycastT(ray, std::span(&shape, 1), std::span(&one, 1), tMax);
        pickray::raycastT(std::span(&ray, 1), std::span(&shape, 1), std::span(&pair, 1), tMax);
        check(sameBits(one, want), "batch raycastT (one ray) is not raycastT", double{one});
        check(sameBits(pair, want), "batch raycastT (pairs) is not raycastT", double{pair});
        const auto nearest = pickray::nearestT(ray, std::span(&shape, 1), tMax);
        check(nearest.has_value() == t.has_value() && (!nearest || sameBits(nearest->t, *t)),
              "nearestT over one shape is not raycastT");
    }
    if (!hit) return;
    check(hit->t == *t, "raycastT's t is not raycast's", double{hit->t} - double{*t});
    check(span.has_value(), "raycast hit without a line span");
    check(std::isfinite(hit->t) && hit->t >= 0.0f, "t < 0 or not finite", double{hit->t});
    check(hit->t <= tMax, "t beyond tMax", double{hit->t});
    check(finite(hit->point) && finite(hit->normal), "NaN or inf in a hit");
    check(std::abs(glm::length(hit->normal) - 1.0f) < 1e-4f, "normal not unit", double{glm::length(hit->normal)});
    check(hit->t == span->enter || hit->t == span->exit, "raycast t is neither span end", double{hit->t});
    const double scale = scaleOf(ray, shape, shapeScale, hit->t);
    const glm::dvec3 expected = glm::dvec3(ray.origin) + double{hit->t} * glm::dvec3(ray.direction);
    check(glm::length(glm::dvec3(hit->point) - expected) <= 1e-5 * scale, "point != origin + t·direction");
    if constexpr (!std::is_same_v<Distance, std::nullptr_t>) {
        const double d = distance(shape, glm::dvec3(hit->point));
        if (std::isfinite(d)) check(std::abs(d) <= 1e-4 * scale, "hit point off the surface", d / scale);
    }
}

// The capsule, the cylinder and the infinite cylinder: two points and a radius, read in that order,
// each checked against its signed distance.
template <typename TwoPointsAndRadius>
void checkTwoPointsAndRadius(Input& in, const pickray::Ray& ray, float tMax) {
    const TwoPointsAndRadius shape{in.vec(), in.vec(), in.next()};
    checkRay(ray, shape, tMax, magnitude(shape.a) + magnitude(shape.b) + static_cast<double>(std::abs(shape.radius)),
             [](const TwoPointsAndRadius& s, glm::dvec3 x) { return sdf(s, x); });
}

}  // namespace

// Says which code the dispatched routines run here (PICKRAY_SIMD may lower it): scripts/fuzz.sh and
// the ctest replays print it, so that a run names the level it really checked.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const char* wanted = std::getenv("PICKRAY_SIMD");
    std::fprintf(stderr, "simd level: %s requested, batch routines ran %s, BVH box test %s\n",
                 wanted != nullptr ? wanted : "(none)", std::string(pickray::simdLevel()).c_str(),
                 std::string(pickray::Bvh::boxTest()).c_str());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::uint8_t which = data[0];
    Input in{data + 1, size - 1};
    const pickray::Ray ray{in.vec(), in.vec()};
    const float tMax = (which & 0x80) ? in.next() : pickray::kInfinity;
    const auto sdfOf = [](const auto& s, glm::dvec3 p) { return sdf(s, p); };
    switch (which % 10) {
        case 0: {
            const pickray::Sphere s{in.vec(), in.next()};
            checkRay(ray, s, tMax, magnitude(s.center) + static_cast<double>(std::abs(s.radius)), sdfOf);
            break;
        }
        case 1: checkTwoPointsAndRadius<pickray::Capsule>(in, ray, tMax); break;
        case 2: checkTwoPointsAndRadius<pickray::Cylinder>(in, ray, tMax); break;
        case 3: checkTwoPointsAndRadius<pickray::InfiniteCylinder>(in, ray, tMax); break;
        case 4: {
            const pickray::Aabb b{in.vec(), in.vec()};
            checkRay(ray, b, tMax, magnitude(b.min) + magnitude(b.max), sdfOf);
            break;
        }
        case 5: {
            pickray::OrientedBox b{{in.vec(), in.vec()}, glm::mat4(1.0f)};
            for (int c = 0; c < 4; ++c) b.toWorld[c] = glm::vec4(in.vec(), c == 3 ? 1.0f : 0.0f);
            double scale = magnitude(b.local.min) + magnitude(b.local.max);
            for (int c = 0; c < 4; ++c) scale += magnitude(glm::vec3(b.toWorld[c])) * (1.0 + scale);
            checkRay(ray, b, tMax, scale, nullptr);  // no independent SDF for sheared boxes here
            {                                        // the batch form takes the box prepared
                const pickray::PreparedOrientedBox prepared(b);
                const float want =
                    pickray::raycastT(ray, prepared, tMax).value_or(std::numeric_limits<float>::infinity());
                float one = -1.0f, pair = -1.0f;
                pickray::raycastT(ray, std::span(&prepared, 1), std::span(&one, 1), tMax);
                pickray::raycastT(std::span(&ray, 1), std::span(&prepared, 1), std::span(&pair, 1), tMax);
                check(sameBits(one, want), "batch raycastT (one ray, oriented box) is not raycastT");
                check(sameBits(pair, want), "batch raycastT (pairs, oriented box) is not raycastT");
            }
            break;
        }
        case 6: {
            const pickray::Segment s1{in.vec(), in.vec()}, s2{in.vec(), in.vec()};
            const auto r = pickray::closestPoints(s1, s2);
            pickray::ClosestPoints batch;
            pickray::closestPoints(std::span(&s1, 1), std::span(&s2, 1), std::span(&batch, 1));
            {  // bit for bit, any NaN matching any NaN (batch.hpp)
                float got[9], want[9];
                std::memcpy(got, &batch, sizeof got);
                std::memcpy(want, &r, sizeof want);
                for (int k = 0; k < 9; ++k) {
                    check(sameBitsOrBothNaN(got[k], want[k]), "batch closestPoints is not closestPoints",
                          double{got[k]});
                }
            }
            if (finite(s1.a) && finite(s1.b) && finite(s2.a) && finite(s2.b) && std::isfinite(r.distance)) {
                check(r.distance >= 0.0f, "negative distance", double{r.distance});
                check(r.t1 >= 0.0f && r.t1 <= 1.0f && r.t2 >= 0.0f && r.t2 <= 1.0f, "segment parameter out of [0, 1]");
            }
            const auto l = pickray::closestPoints(pickray::Line{s1.a, s1.b}, pickray::Line{s2.a, s2.b});
            if (std::isfinite(l.distance)) check(l.distance >= 0.0f, "negative line distance", double{l.distance});
            break;
        }
        case 8: {
            glm::mat4 view, proj;
            for (int c = 0; c < 4; ++c) view[c] = glm::vec4(in.vec(), in.next());
            for (int c = 0; c < 4; ++c) proj[c] = glm::vec4(in.vec(), in.next());
            const pickray::Viewport vp{in.next(), in.next(), in.next(), in.next(), in.next(), in.next()};
            const pickray::ClipDepth depth =
                (which & 0x40) ? pickray::ClipDepth::ZeroToOne : pickray::ClipDepth::NegativeOneToOne;
            (void)pickray::viewportMatrix(vp, depth);
            (void)pickray::screenToWorld(ray.origin, view, proj, vp, depth);
            (void)pickray::worldToScreen(ray.origin, view, proj, vp, depth);
            const pickray::Ray picked = pickray::cursorRay({ray.direction.x, ray.direction.y}, view, proj, vp, depth);
            if (pickray::isValidPickingSetup(view, proj, vp) && finite(picked.direction)) {
                check(std::abs(glm::length(picked.direction) - 1.0f) < 1e-4f, "cursorRay direction not unit",
                      double{glm::length(picked.direction)});
            }
            break;
        }
        case 9: {
            // A handful of fuzzed shapes of every kind under a BVH, against brute force.
            std::vector<pickray::Shape> shapes;
            while (in.size >= 7 * sizeof(float) && shapes.size() < 16) {
                const glm::vec3 a = in.vec(), b = in.vec();
                const float r = in.next();
                switch (shapes.size() % 5) {
                    case 0: shapes.emplace_back(pickray::Sphere{a, r}); break;
                    case 1: shapes.emplace_back(pickray::Capsule{a, b, r}); break;
                    case 2: shapes.emplace_back(pickray::Cylinder{a, b, r}); break;
                    case 3: shapes.emplace_back(pickray::InfiniteCylinder{a, b, r}); break;
                    default: shapes.emplace_back(pickray::Aabb{glm::min(a, b), glm::max(a, b)}); break;
                }
            }
            // bvh.hpp's one exception to "the same answers as brute force": the tree may skip a
            // hit whose t, rounded to float, lies outside the span of t where the ray is inside
            // its shape's bounds (possible only where the ray's numbers dwarf the shape, so that
            // the routine's rounding puts the hit off the solid). Judged independently, from the
            // line's exact interval in the box (tests/support/line_in_box.hpp).
            const auto inBounds = [&](std::uint32_t i, float enter, float exit) {
                return pickray::test::meetsBounds(ray, shapes[i], enter, exit);
            };
            std::vector<std::optional<pickray::RayHit>> hits(shapes.size());
            for (std::uint32_t i = 0; i < shapes.size(); ++i) hits[i] = pickray::raycast(ray, shapes[i], tMax);
            const auto before = [](float t1, std::uint32_t i1, float t2, std::uint32_t i2) {
                return t1 < t2 || (t1 == t2 && i1 < i2);
            };
            // The answer is the nearest hit (ties to the smaller index) over all hits less any of
            // the exceptions: one of the shapes' own hits, bit for bit, and before every hit
            // that is no exception.
            const auto judge = [&](const pickray::Bvh& bvh) {
                const auto got = bvh.nearest(ray, tMax);
                for (std::uint32_t i = 0; i < shapes.size(); ++i) {
                    if (!hits[i] || !inBounds(i, hits[i]->t, hits[i]->t)) continue;
                    check(got.has_value(), "BVH hit/miss differs from brute force");
                    check(!before(hits[i]->t, i, got->hit.t, got->index), "BVH nearest t differs from brute force",
                          double{got->hit.t} - double{hits[i]->t});
                }
                if (!got) return;
                check(got->index < shapes.size() && hits[got->index], "BVH hit a shape brute force misses");
                const pickray::RayHit& want = *hits[got->index];
                check(got->hit.t == want.t && got->hit.point == want.point && got->hit.normal == want.normal,
                      "BVH hit is not the shape's raycast");
                // allHits: every hit that is no exception, bit for bit, and nothing else; by t.
                const auto all = bvh.allHits(ray, tMax);
                for (std::size_t k = 0; k < all.size(); ++k) {
                    const auto& h = all[k];
                    check(h.index < shapes.size() && hits[h.index] && hits[h.index]->t == h.hit.t,
                          "BVH allHits holds a hit that is not the shape's raycast");
                    check(k == 0 || before(all[k - 1].hit.t, all[k - 1].index, h.hit.t, h.index),
                          "BVH allHits not sorted");
                }
                for (std::uint32_t i = 0; i < shapes.size(); ++i) {
                    if (!hits[i] || !inBounds(i, hits[i]->t, hits[i]->t)) continue;
                    check(std::any_of(all.begin(), all.end(), [&](const pickray::ShapeHit& h) { return h.index == i; }),
                          "BVH allHits misses a hit brute force finds", double{hits[i]->t});
                }
            };
            // lineSpans: every span that is no exception, and each one intersectLine's, bit for bit.
            const auto judgeSpans = [&](const pickray::Bvh& bvh) {
                const auto spans = bvh.lineSpans(ray);
                for (const pickray::ShapeSpan& s : spans) {
                    const auto want =
                        s.index < shapes.size() ? pickray::intersectLine(ray, shapes[s.index]) : std::nullopt;
                    check(want && want->enter == s.span.enter && want->exit == s.span.exit,
                          "BVH lineSpans holds a span that is not the shape's intersectLine");
                }
                for (std::uint32_t i = 0; i < shapes.size(); ++i) {
                    const auto want = pickray::intersectLine(ray, shapes[i]);
                    if (!want || !inBounds(i, want->enter, want->exit)) continue;
                    check(std::count_if(spans.begin(), spans.end(),
                                        [&](const pickray::ShapeSpan& s) { return s.index == i; }) == 1,
                          "BVH lineSpans misses or repeats a span brute force finds", double{want->enter});
                }
            };
            {
                // Spheres in slots or, for half the inputs, in sphere runs (query/bvh.hpp).
                const pickray::Bvh bvh(shapes,
                                       (which & 0x20) ? pickray::SphereLeaves::runs : pickray::SphereLeaves::slots);
                judge(bvh);
                judgeSpans(bvh);
            }
            // For half the inputs, the same shapes put in one at a time by update(), into a tree
            // that held only invalid ones: insertion into an empty tree, below leaves, and moves
            // between the tree and the lists beside it.
            if ((which & 0x40) != 0) {
                pickray::Bvh updated(
                    std::vector<pickray::Shape>(shapes.size(), pickray::Shape{pickray::Sphere{{}, -1.0f}}),
                    (which & 0x20) ? pickray::SphereLeaves::runs : pickray::SphereLeaves::slots);
                for (std::uint32_t i = 0; i < shapes.size(); ++i) updated.update(i, shapes[i]);
                judge(updated);
                judgeSpans(updated);
            }
            break;
        }
        default: {
            const pickray::Capsule c1{in.vec(), in.vec(), in.next()}, c2{in.vec(), in.vec(), in.next()};
            const pickray::Sphere s{in.vec(), in.next()};
            check(pickray::overlaps(c1, c2) == pickray::overlaps(c2, c1), "capsule overlap not symmetric");
            check(pickray::overlaps(s, c1) == pickray::overlaps(c1, s), "sphere-capsule overlap not symmetric");
            (void)pickray::proximity(c1, c2);
            break;
        }
    }
    return 0;
}
