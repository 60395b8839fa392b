#pragma once
// Axis-aligned and (prepared) oriented box lanes. Included only by kernels.cpp, inside its
// anonymous namespace, after lanes.hpp. (No lanes yet: batch.cpp loops over the scalar routines.)

inline pickray::batch_detail::ShapeKernels<pickray::Aabb> aabbKernels() { return {}; }
inline pickray::batch_detail::ShapeKernels<pickray::PreparedOrientedBox> orientedBoxKernels() { return {}; }
