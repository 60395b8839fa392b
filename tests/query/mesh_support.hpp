// SPDX-License-Identifier: MIT
#pragma once
// Meshes for the TriangleMesh tests (random soups, grids with exact edge and vertex crossings,
// closed meshes: icospheres, tori, fans, cubes) and the brute force they are compared with: a loop
// over every triangle with raycast(ray, Triangle) or intersectLine(ray, Triangle), and the
// winding rule written again here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "pickray/collision.hpp"
#include "pickray/query.hpp"

namespace pickray::test {

struct MeshData {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    [[nodiscard]] TriangleMesh mesh() const { return TriangleMesh(positions, indices); }
    void add(std::uint32_t a, std::uint32_t b, std::uint32_t c) { indices.insert(indices.end(), {a, b, c}); }
};

inline glm::vec3 randomPoint(std::mt19937& rng, float spread) {
    std::uniform_real_distribution<float> u(-spread, spread);
    return {u(rng), u(rng), u(rng)};
}

/// Triangles of random sizes, sharing vertices now and then; some of zero area (a repeated vertex).
inline MeshData randomSoup(std::mt19937& rng, int triangles, float spread) {
    MeshData m;
    std::uniform_real_distribution<float> size(0.05f, 2.0f);
    for (int t = 0; t < triangles; ++t) {
        const glm::vec3 c = randomPoint(rng, spread);
        const float s = size(rng);
        const auto base = static_cast<std::uint32_t>(m.positions.size());
        for (int k = 0; k < 3; ++k) m.positions.push_back(c + randomPoint(rng, s));
        if (t % 17 == 0) {
            m.add(base, base + 1, base + 1);  // zero area
        } else if (t % 5 == 0 && base >= 3) {
            m.add(base - 1, base, base + 2);  // shares the last triangle's vertex
        } else {
            m.add(base, base + 1, base + 2);
        }
    }
    return m;
}

/// An n × n grid of unit squares in z = 0 (two triangles each), integer vertices, with every
/// square's diagonal alternating: rays aimed at integer and half-integer points cross its edges and
/// vertices exactly.
inline MeshData grid(int n) {
    MeshData m;
    for (int y = 0; y <= n; ++y)
        for (int x = 0; x <= n; ++x) m.positions.push_back({static_cast<float>(x), static_cast<float>(y), 0.0f});
    const auto at = [n](int x, int y) { return static_cast<std::uint32_t>(y * (n + 1) + x); };
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            if ((x + y) % 2 == 0) {
                m.add(at(x, y), at(x + 1, y), at(x + 1, y + 1));
                m.add(at(x, y), at(x + 1, y + 1), at(x, y + 1));
            } else {
                m.add(at(x, y), at(x + 1, y), at(x, y + 1));
                m.add(at(x + 1, y), at(x + 1, y + 1), at(x, y + 1));
            }
        }
    }
    return m;
}

/// The icosahedron subdivided `levels` times, on the unit sphere, counter-clockwise seen from
/// outside: closed.
inline MeshData icosphere(int levels) {
    const float t = (1.0f + std::sqrt(5.0f)) / 2.0f;
    MeshData m;
    for (const glm::vec3 p : {glm::vec3(-1, t, 0), glm::vec3(1, t, 0), glm::vec3(-1, -t, 0), glm::vec3(1, -t, 0),
                              glm::vec3(0, -1, t), glm::vec3(0, 1, t), glm::vec3(0, -1, -t), glm::vec3(0, 1, -t),
                              glm::vec3(t, 0, -1), glm::vec3(t, 0, 1), glm::vec3(-t, 0, -1), glm::vec3(-t, 0, 1)})
        m.positions.push_back(glm::normalize(p));
    m.indices = {0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4,  11, 10, 2,  10, 7, 6, 7, 1, 8,
                 3, 9,  4, 3, 4, 2, 3, 2, 6, 3, 6, 8,  3, 8,  9,  4, 9, 5, 2, 4,  11, 6,  2,  10, 8,  6, 7, 9, 8, 1};
    for (int level = 0; level < levels; ++level) {
        std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> middles;
        const auto middle = [&](std::uint32_t a, std::uint32_t b) {
            const auto key = std::minmax(a, b);
            if (auto it = middles.find(key); it != middles.end()) return it->second;
            m.positions.push_back(glm::normalize(m.positions[a] + m.positions[b]));
            return middles[key] = static_cast<std::uint32_t>(m.positions.size() - 1);
        };
        std::vector<std::uint32_t> next;
        for (std::size_t i = 0; i < m.indices.size(); i += 3) {
            const std::uint32_t a = m.indices[i], b = m.indices[i + 1], c = m.indices[i + 2];
            const std::uint32_t ab = middle(a, b), bc = middle(b, c), ca = middle(c, a);
            next.insert(next.end(), {a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca});
        }
        m.indices = std::move(next);
    }
    return m;
}

/// A torus around z (radii R and r), n × k quads as two triangles each: closed.
inline MeshData torus(float R, float r, int n, int k) {
    MeshData m;
    for (int i = 0; i < n; ++i) {
        const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(n);
        for (int j = 0; j < k; ++j) {
            const float b = 6.2831853f * static_cast<float>(j) / static_cast<float>(k);
            m.positions.push_back(
                {(R + r * std::cos(b)) * std::cos(a), (R + r * std::cos(b)) * std::sin(a), r * std::sin(b)});
        }
    }
    const auto at = [&](int i, int j) { return static_cast<std::uint32_t>((i % n) * k + (j % k)); };
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < k; ++j) {
            m.add(at(i, j), at(i + 1, j), at(i + 1, j + 1));
            m.add(at(i, j), at(i + 1, j + 1), at(i, j + 1));
        }
    }
    return m;
}

/// A bipyramid: an n-gon ring closed by a fan to an apex above and one below, the ring's vertices
/// given twice (once per fan, so closed by positions only), integer apexes for exact vertex rays.
inline MeshData fanBipyramid(int n) {
    MeshData m;
    m.positions.push_back({0, 0, 2});   // 0: top apex
    m.positions.push_back({0, 0, -2});  // 1: bottom apex
    for (int copy = 0; copy < 2; ++copy) {
        for (int i = 0; i < n; ++i) {
            const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(n);
            m.positions.push_back({std::cos(a), std::sin(a), 0.0f});
        }
    }
    const auto ring = [n](int copy, int i) { return static_cast<std::uint32_t>(2 + copy * n + (i % n)); };
    for (int i = 0; i < n; ++i) {
        m.add(0, ring(0, i), ring(0, i + 1));
        m.add(1, ring(1, i + 1), ring(1, i));
    }
    return m;
}

/// The cube [-1, 1]³ with four vertices of its own per face (closed by positions, not by
/// indices), each face two triangles facing out.
inline MeshData cubeByFaces() {
    MeshData m;
    for (int axis = 0; axis < 3; ++axis) {
        for (const float side : {-1.0f, 1.0f}) {
            const int u = (axis + 1) % 3, v = (axis + 2) % 3;
            const auto base = static_cast<std::uint32_t>(m.positions.size());
            for (const auto& [du, dv] : {std::pair{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}}) {
                glm::vec3 p(0.0f);
                p[axis] = side;
                p[u] = du;
                p[v] = dv;
                m.positions.push_back(p);
            }
            if (side > 0) {
                m.add(base, base + 1, base + 2);
                m.add(base, base + 2, base + 3);
            } else {
                m.add(base, base + 2, base + 1);
                m.add(base, base + 3, base + 2);
            }
        }
    }
    return m;
}

/// Rays into a mesh's neighbourhood: random ones, and through its vertices and edge midpoints from
/// random points (exactly through them where the numbers allow), every seventh along an axis.
inline std::vector<Ray> raysAt(const MeshData& m, std::mt19937& rng, int count, float spread) {
    std::vector<Ray> rays;
    std::uniform_int_distribution<std::size_t> pick(0, m.positions.empty() ? 0 : m.positions.size() - 1);
    for (int i = 0; i < count; ++i) {
        Ray ray{randomPoint(rng, spread), randomPoint(rng, 1.0f)};
        if (!m.positions.empty() && i % 3 == 1) ray.direction = m.positions[pick(rng)] - ray.origin;
        if (!m.positions.empty() && i % 3 == 2) {
            const glm::vec3 target = 0.5f * (m.positions[pick(rng)] + m.positions[pick(rng)]);
            ray.origin = glm::round(ray.origin);
            ray.direction = target - ray.origin;
        }
        if (i % 7 == 0) {
            ray.direction = glm::vec3(0.0f);
            ray.direction[i % 3] = (i % 2) ? 1.0f : -1.0f;
        }
        if (glm::dot(ray.direction, ray.direction) == 0.0f) ray.direction = {0, 0, 1};
        rays.push_back(ray);
    }
    return rays;
}

struct BruteHit {
    std::uint32_t triangle;
    TriangleHit hit;
};

inline Triangle triangleOf(const MeshData& m, std::size_t t) {
    return {m.positions[m.indices[3 * t]], m.positions[m.indices[3 * t + 1]], m.positions[m.indices[3 * t + 2]]};
}

inline std::vector<BruteHit> bruteAllHits(const MeshData& m, const Ray& ray, float tMax, Faces faces) {
    std::vector<BruteHit> hits;
    for (std::size_t t = 0; t < m.indices.size() / 3; ++t) {
        if (const auto hit = raycast(ray, triangleOf(m, t), tMax, faces))
            hits.push_back({static_cast<std::uint32_t>(t), *hit});
    }
    std::stable_sort(hits.begin(), hits.end(), [](const BruteHit& a, const BruteHit& b) { return a.hit.t < b.hit.t; });
    return hits;
}

inline std::optional<BruteHit> bruteNearest(const MeshData& m, const Ray& ray, float tMax, Faces faces) {
    std::optional<BruteHit> best;
    for (std::size_t t = 0; t < m.indices.size() / 3; ++t) {
        const auto hit = raycast(ray, triangleOf(m, t), tMax, faces);
        if (hit && (!best || hit->t < best->hit.t)) best = BruteHit{static_cast<std::uint32_t>(t), *hit};
    }
    return best;
}

/// The nonzero winding rule over every triangle's intersectLine: the winding after each distinct t.
inline std::vector<LineSpan> bruteSpans(const MeshData& m, const Ray& ray) {
    std::map<float, int> steps;
    for (std::size_t t = 0; t < m.indices.size() / 3; ++t) {
        if (const auto hit = intersectLine(ray, triangleOf(m, t))) steps[hit->t] += hit->front ? 1 : -1;
    }
    std::vector<LineSpan> spans;
    int winding = 0;
    for (const auto& [t, step] : steps) {
        const int after = winding + step;
        if (winding == 0 && after != 0) spans.push_back({t, kInfinity});
        if (winding != 0 && after == 0) spans.back().exit = t;
        winding = after;
    }
    return spans;
}

/// Whether a mesh hit is the brute force's, bit for bit.
inline bool same(const MeshHit& a, const BruteHit& b) {
    return a.triangle == b.triangle && a.t == b.hit.t && a.u == b.hit.u && a.v == b.hit.v && a.front == b.hit.front &&
           a.point == b.hit.point && a.normal == b.hit.normal;
}

inline bool sameSpans(const std::vector<LineSpan>& a, const std::vector<LineSpan>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const LineSpan& x, const LineSpan& y) {
               return x.enter == y.enter && x.exit == y.exit;
           });
}

/// Mismatches of every query against the brute force, over `rays`, both face modes, an infinite
/// and a finite tMax.
inline int mismatches(const TriangleMesh& mesh, const MeshData& m, const std::vector<Ray>& rays) {
    int wrong = 0;
    const bool closed = mesh.closed();
    for (const Ray& ray : rays) {
        for (const Faces faces : {Faces::Both, Faces::FrontOnly}) {
            for (const float tMax : {kInfinity, 3.0f}) {
                const auto expected = bruteNearest(m, ray, tMax, faces);
                const auto got = mesh.nearest(ray, tMax, faces);
                wrong += expected.has_value() != got.has_value() || (got && !same(*got, *expected));
                const auto all = bruteAllHits(m, ray, tMax, faces);
                const auto gotAll = mesh.allHits(ray, tMax, faces);
                wrong += all.size() != gotAll.size() ||
                         !std::equal(gotAll.begin(), gotAll.end(), all.begin(),
                                     [](const MeshHit& a, const BruteHit& b) { return same(a, b); });
                wrong += mesh.anyHit(ray, tMax, faces) != expected.has_value();
            }
        }
        wrong += !sameSpans(mesh.lineSpans(ray), closed ? bruteSpans(m, ray) : std::vector<LineSpan>{});
    }
    return wrong;
}

}  // namespace pickray::test
