// SPDX-License-Identifier: MIT
#pragma once
// How many random cases the reference-comparing tests run: PICKRAY_DIFFERENTIAL_SCALE=<x> in the
// environment multiplies their counts. Above 1 for long soak runs; the aarch64 test preset
// (CMakePresets.json) sets the one factor below 1: that stage runs under qemu, where the
// long-double reference is IEEE quad precision in software, many times slower than natively, and
// would otherwise take a large share of CI's budget. The native stages run every case: the emulated one checks that the same code
// gives the same answers on another CPU, for which a fraction of the cases is still thousands per
// kind.

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace pickray::test {

/// The factor from the environment; 1 when unset, unreadable or not positive.
inline double caseScale() {
    static const double factor = [] {
        const char* env = std::getenv("PICKRAY_DIFFERENTIAL_SCALE");
        const double f = env != nullptr ? std::strtod(env, nullptr) : 1.0;
        return std::isfinite(f) && f > 0.0 ? f : 1.0;
    }();
    return factor;
}

/// `count` scaled by caseScale(), at least 1.
inline int scaledCaseCount(int count) {
    return std::max(1, static_cast<int>(std::lround(static_cast<double>(count) * caseScale())));
}

}  // namespace pickray::test
