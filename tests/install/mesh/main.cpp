// SPDX-License-Identifier: MIT
// Uses the query layer only: a unit quad of two triangles, mirrored and moved by an instance, picked
// by a ray from above.
#include <cstdio>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <pickray/query.hpp>

int main() {
    const std::vector<glm::vec3> positions{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    const std::vector<std::uint32_t> indices{0, 1, 2, 0, 2, 3};
    const pickray::TriangleMesh quad(positions, indices);
    if (!quad.validity().valid()) return 1;
    const pickray::MeshInstance placed(quad, glm::scale(glm::translate(glm::mat4(1.0f), {5, 0, 0}), {-2, 2, 1}));
    const auto hit = placed.nearest(pickray::Ray{{4, 0.5f, 3}, {0, 0, -1}});
    std::printf("picked: %s %u at t = %g\n", hit ? "triangle" : "nothing", hit ? hit->triangle : 0u,
                hit ? hit->t : 0.0f);
    return hit && hit->t == 3.0f && hit->front ? 0 : 1;
}
