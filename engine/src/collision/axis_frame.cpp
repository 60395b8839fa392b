#include <glm/geometric.hpp>

#include "internal.hpp"
#include "pickray/collision/tolerances.hpp"

namespace pickray::detail {

std::optional<AxisFrame> axisFrame(const Ray& ray, glm::vec3 a, glm::vec3 b) noexcept {
    const glm::dvec3 axisVector = widen(b) - widen(a);
    const double length = glm::length(axisVector);
    if (length == 0.0) return std::nullopt;
    const glm::dvec3 axis = axisVector / length;
    const glm::dvec3 origin = widen(ray.origin) - widen(a);
    const glm::dvec3 direction = widen(ray.direction);
    glm::dvec3 directionPerp = perpendicular(direction, axis);
    const double sine = static_cast<double>(tolerance::kAxisParallelSine);
    if (glm::dot(directionPerp, directionPerp) <= sine * sine * glm::dot(direction, direction)) {
        directionPerp = glm::dvec3(0.0);
    }
    return AxisFrame{axis, length, glm::dot(origin, axis), glm::dot(direction, axis),
                     perpendicular(origin, axis), directionPerp};
}

}  // namespace pickray::detail
