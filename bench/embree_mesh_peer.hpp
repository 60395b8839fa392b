// SPDX-License-Identifier: MIT
#pragma once
// Embree as a peer of bench_mesh: one triangle mesh as Embree's own triangle geometry
// (RTC_GEOMETRY_TYPE_TRIANGLE over the caller's vertex and index arrays, shared, not copied),
// RTC_BUILD_QUALITY_MEDIUM, on a device of one thread ("threads=1"), the scene's flags either the
// default or RTC_SCENE_FLAG_ROBUST. embree_mesh_peer.cpp is compiled once per Embree found, as
// embree_peer.cpp is (embree_peer.hpp).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "embree_peer.hpp"

namespace bench {

/// One crossing along a ray: the triangle's index and its t.
struct PeerCrossing {
    std::uint32_t triangle;
    float t;
};

/// A device and one committed scene of one triangle mesh.
class EmbreeMesh {
public:
    virtual ~EmbreeMesh() = default;
    /// rtcIntersect1 from t = 0: the nearest triangle (index) and its t.
    [[nodiscard]] virtual PeerAnswer nearest(const pickray::Ray& ray) const = 0;
    /// Every crossing along the ray from t = 0, in no order: the scene must have been built with
    /// `collect` (an intersection filter on the geometry records each hit and rejects it, so the
    /// traversal goes on); empty otherwise.
    [[nodiscard]] virtual std::vector<PeerCrossing> allHits(const pickray::Ray& ray) const = 0;
    /// What Embree's memory monitor counted, the device's and the scene's allocations (not the
    /// caller's arrays, which the geometry shares).
    [[nodiscard]] virtual std::int64_t bytes() const = 0;
    /// A new scene of the same mesh on the same device (the old one released first): what the
    /// build benchmark times.
    virtual void rebuild() = 0;
};

/// How a scene is built. `positions` must hold one element past the vertices (zero), which
/// Embree's 16-byte loads may read; both arrays must outlive the scene.
struct EmbreeMeshOptions {
    bool robust = false;   ///< RTC_SCENE_FLAG_ROBUST
    bool collect = false;  ///< an intersection filter recording every hit (allHits), never timed
    std::string isa;       ///< the device's isa= ("" for Embree's best)
};

namespace embree3_mesh_peer {
std::unique_ptr<EmbreeMesh> build(std::span<const glm::vec3> paddedPositions, std::span<const std::uint32_t> indices,
                                  const EmbreeMeshOptions& options);
}  // namespace embree3_mesh_peer
namespace embree4_mesh_peer {
std::unique_ptr<EmbreeMesh> build(std::span<const glm::vec3> paddedPositions, std::span<const std::uint32_t> indices,
                                  const EmbreeMeshOptions& options);
}  // namespace embree4_mesh_peer

}  // namespace bench
