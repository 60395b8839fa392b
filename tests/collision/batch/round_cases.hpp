// SPDX-License-Identifier: MIT
#pragma once
// Capsule, capped cylinder and infinite cylinder cases for the batch tests (see cases.hpp). The
// three are built alike (two axis points and a radius), so one generator serves them all.
#include "batch/cases.hpp"

namespace batch_cases {

/// A shape on the grid: small integer a, an axis along a coordinate axis and an integer or half
/// radius, so that the frame's products and sums are exact and ties (a ray through the rim, an
/// origin on a cap plane, a tangent line) are exact too.
struct GridAxis {
    glm::vec3 a, b;
    glm::vec3 axis;    // unit, along a coordinate axis (b − a is a whole multiple of it)
    glm::vec3 across;  // unit, along another coordinate axis
    glm::vec3 other;   // unit, along the third
    float length;
    float radius;
};

inline int pick(Random& random, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random.rng); }
inline float sign(Random& random) { return random.chance(0.5f) ? 1.0f : -1.0f; }
/// 2^k: scales a direction exactly.
inline float powerOfTwo(Random& random, int lo, int hi) { return std::ldexp(1.0f, pick(random, lo, hi)); }

inline GridAxis gridAxis(Random& random) {
    GridAxis g;
    g.a = {static_cast<float>(pick(random, -20, 20)), static_cast<float>(pick(random, -20, 20)),
           static_cast<float>(pick(random, -20, 20))};
    const int k = pick(random, 0, 2);
    const int j = (k + pick(random, 1, 2)) % 3;
    g.axis = glm::vec3(0.0f);
    g.axis[k] = sign(random);
    g.across = glm::vec3(0.0f);
    g.across[j] = sign(random);
    g.other = glm::cross(g.axis, g.across);
    g.length = static_cast<float>(pick(random, 1, 8));
    g.b = g.a + g.axis * g.length;
    g.radius = static_cast<float>(pick(random, 1, 6)) * 0.5f;
    return g;
}

/// A nonzero direction with small integer components.
inline glm::vec3 gridDirection(Random& random) {
    for (;;) {
        const glm::vec3 d{static_cast<float>(pick(random, -3, 3)), static_cast<float>(pick(random, -3, 3)),
                          static_cast<float>(pick(random, -3, 3))};
        if (d != glm::vec3(0.0f)) return d;
    }
}

/// Round shapes around an axis in every regime: random and far rays; rays parallel to the axis
/// (inside and outside the radius) and within the parallel tolerance of it; rays through the rim
/// and the caps' planes; rays starting inside or on the axis; a == b; radius 0; invalid shapes.
/// Cases 12 and up use grid shapes (GridAxis) for exact ties: rays exactly through a rim, origins
/// exactly on a cap plane (where 0 − 0 must stay +0), rays exactly along the axis, directions
/// with no along-axis part (clipToSlab's dz == 0), directions a few floats either side of the
/// parallel tolerance, huge and tiny radii, and lines far out along the axis inside the radius.
template <typename Shape>
std::vector<Case<Shape>> roundCases(Random& random, int count) {
    std::vector<Case<Shape>> cases;
    for (int i = 0; i < count; ++i) {
        glm::vec3 a = random.inBox(50.0f);
        glm::vec3 b = a + random.unit() * random.uniform(0.5f, 8.0f);
        float radius = random.uniform(0.1f, 3.0f);
        const glm::vec3 middle = (a + b) * 0.5f;
        const glm::vec3 axis = glm::normalize(b - a);
        const glm::vec3 across = glm::normalize(glm::cross(axis, random.unit()));
        Ray ray;
        switch (i % 20) {
            case 0:
                ray = rayToward(random, middle, random.uniform(1e3f, 1e5f), 2.0f * radius + glm::length(b - a));
                break;
            case 1:  // parallel to the axis, inside or outside the radius
                ray = {a - axis * random.uniform(1.0f, 20.0f) + across * radius * random.uniform(0.0f, 2.0f),
                       axis * random.scale() * (random.chance(0.5f) ? 1.0f : -1.0f)};
                if (ray.direction.x * axis.x + ray.direction.y * axis.y + ray.direction.z * axis.z < 0.0f)
                    ray.origin = b + axis * random.uniform(1.0f, 20.0f) + across * radius * random.uniform(0.0f, 2.0f);
                break;
            case 2:  // within a hair of parallel
                ray = {a - axis * 10.0f + across * radius * random.uniform(0.0f, 2.0f),
                       glm::normalize(axis + across * random.uniform(-1e-6f, 1e-6f)) * random.scale()};
                break;
            case 3:  // through the rim: aimed at a point on a cap circle
                ray = rayToward(random, (random.chance(0.5f) ? a : b) + across * radius, random.uniform(2.0f, 30.0f),
                                1e-5f);
                break;
            case 4:
                ray = {middle + across * radius * random.uniform(0.0f, 1.0f), random.unit() * random.scale()};
                break;
            case 5:
                b = a;
                ray = rayToward(random, a, 10.0f, radius);
                break;
            case 6:
                radius = 0.0f;
                ray = rayToward(random, middle, 10.0f, 0.0f);
                break;
            case 7:
                if (random.chance(0.5f)) {
                    radius = random.chance(0.5f) ? -1.0f : kNaN;
                } else {
                    b.x = random.chance(0.5f) ? kInf : kNaN;
                }
                ray = rayToward(random, middle, 10.0f, radius);
                break;
            case 8: ray = invalidRay(random); break;
            case 9:
                ray = {middle + across * random.uniform(2.0f, 20.0f), -across * random.scale()};
                break;  // perpendicular
            case 10:
            case 11: ray = rayToward(random, middle, random.uniform(2.0f, 60.0f), radius + glm::length(b - a)); break;
            case 12: {  // exactly through a rim point, or exactly tangent to the side at a cap plane
                const GridAxis g = gridAxis(random);
                a = g.a;
                b = g.b;
                radius = g.radius;
                const glm::vec3 rim = (random.chance(0.5f) ? g.a : g.b) + g.across * g.radius;
                const glm::vec3 direction = random.chance(0.7f) ? gridDirection(random) : g.other * sign(random);
                ray = {rim - direction * static_cast<float>(pick(random, 1, 4)), direction * powerOfTwo(random, -6, 6)};
                break;
            }
            case 13: {  // starting exactly on a cap plane, inside, on or outside the rim
                const GridAxis g = gridAxis(random);
                a = g.a;
                b = g.b;
                radius = g.radius;
                const float offset = g.radius * static_cast<float>(pick(random, 0, 4)) * 0.5f;
                const glm::vec3 direction = random.chance(0.5f) ? gridDirection(random) : random.unit();
                ray = {(random.chance(0.5f) ? g.a : g.b) + g.across * offset, direction * powerOfTwo(random, -6, 6)};
                break;
            }
            case 14: {  // exactly along the axis: on it, inside, on the side's surface or outside
                const GridAxis g = gridAxis(random);
                a = g.a;
                b = g.b;
                radius = g.radius;
                const float offset = g.radius * static_cast<float>(pick(random, 0, 4)) * 0.5f;
                const float start = static_cast<float>(pick(random, -4, 12));
                const glm::vec3 direction = random.chance(0.5f) ? g.axis : g.b - g.a;
                ray = {g.a + g.axis * start + g.across * offset, direction * sign(random) * powerOfTwo(random, -6, 6)};
                break;
            }
            case 15: {  // no along-axis part (dz == 0): starting before, on, between or beyond the cap planes
                const GridAxis g = gridAxis(random);
                a = g.a;
                b = g.b;
                radius = g.radius;
                static constexpr float kAlong[] = {-1.0f, 0.0f, 0.5f, 1.0f, 2.0f};
                const float along = kAlong[pick(random, 0, 4)] * g.length;
                glm::vec3 direction = gridDirection(random);
                direction -= g.axis * glm::dot(direction, g.axis);
                if (direction == glm::vec3(0.0f)) direction = g.across;
                ray = {g.a + g.axis * along + g.other * static_cast<float>(pick(random, -4, 4)) * 0.5f -
                           direction * static_cast<float>(pick(random, 1, 4)),
                       direction * powerOfTwo(random, -6, 6)};
                break;
            }
            case 16: {  // a few floats either side of the parallel tolerance, inside the radius
                const GridAxis g = gridAxis(random);
                a = g.a;
                b = g.b;
                radius = g.radius;
                float sine = pickray::tolerance::kAxisParallelSine;
                for (int step = pick(random, -3, 3); step != 0; step += step > 0 ? -1 : 1) {
                    sine = std::nextafter(sine, step > 0 ? 1.0f : 0.0f);
                }
                const glm::vec3 direction = g.axis + g.across * sine * sign(random);
                ray = {g.a - g.axis * static_cast<float>(pick(random, 1, 4)) +
                           g.other * g.radius * random.uniform(0.0f, 1.0f),
                       direction * powerOfTwo(random, -6, 6)};
                break;
            }
            case 17: {  // huge and tiny radii, aimed exactly at the axis or near it
                const GridAxis g = gridAxis(random);
                a = g.a;
                b = g.b;
                static constexpr float kRadii[] = {1e30f, 3e38f, 1e-30f, 1e-38f, 1e-45f, 1e6f};
                radius = kRadii[pick(random, 0, 5)];
                const glm::vec3 target = g.a + g.axis * static_cast<float>(pick(random, 0, 2)) * 0.5f * g.length;
                const glm::vec3 direction = gridDirection(random);
                ray = {target - direction * static_cast<float>(pick(random, 1, 4)), direction * random.scale()};
                if (random.chance(0.3f)) ray.direction *= 1e15f;  // the exit point may overflow float
                break;
            }
            case 18: {  // far out along the axis (1e3–1e5), parallel or nearly, inside or outside the radius
                const GridAxis g = gridAxis(random);
                a = g.a;
                b = g.b;
                radius = g.radius;
                if (random.chance(0.3f)) {
                    // Within the parallel tolerance but converging: outside the radius where it
                    // starts (so the side is missed), through a cap centre (so a capsule's cap sphere
                    // is hit). Only the capsule's "parallel" path finds it.
                    radius = 1e-3f;
                    const glm::vec3 capCentre = random.chance(0.5f) ? g.a : g.b;
                    const glm::vec3 start = capCentre - g.axis * random.uniform(2e3f, 1e5f) + g.other * (1.5f * radius);
                    ray = {start, (capCentre - start) * random.scale()};
                    break;
                }
                const float side =
                    random.chance(0.5f) ? -random.uniform(1e3f, 1e5f) : g.length + random.uniform(1e3f, 1e5f);
                const glm::vec3 tilt = random.chance(0.5f) ? glm::vec3(0.0f) : g.across * random.uniform(-2e-6f, 2e-6f);
                ray = {g.a + g.axis * side + g.other * g.radius * random.uniform(0.0f, 1.25f),
                       (g.axis * (side < 0.0f ? 1.0f : -1.0f) + tilt) * random.scale()};
                if (random.chance(0.2f)) ray.direction = -ray.direction;  // away from the shape
                break;
            }
            default: {  // on a random axis, along it: the direction's float noise is below the tolerance
                ray = {a + (b - a) * random.uniform(-0.5f, 1.5f) + across * radius * random.uniform(0.0f, 1.5f),
                       (b - a) * sign(random) * random.scale()};
                break;
            }
        }
        cases.push_back({ray, Shape{a, b, radius}});
    }
    return cases;
}

template <>
struct BatchCases<pickray::Capsule> {
    static std::vector<Case<pickray::Capsule>> make(Random& random, int count) {
        return roundCases<pickray::Capsule>(random, count);
    }
};
template <>
struct BatchCases<pickray::Cylinder> {
    static std::vector<Case<pickray::Cylinder>> make(Random& random, int count) {
        return roundCases<pickray::Cylinder>(random, count);
    }
};
template <>
struct BatchCases<pickray::InfiniteCylinder> {
    static std::vector<Case<pickray::InfiniteCylinder>> make(Random& random, int count) {
        return roundCases<pickray::InfiniteCylinder>(random, count);
    }
};

}  // namespace batch_cases
