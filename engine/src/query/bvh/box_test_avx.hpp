// SPDX-License-Identifier: MIT
#pragma once
// The BVH's box test in one AVX instruction per row (box_test.hpp has the portable one and says
// what the test computes). Compiled with a target attribute and chosen at run time, so the library
// itself needs no -mavx and runs on any x86-64. Same arithmetic as PortableBoxTest, no FMA: the
// same answers.

#include "box_test.hpp"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define PICKRAY_BVH_AVX 1
#include <cstdlib>
#include <cstring>
#else
#define PICKRAY_BVH_AVX 0
#endif

namespace pickray::detail {

#if PICKRAY_BVH_AVX
struct AvxBoxTest {
    __attribute__((target("avx"))) static unsigned enterDistances(const SlabRay& r, const NodeBounds& b, float tMin,
                                                                  float tMax, float (&enter)[kLanes]) {
        __m256 tNear[3], tFar[3];
        for (int axis = 0; axis < 3; ++axis) {
            const __m256 o = _mm256_set1_ps(r.origin[axis]);
            tNear[axis] = _mm256_mul_ps(_mm256_sub_ps(_mm256_load_ps(b[r.nearRow[axis]]), o),
                                        _mm256_set1_ps(r.inverseNear[axis]));
            tFar[axis] =
                _mm256_mul_ps(_mm256_sub_ps(_mm256_load_ps(b[r.farRow[axis]]), o), _mm256_set1_ps(r.inverseFar[axis]));
        }
        const __m256 lo =
            _mm256_max_ps(_mm256_max_ps(tNear[1], tNear[2]), _mm256_max_ps(tNear[0], _mm256_set1_ps(tMin)));
        const __m256 hi = _mm256_min_ps(_mm256_min_ps(tFar[1], tFar[2]), _mm256_min_ps(tFar[0], _mm256_set1_ps(tMax)));
        _mm256_storeu_ps(enter, lo);
        return static_cast<unsigned>(_mm256_movemask_ps(_mm256_cmp_ps(lo, hi, _CMP_LE_OQ)));
    }
};

/// Checked once: the CPU (and the OS, which must save the wide registers) support AVX, and
/// PICKRAY_SIMD=scalar (batch.hpp) does not ask for the portable code, so that tests run both
/// box tests on any machine with AVX.
inline bool useAvx() {
    static const bool avx = [] {
        const char* wanted = std::getenv("PICKRAY_SIMD");
        return __builtin_cpu_supports("avx") && !(wanted != nullptr && std::strcmp(wanted, "scalar") == 0);
    }();
    return avx;
}
#endif

}  // namespace pickray::detail
