#pragma once
// Procedural unit meshes (CPU side, no GL). Instances place them with one model matrix each.
//
// Fineness: a circle drawn as an n-gon deviates from the true circle by r·(1 − cos(π/n)). A shape
// filling the height of a 1080p view has r ≈ 540 px; n = 96 gives 0.29 px, so every silhouette is
// within a pixel of the analytic shape (kRoundSegments); the sphere uses the same angular step.

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

namespace pickray::render {

inline constexpr int kRoundSegments = 96;

struct Vertex {
    glm::vec3 position;
    glm::vec3 normal;
};

struct MeshData {
    std::vector<Vertex> vertices;
    std::vector<std::uint32_t> indices;  ///< triangles
};

/// Unit sphere, radius 1 at the origin.
[[nodiscard]] MeshData makeSphere(int segments = kRoundSegments);
/// Open cylinder side: radius 1 around the z axis, z from 0 to 1, radial normals.
[[nodiscard]] MeshData makeCylinderSide(int segments = kRoundSegments, int rings = 1);
/// Disk of radius 1 in the z = 0 plane, normal +z.
[[nodiscard]] MeshData makeDisk(int segments = kRoundSegments);
/// Unit cube [0, 1]^3 with flat face normals.
[[nodiscard]] MeshData makeCube();

}  // namespace pickray::render
