#include "pickray/collision/ray_infinite_cylinder.hpp"

#include "internal.hpp"

namespace pickray {
namespace {

struct CylinderSpan {
    detail::AxisFrame frame;
    Interval span;
};

std::optional<CylinderSpan> cylinderSpan(const Ray& ray, const InfiniteCylinder& cylinder) noexcept {
    if (!isValidRay(ray) || !detail::isFinite(cylinder.p1) || !detail::isFinite(cylinder.p2) ||
        !detail::isValidRadius(cylinder.radius)) {
        return std::nullopt;
    }
    const auto frame = detail::axisFrame(ray, cylinder.p1, cylinder.p2);
    if (!frame) return std::nullopt;
    const auto span = solveWithinRadius(frame->originPerp, frame->directionPerp, static_cast<double>(cylinder.radius));
    if (!span) return std::nullopt;
    return CylinderSpan{*frame, *span};
}

}  // namespace

std::optional<LineSpan> intersectLine(const Ray& ray, const InfiniteCylinder& cylinder) noexcept {
    const auto found = cylinderSpan(ray, cylinder);
    if (!found) return std::nullopt;
    return detail::toLineSpan(found->span.enter, found->span.exit);
}

std::optional<RayHit> raycast(const Ray& ray, const InfiniteCylinder& cylinder, float tMax) noexcept {
    if (!detail::isValidTMax(tMax)) return std::nullopt;
    const auto found = cylinderSpan(ray, cylinder);
    if (!found) return std::nullopt;
    // A parallel line inside has the span (−inf, +inf): no crossing, so no hit.
    const auto crossing = detail::firstCrossing(found->span.enter, found->span.exit, tMax);
    if (!crossing) return std::nullopt;
    const glm::dvec3 radial = found->frame.originPerp + crossing->t * found->frame.directionPerp;
    return detail::makeHit(ray, crossing->t, detail::radialNormal(radial, found->frame.directionPerp));
}

}  // namespace pickray
