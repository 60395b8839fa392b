// SPDX-License-Identifier: MIT
#pragma once
// How a batch query spreads its work over threads. The library starts no thread of its own: a
// batch runs on the calling thread unless the caller hands it a ParallelFor, such as one over a
// game's own job system, or the ready one on std::thread below.
//
// Contract of a ParallelFor: parallelFor(count, task) calls task(i) once for every i in
// [0, count), on any threads in any order (task may run on several threads at once), and returns
// only when every call has returned. An exception thrown by task is the ParallelFor's to handle;
// the library's tasks throw none.

#include <cstddef>
#include <functional>

#include "pickray/config.hpp"

namespace pickray {

using ParallelFor = std::function<void(std::size_t count, const std::function<void(std::size_t)>& task)>;

/// A ParallelFor on std::thread: each call starts `threads` - 1 threads beside the calling one
/// (0: one per core, as std::thread::hardware_concurrency() says) and joins them before it
/// returns. Starting threads costs tens of microseconds a call: for small batches, or many calls a
/// frame, a job system's ParallelFor is the better choice.
[[nodiscard]] ParallelFor threadsParallelFor(unsigned threads = 0);

}  // namespace pickray
