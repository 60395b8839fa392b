// SPDX-License-Identifier: MIT
#pragma once
// What the nearest-hit batches of Bvh and TriangleMesh share: the check of their spans' sizes and
// the chunks a ParallelFor gets (library-internal).

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "pickray/query/parallel.hpp"

namespace pickray::detail {

/// std::invalid_argument naming both sizes when they differ, nothing written.
inline void checkBatchSizes(std::size_t rays, std::size_t answers, const char* function) {
    if (answers != rays) {
        throw std::invalid_argument(std::string(function) + ": " + std::to_string(rays) + " rays but room for " +
                                    std::to_string(answers) + " answers");
    }
}

/// each(i) for every i in [0, count), handed to `parallelFor` in chunks of kChunk.
template <typename Each>
void inChunks(std::size_t count, const ParallelFor& parallelFor, const Each& each) {
    constexpr std::size_t kChunk = 256;  // rays a task: small enough to balance, big enough to be cheap
    parallelFor((count + kChunk - 1) / kChunk, [&](std::size_t chunk) {
        const std::size_t end = std::min(count, (chunk + 1) * kChunk);
        for (std::size_t i = chunk * kChunk; i < end; ++i) each(i);
    });
}

}  // namespace pickray::detail
