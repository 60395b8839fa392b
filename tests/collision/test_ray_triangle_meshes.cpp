// SPDX-License-Identifier: MIT
// Ray vs triangle on meshes, adversarial by construction: rays aimed exactly at the shared edges
// and vertices of grids and closed polyhedra (every coordinate dyadic, so that the target and
// direction = target − origin are exact floats and the line passes exactly through the target).
// No reference is needed: the counts follow from topology alone. A line crossing a surface
// transversally through an edge or vertex crosses exactly one triangle there; over a closed,
// consistently oriented surface the front crossings equal the back ones; a line through a convex
// polyhedron crosses it twice or not at all.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "pickray/collision/ray_triangle.hpp"

namespace pickray {
namespace {

struct Counts {
    int front = 0;
    int back = 0;
    [[nodiscard]] int total() const { return front + back; }
};

Counts countLine(const Ray& ray, const std::vector<Triangle>& triangles) {
    Counts counts;
    for (const Triangle& tri : triangles) {
        if (const auto hit = intersectLine(ray, tri)) (hit->front ? counts.front : counts.back)++;
    }
    return counts;
}

Counts countRay(const Ray& ray, const std::vector<Triangle>& triangles) {
    Counts counts;
    for (const Triangle& tri : triangles) {
        if (const auto hit = raycast(ray, tri)) (hit->front ? counts.front : counts.back)++;
    }
    return counts;
}

/// origin + direction == target exactly: the line passes through the target.
bool passesExactly(glm::vec3 origin, glm::vec3 direction, glm::vec3 target) {
    for (int i = 0; i < 3; ++i) {
        if (static_cast<double>(origin[i]) + static_cast<double>(direction[i]) != static_cast<double>(target[i]))
            return false;
    }
    return true;
}

enum class Height { kFlat, kTilted, kTerrain };

/// An n × n grid of cells of size h at `offset`, each split along one of its diagonals (chosen
/// per cell by a hash, so both orientations meet everywhere), every triangle counter-clockwise
/// seen from +z. Heights: flat, a tilted plane z = x/2 + y/4, or a terrain of 0..4 half-cells.
class Grid {
public:
    Grid(int n, float h, glm::vec3 offset, Height height) : n_(n), h_(h), offset_(offset), height_(height) {
        triangles_.reserve(static_cast<std::size_t>(2 * n * n));
        for (int j = 0; j < n; ++j) {
            for (int i = 0; i < n; ++i) {
                const glm::vec3 p00 = vertex(i, j), p10 = vertex(i + 1, j), p11 = vertex(i + 1, j + 1),
                                p01 = vertex(i, j + 1);
                if (mainDiagonal(i, j)) {
                    triangles_.push_back({p00, p10, p11});
                    triangles_.push_back({p00, p11, p01});
                } else {
                    triangles_.push_back({p00, p10, p01});
                    triangles_.push_back({p10, p11, p01});
                }
            }
        }
    }

    [[nodiscard]] glm::vec3 vertex(int i, int j) const {
        float z = 0.0f;
        if (height_ == Height::kTilted) z = static_cast<float>(i) * h_ * 0.5f + static_cast<float>(j) * h_ * 0.25f;
        if (height_ == Height::kTerrain) z = static_cast<float>((i * 7 + j * 13 + (i * j) % 3) % 5) * h_ * 0.5f;
        return offset_ + glm::vec3(static_cast<float>(i) * h_, static_cast<float>(j) * h_, z);
    }
    [[nodiscard]] static bool mainDiagonal(int i, int j) {
        return ((static_cast<std::uint32_t>(i) * 2654435761u) ^ (static_cast<std::uint32_t>(j) * 40503u)) & 4u;
    }
    [[nodiscard]] const std::vector<Triangle>& triangles() const { return triangles_; }
    /// The triangles of the cells within `radius` cells of cell (i, j).
    [[nodiscard]] std::vector<Triangle> around(int i, int j, int radius) const {
        std::vector<Triangle> near;
        for (int y = std::max(0, j - radius); y <= std::min(n_ - 1, j + radius); ++y)
            for (int x = std::max(0, i - radius); x <= std::min(n_ - 1, i + radius); ++x) {
                const std::size_t cell = static_cast<std::size_t>(2 * (y * n_ + x));
                near.push_back(triangles_[cell]);
                near.push_back(triangles_[cell + 1]);
            }
        return near;
    }
    [[nodiscard]] float cell() const { return h_; }

private:
    int n_;
    float h_;
    glm::vec3 offset_;
    Height height_;
    std::vector<Triangle> triangles_;
};

TEST(RayTriangleMeshes, GridsCrossedThroughEdgesAndVerticesOnceExactly) {
    // Planes (flat, tilted) are met by any line not parallel to them at the target alone; the
    // terrain (slopes below 3) by any line steeper than 3 once, within a cell of the target. So
    // the triangles of the cells around the target are all a brute force needs; a few rays per
    // grid count over the whole grid too, and must find the same.
    constexpr int kN = 200;
    std::mt19937_64 rng(1717);
    std::uniform_int_distribution<int> cellIndex(1, kN - 2);
    std::uniform_int_distribution<int> small(-12, 12);
    long rays = 0, wholeGridRays = 0, exactSides = 0;
    for (const Height height : {Height::kFlat, Height::kTilted, Height::kTerrain}) {
        for (const float h : {0x1p-10f, 1.0f, 0x1p7f}) {
            for (const glm::vec3 offsetCells : {glm::vec3(0, 0, 0), glm::vec3(-3000, 1200, -700)}) {
                const Grid grid(kN, h, offsetCells * h, height);
                for (int r = 0; r < 4000; ++r) {
                    const int i = cellIndex(rng), j = cellIndex(rng);
                    // A vertex, or the midpoint of the cell's bottom, left or diagonal edge.
                    glm::vec3 target = grid.vertex(i, j);
                    const int where = r % 4;
                    if (where == 1) target = (grid.vertex(i, j) + grid.vertex(i + 1, j)) * 0.5f;
                    if (where == 2) target = (grid.vertex(i, j) + grid.vertex(i, j + 1)) * 0.5f;
                    if (where == 3) {
                        target = Grid::mainDiagonal(i, j) ? (grid.vertex(i, j) + grid.vertex(i + 1, j + 1)) * 0.5f
                                                          : (grid.vertex(i + 1, j) + grid.vertex(i, j + 1)) * 0.5f;
                    }
                    glm::vec3 w(static_cast<float>(small(rng)), static_cast<float>(small(rng)),
                                static_cast<float>(small(rng)));
                    if (height == Height::kTerrain) {  // steeper than the terrain: |w.z| > 3·|w.xy|
                        w.z = (std::abs(w.x) + std::abs(w.y)) * 3.0f + 1.0f + static_cast<float>(r % 3);
                    }
                    if (r % 2 == 1) w.z = -w.z;  // from below as often as from above
                    // Parallel to the plane: no crossing at all, and none is counted below.
                    const bool parallel = (height == Height::kTilted) ? w.z * 4.0f == w.x * 2.0f + w.y : w.z == 0.0f;
                    w *= h * 0.25f;
                    const Ray ray{target + w, -w};
                    ASSERT_TRUE(passesExactly(ray.origin, ray.direction, target));
                    const Counts line = countLine(ray, grid.around(i, j, 2));
                    const Counts fromOrigin = countRay(ray, grid.around(i, j, 2));
                    ++rays;
                    for (const Triangle& tri : grid.around(i, j, 0)) {
                        if (detail::crossTriangle(ray, tri, {}).exactParts & detail::kExactSides) ++exactSides;
                    }
                    if (r % 2000 == 0) {
                        const Counts whole = countLine(ray, grid.triangles());
                        EXPECT_EQ(whole.front, line.front);
                        EXPECT_EQ(whole.back, line.back);
                        ++wholeGridRays;
                    }
                    if (parallel) {
                        EXPECT_EQ(line.total(), 0);
                        continue;
                    }
                    ASSERT_EQ(line.total(), 1) << "grid h " << h << " target " << target.x << "," << target.y << ","
                                               << target.z << " w " << w.x << "," << w.y << "," << w.z;
                    // Up the normal's z (and its slope) is the back: the front normal points up.
                    const glm::vec3 n =
                        glm::cross(grid.vertex(1, 0) - grid.vertex(0, 0), grid.vertex(0, 1) - grid.vertex(0, 0));
                    const bool front = height == Height::kTerrain ? w.z > 0.0f : glm::dot(-w, n) < 0.0f;
                    EXPECT_EQ(line.front, front ? 1 : 0);
                    EXPECT_EQ(fromOrigin.total(), 1);  // at t = 1
                }
            }
        }
    }
    std::printf(
        "exact fallback: grids, %ld rays aimed at edges and vertices: sides exact in %.3g%% of the "
        "tests of the target cell's two triangles\n",
        rays, 100.0 * static_cast<double>(exactSides) / static_cast<double>(2 * rays));
    EXPECT_EQ(rays, 3L * 3 * 2 * 4000);
    EXPECT_EQ(wholeGridRays, 3L * 3 * 2 * 2);
}

/// A closed polyhedron around the z axis: a ring of k vertices at radius about 4 (quantised to
/// 2^-12, so midpoints and sums with small dyadic offsets stay exact), heights `ring(i)`, closed
/// by fans to a top and a bottom apex. Counter-clockwise seen from outside.
struct Polyhedron {
    std::vector<Triangle> triangles;
    std::vector<glm::vec3> vertices;                     // apexes first, then the ring
    std::vector<std::pair<glm::vec3, glm::vec3>> edges;  // every edge once
};

Polyhedron bipyramid(int k, float top, float bottom, float zigzag) {
    Polyhedron p;
    const glm::vec3 apexTop(0, 0, top), apexBottom(0, 0, bottom);
    std::vector<glm::vec3> ring;
    for (int i = 0; i < k; ++i) {
        const double angle = 2.0 * M_PI * i / k;
        const auto quantised = [](double x) { return static_cast<float>(std::round(x * 4096.0) / 4096.0); };
        const float z = (k % 2 == 0 && i % 2 == 1) ? zigzag : (k % 2 == 0 ? -zigzag : 0.0f);
        ring.emplace_back(quantised(4.0 * std::cos(angle)), quantised(4.0 * std::sin(angle)), z);
    }
    p.vertices = {apexTop, apexBottom};
    p.vertices.insert(p.vertices.end(), ring.begin(), ring.end());
    for (int i = 0; i < k; ++i) {
        const glm::vec3 r0 = ring[static_cast<std::size_t>(i)], r1 = ring[static_cast<std::size_t>((i + 1) % k)];
        p.triangles.push_back({apexTop, r0, r1});
        p.triangles.push_back({apexBottom, r1, r0});
        p.edges.emplace_back(apexTop, r0);
        p.edges.emplace_back(apexBottom, r0);
        p.edges.emplace_back(r0, r1);
    }
    return p;
}

TEST(RayTriangleMeshes, ClosedFansOf3To64TrianglesAroundAVertex) {
    // Pyramids (a flat base: its centre is a vertex of a flat fan), convex bipyramids, and
    // bipyramids with a zigzag ring (the apexes' fans are crowns, the ring's vertices saddles).
    std::mt19937_64 rng(33);
    std::uniform_int_distribution<int> small(-64, 64);
    long rays = 0, inside = 0, exactSides = 0, tests = 0;
    for (int k = 3; k <= 64; ++k) {
        struct Shape {
            Polyhedron mesh;
            bool convex;
            glm::vec3 centre;  // a point inside, from which every point of the surface is seen once
        };
        const Shape shapes[] = {{bipyramid(k, 4.0f, 0.0f, 0.0f), true, {0, 0, 1}},
                                {bipyramid(k, 3.0f, -5.0f, 0.0f), true, {0, 0, 0}},
                                {bipyramid(k, 6.0f, -6.0f, 1.5f), false, {0, 0, 0}}};
        for (const Shape& shape : shapes) {
            std::vector<glm::vec3> targets = shape.mesh.vertices;
            for (const auto& [p, q] : shape.mesh.edges) targets.push_back((p + q) * 0.5f);
            // The pyramid's base is a fan around the bottom apex at (0, 0, 0), flat: its centre too.
            for (const glm::vec3 target : targets) {
                // From inside through the target: one crossing at t = 1, leaving (the back), and
                // over the whole line one more, entering.
                const glm::vec3 d = target - shape.centre;
                if (passesExactly(shape.centre, d, target) && d != glm::vec3(0)) {
                    const Ray ray{shape.centre, d};
                    const Counts fromInside = countRay(ray, shape.mesh.triangles);
                    EXPECT_EQ(fromInside.back, 1)
                        << "k " << k << " target " << target.x << "," << target.y << "," << target.z;
                    EXPECT_EQ(fromInside.front, 0);
                    const Counts line = countLine(ray, shape.mesh.triangles);
                    EXPECT_EQ(line.front, 1);
                    EXPECT_EQ(line.back, 1);
                    ++inside;
                    ++rays;
                }
                // From outside in random dyadic directions: front == back over the whole line.
                for (int r = 0; r < 3; ++r) {
                    const glm::vec3 w = glm::vec3(static_cast<float>(small(rng)), static_cast<float>(small(rng)),
                                                  static_cast<float>(small(rng))) *
                                        0.125f;
                    if (w == glm::vec3(0)) continue;
                    const Ray ray{target + w, -w};
                    if (!passesExactly(ray.origin, ray.direction, target)) continue;
                    const Counts line = countLine(ray, shape.mesh.triangles);
                    EXPECT_EQ(line.front, line.back)
                        << "k " << k << " target " << target.x << "," << target.y << "," << target.z;
                    if (shape.convex) {
                        EXPECT_TRUE(line.total() == 0 || line.total() == 2) << line.total();
                    }
                    for (const Triangle& tri : shape.mesh.triangles) {
                        if (r != 0) break;  // one direction in three is a fair sample, at a third of the time
                        ++tests;
                        if (detail::crossTriangle(ray, tri, {}).exactParts & detail::kExactSides) ++exactSides;
                    }
                    ++rays;
                }
            }
        }
    }
    std::printf(
        "exact fallback: closed fans of 3..64, %ld rays through vertices and edges (%ld from inside): "
        "sides exact in %.3g%% of triangle tests\n",
        rays, inside, 100.0 * static_cast<double>(exactSides) / static_cast<double>(tests));
    EXPECT_GT(rays, 30000);
    EXPECT_GT(inside, 7000);
}

}  // namespace
}  // namespace pickray
