// SPDX-License-Identifier: MIT
#pragma once
// Procedural unit meshes (CPU side, no GL). Instances place them with one model matrix each.
//
// Fineness: a circle drawn as an n-gon deviates from the true circle by r·(1 − cos(π/n)). A shape
// filling the height of a 1080p view has r ≈ 540 px; n = 96 gives 0.29 px on a ring and 0.58 px
// across the sphere's widest facets, so every silhouette is within a pixel of the analytic shape
// (kRoundSegments; tests/app/render/test_meshes.cpp measures it from the vertex data). Smaller instances
// are drawn with coarser levels of the same meshes (kLodSegments), chosen per instance so that the
// silhouette stays within a pixel there too (see silhouetteDeviation and the renderer).

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include <glm/vec3.hpp>

namespace pickray::render {

inline constexpr int kRoundSegments = 96;
/// Levels of detail of the round meshes, finest first: segments around the circle.
inline constexpr int kLodSegments[] = {kRoundSegments, 48, 24, 12, 6, 4};
inline constexpr std::size_t kLodCount = std::size(kLodSegments);

struct Vertex {
    glm::vec3 position;
    glm::vec3 normal;
    /// 0 or 1: the vertex is moved by this times the instance's stretch along local z. This is how
    /// one unit mesh draws capsules and capped cylinders of any length/radius ratio as one instance.
    float stretch = 0.0f;
};

struct MeshData {
    std::vector<Vertex> vertices;
    std::vector<std::uint32_t> indices;  ///< triangles
};

/// Unit sphere, radius 1 at the origin.
[[nodiscard]] MeshData makeSphere(int segments = kRoundSegments);
/// Open cylinder side: radius 1 around the z axis, z from 0 to 1, radial normals.
[[nodiscard]] MeshData makeCylinderSide(int segments = kRoundSegments, int rings = 1);
/// The closed meshes below wind counter-clockwise seen from outside (back faces can be culled).
/// Capsule of radius 1 around the z axis: the hemisphere of the end at z = 0, and the other
/// hemisphere and the side's far ring marked to be stretched to the far end (Vertex::stretch).
[[nodiscard]] MeshData makeCapsule(int segments = kRoundSegments);
/// Capped cylinder of radius 1 around the z axis: side and the far cap marked to be stretched.
[[nodiscard]] MeshData makeCappedCylinder(int segments = kRoundSegments);
/// Unit cube [0, 1]^3 with flat face normals.
[[nodiscard]] MeshData makeCube();

/// How far, as a fraction of the radius, the mesh's surface lies inside the round surface it
/// stands for: the largest 1 − (distance of a facet's plane from the centre, or from the z axis
/// for a side facet). A silhouette of radius R pixels is then within R · this of the true one.
/// Works on the vertex data of makeSphere, makeCylinderSide and makeCapsule: a facet whose
/// vertices are all stretched alike is measured unstretched (from its hemisphere's centre), a
/// side facet stretched (its plane contains the axis direction). A capped cylinder's outline is
/// its side's ring: measure makeCylinderSide.
[[nodiscard]] float silhouetteDeviation(const MeshData& roundMesh);

}  // namespace pickray::render
