// SPDX-License-Identifier: MIT
#pragma once
// Camera settings -> the view and projection matrices a frame is drawn and picked with.
// Pure functions, so the application, the tests and the renderer all use the same matrices.

#include <glm/mat4x4.hpp>

#include "scene/scene.hpp"

namespace pickray::scene {

[[nodiscard]] glm::mat4 viewMatrix(const Camera& camera) noexcept;
/// The view of the camera moved to the world origin: lookAt((0, 0, 0), target − eye, up), the
/// rotation alone. Clicks build their rays from it and the eye (pickray::cursorRayFromEye), which
/// stays exact far from the origin where viewMatrix's float translation does not.
[[nodiscard]] glm::mat4 rotationViewMatrix(const Camera& camera) noexcept;

/// The projection in the camera's own clip-depth convention: glm::perspective/ortho for OpenGL
/// (NDC z in −1..1), glm::perspectiveZO/orthoZO for Direct3D (0..1). This is the matrix picking
/// inverts (with ClipDepth = camera.clipDepth). `aspect` = drawable width / height.
[[nodiscard]] glm::mat4 projectionMatrix(const Camera& camera, float aspect) noexcept;

/// What to post-multiply onto a projection of depth convention `depth` so that OpenGL 3.3 (whose
/// clip space is always −w..w, glClipControl being GL 4.5) draws it: identity for −1..1, and
/// z' = 2z − w for 0..1. The remap is exact in x, y and depth order, so both modes draw the same
/// pixels while the 0..1 projection is still the one the frame is defined by and picked with.
[[nodiscard]] glm::mat4 glClipRemap(ClipDepth depth) noexcept;

/// World units covered by one pixel at `point` (for markers and arrows of a constant screen size).
[[nodiscard]] float worldPerPixel(const Camera& camera, glm::vec3 point, float viewportHeightPixels) noexcept;

}  // namespace pickray::scene
