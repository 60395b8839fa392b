// SPDX-License-Identifier: MIT
#pragma once
// The main() of both benchmark programs: run the benchmarks, then fail the process if pickray
// itself disagreed with the exact answer anywhere, so the smoke runs in ctest catch it.
// Peers' disagreements are only reported in their counters.

#include <cstdio>

#include <benchmark/benchmark.h>

namespace bench {

/// Set by a benchmark whose pickray answers differ from the exact ones.
inline bool pickrayDisagreed = false;

inline int runCheckedBenchmarks(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (pickrayDisagreed) {
        std::fprintf(stderr, "pickray disagreed with the exact answer (see the `wrong` and `t_off` counters)\n");
        return 1;
    }
    return 0;
}

}  // namespace bench
