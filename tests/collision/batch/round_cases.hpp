#pragma once
// Capsule, capped cylinder and infinite cylinder cases for the batch tests (see cases.hpp). The
// three are built alike (two axis points and a radius), so one generator serves them all.
#include "batch/cases.hpp"

namespace batch_cases {

/// Round shapes around an axis in every regime: random and far rays; rays parallel to the axis
/// (inside and outside the radius) and within the parallel tolerance of it; rays through the rim
/// and the caps' planes; rays starting inside or on the axis; a == b; radius 0; invalid shapes.
template <typename Shape>
std::vector<Case<Shape>> roundCases(Random& random, int count) {
    std::vector<Case<Shape>> cases;
    for (int i = 0; i < count; ++i) {
        const glm::vec3 a = random.inBox(50.0f);
        glm::vec3 b = a + random.unit() * random.uniform(0.5f, 8.0f);
        float radius = random.uniform(0.1f, 3.0f);
        const glm::vec3 middle = (a + b) * 0.5f;
        const glm::vec3 axis = glm::normalize(b - a);
        const glm::vec3 across = glm::normalize(glm::cross(axis, random.unit()));
        Ray ray;
        switch (i % 12) {
            case 0: ray = rayToward(random, middle, random.uniform(1e3f, 1e5f), 2.0f * radius + glm::length(b - a)); break;
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
                ray = rayToward(random, (random.chance(0.5f) ? a : b) + across * radius, random.uniform(2.0f, 30.0f), 1e-5f);
                break;
            case 4: ray = {middle + across * radius * random.uniform(0.0f, 1.0f), random.unit() * random.scale()}; break;
            case 5: b = a; ray = rayToward(random, a, 10.0f, radius); break;
            case 6: radius = 0.0f; ray = rayToward(random, middle, 10.0f, 0.0f); break;
            case 7:
                if (random.chance(0.5f)) {
                    radius = random.chance(0.5f) ? -1.0f : kNaN;
                } else {
                    b.x = random.chance(0.5f) ? kInf : kNaN;
                }
                ray = rayToward(random, middle, 10.0f, radius);
                break;
            case 8: ray = invalidRay(random); break;
            case 9: ray = {middle + across * random.uniform(2.0f, 20.0f), -across * random.scale()}; break;  // perpendicular
            default: ray = rayToward(random, middle, random.uniform(2.0f, 60.0f), radius + glm::length(b - a)); break;
        }
        cases.push_back({ray, Shape{a, b, radius}});
    }
    return cases;
}

template <>
struct BatchCases<pickray::Capsule> {
    static std::vector<Case<pickray::Capsule>> make(Random& random, int count) { return roundCases<pickray::Capsule>(random, count); }
};
template <>
struct BatchCases<pickray::Cylinder> {
    static std::vector<Case<pickray::Cylinder>> make(Random& random, int count) { return roundCases<pickray::Cylinder>(random, count); }
};
template <>
struct BatchCases<pickray::InfiniteCylinder> {
    static std::vector<Case<pickray::InfiniteCylinder>> make(Random& random, int count) {
        return roundCases<pickray::InfiniteCylinder>(random, count);
    }
};

}  // namespace batch_cases
