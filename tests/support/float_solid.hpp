// SPDX-License-Identifier: MIT
#pragma once
// The long-double reference solid (tests/reference/) of exactly the float shape pickray gets: a
// box from its float toWorld, which the reference inverts itself in long double (e2e_support's
// referenceSolid builds boxes from their placement instead). For the precision tests, whose
// answers are within float steps of t and must not see the placement's own rounding.
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <variant>

#include "pickray/query/shape.hpp"
#include "reference/reference.hpp"

namespace floatsolid {

inline pickref::Vec ref(glm::vec3 v) { return {v.x, v.y, v.z}; }

inline std::unique_ptr<pickref::Solid> solidOf(const pickray::Shape& shape) {
    using namespace pickref;
    if (const auto* s = std::get_if<pickray::Sphere>(&shape))
        return std::make_unique<SphereSolid>(ref(s->center), s->radius);
    if (const auto* c = std::get_if<pickray::Capsule>(&shape))
        return std::make_unique<CapsuleSolid>(ref(c->a), ref(c->b), c->radius);
    if (const auto* c = std::get_if<pickray::Cylinder>(&shape))
        return std::make_unique<CylinderSolid>(ref(c->a), ref(c->b), c->radius);
    if (const auto* c = std::get_if<pickray::InfiniteCylinder>(&shape))
        return std::make_unique<InfiniteCylinderSolid>(ref(c->a), ref(c->b), c->radius);
    if (const auto* b = std::get_if<pickray::Aabb>(&shape))
        return std::make_unique<BoxSolid>(Box{ref(b->min), ref(b->max)});
    const auto& b = std::get<pickray::OrientedBox>(shape);
    std::array<std::array<Real, 3>, 3> m{};  // row i, column j: GLM's toWorld[j][i]
    for (glm::length_t i = 0; i < 3; ++i)
        for (glm::length_t j = 0; j < 3; ++j) m[std::size_t(i)][std::size_t(j)] = b.toWorld[j][i];
    return std::make_unique<OrientedBoxSolid>(Box{ref(b.local.min), ref(b.local.max)}, m, ref(glm::vec3(b.toWorld[3])));
}

// The float spacing at |x|: the step from the float nearest |x| up (written here, not the app's
// floatSpacing).
inline pickref::Real floatStep(pickref::Real x) {
    const float f = static_cast<float>(x < 0 ? -x : x);
    return static_cast<pickref::Real>(std::nextafter(f, std::numeric_limits<float>::infinity())) - f;
}

}  // namespace floatsolid
