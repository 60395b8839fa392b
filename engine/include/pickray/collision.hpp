// SPDX-License-Identifier: MIT
#pragma once
// pickray's collision library: shapes, ray queries, distances and overlaps.
// The ray contract shared by every raycast/intersectLine overload is in collision/ray.hpp.
// Any of the six solids as one value (Shape), with raycast, raycastT, intersectLine and nearestT
// over it and over spans of mixed shapes, is in query/shape.hpp (pickray/query.hpp).
// Threads: every function of the library is pure (its answer depends on its arguments alone, it
// writes only its outputs) and may run on several threads at once; none starts a thread.

#include "pickray/collision/batch.hpp"
#include "pickray/collision/construction.hpp"
#include "pickray/collision/distance.hpp"
#include "pickray/collision/overlap.hpp"
#include "pickray/collision/quadratic.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/ray_capsule.hpp"
#include "pickray/collision/ray_cylinder.hpp"
#include "pickray/collision/ray_infinite_cylinder.hpp"
#include "pickray/collision/ray_sphere.hpp"
#include "pickray/collision/ray_triangle.hpp"
#include "pickray/collision/shapes.hpp"
#include "pickray/collision/tolerances.hpp"
#include "pickray/collision/validity.hpp"
