#pragma once
// Axis-aligned and oriented box cases for the batch tests (see cases.hpp).
#include <glm/gtc/matrix_transform.hpp>

#include "batch/cases.hpp"

namespace batch_cases {

/// A box in every regime: random, flat on one or more axes, inverted (min > max) or NaN.
inline pickray::Aabb randomBox(Random& random, int variant) {
    const glm::vec3 centre = random.inBox(50.0f);
    glm::vec3 half(random.uniform(0.1f, 3.0f), random.uniform(0.1f, 3.0f), random.uniform(0.1f, 3.0f));
    if (variant == 1) half[static_cast<int>(random.rng() % 3)] = 0.0f;  // flat
    pickray::Aabb box{centre - half, centre + half};
    if (variant == 2) std::swap(box.min.y, box.max.y);  // inverted
    if (variant == 3) box.max.z = kNaN;
    return box;
}

/// Rays at boxes: random and far; axis-parallel directions (exact zeros, so the slab's parallel
/// case is taken) inside and outside a slab; along a face and through an edge; starting inside.
inline Ray rayAtBox(Random& random, const pickray::Aabb& box, int variant) {
    const glm::vec3 centre = (box.min + box.max) * 0.5f;
    const glm::vec3 size = box.max - box.min;
    switch (variant) {
        case 0: return rayToward(random, centre, random.uniform(1e3f, 1e5f), glm::length(size));
        case 1: {  // axis-parallel
            const int axis = static_cast<int>(random.rng() % 3);
            glm::vec3 direction(0.0f);
            direction[axis] = (random.chance(0.5f) ? 1.0f : -1.0f) * random.scale();
            glm::vec3 origin = centre + random.inBox(1.0f) * size;
            origin[axis] = centre[axis] - direction[axis] / std::abs(direction[axis]) * random.uniform(2.0f, 20.0f);
            return {origin, direction};
        }
        case 2: {  // in the plane of a face
            glm::vec3 origin = centre + random.inBox(0.6f) * size;
            origin.x = box.max.x;
            glm::vec3 direction = random.unit();
            direction.x = 0.0f;
            return {origin, direction * random.scale()};
        }
        case 3: return rayToward(random, box.max, random.uniform(2.0f, 30.0f), 0.0f);  // at a corner
        case 4: return {centre + random.inBox(0.4f) * size, random.unit() * random.scale()};  // inside
        case 5: return invalidRay(random);
        default: return rayToward(random, centre, random.uniform(2.0f, 60.0f), glm::length(size));
    }
}

template <>
struct BatchCases<pickray::Aabb> {
    static std::vector<Case<pickray::Aabb>> make(Random& random, int count) {
        std::vector<Case<pickray::Aabb>> cases;
        for (int i = 0; i < count; ++i) {
            const pickray::Aabb box = randomBox(random, i % 13 < 4 ? i % 13 : 0);
            cases.push_back({rayAtBox(random, box, i % 9), box});
        }
        return cases;
    }
};

/// Oriented boxes: rotation, non-uniform scale and shear; also singular (a zero scale) and
/// non-affine transforms and NaN entries, which are never hit.
template <>
struct BatchCases<pickray::PreparedOrientedBox> {
    static std::vector<Case<pickray::PreparedOrientedBox>> make(Random& random, int count) {
        std::vector<Case<pickray::PreparedOrientedBox>> cases;
        for (int i = 0; i < count; ++i) {
            const pickray::Aabb local = randomBox(random, i % 13 < 4 ? i % 13 : 0);
            glm::mat4 toWorld = glm::translate(glm::mat4(1.0f), random.inBox(30.0f));
            toWorld = glm::rotate(toWorld, random.uniform(0.0f, 6.3f), random.unit());
            toWorld = glm::scale(toWorld, glm::vec3(random.uniform(0.2f, 3.0f), random.uniform(0.2f, 3.0f), random.uniform(0.2f, 3.0f)));
            toWorld[1][0] += random.uniform(-0.5f, 0.5f);  // shear
            switch (i % 17) {
                case 1: toWorld[2] = glm::vec4(0.0f); break;  // singular
                case 2: toWorld[0][3] = 0.5f; break;           // not affine
                case 3: toWorld[3][1] = kNaN; break;
                default: break;
            }
            const pickray::OrientedBox box{local, toWorld};
            // The ray is aimed in the box's own space, then carried to the world.
            const Ray inLocal = rayAtBox(random, local, i % 9);
            const Ray ray{glm::vec3(toWorld * glm::vec4(inLocal.origin, 1.0f)), glm::vec3(toWorld * glm::vec4(inLocal.direction, 0.0f))};
            cases.push_back({i % 9 == 5 ? inLocal : ray, pickray::PreparedOrientedBox(box)});
        }
        return cases;
    }
};

}  // namespace batch_cases
