#include "pickray/collision/ray_cylinder.hpp"

#include "internal.hpp"

namespace pickray {
namespace {

enum Surface : detail::SurfaceId { kSide, kCapA, kCapB };

struct CylinderSpan {
    detail::AxisFrame frame;
    detail::TaggedSpan span;
};

// Side span (infinite cylinder) intersected with the slab between the cap planes.
std::optional<CylinderSpan> cylinderSpan(const Ray& ray, const Cylinder& cylinder) noexcept {
    if (!isValidRay(ray) || !detail::isFinite(cylinder.a) || !detail::isFinite(cylinder.b) ||
        !detail::isValidRadius(cylinder.radius) || cylinder.radius == 0.0f) {
        return std::nullopt;
    }
    const auto frame = detail::axisFrame(ray, cylinder.a, cylinder.b);
    if (!frame) return std::nullopt;  // a == b: no height, no orientation
    const auto side = solveWithinRadius(frame->originPerp, frame->directionPerp, static_cast<double>(cylinder.radius));
    if (!side) return std::nullopt;
    detail::TaggedSpan span{side->enter, side->exit, kSide, kSide};
    if (!detail::clipToSlab(span, frame->originAlong, frame->directionAlong, 0.0, frame->length, kCapA, kCapB)) {
        return std::nullopt;
    }
    return CylinderSpan{*frame, span};
}

}  // namespace

std::optional<LineSpan> intersectLine(const Ray& ray, const Cylinder& cylinder) noexcept {
    const auto found = cylinderSpan(ray, cylinder);
    if (!found) return std::nullopt;
    return detail::toLineSpan(found->span.enter, found->span.exit);
}

std::optional<RayHit> raycast(const Ray& ray, const Cylinder& cylinder, float tMax) noexcept {
    if (!detail::isValidTMax(tMax)) return std::nullopt;
    const auto found = cylinderSpan(ray, cylinder);
    if (!found) return std::nullopt;
    const detail::TaggedSpan& span = found->span;
    const auto crossing = detail::firstCrossing(span.enter, span.exit, tMax);
    if (!crossing) return std::nullopt;
    const detail::AxisFrame& frame = found->frame;
    const detail::SurfaceId surface = crossing->atEnter ? span.enterSurface : span.exitSurface;
    glm::vec3 normal;
    if (surface == kCapA) {
        normal = glm::vec3(-frame.axis);
    } else if (surface == kCapB) {
        normal = glm::vec3(frame.axis);
    } else {
        normal = detail::radialNormal(frame.originPerp + crossing->t * frame.directionPerp, frame.directionPerp);
    }
    return detail::makeHit(ray, crossing->t, normal);
}

}  // namespace pickray
