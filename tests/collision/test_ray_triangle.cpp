// SPDX-License-Identifier: MIT
// Ray vs triangle (collision/ray_triangle.hpp): each branch of the contract on its own case. The
// inputs are small dyadic numbers, so each exact answer is a float and comes out bit for bit.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "pickray/collision.hpp"

namespace pickray {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// In the plane z = 0, counter-clockwise seen from +z: the front normal is +z.
const Triangle kTri{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};

/// raycast, raycastT and intersectLine agree on every case here: raycastT is raycast's t, and the
/// line query has the ray's answer whenever that t lies in [0, tMax].
std::optional<TriangleHit> cast(const Ray& ray, const Triangle& tri, float tMax = kInf, Faces faces = Faces::Both) {
    const auto hit = raycast(ray, tri, tMax, faces);
    const auto t = raycastT(ray, tri, tMax, faces);
    EXPECT_EQ(hit.has_value(), t.has_value());
    if (hit && t) {
        EXPECT_EQ(std::bit_cast<std::uint32_t>(hit->t), std::bit_cast<std::uint32_t>(*t));
    }
    const auto line = intersectLine(ray, tri, faces);
    if (line && line->t >= 0.0f && line->t <= tMax && detail::isValidTMax(tMax)) {
        EXPECT_TRUE(hit);
        if (hit) {
            EXPECT_EQ(hit->t, line->t);
            EXPECT_EQ(hit->front, line->front);
        }
    }
    if (hit) {
        EXPECT_TRUE(line);
    }
    return hit;
}

TEST(RayTriangle, MissBesideTheTriangle) {
    EXPECT_FALSE(cast(Ray{{3, 3, 1}, {0, 0, -1}}, kTri));  // beyond the edge bc
    EXPECT_FALSE(cast(Ray{{-1, 1, 1}, {0, 0, -1}}, kTri));
    EXPECT_FALSE(intersectLine(Ray{{3, 3, 1}, {0, 0, -1}}, kTri));
}

TEST(RayTriangle, HitFromTheFront) {
    const auto hit = cast(Ray{{1, 2, 3}, {0, 0, -2}}, kTri);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 1.5f);
    EXPECT_EQ(hit->u, 0.25f);  // weight of b = x / 4
    EXPECT_EQ(hit->v, 0.5f);   // weight of c = y / 4
    EXPECT_TRUE(hit->front);
    EXPECT_EQ(hit->point, glm::vec3(1, 2, 0));
    EXPECT_EQ(hit->normal, glm::vec3(0, 0, 1));
}

TEST(RayTriangle, HitFromTheBackKeepsTheFrontNormal) {
    const auto hit = cast(Ray{{1, 2, -3}, {0, 0, 1}}, kTri);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 3.0f);
    EXPECT_FALSE(hit->front);
    EXPECT_EQ(hit->normal, glm::vec3(0, 0, 1));
    EXPECT_EQ(hit->u, 0.25f);
    EXPECT_EQ(hit->v, 0.5f);
}

TEST(RayTriangle, FrontOnlyCullsTheBack) {
    EXPECT_TRUE(cast(Ray{{1, 1, 1}, {0, 0, -1}}, kTri, kInf, Faces::FrontOnly));
    EXPECT_FALSE(cast(Ray{{1, 1, -1}, {0, 0, 1}}, kTri, kInf, Faces::FrontOnly));
    EXPECT_FALSE(intersectLine(Ray{{1, 1, -1}, {0, 0, 1}}, kTri, Faces::FrontOnly));
    // The same line the other way round meets the front.
    EXPECT_TRUE(intersectLine(Ray{{1, 1, -1}, {0, 0, -1}}, kTri, Faces::FrontOnly));
}

TEST(RayTriangle, ParallelLinesNeverCrossInThePlaneOrBesideIt) {
    // Off the plane, over the triangle.
    EXPECT_FALSE(cast(Ray{{-1, 1, 1}, {1, 0, 0}}, kTri));
    // In the plane, through the interior: d·n == 0 exactly, no crossing (a triangle has no inside).
    EXPECT_FALSE(cast(Ray{{-1, 1, 0}, {1, 0, 0}}, kTri));
    EXPECT_FALSE(intersectLine(Ray{{-1, 1, 0}, {1, 0, 0}}, kTri));
    // In the plane, along an edge and through a vertex.
    EXPECT_FALSE(cast(Ray{{-1, 0, 0}, {1, 0, 0}}, kTri));
    EXPECT_FALSE(cast(Ray{{-1, -1, 0}, {1, 1, 0}}, kTri));
    // A tilted triangle and a direction in its plane, not along an axis.
    const Triangle tilted{{0, 0, 0}, {4, 0, 4}, {0, 4, 0}};
    EXPECT_FALSE(cast(Ray{{1, 1, 1}, {1, 0, 1}}, tilted));
    EXPECT_FALSE(cast(Ray{{-1, 1, -1}, {1, 0, 1}}, tilted));
    // ...and one step of a float away from the plane's direction it crosses, at its origin.
    EXPECT_FALSE(cast(Ray{{1, 1, 1}, {1, 0, 1}}, tilted));
    const auto tipped = cast(Ray{{1, 1, 1}, {1, 0, std::nextafter(1.0f, 2.0f)}}, tilted);
    ASSERT_TRUE(tipped);
    EXPECT_EQ(tipped->t, 0.0f);
}

TEST(RayTriangle, ZeroAreaTrianglesAreValidAndNeverHit) {
    const Triangle collinear{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}};
    const Triangle repeated{{0, 0, 0}, {0, 0, 0}, {2, 2, 0}};
    const Triangle point{{1, 1, 0}, {1, 1, 0}, {1, 1, 0}};
    for (const Triangle& tri : {collinear, repeated, point}) {
        EXPECT_TRUE(validity(tri).valid());
        for (const glm::vec3 d : {glm::vec3(0, 0, -1), glm::vec3(1, -1, -1), glm::vec3(-1, 1, -1)}) {
            EXPECT_FALSE(cast(Ray{glm::vec3(1, 1, 0) - d, d}, tri));
            EXPECT_FALSE(intersectLine(Ray{glm::vec3(1, 1, 0) - d, d}, tri));
        }
    }
}

TEST(RayTriangle, AnOriginOnTheTriangleHitsAtPlusZero) {
    for (const glm::vec3 d : {glm::vec3(0, 0, -1), glm::vec3(0, 0, 1), glm::vec3(1, 1, -3)}) {
        const auto hit = cast(Ray{{1, 1, 0}, d}, kTri);
        ASSERT_TRUE(hit);
        EXPECT_EQ(hit->t, 0.0f);
        EXPECT_FALSE(std::signbit(hit->t));
        EXPECT_EQ(hit->point, glm::vec3(1, 1, 0));
        EXPECT_EQ(hit->front, d.z < 0);
        // tMax = 0 still takes it.
        EXPECT_TRUE(cast(Ray{{1, 1, 0}, d}, kTri, 0.0f));
    }
    // Through a vertex with a direction whose moved origin, (+ε, +ε², +ε³), lies inside: a hit
    // at t = 0 with the weights of a (u = v = 0).
    const auto atVertex = cast(Ray{{0, 0, 0}, {0, 0, -1}}, kTri);
    ASSERT_TRUE(atVertex);
    EXPECT_EQ(atVertex->t, 0.0f);
    EXPECT_FALSE(std::signbit(atVertex->t));
    EXPECT_EQ(atVertex->u, 0.0f);
    EXPECT_EQ(atVertex->v, 0.0f);
}

TEST(RayTriangle, BehindTheOriginOnlyTheLineQuerySeesIt) {
    const Ray ray{{1, 1, -2}, {0, 0, -1}};
    EXPECT_FALSE(cast(ray, kTri));
    const auto line = intersectLine(ray, kTri);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->t, -2.0f);
    EXPECT_TRUE(line->front);  // the line runs down, against the front normal
    EXPECT_EQ(line->point, glm::vec3(1, 1, 0));
}

TEST(RayTriangle, TMaxIsInclusiveOnTheReturnedT) {
    const Ray ray{{1, 1, 1}, {0, 0, -1}};
    EXPECT_TRUE(cast(ray, kTri, 1.0f));
    EXPECT_FALSE(cast(ray, kTri, std::nextafter(1.0f, 0.0f)));
    EXPECT_FALSE(cast(ray, kTri, 0.5f));
    // t = 1/3 is not a float: the hit's own t given back as tMax finds the same hit.
    const Ray third{{1, 1, 1}, {0, 0, -3}};
    const auto hit = cast(third, kTri);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 1.0f / 3.0f);  // correctly rounded, as IEEE division rounds
    EXPECT_TRUE(cast(third, kTri, hit->t));
    EXPECT_FALSE(cast(third, kTri, std::nextafter(hit->t, 0.0f)));
}

TEST(RayTriangle, BadTMaxGetsNothing) {
    const Ray ray{{1, 1, 1}, {0, 0, -1}};
    EXPECT_FALSE(cast(ray, kTri, -1.0f));
    EXPECT_FALSE(cast(ray, kTri, kNaN));
    EXPECT_FALSE(cast(ray, kTri, -0.0f));  // −0 is a valid tMax (>= 0), but t = 1 lies beyond it
    EXPECT_TRUE(cast(Ray{{1, 1, 0}, {0, 0, -1}}, kTri, -0.0f));
}

TEST(RayTriangle, NaNAndInfinityAnywhereGetNothing) {
    const Ray ray{{1, 1, 1}, {0, 0, -1}};
    for (const float bad : {kNaN, kInf, -kInf}) {
        for (int vertex = 0; vertex < 3; ++vertex) {
            for (int axis = 0; axis < 3; ++axis) {
                Triangle tri = kTri;
                (vertex == 0 ? tri.a : vertex == 1 ? tri.b : tri.c)[axis] = bad;
                EXPECT_FALSE(cast(ray, tri));
                EXPECT_FALSE(intersectLine(ray, tri));
                EXPECT_FALSE(validity(tri).valid());
            }
        }
        EXPECT_FALSE(cast(Ray{{bad, 1, 1}, {0, 0, -1}}, kTri));
        EXPECT_FALSE(cast(Ray{{1, 1, 1}, {0, bad, -1}}, kTri));
        EXPECT_FALSE(intersectLine(Ray{{1, 1, 1}, {0, bad, -1}}, kTri));
    }
    EXPECT_FALSE(cast(Ray{{1, 1, 1}, {0, 0, 0}}, kTri));
    EXPECT_FALSE(cast(Ray{{1, 1, 1}, {0, 0, -1e-30f}}, kTri));  // |d|² not a normal float
}

TEST(RayTriangle, HugeAndTinyCoordinatesKeepExactAnswers) {
    for (const float scale : {0x1p-60f, 0x1p-20f, 1.0f, 0x1p40f, 0x1p100f}) {
        const Triangle tri{kTri.a * scale, kTri.b * scale, kTri.c * scale};
        const auto hit = cast(Ray{glm::vec3(1, 2, 3) * scale, {0, 0, -1}}, tri);
        ASSERT_TRUE(hit) << scale;
        EXPECT_EQ(hit->t, 3.0f * scale);
        EXPECT_EQ(hit->u, 0.25f);
        EXPECT_EQ(hit->v, 0.5f);
        EXPECT_EQ(hit->normal, glm::vec3(0, 0, 1));
        EXPECT_FALSE(cast(Ray{glm::vec3(3, 3, 3) * scale, {0, 0, -1}}, tri)) << scale;
    }
    // Far from the origin of the coordinates: a unit triangle at 2^20, hit at its vertex.
    const glm::vec3 far(0x1p20f, -0x1p20f, 0x1p19f);
    const Triangle farTri{far, far + glm::vec3(1, 0, 0), far + glm::vec3(0, 1, 0)};
    const auto hit = cast(Ray{far + glm::vec3(0.25f, 0.5f, 1), {0, 0, -1}}, farTri);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 1.0f);
    EXPECT_EQ(hit->u, 0.25f);
    EXPECT_EQ(hit->v, 0.5f);
}

TEST(RayTriangle, ATBeyondTheFloatRangeIsNoHit) {
    // A short direction from far away: t = 2^100 / 2^-60 = 2^160 overflows float; 2^120 does not.
    const float s = 0x1p100f;
    const Triangle tri{{-s, -s, 0}, {s, -s, 0}, {0, s, 0}};
    EXPECT_FALSE(cast(Ray{{0, 0, s}, {0, 0, -0x1p-60f}}, tri));
    EXPECT_FALSE(intersectLine(Ray{{0, 0, s}, {0, 0, -0x1p-60f}}, tri));
    const auto hit = cast(Ray{{0, 0, s}, {0, 0, -0x1p-20f}}, tri);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0x1p120f);
}

TEST(RayTriangle, ASharedEdgeIsCrossedOnceWhicheverWayTheLineGoes) {
    // Two triangles of the square [0, 4]², sharing the diagonal from (4, 0) to (0, 4), both facing +z.
    const Triangle lower{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    const Triangle upper{{4, 0, 0}, {4, 4, 0}, {0, 4, 0}};
    for (const glm::vec3 target : {glm::vec3(2, 2, 0), glm::vec3(1, 3, 0), glm::vec3(3.5f, 0.5f, 0)}) {
        for (const glm::vec3 d : {glm::vec3(0, 0, -1), glm::vec3(1, 1, -1), glm::vec3(-1, -1, -1), glm::vec3(1, -1, 2),
                                  glm::vec3(-3, 1, 1), glm::vec3(0, 0, 1)}) {
            const Ray ray{target - d, d};
            const int hits = (cast(ray, lower) ? 1 : 0) + (cast(ray, upper) ? 1 : 0);
            EXPECT_EQ(hits, 1) << target.x << "," << target.y << " d " << d.x << "," << d.y << "," << d.z;
        }
    }
    // At the square's shared corners (4, 0) and (0, 4), and for a ray starting on the edge.
    for (const glm::vec3 target : {glm::vec3(4, 0, 0), glm::vec3(0, 4, 0)}) {
        const Ray ray{target + glm::vec3(-1, 1, 1), glm::vec3(1, -1, -1)};
        const int hits = (cast(ray, lower) ? 1 : 0) + (cast(ray, upper) ? 1 : 0);
        EXPECT_LE(hits, 1);  // an open square: the corner may lie on its border, crossed once at most
    }
    const Ray onEdge{{2, 2, 0}, {0.5f, 0.25f, -1}};
    EXPECT_EQ((cast(onEdge, lower) ? 1 : 0) + (cast(onEdge, upper) ? 1 : 0), 1);
}

TEST(RayTriangle, ValidityNamesTheVertex) {
    EXPECT_EQ(validity(Triangle{{kNaN, 0, 0}, {1, 0, 0}, {0, 1, 0}}).field, "a");
    EXPECT_EQ(validity(Triangle{{0, 0, 0}, {1, kInf, 0}, {0, 1, 0}}).field, "b");
    EXPECT_EQ(validity(Triangle{{0, 0, 0}, {1, 0, 0}, {0, 1, -kInf}}).message(),
              "c: must be finite (no NaN, no infinity)");
    EXPECT_TRUE(validity(kTri).valid());
}

}  // namespace
}  // namespace pickray
