// SPDX-License-Identifier: MIT
#pragma once
// An orthonormal frame around a direction: for circles, cones and round meshes drawn about an axis.

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace pickray::scene {

/// A right-handed frame whose third column is `z` (unit). Its first column is perpendicular to z
/// and to the world's x axis (its y axis when z is within about 26° of x, where the cross product
/// with x would be short); the second is z × x.
[[nodiscard]] inline glm::mat3 frameAlong(glm::vec3 z) {
    const glm::vec3 helper = std::abs(z.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    const glm::vec3 x = glm::normalize(glm::cross(helper, z));
    return glm::mat3(x, glm::cross(z, x), z);
}

}  // namespace pickray::scene
