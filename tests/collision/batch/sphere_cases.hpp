// SPDX-License-Identifier: MIT
#pragma once
// Sphere cases for the batch tests (see cases.hpp).
#include "batch/cases.hpp"

namespace batch_cases {

/// Spheres in every regime: random, far (1e3–1e5 away), grazing (closest approach within 1e-6 of
/// the radius), rays starting inside or on the surface, zero and huge radii, and invalid spheres.
template <>
struct BatchCases<pickray::Sphere> {
    static std::vector<Case<pickray::Sphere>> make(Random& random, int count) {
        std::vector<Case<pickray::Sphere>> cases;
        for (int i = 0; i < count; ++i) {
            pickray::Sphere sphere{random.inBox(50.0f), random.uniform(0.1f, 5.0f)};
            Ray ray;
            switch (i % 10) {
                case 0: ray = rayToward(random, sphere.center, random.uniform(1e3f, 1e5f), 2.0f * sphere.radius); break;
                case 1: {  // grazing: aimed at a point at distance radius·(1 ± 1e-6) from the centre
                    const glm::vec3 side = glm::normalize(glm::cross(random.unit(), glm::vec3(0.3f, 0.5f, 0.8f)));
                    const glm::vec3 aim = sphere.center + side * sphere.radius * (1.0f + random.uniform(-1e-6f, 1e-6f));
                    const glm::vec3 along = glm::normalize(glm::cross(side, random.unit()));
                    ray = {aim - along * random.uniform(1.0f, 100.0f), along * random.scale()};
                    break;
                }
                case 2:
                    ray = {sphere.center + random.unit() * sphere.radius * random.uniform(0.0f, 1.0f), random.unit()};
                    break;
                case 3: ray = {sphere.center + random.unit() * sphere.radius, random.unit() * random.scale()}; break;
                case 4:
                    sphere.radius = random.chance(0.5f) ? 0.0f : 1e30f;
                    ray = rayToward(random, sphere.center, 10.0f, 0.0f);
                    break;
                case 5:
                    if (random.chance(0.5f)) {
                        sphere.radius = random.chance(0.5f) ? -1.0f : kNaN;
                        ray = rayToward(random, sphere.center, 10.0f, 1.0f);
                    } else {
                        sphere.center.y = random.chance(0.5f) ? kInf : kNaN;
                        ray = {random.inBox(10.0f), random.unit()};
                    }
                    break;
                case 6: ray = invalidRay(random); break;
                default:
                    ray = rayToward(random, sphere.center, random.uniform(2.0f, 60.0f), 2.0f * sphere.radius);
                    break;
            }
            cases.push_back({ray, sphere});
        }
        return cases;
    }
};

}  // namespace batch_cases
