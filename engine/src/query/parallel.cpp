// SPDX-License-Identifier: MIT
#include "pickray/query/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace pickray {

ParallelFor threadsParallelFor(unsigned threads) {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    return [threads](std::size_t count, const std::function<void(std::size_t)>& task) {
        std::atomic<std::size_t> next{0};
        const auto work = [&] {
            for (std::size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) task(i);
        };
        const std::size_t helpers = std::min<std::size_t>(threads, count) - (count > 0 ? 1 : 0);
        std::vector<std::thread> pool;
        pool.reserve(helpers);
        for (std::size_t t = 0; t < helpers; ++t) pool.emplace_back(work);
        work();
        for (std::thread& t : pool) t.join();
    };
}

}  // namespace pickray
