// SPDX-License-Identifier: MIT
// Capsule, capped cylinder and infinite cylinder lanes: ray_capsule.hpp's capsuleSpan,
// ray_cylinder.hpp's cylinderSpan and ray_infinite_cylinder.hpp's infiniteCylinderSpan, with the
// helpers they share (detail/common.hpp's axisFrame and clipToSlab, quadratic.hpp's
// solveWithinRadius). Included only by kernels.cpp, inside its anonymous namespace, after
// lanes.inl.
//
// As in sphere_lanes.inl, every operation is the scalar one on the same operands in the same
// order; each branch of the scalar code becomes both sides computed in every lane and a select of
// what the scalar code would have returned. (Values a scalar branch never computes, such as the
// capsule's cap spheres, are deterministic, so computing them always and selecting gives the same
// bits.) std::min(a, b) is "b < a ? b : a" and std::max(a, b) "a < b ? b : a", NaN included.
//
// The helpers particular to these shapes sit in their own namespace.

namespace round_lanes {

PICKRAY_FORCE_INLINE DVec3Lanes minus(const DVec3Lanes& a, const DVec3Lanes& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}

/// Two axis points and a radius: the layout Capsule (a, b), Cylinder (a, b) and InfiniteCylinder
/// (p1, p2) share, seven floats.
struct AxisShapeLanes {
    DVec3Lanes a, b;
    Doubles radius;
};

template <typename Shape>
PICKRAY_FORCE_INLINE AxisShapeLanes loadAxisShapes(const Shape* shapes) {
    static_assert(sizeof(Shape) == 7 * sizeof(float), "a, b (or p1, p2) and radius, floats, no padding");
    const Block<Shape> block(shapes);  // a x y z, b x y z, radius
    return {block.template vec3<0>(), block.template vec3<3>(), block.template lanes<6>()};
}

/// isFinite(a) && isFinite(b) && isValidRadius(radius), from the frame's |b − a|²: a and b are
/// widened floats, so |b − a|² is finite (at most 3·(2·FLT_MAX)², far below the double range)
/// exactly when b − a is, and b − a is finite exactly when a and b are (an infinite or NaN
/// coordinate on either side makes it ±inf or NaN). Two instructions instead of twelve.
PICKRAY_FORCE_INLINE Mask isValidAxisShape(const AxisShapeLanes& shape, Doubles axisLengthSquared) {
    return isFinite(axisLengthSquared) & isValidRadius(shape.radius);
}

/// A span on the line in lanes: `found` where solveWithinRadius (or the shape) has one.
struct SpanLanes {
    Mask found;
    Doubles enter, exit;
};

/// solveWithinRadius after its a == 0 test, for lanes where a = |v|² (with inverseA = 1 / a) is
/// not 0: found where scaledHalfChordSquared >= 0 (false for NaN). radius >= 0 is the caller's.
PICKRAY_FORCE_INLINE SpanLanes solveAroundClosest(const DVec3Lanes& p, const DVec3Lanes& v, Doubles a, Doubles inverseA,
                                                  Doubles radius) {
    const Doubles b = dot(p, v);
    const DVec3Lanes scaledClosest{a * p.x - b * v.x, a * p.y - b * v.y, a * p.z - b * v.z};
    const Doubles scaledRadius = radius * a;
    const Doubles scaledHalfChordSquared = scaledRadius * scaledRadius - dot(scaledClosest, scaledClosest);
    const Doubles tClosest = -b * inverseA;
    const Doubles halfChord = sqrtLanes(scaledHalfChordSquared * inverseA) * inverseA;
    return {scaledHalfChordSquared >= 0.0, tClosest - halfChord, tClosest + halfChord};
}

/// solveWithinRadius(p, ray.direction, radius): a cap sphere around the point p is relative to.
/// a = |direction|² > 0 for a valid ray, so the a == 0 case never arises (as in sphereT).
PICKRAY_FORCE_INLINE SpanLanes sphereSpan(const RayLanes& ray, const DVec3Lanes& p, Doubles radius) {
    return solveAroundClosest(p, ray.direction, ray.lengthSquared, ray.inverseLengthSquared, radius);
}

/// axisFrame(ray, a, b) in lanes (meaningless where lengthSquared == 0, as the scalar one is not
/// computed there), plus the ray origin relative to a and whether directionPerp was zeroed.
struct AxisFrameLanes {
    Doubles lengthSquared;         // |b − a|²
    Doubles originAlong;           // (origin − a)·(b − a)
    Doubles directionAlong;        // direction·(b − a)
    DVec3Lanes origin;             // origin − a
    DVec3Lanes originPerp;         // (origin − a) without its along-axis part
    DVec3Lanes directionPerp;      // direction without its along-axis part, NOT zeroed where parallel
    Doubles directionPerpSquared;  // |directionPerp|²
    Mask parallel;                 // the scalar frame zeroed directionPerp
};

PICKRAY_FORCE_INLINE AxisFrameLanes axisFrame(const RayLanes& ray, const DVec3Lanes& a, const DVec3Lanes& b) {
    AxisFrameLanes frame;
    const DVec3Lanes axisVector = minus(b, a);
    frame.lengthSquared = dot(axisVector, axisVector);
    const Doubles inverseLengthSquared = 1.0 / frame.lengthSquared;
    frame.origin = minus(ray.origin, a);
    const DVec3Lanes& direction = ray.direction;
    frame.originAlong = dot(frame.origin, axisVector);
    frame.directionAlong = dot(direction, axisVector);
    const Doubles directionScale = frame.directionAlong * inverseLengthSquared;
    const DVec3Lanes directionPerp{direction.x - directionScale * axisVector.x,
                                   direction.y - directionScale * axisVector.y,
                                   direction.z - directionScale * axisVector.z};
    // sine * sine * dot(direction, direction): the scalar code's (sine·sine) folds to this constant.
    constexpr double sine = static_cast<double>(pickray::tolerance::kAxisParallelSine);
    constexpr double sineSquared = sine * sine;
    frame.directionPerp = directionPerp;
    frame.directionPerpSquared = dot(directionPerp, directionPerp);
    frame.parallel = frame.directionPerpSquared <= sineSquared * ray.lengthSquared;
    const Doubles originScale = frame.originAlong * inverseLengthSquared;
    frame.originPerp = {frame.origin.x - originScale * axisVector.x, frame.origin.y - originScale * axisVector.y,
                        frame.origin.z - originScale * axisVector.z};
    return frame;
}

/// solveWithinRadius(frame.originPerp, frame.directionPerp, radius) whole, with its a == 0 case:
/// where the scalar frame zeroed directionPerp (parallel), (−inf, +inf) where |originPerp|² <=
/// radius², otherwise none; elsewhere the solve around the closest approach. For a valid lane a =
/// |directionPerp|² is 0 exactly where parallel: zeroed there, and elsewhere above sine²·|direction|²
/// > 0. So the lanes need not zero directionPerp, and the parallel test's |directionPerp|² is a
/// (three selects and a dot product fewer).
PICKRAY_FORCE_INLINE SpanLanes sideSpan(const AxisFrameLanes& frame, Doubles radius) {
    const Doubles a = frame.directionPerpSquared;
    const Doubles inverseA = 1.0 / a;  // only used where not parallel
    const SpanLanes around = solveAroundClosest(frame.originPerp, frame.directionPerp, a, inverseA, radius);
    const Mask still = frame.parallel;
    const Mask within = dot(frame.originPerp, frame.originPerp) <= radius * radius;
    return {selectMask(still, within, around.found), select(still, splat<Doubles>(-kInfinity), around.enter),
            select(still, splat<Doubles>(kInfinity), around.exit)};
}

/// The capsule: where a != b and the line meets the infinite cylinder (or runs parallel to the
/// axis), the union of the cylinder piece, the sphere at a and the sphere at b, in that order (the
/// scalar `include`): a piece not found enters at +inf and exits at −inf, so that the next one
/// comes out of std::min and std::max unchanged (a found piece of a valid lane is never NaN).
PICKRAY_FORCE_INLINE Doubles capsuleT(const RayLanes& ray, const AxisShapeLanes& capsule, Doubles tMax) {
    const Doubles radius = capsule.radius;
    const AxisFrameLanes frame = axisFrame(ray, capsule.a, capsule.b);
    const Mask valid = ray.valid & isValidAxisShape(capsule, frame.lengthSquared);
    const Mask sphere = frame.lengthSquared == 0.0;  // a == b: capSpan(a)
    const SpanLanes side = sideSpan(frame, radius);
    // The scalar routine's early return: a line that misses the infinite cylinder (and is neither
    // parallel nor around a == b) misses. When every lane does, the cap spheres are not needed.
    const Mask reachesCylinder = frame.parallel | side.found;
    if (ray.sameInEveryLane && !any(valid & (sphere | reachesCylinder))) return splat<Doubles>(kInfinity);
    // The cap spheres (capSpan(a), capSpan(b)): origin − a is the frame's origin.
    const SpanLanes capA = sphereSpan(ray, frame.origin, radius);
    const SpanLanes capB = sphereSpan(ray, minus(ray.origin, capsule.b), radius);
    const SlabClipLanes piece =
        clipToSlab(side.enter, side.exit, frame.originAlong, frame.directionAlong, Doubles{}, frame.lengthSquared);
    const Mask pieceFound = ~sphere & side.found & piece.nonEmpty;
    const Doubles none = splat<Doubles>(kInfinity);
    const Doubles enter =
        minLikeStd(minLikeStd(select(pieceFound, piece.enter, none), select(capA.found, capA.enter, none)),
                   select(capB.found, capB.enter, none));
    const Doubles exit =
        maxLikeStd(maxLikeStd(select(pieceFound, piece.exit, -none), select(capA.found, capA.exit, -none)),
                   select(capB.found, capB.exit, -none));
    // Where a == b (no cylinder piece) this is capSpan(a) bit for bit, as the scalar routine
    // returns: the sphere at b is the same one, and its bounds equal a's (only a zero's sign could
    // differ, and std::min and std::max keep the first of two equal values).
    const Mask found = valid & (sphere | reachesCylinder) & (pieceFound | capA.found | capB.found);
    return crossingT(ray, found, enter, exit, tMax);
}

PICKRAY_FORCE_INLINE Doubles cylinderT(const RayLanes& ray, const AxisShapeLanes& cylinder, Doubles tMax) {
    const AxisFrameLanes frame = axisFrame(ray, cylinder.a, cylinder.b);
    const SpanLanes side = sideSpan(frame, cylinder.radius);
    if (ray.sameInEveryLane && !any(ray.valid & side.found))
        return splat<Doubles>(kInfinity);  // the scalar early return, in every lane
    const SlabClipLanes span =
        clipToSlab(side.enter, side.exit, frame.originAlong, frame.directionAlong, Doubles{}, frame.lengthSquared);
    // radius == 0 and a == b (no height) are empty solids.
    const Mask found = ray.valid & isValidAxisShape(cylinder, frame.lengthSquared) & (cylinder.radius != 0.0) &
                       (frame.lengthSquared != 0.0) & side.found & span.nonEmpty;
    return crossingT(ray, found, span.enter, span.exit, tMax);
}

PICKRAY_FORCE_INLINE Doubles infiniteCylinderT(const RayLanes& ray, const AxisShapeLanes& cylinder, Doubles tMax) {
    const AxisFrameLanes frame = axisFrame(ray, cylinder.a, cylinder.b);
    const SpanLanes span = sideSpan(frame, cylinder.radius);
    // A parallel line inside spans (−inf, +inf), which crossingT (as firstCrossing) finds no crossing in.
    const Mask found =
        ray.valid & isValidAxisShape(cylinder, frame.lengthSquared) & (frame.lengthSquared != 0.0) & span.found;
    return crossingT(ray, found, span.enter, span.exit, tMax);
}

}  // namespace round_lanes

inline pickray::batch_detail::ShapeKernels<pickray::Capsule> capsuleKernels() {
    return shapeKernels<pickray::Capsule, round_lanes::loadAxisShapes<pickray::Capsule>, round_lanes::capsuleT>();
}
inline pickray::batch_detail::ShapeKernels<pickray::Cylinder> cylinderKernels() {
    return shapeKernels<pickray::Cylinder, round_lanes::loadAxisShapes<pickray::Cylinder>, round_lanes::cylinderT>();
}
inline pickray::batch_detail::ShapeKernels<pickray::InfiniteCylinder> infiniteCylinderKernels() {
    return shapeKernels<pickray::InfiniteCylinder, round_lanes::loadAxisShapes<pickray::InfiniteCylinder>,
                        round_lanes::infiniteCylinderT>();
}
