#include "pickray/collision/quadratic.hpp"

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

namespace pickray {

std::optional<Interval> solveWithinRadius(glm::dvec3 p, glm::dvec3 v, double radius) noexcept {
    if (!(radius >= 0.0)) return std::nullopt;
    const double a = glm::dot(v, v);
    if (a == 0.0) {
        constexpr double inf = std::numeric_limits<double>::infinity();
        if (glm::dot(p, p) <= radius * radius) return Interval{-inf, inf};
        return std::nullopt;
    }
    // Move to the closest approach; there the quadratic has no linear term and its constant,
    // |m|² − r², is formed from small numbers.
    const double tClosest = -glm::dot(p, v) / a;
    const glm::dvec3 m = p + tClosest * v;
    const double halfChordSquared = (radius * radius - glm::dot(m, m)) / a;
    if (halfChordSquared < 0.0) return std::nullopt;
    const double halfChord = std::sqrt(halfChordSquared);
    return Interval{tClosest - halfChord, tClosest + halfChord};
}

}  // namespace pickray
