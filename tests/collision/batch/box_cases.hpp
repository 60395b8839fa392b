// SPDX-License-Identifier: MIT
#pragma once
// Axis-aligned and oriented box cases for the batch tests (see cases.hpp).
#include <glm/gtc/matrix_transform.hpp>

#include "batch/cases.hpp"

namespace batch_cases {

/// A small integer in [lo, hi].
inline int randomInt(Random& random, int lo, int hi) {
    return lo + static_cast<int>(random.rng() % static_cast<unsigned>(hi - lo + 1));
}

/// A box on the integer grid (bounds in [-4, 4], some flat): with integer rays (gridRay) every
/// plane crossing is exact, so slabs tie (edges, corners) and rays lie exactly in face planes.
inline pickray::Aabb gridBox(Random& random) {
    pickray::Aabb box;
    for (int axis = 0; axis < 3; ++axis) {
        const int lo = randomInt(random, -4, 3);
        box.min[axis] = static_cast<float>(lo);
        box.max[axis] = static_cast<float>(random.chance(0.15f) ? lo : randomInt(random, lo + 1, 4));
    }
    return box;
}

/// A box in every regime: random, flat on one or more axes, inverted (min > max), NaN, on the
/// integer grid, with an infinite bound, or near the top of the float range (where a hit's point
/// can overflow float).
inline pickray::Aabb randomBox(Random& random, int variant) {
    if (variant == 4) return gridBox(random);
    const glm::vec3 centre = variant == 6
                                 ? glm::vec3(random.uniform(2.5e38f, 3.0e38f), random.uniform(-1e38f, 1e38f), 0.0f)
                                 : random.inBox(50.0f);
    glm::vec3 half(random.uniform(0.1f, 3.0f), random.uniform(0.1f, 3.0f), random.uniform(0.1f, 3.0f));
    if (variant == 6) half *= 1e37f;
    if (variant == 1) half[static_cast<int>(random.rng() % 3)] = 0.0f;  // flat
    pickray::Aabb box{centre - half, centre + half};
    if (variant == 2) std::swap(box.min.y, box.max.y);  // inverted
    if (variant == 3) box.max.z = kNaN;
    if (variant == 5) box.min[static_cast<int>(random.rng() % 3)] = random.chance(0.5f) ? -kInf : kInf;
    return box;
}

/// A grid component of a direction: small integers, zero of either sign, times a power of two.
inline float gridComponent(Random& random, float scale) {
    switch (random.rng() % 7) {
        case 0: return 0.0f;
        case 1: return -0.0f;
        default: return static_cast<float>(randomInt(random, -2, 2)) * scale;
    }
}

/// An integer ray from near the box: through its corners, along its edges and faces, from its
/// faces and corners, parallel to faces (exact zeros of both signs).
inline Ray gridRay(Random& random, const pickray::Aabb& box) {
    const float scale = std::ldexp(1.0f, randomInt(random, -6, 6));
    Ray ray;
    for (int axis = 0; axis < 3; ++axis) {
        // On a face plane half the time, else anywhere on the grid around the box.
        const float face = random.chance(0.5f) ? box.min[axis] : box.max[axis];
        ray.origin[axis] = random.chance(0.4f) ? face : static_cast<float>(randomInt(random, -6, 6));
        ray.direction[axis] = gridComponent(random, scale);
    }
    if (random.chance(0.3f)) {  // aimed exactly through a corner or the middle of an edge
        glm::vec3 target;
        for (int axis = 0; axis < 3; ++axis) {
            target[axis] = random.chance(0.5f) ? box.min[axis] : box.max[axis];
        }
        const int middle = randomInt(random, 0, 3);
        if (middle < 3) target[middle] = 0.5f * (box.min[middle] + box.max[middle]);
        ray.direction = (target - ray.origin) * scale;
    }
    return ray;
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
        case 3: return rayToward(random, box.max, random.uniform(2.0f, 30.0f), 0.0f);         // at a corner
        case 4: return {centre + random.inBox(0.4f) * size, random.unit() * random.scale()};  // inside
        case 5: return invalidRay(random);
        case 7: return gridRay(random, box);
        case 8: {  // starting on a face, leaving or entering; some directions with a -0 component
            const int axis = static_cast<int>(random.rng() % 3);
            glm::vec3 origin = centre + random.inBox(0.5f) * size;
            origin[axis] = random.chance(0.5f) ? box.min[axis] : box.max[axis];
            glm::vec3 direction = random.unit() * random.scale();
            if (random.chance(0.3f)) direction[static_cast<int>(random.rng() % 3)] = -0.0f;
            return {origin, direction};
        }
        case 9: {  // a tiny (subnormal or near it) or huge component beside normal ones
            Ray ray = rayToward(random, centre, random.uniform(2.0f, 60.0f), glm::length(size));
            const float magnitude = random.chance(0.5f) ? (random.chance(0.5f) ? 1e-40f : 1e-30f) : 1e15f;
            ray.direction[static_cast<int>(random.rng() % 3)] = random.chance(0.5f) ? magnitude : -magnitude;
            return ray;
        }
        default: return rayToward(random, centre, random.uniform(2.0f, 60.0f), glm::length(size));
    }
}

/// A ray at a box near the top of the float range: from inside or just outside, with directions
/// long enough that the crossing point lands on either side of the largest float.
inline Ray rayAtHugeBox(Random& random, const pickray::Aabb& box) {
    const glm::vec3 centre = (box.min + box.max) * 0.5f;
    const glm::vec3 size = box.max - box.min;
    return {centre + random.inBox(0.7f) * size, random.unit() * std::pow(10.0f, random.uniform(-3.0f, 1.0f))};
}

template <>
struct BatchCases<pickray::Aabb> {
    static std::vector<Case<pickray::Aabb>> make(Random& random, int count) {
        std::vector<Case<pickray::Aabb>> cases;
        for (int i = 0; i < count; ++i) {
            const int boxVariant = i % 17 < 7 ? i % 17 : 0;
            const pickray::Aabb box = randomBox(random, boxVariant);
            const int rayVariant = boxVariant == 4 ? 7 : i % 11;  // grid boxes get grid rays
            cases.push_back({boxVariant == 6 ? rayAtHugeBox(random, box) : rayAtBox(random, box, rayVariant), box});
        }
        return cases;
    }
};

/// An exact transform: the axes permuted and mirrored, scaled by powers of two, an integer
/// translation. Local directions along the world's axes keep their exact zeros, and grid rays stay
/// on the grid.
inline glm::mat4 exactTransform(Random& random) {
    const int permutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const int* permutation = permutations[random.rng() % 6];
    glm::mat4 toWorld(0.0f);
    for (int column = 0; column < 3; ++column) {
        const float sign = random.chance(0.5f) ? -1.0f : 1.0f;
        toWorld[column][permutation[column]] = sign * std::ldexp(1.0f, randomInt(random, -2, 2));
    }
    toWorld[3] = glm::vec4(static_cast<float>(randomInt(random, -8, 8)), static_cast<float>(randomInt(random, -8, 8)),
                           static_cast<float>(randomInt(random, -8, 8)), 1.0f);
    return toWorld;
}

/// Oriented boxes: rotation, non-uniform scale and shear; exact (permutation, mirror, power-of-two
/// scale) transforms with grid boxes and rays; nearly singular and huge scales; also singular (a
/// zero scale) and non-affine transforms and NaN entries, which are never hit; and prepared boxes
/// whose flag or local box was changed afterwards (the routine trusts the flag: a box made NaN or
/// inverted after preparing is computed with, a valid box marked invalid is never hit).
template <>
struct BatchCases<pickray::PreparedOrientedBox> {
    static std::vector<Case<pickray::PreparedOrientedBox>> make(Random& random, int count) {
        std::vector<Case<pickray::PreparedOrientedBox>> cases;
        for (int i = 0; i < count; ++i) {
            const int boxVariant = i % 13 < 5 ? i % 13 : 0;  // random, flat, inverted, NaN, grid
            const pickray::Aabb local = randomBox(random, boxVariant);
            const bool exact = boxVariant == 4 || i % 19 == 7;
            glm::mat4 toWorld;
            if (exact) {
                toWorld = exactTransform(random);
            } else {
                toWorld = glm::translate(glm::mat4(1.0f), random.inBox(30.0f));
                toWorld = glm::rotate(toWorld, random.uniform(0.0f, 6.3f), random.unit());
                toWorld = glm::scale(toWorld, glm::vec3(random.uniform(0.2f, 3.0f), random.uniform(0.2f, 3.0f),
                                                        random.uniform(0.2f, 3.0f)));
                toWorld[1][0] += random.uniform(-0.5f, 0.5f);  // shear
            }
            switch (i % 17) {
                case 1: toWorld[2] = glm::vec4(0.0f); break;  // singular
                case 2: toWorld[0][3] = 0.5f; break;          // not affine
                case 3: toWorld[3][1] = kNaN; break;
                case 4: toWorld[static_cast<int>(random.rng() % 3)] *= random.chance(0.5f) ? 1e-13f : 1e13f; break;
                default: break;
            }
            const pickray::OrientedBox box{local, toWorld};
            // The ray is aimed in the box's own space, then carried to the world.
            const Ray inLocal = boxVariant == 4 ? gridRay(random, local) : rayAtBox(random, local, i % 11);
            const Ray ray{glm::vec3(toWorld * glm::vec4(inLocal.origin, 1.0f)),
                          glm::vec3(toWorld * glm::vec4(inLocal.direction, 0.0f))};
            pickray::PreparedOrientedBox prepared(box);
            if (i % 23 == 11) prepared.valid = !prepared.valid;  // changed after preparing
            if (i % 29 == 13 && prepared.valid) {  // the local box changed after preparing: NaN or inverted
                if (random.chance(0.5f)) {
                    prepared.box.local.max[static_cast<int>(random.rng() % 3)] = kNaN;
                } else {
                    std::swap(prepared.box.local.min.x, prepared.box.local.max.x);
                }
            }
            cases.push_back({i % 11 == 5 ? inLocal : ray, prepared});
        }
        return cases;
    }
};

}  // namespace batch_cases
