// SPDX-License-Identifier: MIT
#pragma once
// Stress scenes for picking and drawing at scale: `count` mixed objects of all five kinds
// (rotated, non-uniformly scaled boxes; two infinite cylinders lying on the ground) filling a
// block whose volume grows with `count`, so the density stays the same at any size; the camera
// looks down at the whole block from in front of a corner. Deterministic: the same count and seed
// give the same scene (seeded std::mt19937, and no std::*_distribution, whose output differs
// between standard libraries). Names are "KIND #INDEX", so that adding an object (named "KIND",
// "KIND 2", ...) never has to search past thousands of taken names.

#include <cstddef>
#include <cstdint>

#include "scene/scene.hpp"

namespace pickray::scene {

inline constexpr std::uint32_t kDefaultGenerateSeed = 20240601u;
/// The largest count generateStressScene is asked for (--generate and the GUI's Generate).
inline constexpr std::size_t kMaxGenerated = 2'000'000;

[[nodiscard]] Scene generateStressScene(std::size_t count, std::uint32_t seed = kDefaultGenerateSeed);

}  // namespace pickray::scene
