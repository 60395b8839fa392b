#pragma once
// Capsule, capped cylinder and infinite cylinder lanes. Included only by kernels.cpp, inside its
// anonymous namespace, after lanes.hpp. (No lanes yet: batch.cpp loops over the scalar routines.)

inline pickray::batch_detail::ShapeKernels<pickray::Capsule> capsuleKernels() { return {}; }
inline pickray::batch_detail::ShapeKernels<pickray::Cylinder> cylinderKernels() { return {}; }
inline pickray::batch_detail::ShapeKernels<pickray::InfiniteCylinder> infiniteCylinderKernels() { return {}; }
