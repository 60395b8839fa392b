// SPDX-License-Identifier: MIT
// Sphere lanes: ray_sphere.hpp's sphereSpan and solveWithinRadius. Included only by kernels.cpp,
// inside its anonymous namespace, after lanes.inl.

struct SphereLanes {
    DVec3Lanes center;
    Doubles radius;
};

PICKRAY_FORCE_INLINE SphereLanes loadSpheres(const pickray::Sphere* spheres) {
    const Block<pickray::Sphere> block(spheres);  // centre x y z, radius
    return {block.vec3<0>(), block.lanes<3>()};
}

PICKRAY_FORCE_INLINE Doubles sphereT(const RayLanes& ray, const SphereLanes& sphere, Doubles tMax) {
    const DVec3Lanes p{ray.origin.x - sphere.center.x, ray.origin.y - sphere.center.y, ray.origin.z - sphere.center.z};
    const DVec3Lanes& v = ray.direction;
    const Doubles a = ray.lengthSquared;  // > 0 for a valid ray, so solveWithinRadius's a == 0 case never arises
    const Doubles b = dot(p, v);
    // isFinite(center), for a valid ray, from b = (origin − center)·direction: with a finite origin
    // and direction, b is finite (|b| < 2^200) exactly when the centre is (an infinite or NaN
    // coordinate makes its term ±inf or NaN, a zero direction component included: inf·0 is NaN).
    const Mask valid = ray.valid & isFinite(b) & isValidRadius(sphere.radius);
    const DVec3Lanes scaledClosest{a * p.x - b * v.x, a * p.y - b * v.y, a * p.z - b * v.z};
    const Doubles scaledRadius = sphere.radius * a;
    const Doubles scaledHalfChordSquared = scaledRadius * scaledRadius - dot(scaledClosest, scaledClosest);
    const Mask found = valid & (scaledHalfChordSquared >= 0.0);
    if (ray.sameInEveryLane && !any(found))
        return splat<Doubles>(kInfinity);  // the common case when one ray meets a scene
    const Doubles tClosest = -b * ray.inverseLengthSquared;
    const Doubles halfChord = sqrtLanes(scaledHalfChordSquared * ray.inverseLengthSquared) * ray.inverseLengthSquared;
    return crossingT(ray, found, tClosest - halfChord, tClosest + halfChord, tMax);
}

inline pickray::batch_detail::ShapeKernels<pickray::Sphere> sphereKernels() {
    return shapeKernels<pickray::Sphere, loadSpheres, sphereT>();
}
