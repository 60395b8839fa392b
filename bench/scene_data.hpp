// SPDX-License-Identifier: MIT
#pragma once
// Stress scenes for the scene benchmarks: N shapes at constant density in a cube, and rays
// through it. Deterministic for a given (kind, N).

#include <cmath>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "pickray/query.hpp"

namespace bench {

enum class Mix { Spheres, Mixed };

/// How each shape was made, for peers that need the parameters rather than pickray's types
/// (Bullet wants a rigid transform plus half extents for boxes).
struct BoxRecipe {
    glm::vec3 centre;
    glm::vec3 axis;
    float angle;
    glm::vec3 halfExtents;
};

struct StressScene {
    std::vector<pickray::Shape> shapes;
    std::vector<BoxRecipe> boxRecipes;  // per shape; meaningful for OrientedBox entries
    std::vector<pickray::Ray> rays;     // unit directions
    float side = 0;                     // the cube's edge length
};

inline glm::vec3 uniformIn(std::mt19937& rng, float lo, float hi) {
    std::uniform_real_distribution<float> u(lo, hi);
    return {u(rng), u(rng), u(rng)};
}

inline glm::vec3 unitVector(std::mt19937& rng) {
    std::normal_distribution<float> n;
    glm::vec3 v;
    do v = {n(rng), n(rng), n(rng)};
    while (glm::length(v) < 1e-3f);
    return glm::normalize(v);
}

/// N shapes of size 0.25–0.75 with about one shape per 8 cubic units; rays start anywhere in or
/// around the cube and point at a random point inside it.
inline StressScene makeScene(Mix mix, std::size_t n, std::size_t rays = 1024) {
    std::mt19937 rng(static_cast<unsigned>(n * 2 + (mix == Mix::Mixed ? 1 : 0)));
    StressScene scene;
    scene.side = 2.0f * std::cbrt(static_cast<float>(n));
    const float s = scene.side;
    std::uniform_real_distribution<float> size(0.25f, 0.75f);
    scene.shapes.reserve(n);
    scene.boxRecipes.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec3 c = uniformIn(rng, 0, s);
        const float r = size(rng);
        const int kind = mix == Mix::Spheres ? 0 : static_cast<int>(i % 4);
        if (kind == 0) {
            scene.shapes.emplace_back(pickray::Sphere{c, r});
        } else if (kind == 1) {
            const glm::vec3 half = unitVector(rng) * r;
            scene.shapes.emplace_back(pickray::Capsule{c - half, c + half, 0.5f * r});
        } else if (kind == 2) {
            const glm::vec3 half = unitVector(rng) * r;
            scene.shapes.emplace_back(pickray::Cylinder{c - half, c + half, 0.5f * r});
        } else {
            const BoxRecipe recipe{c, unitVector(rng), std::uniform_real_distribution<float>(0, 6.28f)(rng),
                                   uniformIn(rng, 0.2f * r, r)};
            glm::mat4 m = glm::translate(glm::mat4(1), recipe.centre);
            m = glm::rotate(m, recipe.angle, recipe.axis);
            m = glm::scale(m, recipe.halfExtents);
            scene.shapes.emplace_back(pickray::OrientedBox{{glm::vec3(-1), glm::vec3(1)}, m});
            scene.boxRecipes[i] = recipe;
        }
    }
    for (std::size_t i = 0; i < rays; ++i) {
        const glm::vec3 from = uniformIn(rng, -0.2f * s, 1.2f * s);
        const glm::vec3 to = uniformIn(rng, 0, s);
        scene.rays.push_back({from, glm::normalize(to - from)});
    }
    return scene;
}

}  // namespace bench
