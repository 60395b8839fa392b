// SPDX-License-Identifier: MIT
#pragma once
// An object's size, to tell a mistyped value (a radius of 1e30 among objects of size 1) from a
// big object: the Inspector warns beside the size fields of an object more than
// kOutsizedFactor times the median size of the other objects. The value stays accepted (the
// library takes any finite size); the warning only says it stands out. No ImGui.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "scene/scene.hpp"

namespace pickray::app {

inline constexpr float kOutsizedFactor = 1000.0f;

/// An object's size, in world units, by kind (half its extent along its longest direction):
///   sphere             its radius
///   capsule            its radius plus half its axis segment, |b - a| / 2 (half its whole length)
///   cylinder           the larger of its radius and half its height, |b - a| / 2
///   infinite cylinder  its radius (its length is unbounded by definition)
///   box (aabb)         its largest half extent, of (max - min) / 2
///   oriented box       the placed box's largest half extent: each of the local box's half
///                      extents times the length its placement gives that axis
/// Zero for a degenerate object (a sphere of radius 0, a flat box with no length: max(0, ...)).
[[nodiscard]] float objectSize(const scene::Object& object);

/// The words for what makes that size ("its radius", "its radius plus half its length", ...).
[[nodiscard]] const char* sizeMeaning(const scene::Object& object);

/// The median of `sizes` (the mean of the two middle ones for an even count), those that are zero
/// or not finite left out: a degenerate object says nothing of the scene's scale. Nullopt when
/// none is left.
[[nodiscard]] std::optional<float> medianSize(std::vector<float> sizes);

/// An object that stands out: its size and the median size of the others.
struct Outsized {
    float size = 0.0f;
    float median = 0.0f;
};

/// Whether `size` is more than kOutsizedFactor times the median of `others` (medianSize's; no
/// others with a size: never).
[[nodiscard]] std::optional<Outsized> outsized(float size, const std::vector<float>& others);

/// outsized() for `object` of `scene` against every other object, or nullopt; sizeWarningText
/// says it in words: "Size: its radius is 1e+30, more than 1000x the median size of the other
/// objects (1)".
[[nodiscard]] std::optional<Outsized> outsizedObject(const scene::Scene& scene, std::size_t object);
[[nodiscard]] std::string sizeWarningText(const scene::Object& object, const Outsized& outsized);

}  // namespace pickray::app
