// SPDX-License-Identifier: MIT
// The BVH's large arrays on transparent huge pages (pickray/query/detail/bvh_tree.hpp says why).
#include <algorithm>
#include <cstddef>
#include <new>

#include "pickray/query/detail/bvh_tree.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace pickray::detail {
namespace {

bool isLargeBlock(std::size_t bytes, std::size_t alignment) {
#if defined(__linux__)
    return bytes >= kHugePage && alignment <= kHugePage;
#else
    (void)alignment;
    (void)bytes;
    return false;
#endif
}

}  // namespace

void* allocateLarge(std::size_t bytes, std::size_t alignment) {
    alignment = std::max(alignment, alignof(std::max_align_t));
    if (!isLargeBlock(bytes, alignment)) return ::operator new (bytes, std::align_val_t{alignment});
    void* memory = ::operator new (bytes, std::align_val_t{kHugePage});
#if defined(__linux__)
    // Only whole huge pages; the advice is a hint, and failing it (no THP support) costs nothing.
    (void)madvise(memory, bytes / kHugePage * kHugePage, MADV_HUGEPAGE);
#endif
    return memory;
}

void freeLarge(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
    alignment = std::max(alignment, alignof(std::max_align_t));
    ::operator delete (memory, std::align_val_t{isLargeBlock(bytes, alignment) ? kHugePage : alignment});
}

}  // namespace pickray::detail
