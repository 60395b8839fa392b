// SPDX-License-Identifier: MIT
#pragma once
// Random scenes for the BVH's tests: shapes of every kind (a thin infinite cylinder kept beside the
// tree, an invalid sphere never hit), and rays from inside the scene, every fifth along an axis.
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "pickray/query.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray::test {

inline Shape randomShape(std::mt19937& rng, float spread) {
    const glm::vec3 c = randomIn(rng, -spread, spread);
    const float size = std::uniform_real_distribution<float>(0.2f, 1.5f)(rng);
    const glm::vec3 half = randomUnit(rng) * size;
    switch (std::uniform_int_distribution<int>(0, 11)(rng)) {
        case 0:
        case 1: return Sphere{c, size};
        case 2:
        case 3: return Capsule{c - half, c + half, 0.5f * size};
        case 4:
        case 5: return Cylinder{c - half, c + half, 0.5f * size};
        case 6:
        case 7: return Aabb{c - glm::abs(half), c + glm::abs(half) + 0.1f};
        case 8:
        case 9: {
            glm::mat4 m = glm::translate(glm::mat4(1), c);
            m = glm::rotate(m, std::uniform_real_distribution<float>(0, 6.3f)(rng), randomUnit(rng));
            m = glm::scale(m, randomIn(rng, 0.3f, 2.0f));
            return OrientedBox{{glm::vec3(-0.5f), glm::vec3(0.5f)}, m};
        }
        case 10: return InfiniteCylinder{c, c + half, 0.05f * size};  // thin: unbounded, kept beside the tree
        default: return Sphere{c, -1.0f};                             // invalid: never hit
    }
}

inline std::vector<Shape> randomScene(std::mt19937& rng, int count, float spread) {
    std::vector<Shape> shapes;
    for (int i = 0; i < count; ++i) shapes.push_back(randomShape(rng, spread));
    return shapes;
}

inline Ray randomRay(std::mt19937& rng, float spread, int i) {
    Ray ray{randomIn(rng, -spread, spread), randomUnit(rng) * 2.0f};
    if (i % 5 == 0) ray.direction = glm::vec3(0.0f);
    if (i % 5 == 0) ray.direction[i % 3] = (i % 2) ? 1.0f : -1.0f;  // exactly along an axis
    return ray;
}

}  // namespace pickray::test
