// SPDX-License-Identifier: MIT
// The batch kernels, written once over "lanes": GCC/Clang vector types whose width follows the
// instruction set this copy is compiled for (engine/CMakeLists.txt compiles it twice, with
// AVX-512 (F, DQ, VL) and AVX2 flags, each defining PICKRAY_BATCH_ENTRY, the name of its entry point).
//
// Each kernel is its scalar routine (ray_*.hpp) turned into lanes: the same operations on the same
// operands in the same order, every branch replaced by computing both sides and selecting. With
// -ffp-contract=off (set for this file) no multiply-add is fused, so every lane rounds exactly as
// the scalar code does and the answers are the same bits.
//
// Everything except the entry point has internal linkage, and nothing here calls an inline
// function of another header: the linker must never pick an AVX-512 copy of a shared function
// for code that runs on a CPU without it.
#include <immintrin.h>

#include <cstddef>
#include <utility>

#include "kernels.hpp"
#include "pickray/config.hpp"

#ifndef PICKRAY_BATCH_ENTRY
#error "kernels.cpp is compiled by engine/CMakeLists.txt, which defines PICKRAY_BATCH_ENTRY"
#endif

namespace {

#include "lanes.inl"

#include "sphere_lanes.inl"

#include "round_lanes.inl"

#include "box_lanes.inl"

#include "segment_lanes.inl"

}  // namespace

namespace pickray::batch_detail {

Kernels PICKRAY_BATCH_ENTRY() noexcept {
    return Kernels{sphereKernels(), capsuleKernels(),     cylinderKernels(),          infiniteCylinderKernels(),
                   aabbKernels(),   orientedBoxKernels(), segment_lanes::closestPairs};
}

}  // namespace pickray::batch_detail
