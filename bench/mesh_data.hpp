// SPDX-License-Identifier: MIT
#pragma once
// The models and rays of the mesh benchmark (bench_mesh.cpp), deterministic for a given model:
//   * models: an OBJ file (obj_reader.hpp), or a closed torus with a wavy tube, tessellated as finely
//     as asked, every triangle counter-clockwise seen from outside;
//   * camera rays: one per pixel of a 1280×720 pinhole view framing the model's bounding sphere;
//   * random rays: from a sphere twice the bounding sphere's radius toward random surface points;
//   * aimed rays: aimed exactly at a vertex or at an edge's midpoint where the surface is closed
//     (aimedRays below says how, and what the topology then demands).

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "pickray/query.hpp"

namespace bench {

struct MeshModel {
    std::string name;
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    [[nodiscard]] std::size_t triangles() const { return indices.size() / 3; }
    [[nodiscard]] pickray::Triangle triangle(std::size_t i) const {
        return {positions[indices[3 * i]], positions[indices[3 * i + 1]], positions[indices[3 * i + 2]]};
    }
};

/// A torus about z (major radius 1, tube radius 0.35 made wavy), `around` × `tube` quads, two
/// triangles each: closed, vertices shared by index, outward counter-clockwise.
inline MeshModel makeTorus(const std::string& name, std::uint32_t around, std::uint32_t tube) {
    MeshModel m{name, {}, {}};
    const double tau = 2.0 * std::numbers::pi;
    for (std::uint32_t i = 0; i < around; ++i) {
        for (std::uint32_t j = 0; j < tube; ++j) {
            const double theta = tau * i / around, phi = tau * j / tube;
            const double rho = 0.35 * (1.0 + 0.08 * std::sin(5.0 * theta) * std::cos(7.0 * phi));
            const double ring = 1.0 + rho * std::cos(phi);
            m.positions.emplace_back(ring * std::cos(theta), ring * std::sin(theta), rho * std::sin(phi));
        }
    }
    const auto at = [&](std::uint32_t i, std::uint32_t j) { return (i % around) * tube + j % tube; };
    for (std::uint32_t i = 0; i < around; ++i) {
        for (std::uint32_t j = 0; j < tube; ++j) {
            const std::uint32_t p00 = at(i, j), p10 = at(i + 1, j), p11 = at(i + 1, j + 1), p01 = at(i, j + 1);
            m.indices.insert(m.indices.end(), {p00, p10, p11, p00, p11, p01});
        }
    }
    return m;
}

struct BoundingSphere {
    glm::vec3 center;
    float radius;
};
inline BoundingSphere boundingSphere(const MeshModel& m) {
    glm::vec3 lo(INFINITY), hi(-INFINITY);
    for (const glm::vec3& p : m.positions) lo = glm::min(lo, p), hi = glm::max(hi, p);
    return {0.5f * (lo + hi), 0.5f * glm::length(hi - lo)};
}

/// One ray per pixel of a width × height pinhole view (vertical field of view 40°) from a fixed
/// side, the bounding sphere filling the view's height; unit directions, rows top to bottom.
inline std::vector<pickray::Ray> cameraRays(const MeshModel& m, int width = 1280, int height = 720) {
    const BoundingSphere s = boundingSphere(m);
    const float halfFov = 20.0f * std::numbers::pi_v<float> / 180.0f;
    const glm::vec3 back = glm::normalize(glm::vec3(0.35f, 0.25f, 1.0f));
    const glm::vec3 eye = s.center + back * (s.radius / std::sin(halfFov));
    const glm::vec3 forward = -back;
    const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
    const glm::vec3 up = glm::cross(right, forward);
    const float tanHalf = std::tan(halfFov), aspect = static_cast<float>(width) / static_cast<float>(height);
    std::vector<pickray::Ray> rays;
    rays.reserve(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const float u =
                (2.0f * (static_cast<float>(x) + 0.5f) / static_cast<float>(width) - 1.0f) * tanHalf * aspect;
            const float v = (1.0f - 2.0f * (static_cast<float>(y) + 0.5f) / static_cast<float>(height)) * tanHalf;
            rays.push_back({eye, glm::normalize(forward + u * right + v * up)});
        }
    }
    return rays;
}

/// `count` rays from uniform points of the sphere of twice the bounding radius toward uniform
/// points of the surface (a triangle chosen by its area), unit directions; seeded.
inline std::vector<pickray::Ray> randomRays(const MeshModel& m, std::size_t count, std::uint64_t seed = 2024) {
    const BoundingSphere s = boundingSphere(m);
    std::vector<double> area(m.triangles());
    for (std::size_t i = 0; i < m.triangles(); ++i) {
        const pickray::Triangle t = m.triangle(i);
        area[i] = glm::length(glm::cross(glm::dvec3(t.b - t.a), glm::dvec3(t.c - t.a)));
    }
    std::mt19937_64 rng(seed);
    std::discrete_distribution<std::size_t> pick(area.begin(), area.end());
    std::normal_distribution<float> gauss;
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<pickray::Ray> rays;
    while (rays.size() < count) {
        const glm::vec3 onSphere = glm::normalize(glm::vec3(gauss(rng), gauss(rng), gauss(rng)));
        const glm::vec3 origin = s.center + 2.0f * s.radius * onSphere;
        const pickray::Triangle t = m.triangle(pick(rng));
        float a = unit(rng), b = unit(rng);
        if (a + b > 1.0f) a = 1.0f - a, b = 1.0f - b;
        const glm::vec3 target = t.a + a * (t.b - t.a) + b * (t.c - t.a);
        const glm::vec3 d = target - origin;
        if (glm::length(d) > 0.0f) rays.push_back({origin, glm::normalize(d)});
    }
    return rays;
}

/// A ray aimed exactly at a point of a closed part of the surface: origin + direction is the
/// target, exactly. The triangles around the target (the vertex's fan, or the edge's two) are
/// incident[first, first + count) of AimedRays.
struct AimedRay {
    pickray::Ray ray;
    std::uint32_t first;
    std::uint32_t count;
};
struct AimedRays {
    std::vector<AimedRay> rays;
    std::vector<std::uint32_t> incident;
    std::size_t vertices = 0;  // rays aimed at a vertex; the others at an edge's midpoint
};

namespace detail {

/// The float bits of v made canonical (+0 for −0), for equal-position tests.
inline std::uint32_t keyBits(float v) { return std::bit_cast<std::uint32_t>(v == 0.0f ? 0.0f : v); }

/// `target` + offset, each component snapped so that target − origin is an exact float: origin is
/// kept on the grid of target's last place (twice it where the sum reaches the next binade), the
/// offset limited to 2^22 such steps. False where that fails.
inline bool exactOrigin(glm::vec3 target, glm::dvec3 offset, glm::vec3& origin) {
    for (int i = 0; i < 3; ++i) {
        const double t = target[i];
        if (t == 0.0) {
            origin[i] = static_cast<float>(offset[i]);
        } else {
            int exponent = 0;
            std::frexp(t, &exponent);
            double step = std::ldexp(1.0, exponent - 24);
            const double limit = std::ldexp(step, 22);
            const double k = std::round(std::clamp(offset[i], -limit, limit) / step);
            double o = t + k * step;
            if (static_cast<double>(static_cast<float>(o)) != o) o = t + 2.0 * std::round(k / 2.0) * step;
            origin[i] = static_cast<float>(o);
        }
        if (static_cast<double>(origin[i]) + static_cast<double>(target[i] - origin[i]) != t) return false;
    }
    return true;
}

}  // namespace detail

/// Up to `count` rays aimed exactly at vertices (half) and representable edge midpoints (half) of
/// the closed part of the surface, by positions: an edge with exactly two non-degenerate triangles,
/// one each way; a vertex all of whose edges are such. Each ray comes from `distance` away, from
/// the side the fan's normals face, tilted at random, and is kept only where every triangle around
/// the target faces it (direction·n < −0.2·|direction|·|n|): its line then crosses the surface
/// there exactly once, in one of those triangles, whatever the neighbours' shape. Seeded.
inline AimedRays aimedRays(const MeshModel& m, std::size_t count, float distance, std::uint64_t seed = 99) {
    // Canonical vertices by position.
    const std::size_t nv = m.positions.size();
    std::vector<std::uint32_t> order(nv), canon(nv);
    const auto key = [&](std::uint32_t i) {
        const glm::vec3 p = m.positions[i];
        return std::array{detail::keyBits(p.x), detail::keyBits(p.y), detail::keyBits(p.z)};
    };
    for (std::uint32_t i = 0; i < nv; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return key(a) < key(b); });
    for (std::size_t k = 0; k < nv; ++k) {
        canon[order[k]] = k > 0 && key(order[k]) == key(order[k - 1]) ? canon[order[k - 1]] : order[k];
    }
    // Directed edges of non-degenerate triangles, grouped by their two ends.
    struct Edge {
        std::uint32_t lo, hi, triangle;
        bool forward;
    };
    std::vector<Edge> edges;
    std::vector<glm::dvec3> normal(m.triangles());
    for (std::uint32_t t = 0; t < m.triangles(); ++t) {
        const pickray::Triangle tri = m.triangle(t);
        normal[t] = glm::cross(glm::dvec3(tri.b) - glm::dvec3(tri.a), glm::dvec3(tri.c) - glm::dvec3(tri.a));
        if (normal[t] == glm::dvec3(0.0)) continue;
        for (std::uint32_t e = 0; e < 3; ++e) {
            const std::uint32_t p = canon[m.indices[3 * t + e]], q = canon[m.indices[3 * t + (e + 1) % 3]];
            edges.push_back({std::min(p, q), std::max(p, q), t, p < q});
        }
    }
    std::sort(edges.begin(), edges.end(),
              [](const Edge& a, const Edge& b) { return a.lo < b.lo || (a.lo == b.lo && a.hi < b.hi); });
    std::vector<bool> open(nv, false);
    std::vector<std::vector<std::uint32_t>> fan(nv);
    std::vector<std::array<std::uint32_t, 4>> closedEdges;  // lo, hi, two triangles
    for (std::size_t k = 0; k < edges.size();) {
        std::size_t end = k;
        while (end < edges.size() && edges[end].lo == edges[k].lo && edges[end].hi == edges[k].hi) ++end;
        if (end - k == 2 && edges[k].forward != edges[k + 1].forward) {
            closedEdges.push_back({edges[k].lo, edges[k].hi, edges[k].triangle, edges[k + 1].triangle});
        } else {
            open[edges[k].lo] = open[edges[k].hi] = true;
        }
        for (std::size_t e = k; e < end; ++e) {
            fan[edges[e].lo].push_back(edges[e].triangle);
            fan[edges[e].hi].push_back(edges[e].triangle);
        }
        k = end;
    }
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> tilt(-0.5, 0.5);
    AimedRays out;
    const auto aim = [&](glm::vec3 target, std::vector<std::uint32_t> around) {
        std::sort(around.begin(), around.end());
        around.erase(std::unique(around.begin(), around.end()), around.end());
        glm::dvec3 inward(0.0);
        for (const std::uint32_t t : around) inward -= glm::normalize(normal[t]);
        if (glm::length(inward) == 0.0) return;
        inward = glm::normalize(glm::normalize(inward) + glm::dvec3(tilt(rng), tilt(rng), tilt(rng)));
        glm::vec3 origin;
        if (!detail::exactOrigin(target, -static_cast<double>(distance) * inward, origin)) return;
        const glm::dvec3 d = glm::dvec3(target) - glm::dvec3(origin);
        for (const std::uint32_t t : around) {
            if (glm::dot(d, normal[t]) >= -0.2 * glm::length(d) * glm::length(normal[t])) return;
        }
        out.rays.push_back({{origin, target - origin},
                            static_cast<std::uint32_t>(out.incident.size()),
                            static_cast<std::uint32_t>(around.size())});
        out.incident.insert(out.incident.end(), around.begin(), around.end());
    };
    // Vertices: every canonical one with a closed fan, in a seeded order.
    std::vector<std::uint32_t> vertices;
    for (std::uint32_t v = 0; v < nv; ++v) {
        if (canon[v] == v && !open[v] && !fan[v].empty()) vertices.push_back(v);
    }
    std::shuffle(vertices.begin(), vertices.end(), rng);
    for (const std::uint32_t v : vertices) {
        if (out.rays.size() >= count / 2) break;
        aim(m.positions[v], fan[v]);
    }
    out.vertices = out.rays.size();
    std::shuffle(closedEdges.begin(), closedEdges.end(), rng);
    for (const auto& e : closedEdges) {
        if (out.rays.size() >= count) break;
        const glm::dvec3 mid = 0.5 * (glm::dvec3(m.positions[e[0]]) + glm::dvec3(m.positions[e[1]]));
        if (glm::dvec3(glm::vec3(mid)) != mid) continue;  // not a float: no exact aim at it
        aim(glm::vec3(mid), {e[2], e[3]});
    }
    return out;
}

}  // namespace bench
