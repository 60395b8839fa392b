#include "pickray/collision/ray_capsule.hpp"

#include <algorithm>

#include "internal.hpp"

namespace pickray {
namespace {

// Union of the three convex pieces' spans; they overlap wherever two pieces meet, so the union is
// one interval: the smallest enter and the largest exit.
std::optional<Interval> capsuleSpan(const Ray& ray, const Capsule& capsule) noexcept {
    if (!isValidRay(ray) || !detail::isFinite(capsule.a) || !detail::isFinite(capsule.b) ||
        !detail::isValidRadius(capsule.radius)) {
        return std::nullopt;
    }
    const double radius = static_cast<double>(capsule.radius);
    const glm::dvec3 origin = detail::widen(ray.origin);
    const glm::dvec3 direction = detail::widen(ray.direction);
    std::optional<Interval> total;
    const auto include = [&total](const Interval& piece) {
        if (!total) {
            total = piece;
        } else {
            total->enter = std::min(total->enter, piece.enter);
            total->exit = std::max(total->exit, piece.exit);
        }
    };
    if (const auto frame = detail::axisFrame(ray, capsule.a, capsule.b)) {
        if (const auto side = solveWithinRadius(frame->originPerp, frame->directionPerp, radius)) {
            detail::TaggedSpan piece{side->enter, side->exit, detail::kNoSurface, detail::kNoSurface};
            if (detail::clipToSlab(piece, frame->originAlong, frame->directionAlong, 0.0, frame->length,
                                   detail::kNoSurface, detail::kNoSurface)) {
                include(Interval{piece.enter, piece.exit});
            }
        }
    }
    if (const auto cap = solveWithinRadius(origin - detail::widen(capsule.a), direction, radius)) include(*cap);
    if (capsule.a != capsule.b) {
        if (const auto cap = solveWithinRadius(origin - detail::widen(capsule.b), direction, radius)) include(*cap);
    }
    return total;
}

}  // namespace

std::optional<LineSpan> intersectLine(const Ray& ray, const Capsule& capsule) noexcept {
    const auto span = capsuleSpan(ray, capsule);
    if (!span) return std::nullopt;
    return detail::toLineSpan(span->enter, span->exit);
}

std::optional<RayHit> raycast(const Ray& ray, const Capsule& capsule, float tMax) noexcept {
    if (!detail::isValidTMax(tMax)) return std::nullopt;
    const auto span = capsuleSpan(ray, capsule);
    if (!span) return std::nullopt;
    const auto crossing = detail::firstCrossing(span->enter, span->exit, tMax);
    if (!crossing) return std::nullopt;
    // Normal: from the closest point of the core segment to the hit point (relative to a, in double).
    const glm::dvec3 a = detail::widen(capsule.a);
    const glm::dvec3 axisVector = detail::widen(capsule.b) - a;
    const glm::dvec3 fromA = detail::widen(ray.origin) - a + crossing->t * detail::widen(ray.direction);
    const double lengthSquared = glm::dot(axisVector, axisVector);
    const double s = lengthSquared > 0.0 ? std::clamp(glm::dot(fromA, axisVector) / lengthSquared, 0.0, 1.0) : 0.0;
    const glm::dvec3 radial = fromA - s * axisVector;
    return detail::makeHit(ray, crossing->t, detail::radialNormal(radial, detail::widen(ray.direction)));
}

}  // namespace pickray
