// SPDX-License-Identifier: MIT
#pragma once
// pickray's queries over collections: the Shape variant and the BVH over mixed shapes, and
// triangle meshes with a BVH of their own.

#include "pickray/query/bvh.hpp"
#include "pickray/query/mesh.hpp"
#include "pickray/query/parallel.hpp"
#include "pickray/query/shape.hpp"
