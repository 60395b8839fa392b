// SPDX-License-Identifier: MIT
// Ray vs triangle against exact rational arithmetic (GMP): the contract of
// collision/ray_triangle.hpp worked out again in mpq_class from the float inputs, sharing no code
// with engine/. The decision (hit or not, front or back) must be identical; t must be the exact
// rational correctly rounded to float, bit for bit; u and v within one float step of the exact
// ratios; the normal within 2^-22 of the exact unit normal per component. The cases are random
// and near-degenerate: rays aimed exactly at edges and vertices, nearly parallel, far away,
// slivers, origins on the plane, huge and tiny scales.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <random>

#include <gmpxx.h>
#include <gtest/gtest.h>

#include "pickray/collision/ray_triangle.hpp"

namespace {

using Q = mpq_class;

struct QVec {
    Q x, y, z;
};

QVec exact(glm::vec3 v) {
    return {Q(static_cast<double>(v.x)), Q(static_cast<double>(v.y)), Q(static_cast<double>(v.z))};
}
QVec operator-(const QVec& a, const QVec& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Q dot(const QVec& a, const QVec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
QVec cross(const QVec& a, const QVec& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// The side of the line o + t·d at the edge pq, for the origin moved by (ε, ε², ε³), ε → 0⁺:
/// E(o + δ) = E + δ·(d × (q − p)), so the sign of E, else of each component of that in turn.
int perturbedSide(const QVec& p, const QVec& q, const QVec& o, const QVec& d) {
    const Q e = dot(cross(p - o, q - o), d);
    if (sgn(e) != 0) return sgn(e);
    const QVec g = cross(d, q - p);
    for (const Q* c : {&g.x, &g.y, &g.z})
        if (sgn(*c) != 0) return sgn(*c);
    return 0;
}

/// A rational rounded to the nearest float, ties to even, overflow to ±inf: from a double
/// estimate, settled against the exact midpoints to its neighbours.
float roundToFloat(const Q& value) {
    if (sgn(value) == 0) return 0.0f;
    if (sgn(value) < 0) return -roundToFloat(Q(-value));
    const float guess = static_cast<float>(value.get_d());
    const auto midpointOf = [](float lo, float hi) {
        const Q top = std::isinf(hi) ? Q(std::ldexp(1.0, 128)) : Q(static_cast<double>(hi));
        return Q((Q(static_cast<double>(lo)) + top) / 2);
    };
    const auto even = [](float f) { return (std::bit_cast<std::uint32_t>(f) & 1u) == 0; };
    float best = guess;
    for (int step = 0; step < 4; ++step) {  // walk to the float whose rounding interval holds value
        const float up = std::nextafter(best, std::numeric_limits<float>::infinity());
        const float down = std::isinf(best) ? std::numeric_limits<float>::max()
                                            : std::nextafter(best, -std::numeric_limits<float>::infinity());
        if (!std::isinf(best)) {
            const Q above = midpointOf(best, up);
            if (value > above || (value == above && even(up))) {
                best = up;
                continue;
            }
        }
        if (best > 0.0f) {
            const Q below = midpointOf(down, best);
            if (value < below || (value == below && even(down))) {
                best = down;
                continue;
            }
        }
        break;
    }
    return best;
}

struct Expected {
    bool crosses = false;  // the whole line, with faces = Both
    bool front = false;
    Q t, u, v;
    QVec n;
};

Expected reference(const pickray::Ray& ray, const pickray::Triangle& tri) {
    const QVec a = exact(tri.a), b = exact(tri.b), c = exact(tri.c), o = exact(ray.origin), d = exact(ray.direction);
    Expected out;
    const int ab = perturbedSide(a, b, o, d), bc = perturbedSide(b, c, o, d), ca = perturbedSide(c, a, o, d);
    out.n = cross(b - a, c - a);
    const Q slope = dot(out.n, d);
    if (ab == 0 || ab != bc || bc != ca || sgn(slope) == 0) return out;
    out.crosses = true;
    out.front = ab < 0;
    out.t = dot(out.n, a - o) / slope;
    out.u = dot(cross(c - o, a - o), d) / slope;
    out.v = dot(cross(a - o, b - o), d) / slope;
    return out;
}

double floatStep(double x) {
    const float f = static_cast<float>(std::fabs(x));
    return static_cast<double>(std::nextafter(f, std::numeric_limits<float>::infinity())) - static_cast<double>(f);
}

glm::vec3 randomIn(std::mt19937_64& rng, float lo, float hi) {
    std::uniform_real_distribution<float> u(lo, hi);
    return {u(rng), u(rng), u(rng)};
}

struct Kind {
    const char* name;
    long cases = 0, hits = 0, exactSides = 0, exactAny = 0;
    double worstWeightSteps = 0, worstNormal = 0;
};

/// Checks one case against the reference; counts it in `kind`.
void check(const pickray::Ray& ray, const pickray::Triangle& tri, float tMax, Kind& kind, int index) {
    using namespace pickray;
    const Expected want = reference(ray, tri);
    const auto line = detail::crossTriangle(ray, tri, {kInfinity, Faces::Both, true, true});
    ++kind.cases;
    if (line.exactParts & detail::kExactSides) ++kind.exactSides;
    if (line.exactParts != 0) ++kind.exactAny;
    const auto fail = [&] {
        return ::testing::Message() << kind.name << " case " << index << ": o " << ray.origin.x << "," << ray.origin.y
                                    << "," << ray.origin.z << " d " << ray.direction.x << "," << ray.direction.y << ","
                                    << ray.direction.z << " a " << tri.a.x << "," << tri.a.y << "," << tri.a.z << " b "
                                    << tri.b.x << "," << tri.b.y << "," << tri.b.z << " c " << tri.c.x << "," << tri.c.y
                                    << "," << tri.c.z;
    };
    const float wantT = want.crosses ? roundToFloat(want.t) : 0.0f;
    // A crossing whose t or point overflows float is no hit: the reference says so through t.
    const bool representable =
        want.crosses && std::isfinite(wantT) &&
        pickray::detail::isFinite(pickray::detail::pointAtExact(ray, static_cast<double>(wantT)));
    ASSERT_EQ(line.hit.has_value(), representable) << fail();
    // The ray: t >= 0 exactly, and the rounded t within tMax.
    const auto hit = raycast(ray, tri, tMax);
    const bool wantRay = representable && sgn(want.t) >= 0 && wantT <= tMax;
    ASSERT_EQ(hit.has_value(), wantRay) << fail();
    ASSERT_EQ(raycast(ray, tri, tMax, Faces::FrontOnly).has_value(), wantRay && want.front) << fail();
    if (!line.hit) return;
    ++kind.hits;
    const TriangleHit& got = *line.hit;
    EXPECT_EQ(got.front, want.front) << fail();
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got.t), std::bit_cast<std::uint32_t>(wantT + 0.0f))
        << fail() << ": t " << got.t << ", exact " << want.t.get_d();
    if (hit) {
        EXPECT_EQ(hit->t, got.t);
    }
    for (const auto& [value, exactValue] : {std::pair{got.u, &want.u}, std::pair{got.v, &want.v}}) {
        const double w = exactValue->get_d();
        const double steps = std::fabs(static_cast<double>(value) - w) / floatStep(w);
        kind.worstWeightSteps = std::max(kind.worstWeightSteps, steps);
        EXPECT_LE(steps, 1.0) << fail() << ": weight " << value << ", exact " << w;
    }
    const Q nn = dot(want.n, want.n);
    const double length = std::sqrt(nn.get_d());
    for (const auto& [component, exactComponent] :
         {std::pair{got.normal.x, &want.n.x}, std::pair{got.normal.y, &want.n.y}, std::pair{got.normal.z, &want.n.z}}) {
        // |n| from the exact |n|² (relative error below 2^-52), each component scaled by it.
        const double off = std::fabs(static_cast<double>(component) - exactComponent->get_d() / length);
        kind.worstNormal = std::max(kind.worstNormal, off);
        EXPECT_LE(off, 0x1p-22) << fail();
    }
}

/// A float target point on the triangle: exactly a vertex, an edge's midpoint, or a rounded
/// interior point.
glm::vec3 onTriangle(std::mt19937_64& rng, const pickray::Triangle& tri, int how) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const glm::vec3 corners[3] = {tri.a, tri.b, tri.c};
    const int i = static_cast<int>(rng() % 3);
    if (how == 0) return corners[i];
    if (how == 1) return (corners[i] + corners[(i + 1) % 3]) * 0.5f;
    const float s = unit(rng), r = unit(rng) * (1.0f - s);
    return tri.a + s * (tri.b - tri.a) + r * (tri.c - tri.a);
}

TEST(ExactRayTriangle, DecisionTAndWeightsAgainstRationals) {
    std::mt19937_64 rng(4242);
    std::array<Kind, 8> kinds{{{"random"},
                               {"aimed at a vertex or edge (small integers, exact ties)"},
                               {"aimed at a vertex, edge or point (rounded)"},
                               {"nearly parallel"},
                               {"far away"},
                               {"slivers"},
                               {"origin on or near the plane"},
                               {"huge and tiny scales"}}};
    std::uniform_int_distribution<int> small(-8, 8);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const auto integerVec = [&] {
        return glm::vec3(static_cast<float>(small(rng)), static_cast<float>(small(rng)),
                         static_cast<float>(small(rng)));
    };
    constexpr int kCases = 96000;
    for (int i = 0; i < kCases; ++i) {
        const int k = i % 8;
        pickray::Triangle tri{randomIn(rng, -10, 10), randomIn(rng, -10, 10), randomIn(rng, -10, 10)};
        glm::vec3 origin = randomIn(rng, -20, 20);
        glm::vec3 target = onTriangle(rng, tri, 2) + randomIn(rng, -2, 2);
        if (k == 1) {
            tri = {integerVec(), integerVec(), integerVec()};
            origin = integerVec() * 2.0f;
            target = onTriangle(rng, tri, static_cast<int>(rng() % 2));
        } else if (k == 2) {
            target = onTriangle(rng, tri, static_cast<int>(rng() % 3));
        } else if (k == 3) {  // a direction in the plane, tipped by 1e-9..1e-3
            const glm::vec3 inPlane = (tri.b - tri.a) * unit(rng) + (tri.c - tri.a) * (unit(rng) - 0.5f);
            const glm::vec3 normal = glm::cross(tri.b - tri.a, tri.c - tri.a);
            const float tip = std::pow(10.0f, -9.0f + 6.0f * unit(rng)) * (unit(rng) < 0.5f ? -1.0f : 1.0f);
            origin = onTriangle(rng, tri, 2) - inPlane * 3.0f;
            target = origin + inPlane + normal * (tip / std::max(glm::length(normal), 1e-20f)) * glm::length(inPlane);
        } else if (k == 4) {  // a unit triangle 1e3..1e6 away, seen from 1e3..1e6 further
            const glm::vec3 base = randomIn(rng, -1, 1) * std::pow(10.0f, 3.0f + 3.0f * unit(rng));
            tri = {base + randomIn(rng, -1, 1), base + randomIn(rng, -1, 1), base + randomIn(rng, -1, 1)};
            origin = base + randomIn(rng, -1, 1) * std::pow(10.0f, 3.0f + 3.0f * unit(rng));
            target = onTriangle(rng, tri, static_cast<int>(rng() % 3));
        } else if (k == 5) {  // c within 1e-7..1e-2 of the line ab (or on it when rounding puts it there)
            const glm::vec3 off = randomIn(rng, -1, 1) * std::pow(10.0f, -7.0f + 5.0f * unit(rng));
            tri.c = tri.a + (tri.b - tri.a) * unit(rng) + off;
            target = onTriangle(rng, tri, static_cast<int>(rng() % 3));
        } else if (k == 6) {  // the origin a rounded point of the triangle or its plane
            origin = onTriangle(rng, tri, static_cast<int>(rng() % 3));
            target = origin + randomIn(rng, -3, 3);
        } else if (k == 7) {
            const float scale = std::ldexp(1.0f, static_cast<int>(rng() % 161) - 80);
            tri = {tri.a * scale, tri.b * scale, tri.c * scale};
            origin *= scale;
            target = onTriangle(rng, tri, static_cast<int>(rng() % 3));
        }
        glm::vec3 direction = target - origin;
        if (!pickray::isValidRay(pickray::Ray{origin, direction})) direction = randomIn(rng, -1, 1);
        // tMax: infinity, a random bound, or the exact answer's float and its neighbour below.
        float tMax = pickray::kInfinity;
        const int choice = static_cast<int>(rng() % 4);
        if (choice == 1) tMax = unit(rng) * 2.0f;
        if (choice >= 2) {
            const Expected want = reference(pickray::Ray{origin, direction}, tri);
            if (want.crosses && sgn(want.t) >= 0) {
                tMax = std::abs(roundToFloat(want.t));
                if (choice == 3) tMax = std::nextafter(tMax, 0.0f);
            }
        }
        check(pickray::Ray{origin, direction}, tri, tMax, kinds[static_cast<std::size_t>(k)], i);
        if (::testing::Test::HasFatalFailure()) return;
    }
    long total = 0, exactSides = 0, exactAny = 0;
    for (const Kind& kind : kinds) {
        std::printf(
            "exact fallback: ray-triangle, %s: %ld cases (%ld crossings), sides exact in %.3g%%, any part exact in "
            "%.3g%%; weights %.3g float steps (bound 1), normal %.3g (bound 2^-22 = %.3g)\n",
            kind.name, kind.cases, kind.hits,
            100.0 * static_cast<double>(kind.exactSides) / static_cast<double>(kind.cases),
            100.0 * static_cast<double>(kind.exactAny) / static_cast<double>(kind.cases), kind.worstWeightSteps,
            kind.worstNormal, 0x1p-22);
        EXPECT_GT(kind.hits, kind.cases / 20) << kind.name;
        total += kind.cases;
        exactSides += kind.exactSides;
        exactAny += kind.exactAny;
    }
    std::printf("exact fallback: ray-triangle, all %ld cases: sides %.3g%%, any part %.3g%%\n", total,
                100.0 * static_cast<double>(exactSides) / static_cast<double>(total),
                100.0 * static_cast<double>(exactAny) / static_cast<double>(total));
    EXPECT_EQ(total, kCases);
}

TEST(ExactRayTriangle, TheExactQuotientRoundsMidpointsToEvenAndNeighboursAway) {
    // The exact path's rounding: num / den = m·2^k with m odd and of 25 bits, halfway between two
    // floats (normal, subnormal, and past FLT_MAX, where it rounds to infinity), and a hair above
    // and below it. num = 3·m·2^k and den = 3, so that the division is not a mere scaling.
    std::mt19937_64 rng(77);
    using pickray::detail::exact::Expansion;
    for (int i = 0; i < 3000; ++i) {
        // Every third in the top binade, every ninth the midpoint between FLT_MAX and 2^128.
        const double m = i % 9 == 0 ? 0x1FFFFFFp0 : static_cast<double>((rng() & 0xFFFFFFu) | 0x1000001u);
        const int k = i % 3 == 0 ? 127 : static_cast<int>(rng() % 300) - 175;
        const double value = std::ldexp(m, k - 24);
        for (const int nudge : {0, 1, -1}) {
            Expansion<48> num(3.0 * value);
            if (nudge != 0) pickray::detail::exact::add(num, std::ldexp(static_cast<double>(nudge), k - 24 - 40));
            Q numExact(0);
            for (std::size_t j = 0; j < num.size(); ++j) numExact += Q(num[j]);
            const float want = roundToFloat(Q(numExact / 3));
            const float got = pickray::detail::exactQuotient(num, Expansion<36>(3.0));
            EXPECT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want))
                << "m " << m << " k " << k << " nudge " << nudge << ": got " << got << ", want " << want;
            if (nudge == 0) {  // the hardware's own conversion rounds ties to even too
                EXPECT_EQ(got, static_cast<float>(value));
            }
        }
    }
}

}  // namespace
