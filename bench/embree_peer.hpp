// SPDX-License-Identifier: MIT
#pragma once
// Embree as a peer of bench_scene: one scene of pickray's shapes built in Embree, and its nearest
// hit for one ray. embree_peer.cpp is compiled once per Embree found (3 from Debian, 4 built from
// source with its API in the namespace embree4, so both live in one binary), each copy defining
// the functions of its version's namespace below.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pickray/query.hpp"

namespace bench {

/// The nearest hit of one ray: the shape's index in the scene and its t.
struct PeerAnswer {
    bool hit = false;
    std::uint32_t index = 0;
    float t = 0;
};

/// An Embree device (one thread, as pickray builds) and a committed scene.
class EmbreeScene {
public:
    virtual ~EmbreeScene() = default;
    [[nodiscard]] virtual PeerAnswer nearest(const pickray::Ray& ray) const = 0;
    /// What Embree's memory monitor counted: the device's and the scene's allocations.
    [[nodiscard]] virtual std::int64_t bytes() const = 0;
};

// native: spheres as sphere points, capsules as round linear curves, the other kinds as user
// geometry calling pickray's exact routines; otherwise every shape as that user geometry. `isa`:
// the device config's isa= ("" for Embree's best), from PICKRAY_BENCH_EMBREE_ISA. version(): what
// the device reports (RTC_DEVICE_PROPERTY_VERSION), "4.4.1".
namespace embree3_peer {
std::unique_ptr<EmbreeScene> build(const std::vector<pickray::Shape>& shapes, bool native, const std::string& isa);
std::string version();
}  // namespace embree3_peer
namespace embree4_peer {
std::unique_ptr<EmbreeScene> build(const std::vector<pickray::Shape>& shapes, bool native, const std::string& isa);
std::string version();
}  // namespace embree4_peer

}  // namespace bench
