// SPDX-License-Identifier: MIT
// TriangleMesh (query/mesh.hpp): every query bit for bit equal to a brute force over the triangles
// with raycast(ray, Triangle) and intersectLine(ray, Triangle), on random soups, grids crossed
// exactly at edges and vertices, and closed meshes; the refit; closedness by positions; validity;
// the interpolated normal and texture coordinate. ctest runs this binary once per box test
// (query.scalar, query.avx2).
#include <sys/mman.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "mesh_support.hpp"
#include "pickray/query.hpp"

namespace pickray {
namespace {

using test::MeshData;

TEST(Mesh, RandomSoupsAnswerAsBruteForce) {
    std::mt19937 rng(1);
    for (const int triangles : {1, 3, 10, 100, 2000}) {
        const MeshData m = test::randomSoup(rng, triangles, 6.0f);
        const TriangleMesh mesh = m.mesh();
        ASSERT_TRUE(mesh.validity().valid()) << mesh.validity().message();
        EXPECT_EQ(test::mismatches(mesh, m, test::raysAt(m, rng, 300, 8.0f)), 0) << triangles << " triangles";
    }
}

TEST(Mesh, GridsCrossedAtEdgesAndVerticesAnswerAsBruteForce) {
    std::mt19937 rng(2);
    const MeshData m = test::grid(24);
    const TriangleMesh mesh = m.mesh();
    std::vector<Ray> rays = test::raysAt(m, rng, 400, 30.0f);
    // Straight down onto every vertex and edge midpoint of a corner of the grid: exact ties.
    for (int y = 0; y <= 12; ++y)
        for (int x = 0; x <= 12; ++x)
            rays.push_back({{0.5f * static_cast<float>(x), 0.5f * static_cast<float>(y), 5}, {0, 0, -1}});
    EXPECT_EQ(test::mismatches(mesh, m, rays), 0);
    // An open surface: one crossing where the line meets a vertex or an edge, and no spans.
    EXPECT_FALSE(mesh.closed());
    for (int k = 0; k < 20; ++k) {
        // Inside the grid: a line through its border may pass it by on either side.
        const Ray down{
            {1.0f + static_cast<float>(k % 7) + 0.5f * static_cast<float>(k % 2), 1.0f + static_cast<float>(k % 5), 3},
            {0, 0, -1}};
        EXPECT_EQ(mesh.allHits(down).size(), 1u) << k;
        EXPECT_TRUE(mesh.lineSpans(down).empty());
    }
}

TEST(Mesh, ClosedMeshesAnswerAsBruteForceAndThroughAVertexCrossOnce) {
    std::mt19937 rng(3);
    for (const MeshData& m :
         {test::icosphere(3), test::torus(2.0f, 0.6f, 24, 12), test::fanBipyramid(16), test::cubeByFaces()}) {
        const TriangleMesh mesh = m.mesh();
        ASSERT_TRUE(mesh.closed());
        EXPECT_EQ(test::mismatches(mesh, m, test::raysAt(m, rng, 250, 3.0f)), 0) << m.indices.size() / 3;
    }
    // From the centre of the convex icosphere through each vertex (the line contains it exactly):
    // one crossing, a front one from the outside, and one span through the sphere.
    const MeshData sphere = test::icosphere(2);
    const TriangleMesh mesh = sphere.mesh();
    for (const glm::vec3 v : sphere.positions) {
        const auto hits = mesh.allHits(Ray{{0, 0, 0}, v});
        ASSERT_EQ(hits.size(), 1u);
        EXPECT_FALSE(hits[0].front);
        const auto inward = mesh.nearest(Ray{2.0f * v, -v});
        ASSERT_TRUE(inward);
        EXPECT_TRUE(inward->front);
        EXPECT_EQ(mesh.lineSpans(Ray{{0, 0, 0}, v}).size(), 1u);
    }
    // The bipyramid's apexes are fan centres: a line along z through both crosses twice.
    const TriangleMesh bipyramid = test::fanBipyramid(16).mesh();
    const auto spans = bipyramid.lineSpans(Ray{{0, 0, -5}, {0, 0, 1}});
    ASSERT_EQ(spans.size(), 1u);
    EXPECT_EQ(spans[0].enter, 3.0f);
    EXPECT_EQ(spans[0].exit, 7.0f);
}

TEST(Mesh, RefitAfterMovingVerticesAnswersAsAFreshBuild) {
    std::mt19937 rng(4);
    for (MeshData m : {test::randomSoup(rng, 600, 5.0f), test::icosphere(3)}) {
        TriangleMesh mesh = m.mesh();
        const auto before = mesh.stats();
        std::normal_distribution<float> jitter(0.0f, 0.3f);
        for (glm::vec3& p : m.positions) p += glm::vec3(jitter(rng), jitter(rng), jitter(rng)) + glm::vec3(1, 0, 0);
        mesh.setPositions(m.positions);
        EXPECT_EQ(mesh.stats().nodes, before.nodes);  // refitted, not rebuilt
        const TriangleMesh fresh = m.mesh();
        const auto rays = test::raysAt(m, rng, 250, 6.0f);
        EXPECT_EQ(test::mismatches(mesh, m, rays), 0);
        EXPECT_EQ(test::mismatches(fresh, m, rays), 0);
        EXPECT_EQ(mesh.closed(), fresh.closed());
    }
}

TEST(Mesh, MovingVerticesApartOpensTheSurfaceAndBackClosesIt) {
    MeshData m = test::cubeByFaces();
    TriangleMesh mesh = m.mesh();
    ASSERT_TRUE(mesh.closed());
    const glm::vec3 corner = m.positions[0];
    m.positions[0] += glm::vec3(0.0f, 0.0f, 0.25f);  // one face's copy of a corner moves alone
    mesh.setPositions(m.positions);
    EXPECT_FALSE(mesh.closed());
    EXPECT_TRUE(mesh.lineSpans(Ray{{0, 0, -5}, {0, 0, 1}}).empty());
    m.positions[0] = corner;
    mesh.setPositions(m.positions);
    EXPECT_TRUE(mesh.closed());
    EXPECT_THROW(mesh.setPositions(std::vector<glm::vec3>(3)), std::invalid_argument);
}

TEST(Mesh, NonFinitePositionsSetLaterMakeTheMeshInvalidUntilFiniteOnesReturn) {
    MeshData m = test::icosphere(1);
    TriangleMesh mesh = m.mesh();
    const Ray ray{{0, 0, -5}, {0, 0, 1}};
    const auto hit = mesh.nearest(ray);
    ASSERT_TRUE(hit);
    std::vector<glm::vec3> broken = m.positions;
    broken[3].y = std::nanf("");
    mesh.setPositions(broken);
    EXPECT_EQ(mesh.validity().field, "positions");
    EXPECT_FALSE(mesh.nearest(ray));
    EXPECT_FALSE(mesh.closed());
    mesh.setPositions(m.positions);
    EXPECT_TRUE(mesh.validity().valid());
    ASSERT_TRUE(mesh.nearest(ray));
    EXPECT_EQ(mesh.nearest(ray)->t, hit->t);
    // Made invalid, then given finite positions: built then.
    TriangleMesh late(broken, m.indices);
    EXPECT_FALSE(late.validity().valid());
    late.setPositions(m.positions);
    ASSERT_TRUE(late.nearest(ray));
    EXPECT_EQ(late.nearest(ray)->triangle, hit->triangle);
}

TEST(MeshClosed, IsJudgedByPositionsWithEachEdgeOnceEachWay) {
    const MeshData cube = test::cubeByFaces();
    EXPECT_TRUE(cube.mesh().closed());  // 24 vertices, 4 a face: closed only by positions
    MeshData missing = cube;
    missing.indices.resize(missing.indices.size() - 6);
    EXPECT_FALSE(missing.mesh().closed());
    MeshData flipped = cube;
    std::swap(flipped.indices[1], flipped.indices[2]);
    std::swap(flipped.indices[4], flipped.indices[5]);
    EXPECT_FALSE(flipped.mesh().closed());
    MeshData doubled = cube;
    doubled.add(cube.indices[0], cube.indices[1], cube.indices[2]);  // an edge used twice one way
    EXPECT_FALSE(doubled.mesh().closed());
    MeshData extra = cube;  // a triangle of nonzero area more: its edges are used once
    extra.positions.push_back({0, 0, 1});
    extra.add(0, 1, static_cast<std::uint32_t>(extra.positions.size() - 1));
    EXPECT_FALSE(extra.mesh().closed());
    MeshData collinear = cube;  // zero-area triangles (a repeated vertex, three on a line) are left out
    collinear.positions.push_back({-1, -1, 0});  // on the edge from (-1, -1, -1) to (-1, -1, 1)
    collinear.add(0, 0, 3);
    collinear.add(static_cast<std::uint32_t>(collinear.positions.size() - 1), 3, 0);
    const TriangleMesh withSlivers = collinear.mesh();
    EXPECT_TRUE(withSlivers.closed());
    // −0 and +0 are one point.
    MeshData signedZero{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-0.0f, 0, 0}},
                        {0, 2, 1, 0, 1, 3, 4, 3, 2, 1, 2, 3}};
    EXPECT_TRUE(signedZero.mesh().closed());
    EXPECT_TRUE(MeshData{}.mesh().closed());
    EXPECT_TRUE(test::torus(2.0f, 0.5f, 12, 8).mesh().closed());
    EXPECT_FALSE(test::grid(3).mesh().closed());
}

TEST(MeshValidity, SaysWhichRuleTheDataBreaks) {
    const std::vector<glm::vec3> p{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const std::vector<std::uint32_t> tri{0, 1, 2};
    const Ray ray{{0.25f, 0.25f, 1}, {0, 0, -1}};
    EXPECT_TRUE(TriangleMesh(p, tri).validity().valid());
    EXPECT_TRUE(TriangleMesh(p, tri).nearest(ray));
    const auto expectInvalid = [&](const TriangleMesh& mesh, std::string_view field) {
        EXPECT_EQ(mesh.validity().field, field) << mesh.validity().message();
        EXPECT_FALSE(mesh.validity().rule.empty());
        EXPECT_FALSE(mesh.nearest(ray));
        EXPECT_TRUE(mesh.allHits(ray).empty());
        EXPECT_FALSE(mesh.anyHit(ray));
        EXPECT_TRUE(mesh.lineSpans(ray).empty());
        EXPECT_FALSE(mesh.closed());
        EXPECT_THROW((void)mesh.triangle(0), std::out_of_range);
    };
    expectInvalid(TriangleMesh(p, std::vector<std::uint32_t>{0, 1}), "indices");
    expectInvalid(TriangleMesh(p, std::vector<std::uint32_t>{0, 1, 3}), "indices");
    for (const float bad : {std::nanf(""), kInfinity, -kInfinity}) {
        std::vector<glm::vec3> q = p;
        q[1].z = bad;
        expectInvalid(TriangleMesh(q, tri), "positions");
        expectInvalid(TriangleMesh(p, tri, q), "normals");
        expectInvalid(TriangleMesh(p, tri, {}, std::vector<glm::vec2>{{0, 0}, {bad, 0}, {0, 1}}), "uvs");
    }
    expectInvalid(TriangleMesh(p, tri, std::vector<glm::vec3>(2, glm::vec3(0, 0, 1))), "normals");
    expectInvalid(TriangleMesh(p, tri, {}, std::vector<glm::vec2>(4)), "uvs");
    // More than 2^27 triangles: refused before anything is read or copied (untouched pages).
    const std::size_t count = 3 * ((std::size_t{1} << 27) + 1);
    void* pages =
        mmap(nullptr, count * sizeof(std::uint32_t), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    ASSERT_NE(pages, MAP_FAILED);
    const TriangleMesh huge(p, std::span(static_cast<const std::uint32_t*>(pages), count));
    EXPECT_EQ(huge.validity().field, "indices");
    EXPECT_EQ(huge.stats().triangles, 0u);
    munmap(pages, count * sizeof(std::uint32_t));
}

TEST(MeshValidity, EmptyMeshesAndZeroAreaTrianglesAreValidAndNeverHit) {
    const TriangleMesh empty;
    EXPECT_TRUE(empty.validity().valid());
    const TriangleMesh none(std::vector<glm::vec3>{{0, 0, 0}}, std::vector<std::uint32_t>{});
    EXPECT_TRUE(none.validity().valid());
    const MeshData slivers{{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}}, {0, 1, 2, 0, 0, 3, 3, 3, 3}};
    const TriangleMesh flat = slivers.mesh();
    EXPECT_TRUE(flat.validity().valid());
    for (const TriangleMesh* mesh : {&empty, &none, &flat}) {
        for (const Ray& ray : {Ray{{0.5f, 0, 1}, {0, 0, -1}}, Ray{{0, 0, 1}, {0, 0, -1}}, Ray{{-1, 0, 0}, {1, 0, 0}}}) {
            EXPECT_FALSE(mesh->nearest(ray));
            EXPECT_FALSE(mesh->anyHit(ray));
            EXPECT_TRUE(mesh->allHits(ray).empty());
            EXPECT_TRUE(mesh->lineSpans(ray).empty());
        }
    }
    EXPECT_TRUE(flat.closed());  // zero-area triangles are left out of the count
}

TEST(MeshQueries, InvalidRaysAndTMaxGiveNothing) {
    const TriangleMesh mesh = test::icosphere(1).mesh();
    for (const Ray& ray : {Ray{{0, 0, -5}, {0, 0, 0}}, Ray{{std::nanf(""), 0, -5}, {0, 0, 1}},
                           Ray{{0, 0, -5}, {0, 0, kInfinity}}, Ray{{0, 0, -5}, {0, 0, 1e-30f}}}) {
        EXPECT_FALSE(mesh.nearest(ray));
        EXPECT_FALSE(mesh.anyHit(ray));
        EXPECT_TRUE(mesh.allHits(ray).empty());
        EXPECT_TRUE(mesh.lineSpans(ray).empty());
    }
    const Ray ray{{0, 0, -5}, {0, 0, 1}};
    EXPECT_FALSE(mesh.nearest(ray, -1.0f));
    EXPECT_FALSE(mesh.nearest(ray, std::nanf("")));
    const auto hit = mesh.nearest(ray);
    ASSERT_TRUE(hit);
    EXPECT_TRUE(mesh.nearest(ray, hit->t));  // a hit's t passed back as tMax gets it again
    EXPECT_FALSE(mesh.nearest(ray, std::nextafter(hit->t, 0.0f)));
    EXPECT_EQ(mesh.allHits(ray).size(), 2u);
    EXPECT_EQ(mesh.allHits(ray, hit->t).size(), 1u);
    ASSERT_TRUE(mesh.nearest(ray, kInfinity, Faces::FrontOnly));
    EXPECT_FALSE(mesh.nearest(Ray{{0, 0, 0}, {0, 0, 1}}, kInfinity, Faces::FrontOnly));  // from inside: backs only
}

TEST(MeshHits, InterpolateNormalsAndTextureCoordinatesByTheWeights) {
    const std::vector<glm::vec3> p{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const std::vector<glm::vec3> n{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}};
    const std::vector<glm::vec2> uv{{0.5f, 0.5f}, {1.0f, 0.5f}, {0.5f, 1.0f}};
    const TriangleMesh mesh(p, std::vector<std::uint32_t>{0, 1, 2}, n, uv);
    const auto hit = mesh.nearest(Ray{{0.25f, 0.5f, 2}, {0, 0, -1}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 2.0f);
    EXPECT_EQ(hit->u, 0.25f);
    EXPECT_EQ(hit->v, 0.5f);
    EXPECT_TRUE(hit->front);
    EXPECT_EQ(hit->normal, glm::vec3(0, 0, 1));
    // 0.25·(0,0,1) + 0.25·(1,0,0) + 0.5·(0,1,0) = (0.25, 0.5, 0.25), over its length √0.375.
    ASSERT_TRUE(hit->interpolatedNormal);
    const float length = std::sqrt(0.375f);
    EXPECT_NEAR(hit->interpolatedNormal->x, 0.25f / length, 1e-7f);
    EXPECT_NEAR(hit->interpolatedNormal->y, 0.5f / length, 1e-7f);
    EXPECT_NEAR(hit->interpolatedNormal->z, 0.25f / length, 1e-7f);
    // 0.25·(0.5,0.5) + 0.25·(1,0.5) + 0.5·(0.5,1) = (0.625, 0.75): exact in float.
    ASSERT_TRUE(hit->uv);
    EXPECT_EQ(*hit->uv, glm::vec2(0.625f, 0.75f));
    // Without them: none. Normals that cancel: the geometric normal.
    const auto plain = TriangleMesh(p, std::vector<std::uint32_t>{0, 1, 2}).nearest(Ray{{0.25f, 0.5f, 2}, {0, 0, -1}});
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->interpolatedNormal);
    EXPECT_FALSE(plain->uv);
    const std::vector<glm::vec3> cancelling{{0, 0, 1}, {0, 0, -1}, {0, 0, 0}};
    const auto flat =
        TriangleMesh(p, std::vector<std::uint32_t>{0, 1, 2}, cancelling).nearest(Ray{{0.25f, 0.5f, -2}, {0, 0, 1}});
    ASSERT_TRUE(flat && flat->interpolatedNormal);
    EXPECT_FALSE(flat->front);
    EXPECT_EQ(*flat->interpolatedNormal, glm::vec3(0, 0, 1));
}

TEST(MeshHits, TiesInTGoToTheLowerTriangleIndex) {
    // The same triangle three times, the middle one reversed: one t, three crossings.
    const std::vector<glm::vec3> p{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const TriangleMesh mesh(p, std::vector<std::uint32_t>{0, 1, 2, 0, 2, 1, 0, 1, 2});
    const Ray ray{{0.2f, 0.2f, 1}, {0, 0, -1}};
    ASSERT_TRUE(mesh.nearest(ray));
    EXPECT_EQ(mesh.nearest(ray)->triangle, 0u);
    EXPECT_EQ(mesh.nearest(ray, kInfinity, Faces::FrontOnly)->triangle, 0u);
    const auto all = mesh.allHits(ray);
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].triangle, 0u);
    EXPECT_EQ(all[1].triangle, 1u);
    EXPECT_FALSE(all[1].front);
    EXPECT_EQ(all[2].triangle, 2u);
}

TEST(MeshBatch, AnswersAsNearestOnOneThreadAndWithAParallelFor) {
    std::mt19937 rng(5);
    const MeshData m = test::torus(2.0f, 0.7f, 48, 24);
    const TriangleMesh mesh = m.mesh();
    const auto rays = test::raysAt(m, rng, 1000, 4.0f);
    std::vector<std::optional<MeshHit>> one(rays.size()), many(rays.size());
    mesh.nearestBatch(rays, one);
    mesh.nearestBatch(rays, many, threadsParallelFor(2));
    int wrong = 0;
    for (std::size_t i = 0; i < rays.size(); ++i) {
        const auto expected = mesh.nearest(rays[i]);
        for (const auto* got : {&one[i], &many[i]}) {
            wrong += got->has_value() != expected.has_value() ||
                     (expected && ((*got)->t != expected->t || (*got)->triangle != expected->triangle));
        }
    }
    EXPECT_EQ(wrong, 0);
    std::vector<std::optional<MeshHit>> small(3);
    EXPECT_THROW(mesh.nearestBatch(rays, small), std::invalid_argument);
}

TEST(MeshStats, CountTheTreeAndTheBytesPerTriangle) {
    const TriangleMesh mesh = test::icosphere(5).mesh();  // 20480 triangles, 10242 vertices
    const auto s = mesh.stats();
    EXPECT_EQ(s.triangles, 20480u);
    EXPECT_GT(s.nodes, 0u);
    EXPECT_GE(s.leaves * 4, s.triangles);  // at most four triangles a leaf
    EXPECT_LT(s.depth, 40u);
    // Indices, leaf order, leaf vertices and positions alone are 52 + 12·10242/20480 bytes a triangle.
    const double perTriangle = static_cast<double>(s.bytes) / static_cast<double>(s.triangles);
    EXPECT_GT(perTriangle, 58.0);
    EXPECT_LT(perTriangle, 120.0);
    std::printf("mesh memory: %.1f bytes a triangle (%zu nodes, %zu leaves, depth %zu; icosphere of %zu)\n",
                perTriangle, s.nodes, s.leaves, s.depth, s.triangles);
}

}  // namespace
}  // namespace pickray
