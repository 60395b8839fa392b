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

/// The camera moved, not turned, so that the sphere (`center`, `radius`) fills the view with a
/// margin: it looks at the centre from the same direction, from where the sphere just fits the
/// narrower of the two fields of view (orthographic: the view height fits it across the narrower
/// side); the far plane moves out if the sphere would pass it. A radius below 0.25 counts as 0.25.
[[nodiscard]] scene::Camera frameSphere(scene::Camera camera, glm::vec3 center, float radius, float aspect) noexcept;

}  // namespace pickray::app
