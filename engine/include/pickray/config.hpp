// SPDX-License-Identifier: MIT
#pragma once
// Build-wide macros of pickray, in one place.

/// The ray routines and the BVH's loops run in the inner loops of scene queries, where a call per
/// shape costs as much as the test; compilers' size heuristics would leave them out of line, so
/// they are forced in (as Jolt's JPH_INLINE and bx's BX_FORCE_INLINE do).
#if defined(__GNUC__) || defined(__clang__)
#define PICKRAY_FORCE_INLINE [[gnu::always_inline]] inline
#elif defined(_MSC_VER)
#define PICKRAY_FORCE_INLINE __forceinline
#else
#define PICKRAY_FORCE_INLINE inline
#endif

// pickray's compiled code and its headers share GLM's default types, packed as GLM builds them by
// default: glm::vec3 of 12 bytes, vec3, vec4 and mat4 aligned as float. GLM_FORCE_DEFAULT_ALIGNED_GENTYPES
// (or its older name GLM_FORCE_ALIGNED) pads and aligns them instead, so a translation unit built
// with it would pass pickray types of another layout to the compiled library: refused here, in every
// pickray header, rather than at run time. GLM's explicitly aligned types (glm::aligned_vec4 and so
// on, from GLM_FORCE_ALIGNED_GENTYPES alone) leave the default types as they are and are fine.
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

static_assert(sizeof(glm::vec3) == 3 * sizeof(float) && alignof(glm::vec3) == alignof(float) &&
                  alignof(glm::vec4) == alignof(float) && alignof(glm::mat4) == alignof(float),
              "pickray needs GLM's default packed vec3/vec4/mat4: do not define GLM_FORCE_DEFAULT_ALIGNED_GENTYPES "
              "(or GLM_FORCE_ALIGNED) in code that includes pickray; glm::aligned_vec4 and the other explicitly "
              "aligned types (GLM_FORCE_ALIGNED_GENTYPES alone) are fine");
