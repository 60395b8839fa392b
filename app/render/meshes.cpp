// SPDX-License-Identifier: MIT
#include "render/meshes.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <glm/geometric.hpp>

#include <glm/gtc/constants.hpp>

namespace pickray::render {
namespace {

std::uint32_t u32(std::size_t i) { return static_cast<std::uint32_t>(i); }

float angle(int i, int n) { return glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(n); }

}  // namespace

MeshData makeSphere(int segments) {
    MeshData mesh;
    const int rings = segments / 2;
    for (int r = 0; r <= rings; ++r) {
        const float theta = glm::pi<float>() * static_cast<float>(r) / static_cast<float>(rings);
        for (int s = 0; s <= segments; ++s) {
            const float phi = angle(s, segments);
            const glm::vec3 p(std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi));
            mesh.vertices.push_back({p, p});
        }
    }
    const auto row = static_cast<std::size_t>(segments + 1);
    const auto lastRing = static_cast<std::size_t>(rings - 1);
    for (std::size_t r = 0; r <= lastRing; ++r)
        for (std::size_t s = 0; s < static_cast<std::size_t>(segments); ++s) {
            const std::size_t i = r * row + s;
            // The first and last rings meet at a pole: one of each quad's triangles has no area.
            if (r != 0) mesh.indices.insert(mesh.indices.end(), {u32(i), u32(i + 1), u32(i + row)});
            if (r != lastRing) mesh.indices.insert(mesh.indices.end(), {u32(i + 1), u32(i + row + 1), u32(i + row)});
        }
    return mesh;
}

MeshData makeCylinderSide(int segments, int rings) {
    MeshData mesh;
    for (int r = 0; r <= rings; ++r) {
        const float z = static_cast<float>(r) / static_cast<float>(rings);
        for (int s = 0; s <= segments; ++s) {
            const glm::vec3 n(std::cos(angle(s, segments)), std::sin(angle(s, segments)), 0.0f);
            mesh.vertices.push_back({n + glm::vec3(0, 0, z), n});
        }
    }
    const auto row = static_cast<std::size_t>(segments + 1);
    for (std::size_t r = 0; r < static_cast<std::size_t>(rings); ++r)
        for (std::size_t s = 0; s < static_cast<std::size_t>(segments); ++s) {
            const std::size_t i = r * row + s;
            mesh.indices.insert(mesh.indices.end(),
                                {u32(i), u32(i + 1), u32(i + row), u32(i + 1), u32(i + row + 1), u32(i + row)});
        }
    return mesh;
}

MeshData makeCapsule(int segments) {
    // Rows of a sphere about the z axis, from the pole at +z to the pole at −z, with the equator
    // twice: once with the stretched hemisphere, once with the other; the quads between the two
    // copies are the side. An even number of rings puts a row on the equator.
    MeshData mesh;
    const int rings = 2 * ((segments + 3) / 4);
    std::vector<std::pair<float, float>> rows;  // (theta, stretch)
    for (int r = 0; r <= rings / 2; ++r)
        rows.emplace_back(glm::pi<float>() * static_cast<float>(r) / static_cast<float>(rings), 1.0f);
    for (int r = rings / 2; r <= rings; ++r)
        rows.emplace_back(glm::pi<float>() * static_cast<float>(r) / static_cast<float>(rings), 0.0f);
    for (const auto& [theta, stretch] : rows)
        for (int s = 0; s <= segments; ++s) {
            const float phi = angle(s, segments);
            const glm::vec3 p(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta));
            mesh.vertices.push_back({p, p, stretch});
        }
    const auto row = static_cast<std::size_t>(segments + 1);
    const std::size_t lastRow = rows.size() - 2;
    for (std::size_t r = 0; r <= lastRow; ++r)
        for (std::size_t s = 0; s < static_cast<std::size_t>(segments); ++s) {
            const std::size_t i = r * row + s;
            // Rows at the poles: one triangle of each quad has no area.
            if (r != 0) mesh.indices.insert(mesh.indices.end(), {u32(i), u32(i + row), u32(i + 1)});
            if (r != lastRow) mesh.indices.insert(mesh.indices.end(), {u32(i + 1), u32(i + row), u32(i + row + 1)});
        }
    return mesh;
}

MeshData makeCappedCylinder(int segments) {
    MeshData mesh;
    const auto n = static_cast<std::size_t>(segments);
    // Side: the ring at z = 0 and its stretched copy, radial normals.
    for (float stretch : {0.0f, 1.0f})
        for (int s = 0; s <= segments; ++s) {
            const glm::vec3 p(std::cos(angle(s, segments)), std::sin(angle(s, segments)), 0.0f);
            mesh.vertices.push_back({p, p, stretch});
        }
    const std::size_t row = n + 1;
    for (std::size_t s = 0; s < n; ++s)
        mesh.indices.insert(mesh.indices.end(),
                            {u32(s), u32(s + 1), u32(s + row), u32(s + 1), u32(s + row + 1), u32(s + row)});
    // Caps: the near one faces −z, the stretched one +z.
    for (float stretch : {0.0f, 1.0f}) {
        const glm::vec3 normal(0.0f, 0.0f, stretch > 0.0f ? 1.0f : -1.0f);
        const std::size_t centre = mesh.vertices.size();
        mesh.vertices.push_back({glm::vec3(0.0f), normal, stretch});
        for (int s = 0; s <= segments; ++s)
            mesh.vertices.push_back(
                {glm::vec3(std::cos(angle(s, segments)), std::sin(angle(s, segments)), 0.0f), normal, stretch});
        // Counter-clockwise seen from outside (front faces; the renderer culls back faces).
        for (std::size_t s = 1; s <= n; ++s)
            if (stretch > 0.0f)
                mesh.indices.insert(mesh.indices.end(), {u32(centre), u32(centre + s), u32(centre + s + 1)});
            else mesh.indices.insert(mesh.indices.end(), {u32(centre), u32(centre + s + 1), u32(centre + s)});
    }
    return mesh;
}

MeshData makeCube() {
    MeshData mesh;
    // For each face: its normal and two in-plane axes; corners are centre ± axes.
    const glm::vec3 normals[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const glm::vec3& n : normals) {
        const glm::vec3 u = std::abs(n.x) > 0.5f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
        const glm::vec3 v = glm::vec3(n.y * u.z - n.z * u.y, n.z * u.x - n.x * u.z, n.x * u.y - n.y * u.x);
        const glm::vec3 c = glm::vec3(0.5f) + 0.5f * n;
        const std::size_t base = mesh.vertices.size();
        for (glm::vec3 corner :
             {c - 0.5f * u - 0.5f * v, c + 0.5f * u - 0.5f * v, c + 0.5f * u + 0.5f * v, c - 0.5f * u + 0.5f * v})
            mesh.vertices.push_back({corner, n});
        mesh.indices.insert(mesh.indices.end(),
                            {u32(base), u32(base + 1), u32(base + 2), u32(base), u32(base + 2), u32(base + 3)});
    }
    return mesh;
}

float silhouetteDeviation(const MeshData& mesh) {
    double deepest = 0.0;
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
        const Vertex& va = mesh.vertices[mesh.indices[i]];
        const Vertex& vb = mesh.vertices[mesh.indices[i + 1]];
        const Vertex& vc = mesh.vertices[mesh.indices[i + 2]];
        // Side facets (stretch differs) are measured stretched, so that they have an area.
        const bool side = va.stretch != vb.stretch || va.stretch != vc.stretch;
        auto at = [&](const Vertex& v) { return glm::dvec3(v.position) + glm::dvec3(0, 0, side ? v.stretch : 0.0f); };
        const glm::dvec3 a = at(va), b = at(vb), c = at(vc);
        const glm::dvec3 n = glm::cross(b - a, c - a);
        if (glm::length(n) < 1e-12) continue;  // the sphere's pole rows hold zero-area triangles
        deepest = std::max(deepest, 1.0 - std::abs(glm::dot(glm::normalize(n), a)));
    }
    return static_cast<float>(deepest);
}

}  // namespace pickray::render
