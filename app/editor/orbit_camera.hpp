// SPDX-License-Identifier: MIT
#pragma once
// Orbit-camera moves on the scene's camera settings (eye/target/up), as pure functions.

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "scene/scene.hpp"

namespace pickray::app {

/// Turns the eye around the target: `yaw` about `up`, `pitch` towards/away from it (radians).
/// The elevation is kept short of the poles so that `up` never becomes the view direction.
[[nodiscard]] scene::Camera orbit(scene::Camera camera, float yaw, float pitch) noexcept;

/// orbit()'s turn applied to the whole camera about `pivot` instead of its target: eye and target
/// turn rigidly about it (yaw about `up`, then the pitch orbit() would give, about the horizontal
/// axis across the view), so the pivot stays where it is drawn and keeps its distance to the eye.
[[nodiscard]] scene::Camera orbitAbout(scene::Camera camera, glm::vec3 pivot, float yaw, float pitch) noexcept;

/// Moves the eye towards the target by `factor` (< 1 closer); scales orthoHeight alike.
[[nodiscard]] scene::Camera zoom(scene::Camera camera, float factor) noexcept;

/// Slides eye and target in the view plane so that the point under the cursor follows it by
/// `pixels` (x right, y down) in a view `viewportHeight` pixels high.
[[nodiscard]] scene::Camera pan(scene::Camera camera, glm::vec2 pixels, float viewportHeight) noexcept;

/// The least part of the view's half width or half height frameSphere frames in: a smaller room
/// counts as this much, so that a covered view still gets a finite camera.
inline constexpr float kLeastRoom = 0.05f;

/// The camera moved, not turned, so that the sphere (`center`, `radius`) fits with a margin in the
/// rectangle centred in the view whose half width and half height are `room` times the view's
/// (the part no panel covers; 1, 1 is the whole view): it looks at the centre from the same
/// direction, from where the sphere's silhouette (a circle round the view's centre) just fits the
/// rectangle's narrower side (orthographic: the view height that fits it so). The far plane moves
/// out if the sphere would pass it. A radius below 0.25 counts as 0.25.
[[nodiscard]] scene::Camera frameSphere(scene::Camera camera, glm::vec3 center, float radius, float aspect,
                                        glm::vec2 room = glm::vec2(1.0f)) noexcept;

}  // namespace pickray::app
