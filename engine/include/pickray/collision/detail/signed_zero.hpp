// SPDX-License-Identifier: MIT
#pragma once
// Every zero a result reports is +0 (ray.hpp). Adding +0 does it: in round-to-nearest −0 + +0 is
// +0 and every other value, NaN and infinity among them, is left as it is. One addition a field;
// compilers keep it unless told that the sign of zero does not matter (-ffast-math,
// -fno-signed-zeros). Not part of the public API.

#include <glm/vec3.hpp>

#include "pickray/collision/shapes.hpp"
#include "pickray/config.hpp"

namespace pickray::detail {

/// x, with −0 as +0.
PICKRAY_FORCE_INLINE float positiveZero(float x) noexcept { return x + 0.0f; }
/// v, with each −0 as +0.
PICKRAY_FORCE_INLINE glm::vec3 positiveZero(glm::vec3 v) noexcept { return {v.x + 0.0f, v.y + 0.0f, v.z + 0.0f}; }

/// A closest pair as reported: every field with −0 as +0.
PICKRAY_FORCE_INLINE ClosestPoints positiveZero(const ClosestPoints& pair) noexcept {
    return {positiveZero(pair.p1), positiveZero(pair.p2), positiveZero(pair.t1), positiveZero(pair.t2),
            positiveZero(pair.distance)};
}

}  // namespace pickray::detail
