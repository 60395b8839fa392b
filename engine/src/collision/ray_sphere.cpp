#include "pickray/collision/ray_sphere.hpp"

#include "internal.hpp"

namespace pickray {
namespace {

std::optional<Interval> sphereSpan(const Ray& ray, const Sphere& sphere) noexcept {
    if (!isValidRay(ray) || !detail::isFinite(sphere.center) || !detail::isValidRadius(sphere.radius)) {
        return std::nullopt;
    }
    return solveWithinRadius(detail::widen(ray.origin) - detail::widen(sphere.center),
                             detail::widen(ray.direction), static_cast<double>(sphere.radius));
}

}  // namespace

std::optional<LineSpan> intersectLine(const Ray& ray, const Sphere& sphere) noexcept {
    const auto span = sphereSpan(ray, sphere);
    if (!span) return std::nullopt;
    return detail::toLineSpan(span->enter, span->exit);
}

std::optional<RayHit> raycast(const Ray& ray, const Sphere& sphere, float tMax) noexcept {
    if (!detail::isValidTMax(tMax)) return std::nullopt;
    const auto span = sphereSpan(ray, sphere);
    if (!span) return std::nullopt;
    const auto crossing = detail::firstCrossing(span->enter, span->exit, tMax);
    if (!crossing) return std::nullopt;
    // The normal comes from the centre-relative point in double, not from the rounded world point.
    const glm::dvec3 fromCenter = detail::widen(ray.origin) - detail::widen(sphere.center) +
                                  crossing->t * detail::widen(ray.direction);
    return detail::makeHit(ray, crossing->t, detail::radialNormal(fromCenter, detail::widen(ray.direction)));
}

}  // namespace pickray
