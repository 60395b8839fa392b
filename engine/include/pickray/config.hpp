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
