// SPDX-License-Identifier: MIT
#include <glm/gtc/quaternion.hpp>

#include "pickray/collision/shapes.hpp"

namespace pickray {

OrientedBox OrientedBox::fromCenter(glm::vec3 center, glm::vec3 halfExtents, const glm::mat3& rotation) noexcept {
    glm::mat4 toWorld(rotation);
    toWorld[3] = glm::vec4(center, 1.0f);
    return {Aabb{-halfExtents, halfExtents}, toWorld};
}

OrientedBox OrientedBox::fromCenter(glm::vec3 center, glm::vec3 halfExtents, const glm::quat& rotation) noexcept {
    return fromCenter(center, halfExtents, glm::mat3_cast(rotation));
}

}  // namespace pickray
