// SPDX-License-Identifier: MIT
// Uses the collision and picking layers only: a cursor ray at the centre of the view, cast at a sphere.
#include <cstdio>

#include <glm/gtc/matrix_transform.hpp>
#include <pickray/collision.hpp>
#include <pickray/picking.hpp>

int main() {
    const glm::mat4 view = glm::lookAt(glm::vec3(0, 0, 10), glm::vec3(0, 0, 0), glm::vec3(0, 1, 0));
    const glm::mat4 proj = glm::perspectiveZO(glm::radians(45.0f), 4.0f / 3.0f, 0.1f, 100.0f);
    const pickray::Ray ray =
        pickray::cursorRay({400, 300}, view, proj, pickray::Viewport{0, 0, 800, 600}, pickray::ClipDepth::ZeroToOne);
    const auto hit = pickray::raycast(ray, pickray::Sphere{{0, 0, 0}, 1});
    std::printf("picked: %s\n", hit ? "sphere" : "nothing");
    return hit ? 0 : 1;
}
