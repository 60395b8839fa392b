#include "pickray/render/meshes.hpp"

#include <cmath>

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
    for (std::size_t r = 0; r < static_cast<std::size_t>(rings); ++r)
        for (std::size_t s = 0; s < static_cast<std::size_t>(segments); ++s) {
            const std::size_t i = r * row + s;
            mesh.indices.insert(mesh.indices.end(), {u32(i), u32(i + 1), u32(i + row), u32(i + 1), u32(i + row + 1), u32(i + row)});
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
            mesh.indices.insert(mesh.indices.end(), {u32(i), u32(i + 1), u32(i + row), u32(i + 1), u32(i + row + 1), u32(i + row)});
        }
    return mesh;
}

MeshData makeDisk(int segments) {
    MeshData mesh;
    const glm::vec3 up(0, 0, 1);
    mesh.vertices.push_back({glm::vec3(0.0f), up});
    for (int s = 0; s <= segments; ++s)
        mesh.vertices.push_back({glm::vec3(std::cos(angle(s, segments)), std::sin(angle(s, segments)), 0.0f), up});
    for (std::size_t s = 1; s <= static_cast<std::size_t>(segments); ++s)
        mesh.indices.insert(mesh.indices.end(), {0u, u32(s), u32(s + 1)});
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
        for (glm::vec3 corner : {c - 0.5f * u - 0.5f * v, c + 0.5f * u - 0.5f * v, c + 0.5f * u + 0.5f * v,
                                 c - 0.5f * u + 0.5f * v})
            mesh.vertices.push_back({corner, n});
        mesh.indices.insert(mesh.indices.end(),
                            {u32(base), u32(base + 1), u32(base + 2), u32(base), u32(base + 2), u32(base + 3)});
    }
    return mesh;
}

}  // namespace pickray::render
