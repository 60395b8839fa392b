// SPDX-License-Identifier: MIT
#include "scene/camera_math.hpp"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace pickray::scene {

glm::mat4 viewMatrix(const Camera& c) noexcept { return glm::lookAt(c.eye, c.target, c.up); }

glm::mat4 rotationViewMatrix(const Camera& c) noexcept { return glm::lookAt(glm::vec3(0.0f), c.target - c.eye, c.up); }

glm::mat4 projectionMatrix(const Camera& c, float aspect) noexcept {
    const bool zeroToOne = c.clipDepth == ClipDepth::ZeroToOne;
    if (c.projection == Projection::Perspective) {
        const float fovY = glm::radians(c.fovYDegrees);
        return zeroToOne ? glm::perspectiveZO(fovY, aspect, c.near, c.far)
                         : glm::perspectiveNO(fovY, aspect, c.near, c.far);
    }
    const float halfH = 0.5f * c.orthoHeight;
    const float halfW = halfH * aspect;
    return zeroToOne ? glm::orthoZO(-halfW, halfW, -halfH, halfH, c.near, c.far)
                     : glm::orthoNO(-halfW, halfW, -halfH, halfH, c.near, c.far);
}

glm::mat4 glClipRemap(ClipDepth depth) noexcept {
    glm::mat4 remap(1.0f);
    if (depth == ClipDepth::ZeroToOne) {
        remap[2][2] = 2.0f;   // z' = 2z ...
        remap[3][2] = -1.0f;  // ... − w
    }
    return remap;
}

float worldPerPixel(const Camera& c, glm::vec3 point, float viewportHeightPixels) noexcept {
    if (c.projection == Projection::Orthographic) return c.orthoHeight / viewportHeightPixels;
    const glm::vec3 forward = glm::normalize(c.target - c.eye);
    const float depth = std::fmax(glm::dot(point - c.eye, forward), c.near);
    return 2.0f * depth * std::tan(0.5f * glm::radians(c.fovYDegrees)) / viewportHeightPixels;
}

}  // namespace pickray::scene
