// SPDX-License-Identifier: MIT
#include "editor/orbit_camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat3x3.hpp>
#include <glm/trigonometric.hpp>

#include "scene/camera_math.hpp"

namespace pickray::app {

scene::Camera orbit(scene::Camera c, float yaw, float pitch) noexcept {
    const glm::vec3 up = glm::normalize(c.up);
    const glm::vec3 offset = c.eye - c.target;
    const float distance = glm::length(offset);
    const float sinElevation = std::clamp(glm::dot(offset, up) / distance, -1.0f, 1.0f);
    const glm::vec3 horizontal = glm::normalize(offset - glm::dot(offset, up) * up);
    // Rodrigues rotation of the horizontal direction about `up` (it is perpendicular to it).
    const glm::vec3 turned = std::cos(yaw) * horizontal + std::sin(yaw) * glm::cross(up, horizontal);
    constexpr float kPoleMargin = 0.02f;  // radians short of straight up/down
    const float limit = glm::half_pi<float>() - kPoleMargin;
    const float elevation = std::clamp(std::asin(sinElevation) + pitch, -limit, limit);
    c.eye = c.target + distance * (std::cos(elevation) * turned + std::sin(elevation) * up);
    return c;
}

scene::Camera orbitAbout(scene::Camera c, glm::vec3 pivot, float yaw, float pitch) noexcept {
    // The pitch is orbit()'s: the change of the view's elevation, clamped short of the poles.
    const glm::vec3 up = glm::normalize(c.up);
    const glm::vec3 offset = c.eye - c.target;
    const float sinElevation = std::clamp(glm::dot(offset, up) / glm::length(offset), -1.0f, 1.0f);
    constexpr float kPoleMargin = 0.02f;
    const float limit = glm::half_pi<float>() - kPoleMargin;
    const float elevation = std::asin(sinElevation);
    const float turn = std::clamp(elevation + pitch, -limit, limit) - elevation;
    const glm::vec3 horizontal = glm::normalize(offset - glm::dot(offset, up) * up);
    const glm::vec3 turned = std::cos(yaw) * horizontal + std::sin(yaw) * glm::cross(up, horizontal);
    // Yaw about `up`, then the turn towards `up` about the axis across the turned view.
    const glm::mat3 rotation = glm::mat3(glm::rotate(glm::mat4(1.0f), turn, glm::normalize(glm::cross(turned, up)))) *
                               glm::mat3(glm::rotate(glm::mat4(1.0f), yaw, up));
    c.eye = pivot + rotation * (c.eye - pivot);
    c.target = pivot + rotation * (c.target - pivot);
    return c;
}

scene::Camera zoom(scene::Camera c, float factor) noexcept {
    constexpr float kMinDistance = 0.05f;
    const glm::vec3 offset = c.eye - c.target;
    const float distance = std::max(glm::length(offset) * factor, kMinDistance);
    c.eye = c.target + distance * glm::normalize(offset);
    c.orthoHeight = std::max(c.orthoHeight * factor, 0.01f);
    return c;
}

scene::Camera pan(scene::Camera c, glm::vec2 pixels, float viewportHeight) noexcept {
    const glm::vec3 forward = glm::normalize(c.target - c.eye);
    const glm::vec3 right = glm::normalize(glm::cross(forward, c.up));
    const glm::vec3 screenUp = glm::cross(right, forward);
    const float scale = scene::worldPerPixel(c, c.target, viewportHeight);
    const glm::vec3 move = scale * (-pixels.x * right + pixels.y * screenUp);
    c.eye += move;
    c.target += move;
    return c;
}

scene::Camera frameSphere(scene::Camera c, glm::vec3 center, float radius, float aspect, glm::vec2 room) noexcept {
    constexpr float kMargin = 1.15f;
    const float r = std::max(radius, 0.25f) * kMargin;
    // The free rectangle's half extents, as tangents of the angles off the view axis (perspective)
    // or in units of the view's half height (orthographic).
    const glm::vec2 part = glm::clamp(room, glm::vec2(kLeastRoom), glm::vec2(1.0f));
    const float halfFovY = glm::radians(c.fovYDegrees) * 0.5f;
    const float halfHeight = std::tan(halfFovY);
    const float across = std::min(part.x * aspect, part.y);  // the free rectangle's narrower half side
    // Seen from its centre's distance d on the axis, the sphere is the cone of half angle asin(r/d)
    // round the axis: on the image plane, a circle of radius tan(asin(r/d)). It fits a half side h
    // (a tangent) when r/d <= sin(atan(h)).
    const float distance = r / std::sin(std::atan(across * halfHeight));
    c.eye = center + distance * glm::normalize(c.eye - c.target);
    c.target = center;
    // Orthographic: the circle of radius r fits a half side of across · orthoHeight / 2.
    c.orthoHeight = 2.0f * r / across;
    c.far = std::max(c.far, (distance + 2.0f * r) * 1.01f);
    return c;
}

}  // namespace pickray::app
