// SPDX-License-Identifier: MIT
// Building 8-wide nodes: binned surface-area heuristic (Wald, "On fast Construction of SAH-based
// Bounding Volume Hierarchies", 2007) over binary splits, opened into 8-wide nodes by splitting
// the largest child again until there are eight (the usual way to get a wide tree from binary
// splits, as Embree's builders do). Primitives of one kind in runs of up to four (eight in a sphere
// run) make the leaves. buildNodes() is shared by the Bvh over shapes and the triangle mesh
// (mesh/): buildTree() below copies the shapes into their kind's array in leaf order at the end.
#include "build.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "binning.hpp"
#include "tree_layout.hpp"

namespace pickray::detail {
namespace {

/// Two siblings' leaves share one node only while the union of their boxes has at most this times
/// the sum of their areas: sharing saves memory, but a ray that meets the union and neither box
/// visits the shared node for nothing (the trade is measured in docs/PERFORMANCE.md).
constexpr float kShareAreaRatio = 1.3f;
/// Cost of one node's box test, in units of one exact shape test, for the heuristic.
constexpr float kNodeCost = 1.0f;
/// Beyond this depth the build splits at the median: it bounds the depth (so the traversal stack)
/// at about kMedianDepth + log2(n) even for shapes piled on one point.
constexpr std::size_t kMedianDepth = 48;

/// prims[begin, begin + count) with their bounds and their centroids' bounds; depth counts the
/// binary splits above it.
struct BuildRange {
    std::uint32_t begin = 0;
    std::uint32_t count = 0;
    Aabb box = kEmptyBox;
    Aabb centroids = kEmptyBox;
    std::size_t depth = 0;
};

/// A range either stays a leaf or is split in two.
struct Split {
    bool leaf = true;
    BuildRange left, right;
};

/// Up to kWidth child ranges of a node being built; leaf: known to be a leaf.
struct Children {
    BuildRange range[kWidth];
    bool leaf[kWidth] = {};
    int count = 0;
};

/// Surface-area cost of a split, in units of one shape test per unit of the parent's half area.
float splitCost(float leftArea, std::uint32_t leftCount, float rightArea, std::uint32_t rightCount) {
    return leftArea * static_cast<float>(leftCount) + rightArea * static_cast<float>(rightCount);
}

/// The best split the binned heuristic found.
struct BinnedSplit {
    int bin = -1;  // the first bin of the right side
    float cost = kInfinity;
    Bin left, right;
};

class NodeBuilder {
public:
    NodeBuilder(std::vector<PrimRef>& prims, const NodeOutput& out) : prims_(prims), out_(out) {}
    void build(const BuildRange& all);

private:
    [[nodiscard]] Split split(const BuildRange& range);
    [[nodiscard]] PrimRef* splitSorted(PrimRef* begin, const BuildRange& range, int axis, float& cost);
    [[nodiscard]] BinnedSplit splitBinned(const PrimRef* begin, const BuildRange& range, int axis);
    [[nodiscard]] Children open(const Split& first);
    void buildNode(std::uint32_t node, const Children& children, std::size_t depth);
    void makeLeaf(std::uint32_t node, int slot, const BuildRange& range);

    // What the build works on: the PrimRefs (partitioned in place as the tree is split), and each
    // PrimRef's bin in the current split. Plain vectors, not huge pages: they live for one build
    // and are read in order, and every fresh huge page is a 2 MiB block to zero (in a VM that
    // hands freed memory back to its host, often at host-fault speed).
    std::vector<PrimRef>& prims_;
    NodeOutput out_;
    std::vector<std::uint8_t> bins_;
    std::uint32_t placed_[kKinds] = {};  // per kind: primitives given to leaves so far
};

void NodeBuilder::build(const BuildRange& all) {
    LargeArray<Node>& nodes = *out_.nodes;
    // About one node per five shapes is usual (with leaves of one shape, eight-wide nodes and the
    // sharing in buildNode); a third leaves room to spare without regrowing, and costs only
    // address space until nodes are written. shrink_to_fit() below gives back the rest of a small
    // array; a large one keeps it, as copying would fault in a second array of fresh huge pages.
    nodes.reserve(prims_.size() / 3 + 16);
    nodes.push_back({});
    nodes[0].parent = kNone;
    bins_.resize(prims_.size());
    const Split top = split(all);
    if (top.leaf) {  // the root is always an inner node: here one with a single leaf
        clearNode(nodes[0]);
        makeLeaf(0, 0, all);
        *out_.depth = 1;
    } else {
        buildNode(0, open(top), 1);
    }
    if (nodes.capacity() * sizeof(Node) < kHugePage) nodes.shrink_to_fit();
}

// Chooses how to divide `range`: the surface-area heuristic over splits of the centroids along
// their widest axis (binned, or every split of the sorted shapes for small ranges), or a leaf when
// the heuristic prefers one (at most kMaxLeafSize shapes of one kind). Partitions prims.
Split NodeBuilder::split(const BuildRange& range) {
    Split result;
    if (range.count == 1) return result;
    PrimRef* const begin = prims_.data() + range.begin;
    PrimRef* const end = begin + range.count;
    const bool run = out_.sphereRuns && begin->kind == kSphereKind;
    const bool leafAllowed = range.count <= (run ? kSphereRunSize : kMaxLeafSize) &&
                             std::all_of(begin, end, [&](const PrimRef& p) { return p.kind == begin->kind; });
    // A leaf costs a test per shape; a split one box test plus each side's shapes weighted by the
    // chance (area ratio) that a ray meeting this box meets that side. A sphere run is opened like
    // a node (sphere_run.hpp): one box test, then each sphere by the chance its box is met.
    const float area = halfArea(range.box);
    float leafCost = static_cast<float>(range.count);
    if (leafAllowed && run && range.count > 1 && area > 0.0f) {
        float boxes = 0.0f;
        for (const PrimRef* p = begin; p != end; ++p) boxes += halfArea(p->box());
        leafCost = kNodeCost + boxes / area;
    }
    const auto leafIsCheaper = [&](float cost) {
        return leafAllowed && (!(area > 0.0f) || leafCost <= kNodeCost + cost / area);
    };

    const glm::vec3 extent = range.centroids.max - range.centroids.min;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    PrimRef* middle = nullptr;  // the first shape of the right side; null: no split found yet
    bool sidesKnown = false;    // the binned split fills result's boxes; the others compute them below

    if (extent[axis] > 0.0f && range.depth >= kMedianDepth) {
        if (leafAllowed) return result;
        middle = begin + range.count / 2;
        std::nth_element(begin, middle, end,
                         [&](const PrimRef& a, const PrimRef& b) { return a.centroid(axis) < b.centroid(axis); });
    } else if (extent[axis] > 0.0f && range.count == 2) {  // the commonest case, at the bottom
        if (leafIsCheaper(splitCost(halfArea(begin[0].box()), 1, halfArea(begin[1].box()), 1))) return result;
        middle = begin + 1;
    } else if (extent[axis] > 0.0f && range.count <= kSortedSplitMax) {
        float cost = kInfinity;
        middle = splitSorted(begin, range, axis, cost);
        if (leafIsCheaper(cost)) return result;
    } else if (extent[axis] > 0.0f) {
        const BinnedSplit binned = splitBinned(begin, range, axis);
        if (leafIsCheaper(binned.cost)) return result;
        if (binned.bin > 0) {
            std::uint8_t* const binOfPrim = bins_.data() + range.begin;
            middle =
                partition(begin, end, [&](const PrimRef&, std::ptrdiff_t at) { return binOfPrim[at] < binned.bin; });
            result.left.box = binned.left.box;
            result.left.centroids = binned.left.centroids;
            result.right.box = binned.right.box;
            result.right.centroids = binned.right.centroids;
            sidesKnown = true;
        }
    }
    if (middle == nullptr) {
        // No spatial split (centroids on one point, or too close to tell apart).
        if (leafAllowed) return result;
        const unsigned firstKind = begin->kind;
        const bool oneKind = std::all_of(begin, end, [&](const PrimRef& p) { return p.kind == firstKind; });
        if (!oneKind) {  // leaves hold one kind: separate them
            middle = partition(begin, end, [&](const PrimRef& p, std::ptrdiff_t) { return p.kind == firstKind; });
        } else {
            middle = begin + range.count / 2;
        }
    }

    result.leaf = false;
    const auto leftCount = static_cast<std::uint32_t>(middle - begin);
    assert(leftCount > 0 && leftCount < range.count);  // a leaf's meta cannot say 0 shapes
    result.left.begin = range.begin;
    result.left.count = leftCount;
    result.right.begin = range.begin + leftCount;
    result.right.count = range.count - leftCount;
    result.left.depth = result.right.depth = range.depth + 1;
    if (!sidesKnown) {
        for (const PrimRef* p = begin; p != middle; ++p) {
            grow(result.left.box, p->box());
            grow(result.left.centroids, p->centroid());
        }
        for (const PrimRef* p = middle; p != end; ++p) {
            grow(result.right.box, p->box());
            grow(result.right.centroids, p->centroid());
        }
    }
    return result;
}

/// Every split of the shapes sorted by centroid: returns the first shape of the cheapest right
/// side, and its cost; null when no cost is finite.
PrimRef* NodeBuilder::splitSorted(PrimRef* begin, const BuildRange& range, int axis, float& cost) {
    sortByCentroid(begin, range.count, axis);
    float rightArea[kSortedSplitMax];  // of [k, count)
    Aabb right = kEmptyBox;
    for (std::uint32_t k = range.count - 1; k > 0; --k) {
        grow(right, begin[k].box());
        rightArea[k] = halfArea(right);
    }
    Aabb left = kEmptyBox;
    std::uint32_t bestSplit = 0;
    for (std::uint32_t k = 1; k < range.count; ++k) {
        grow(left, begin[k - 1].box());
        const float splitHere = splitCost(halfArea(left), k, rightArea[k], range.count - k);
        if (splitHere < cost) {
            cost = splitHere;
            bestSplit = k;
        }
    }
    // No split cheaper than infinity (areas that overflow float make every cost infinite or NaN):
    // none found, rather than an empty side.
    return bestSplit == 0 ? nullptr : begin + bestSplit;
}

/// The binned heuristic: the cheapest split between kBins bins of the centroids' extent (the first
/// bin of the right side, -1 when every shape fell in one bin), its cost and the sides. Leaves
/// each shape's bin in bins_ for the partition.
BinnedSplit NodeBuilder::splitBinned(const PrimRef* begin, const BuildRange& range, int axis) {
    Bin bins[kBins];
    fillBins(begin, begin + range.count, axis, range.centroids, bins_.data() + range.begin, bins);
    // Sweep from the right, then from the left: cost of splitting before bin b.
    Bin right[kBins];  // bins [b, kBins) together
    for (int b = kBins - 1; b > 0; --b) {
        right[b] = b + 1 < kBins ? right[b + 1] : Bin{};
        grow(right[b].box, bins[b].box);
        grow(right[b].centroids, bins[b].centroids);
        right[b].count += bins[b].count;
    }
    BinnedSplit best;
    Bin left;
    for (int b = 1; b < kBins; ++b) {
        grow(left.box, bins[b - 1].box);
        grow(left.centroids, bins[b - 1].centroids);
        left.count += bins[b - 1].count;
        if (left.count == 0 || right[b].count == 0) continue;
        const float cost = splitCost(halfArea(left.box), left.count, halfArea(right[b].box), right[b].count);
        if (cost < best.cost) best = {b, cost, left, right[b]};
    }
    return best;
}

// The children of a node: the two halves of `first`, then opening the largest-area child range
// until there are kWidth, in the order of their shapes.
Children NodeBuilder::open(const Split& first) {
    Children children;
    children.range[0] = first.left;
    children.range[1] = first.right;
    children.leaf[0] = first.left.count == 1;
    children.leaf[1] = first.right.count == 1;
    children.count = 2;
    while (children.count < kWidth) {
        int largest = -1;
        float largestArea = -1.0f;
        for (int k = 0; k < children.count; ++k) {
            const float area = halfArea(children.range[k].box);
            if (!children.leaf[k] && area > largestArea) {
                largest = k;
                largestArea = area;
            }
        }
        if (largest < 0) break;  // all leaves
        const Split opened = split(children.range[largest]);
        if (opened.leaf) {
            children.leaf[largest] = true;
            continue;
        }
        children.range[largest] = opened.left;
        children.leaf[largest] = opened.left.count == 1;
        children.range[children.count] = opened.right;
        children.leaf[children.count] = opened.right.count == 1;
        ++children.count;
    }
    // By position, so that leaves are made in the order of prims (see makeLeaf).
    for (int k = 1; k < children.count; ++k) {
        for (int at = k; at > 0 && children.range[at - 1].begin > children.range[at].begin; --at) {
            std::swap(children.range[at - 1], children.range[at]);
            std::swap(children.leaf[at - 1], children.leaf[at]);
        }
    }
    return children;
}

// Fills wide node `node` (at `depth`, the root being 1) with `children`, recursing into the ones
// that are not leaves. Most nodes at the bottom of a tree would hold only two to four leaves in
// 256 bytes, so a child whose own children are all leaves puts them into the node of such a
// sibling before it when they fit and the union of their boxes (the slot's new box) is not much
// larger than the two: a ray that meets the union but neither box visits a node for nothing.
void NodeBuilder::buildNode(std::uint32_t node, const Children& children, std::size_t depth) {
    LargeArray<Node>& nodes = *out_.nodes;
    clearNode(nodes[node]);
    *out_.depth = std::max(*out_.depth, depth);
    int slot = 0;
    std::uint32_t shared = kNone;  // the last node made for a child of leaves only
    int sharedSlot = 0, sharedUsed = 0;
    for (int k = 0; k < children.count; ++k) {
        const BuildRange& range = children.range[k];
        const Split below = children.leaf[k] ? Split{} : split(range);
        if (below.leaf) {
            makeLeaf(node, slot++, range);
            continue;
        }
        const Children grandchildren = open(below);
        const bool onlyLeaves =
            std::all_of(grandchildren.leaf, grandchildren.leaf + grandchildren.count, [](bool leaf) { return leaf; });
        if (onlyLeaves && shared != kNone && sharedUsed + grandchildren.count <= kWidth) {
            const Aabb sharedBox = slotBox(nodes[node], sharedSlot);
            const Aabb both = unionBox(sharedBox, range.box);
            if (halfArea(both) <= kShareAreaRatio * (halfArea(sharedBox) + halfArea(range.box))) {
                for (int g = 0; g < grandchildren.count; ++g) makeLeaf(shared, sharedUsed++, grandchildren.range[g]);
                setSlotBox(nodes[node], sharedSlot, both);
                continue;
            }
        }
        const auto inner = static_cast<std::uint32_t>(nodes.size());
        nodes.emplace_back();
        nodes[inner].parent = node * kWidth + static_cast<std::uint32_t>(slot);
        nodes[node].child[slot] = inner;
        nodes[node].meta[slot] = kInner;
        setSlotBox(nodes[node], slot, range.box);
        if (onlyLeaves) {
            clearNode(nodes[inner]);
            *out_.depth = std::max(*out_.depth, depth + 1);
            for (int g = 0; g < grandchildren.count; ++g) makeLeaf(inner, g, grandchildren.range[g]);
            shared = inner;
            sharedSlot = slot;
            sharedUsed = grandchildren.count;
        } else {
            buildNode(inner, grandchildren, depth + 1);
        }
        ++slot;
    }
}

// Leaves are made in the order of prims (buildNode walks its children by position), so a leaf's
// shapes will sit at the current end of their kind's array: copyShapes() puts them there after
// the tree is built.
void NodeBuilder::makeLeaf(std::uint32_t node, int slot, const BuildRange& range) {
    Node& w = (*out_.nodes)[node];
    if (range.count == 0) {  // never made (split() asserts it), and a leaf's meta cannot say 0 shapes
        w.meta[slot] = kEmpty;
        setSlotBox(w, slot, kEmptyBox);
        return;
    }
    const unsigned kind = prims_[range.begin].kind;
    w.child[slot] = placed_[kind];
    placed_[kind] += range.count;
    for (std::uint32_t k = range.begin; k < range.begin + range.count && out_.location != nullptr; ++k) {
        out_.location[prims_[k].index] = node * kWidth + static_cast<std::uint32_t>(slot);
    }
    w.meta[slot] = out_.sphereRuns && kind == kSphereKind && range.count > 1 ? sphereRunMeta(range.count)
                                                                             : leafMeta(kind, range.count);
    setSlotBox(w, slot, range.box);
}

}  // namespace

void buildNodes(std::vector<PrimRef>& prims, const Aabb& box, const Aabb& centroids, const NodeOutput& out) {
    out.nodes->clear();
    *out.depth = 0;
    if (prims.empty()) return;
    BuildRange all;
    all.count = static_cast<std::uint32_t>(prims.size());
    all.box = box;
    all.centroids = centroids;
    NodeBuilder(prims, out).build(all);
}

namespace {

// The shapes into the kind arrays in leaf order. A pass of its own: they lie scattered in the
// input, and a loop that does nothing else keeps many fetches in flight.
void copyShapes(BvhTree& tree, std::span<const Shape> shapes, const std::vector<PrimRef>& prims) {
    constexpr std::size_t kAhead = 32;
    for (std::size_t k = 0; k < prims.size(); ++k) {
        if (k + kAhead < prims.size()) {  // GCC's and Clang's prefetch, any processor
            const char* at = reinterpret_cast<const char*>(&shapes[prims[k + kAhead].index]);
            __builtin_prefetch(at, 0, 3);
            __builtin_prefetch(at + 64, 0, 3);
        }
        withKind(tree.kinds, prims[k].kind, [&](auto& array) {
            using Stored = typename std::decay_t<decltype(array.shapes)>::value_type;
            array.shapes.push_back(toStored<Stored>(shapes[prims[k].index]));
            array.index.push_back(prims[k].index);
        });
    }
}

}  // namespace

void buildTree(BvhTree& tree, std::span<const Shape> shapes) {
    if (shapes.size() > kPositionMask / kWidth) throw std::length_error("pickray::Bvh: too many shapes");  // 2^27
    tree.nodes.clear();
    std::fill(std::begin(tree.planeMagnitude), std::end(tree.planeMagnitude), 0.0f);
    std::apply([](auto&... kind) { ((kind.shapes.clear(), kind.index.clear()), ...); }, tree.kinds);
    tree.unbounded.clear();
    tree.invalid.clear();
    tree.depth = 0;
    tree.stale = 0;
    BvhTree& t = tree;
    const auto n = static_cast<std::uint32_t>(shapes.size());
    t.location.assign(n, 0);
    std::size_t perKind[kKinds] = {};
    std::vector<PrimRef> prims;
    prims.reserve(n);
    Aabb all = kEmptyBox, centroids = kEmptyBox;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Aabb box = bounds(shapes[i]);
        if (isFiniteBox(box)) {
            const auto kind = static_cast<std::uint32_t>(shapes[i].index());
            ++perKind[kind];
            prims.push_back({{box.min.x, box.min.y, box.min.z}, i, {box.max.x, box.max.y, box.max.z}, kind});
            growPlaneMagnitude(t, box);
            grow(all, box);
            grow(centroids, prims.back().centroid());
        } else if (box.min.x <= box.max.x) {  // infinite, not empty: tested for every ray
            t.location[i] = kUnboundedFlag | static_cast<std::uint32_t>(t.unbounded.size());
            t.unbounded.push_back({shapes[i], i});
        } else {  // empty (an invalid shape): never hit
            t.location[i] = kInvalidFlag | static_cast<std::uint32_t>(t.invalid.size());
            t.invalid.push_back({shapes[i], i});
        }
    }
    const bool runs = t.sphereLeaves == SphereLeaves::runs ||
                      (t.sphereLeaves == SphereLeaves::automatic && perKind[kSphereKind] >= kSphereRunsFrom);
    t.unbounded.shrink_to_fit();
    t.invalid.shrink_to_fit();
    if (prims.empty()) return;
    [&]<std::size_t... K>(std::index_sequence<K...>) {
        ((std::get<K>(t.kinds).shapes.reserve(perKind[K]), std::get<K>(t.kinds).index.reserve(perKind[K])), ...);
    }
    (std::make_index_sequence<kKinds>());
    buildNodes(prims, all, centroids, {&t.nodes, &t.depth, t.location.data(), runs});
    copyShapes(t, shapes, prims);
    assert([&]<std::size_t... K>(std::index_sequence<K...>) {
        return ((std::get<K>(t.kinds).shapes.size() == perKind[K]) && ...);
    }(std::make_index_sequence<kKinds>()));
}

}  // namespace pickray::detail
