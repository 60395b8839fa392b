#include "pickray/query/bvh.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace pickray {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr float kFloatInf = std::numeric_limits<float>::infinity();
constexpr int kBins = 16;
constexpr std::uint32_t kMaxLeafSize = 1;
// Beyond this depth the build splits at the median: it bounds the depth (so the traversal stack)
// at about kMedianDepth + log2(n) even for shapes piled on one point.
constexpr std::size_t kMedianDepth = 48;
constexpr std::size_t kStackSize = 3 * 128;  // up to three pending siblings per level

// WideNode::child encoding: a leaf has the top bit set, its first item in bits 3..30 and its item
// count (1..kMaxLeafSize) in bits 0..2; an empty slot is all ones.
constexpr std::uint32_t kLeafFlag = 0x80000000u;
constexpr std::uint32_t kEmptySlot = 0xFFFFFFFFu;
constexpr std::uint32_t leafChild(std::uint32_t first, std::uint32_t count) { return kLeafFlag | (first << 3) | count; }
constexpr bool isLeaf(std::uint32_t child) { return (child & kLeafFlag) != 0 && child != kEmptySlot; }
constexpr std::uint32_t leafFirst(std::uint32_t child) { return (child & ~kLeafFlag) >> 3; }
constexpr std::uint32_t leafCount(std::uint32_t child) { return child & 7u; }
static_assert(kMaxLeafSize <= 7);
// Ize, "Robust BVH Ray Traversal" (JCGT 2013): scaling the far slab distance by 1 + 2·γ(3) makes
// the float slab test conservative, so rounding never culls a box the ray touches.
constexpr float kRobustFarScale = 1.0f + 2.0f * (3.0f * 0x1p-24f) / (1.0f - 3.0f * 0x1p-24f);

struct Box3 {
    glm::vec3 min{kFloatInf};
    glm::vec3 max{-kFloatInf};
    void grow(const Aabb& b) {
        min = glm::min(min, b.min);
        max = glm::max(max, b.max);
    }
    void grow(glm::vec3 p) {
        min = glm::min(min, p);
        max = glm::max(max, p);
    }
    [[nodiscard]] float halfArea() const {
        const glm::vec3 e = max - min;
        return (e.x < 0.0f) ? 0.0f : e.x * e.y + e.y * e.z + e.z * e.x;
    }
};

/// The ray prepared for many box tests: origin, inverse direction, and which bounds row holds the
/// near plane on each axis (min for a positive direction, max for a negative one).
/// A direction component so small that 1/d overflows float (|d| < ~3e-39) would make the float
/// test treat the ray as parallel to that axis although it does move along it (found by
/// fuzz_collision): such rays take the slower double-precision test instead.
struct SlabRay {
    glm::vec3 origin;
    glm::vec3 inverse;
    glm::dvec3 direction;
    int nearRow[3];
    int farRow[3];
    bool needsDouble = false;
    explicit SlabRay(const Ray& ray) : origin(ray.origin), inverse(1.0f / ray.direction), direction(ray.direction) {
        for (int i = 0; i < 3; ++i) {
            const bool negative = std::signbit(inverse[i]);
            nearRow[i] = negative ? 3 + i : i;
            farRow[i] = negative ? i : 3 + i;
            if (ray.direction[i] != 0.0f && !std::isfinite(inverse[i])) needsDouble = true;
        }
    }
};

/// enterDistances in double, lane by lane, for rays the float test cannot take. Each slab's
/// interval is exact but for one rounding, and the result is widened to float outward.
inline int enterDistancesDouble(const SlabRay& r, const float (&b)[6][4], float tMin, float tMax, float (&enter)[4]) {
    int mask = 0;
    for (int lane = 0; lane < 4; ++lane) {
        double lo = static_cast<double>(tMin), hi = static_cast<double>(tMax);
        bool empty = false;
        for (int axis = 0; axis < 3; ++axis) {
            const double minPlane = static_cast<double>(b[axis][lane]), maxPlane = static_cast<double>(b[3 + axis][lane]);
            const double o = static_cast<double>(r.origin[axis]), d = r.direction[axis];
            if (!(minPlane <= maxPlane)) empty = true;  // an empty slot's inverted box
            if (d == 0.0) {
                if (o < minPlane || o > maxPlane) empty = true;
                continue;
            }
            const double t0 = (minPlane - o) / d, t1 = (maxPlane - o) / d;
            lo = std::max(lo, std::min(t0, t1));
            hi = std::min(hi, std::max(t0, t1));
        }
        // Compared as floats rounded outward: the exact routines accept a t that rounds to at
        // most tMax, so a box entered a hair past tMax in double must not be culled (found by
        // fuzz_collision: t = 1e-55, which rounds to 0, against tMax = 0).
        const float entry = std::nextafter(static_cast<float>(lo), -kFloatInf);
        const float limit = std::nextafter(static_cast<float>(hi), kFloatInf);
        enter[lane] = entry;
        if (!empty && entry <= limit) mask |= 1 << lane;
    }
    return mask;
}

/// Entry distances of the ray into a node's four child boxes within [tMin, tMax]: returns a
/// bit mask of the children it meets (an empty slot's inverted box never is) and their entries.
/// 0·inf (a parallel ray in a face plane) gives NaN, which the max/min below ignore: that axis
/// then does not cull, which is conservative. SSE on x86-64 (where it is always present), the
/// same arithmetic lane by lane elsewhere.
inline int enterDistances(const SlabRay& r, const float (&b)[6][4], float tMin, float tMax, float (&enter)[4]) {
#if defined(__SSE2__)
    __m128 lo = _mm_set1_ps(tMin);
    __m128 hi = _mm_set1_ps(tMax);
    const __m128 robust = _mm_set1_ps(kRobustFarScale);
    for (int axis = 0; axis < 3; ++axis) {
        const __m128 o = _mm_set1_ps(r.origin[axis]);
        const __m128 inv = _mm_set1_ps(r.inverse[axis]);
        const __m128 tNear = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(b[r.nearRow[axis]]), o), inv);
        const __m128 tFar = _mm_mul_ps(_mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(b[r.farRow[axis]]), o), inv), robust);
        lo = _mm_max_ps(tNear, lo);  // MAXPS returns its second operand when the first is NaN
        hi = _mm_min_ps(tFar, hi);
    }
    _mm_storeu_ps(enter, lo);
    return _mm_movemask_ps(_mm_cmple_ps(lo, hi));
#else
    int mask = 0;
    for (int lane = 0; lane < 4; ++lane) {
        float lo = tMin, hi = tMax;
        for (int axis = 0; axis < 3; ++axis) {
            const float tNear = (b[r.nearRow[axis]][lane] - r.origin[axis]) * r.inverse[axis];
            const float tFar = (b[r.farRow[axis]][lane] - r.origin[axis]) * r.inverse[axis] * kRobustFarScale;
            lo = tNear > lo ? tNear : lo;
            hi = tFar < hi ? tFar : hi;
        }
        enter[lane] = lo;
        if (lo <= hi) mask |= 1 << lane;
    }
    return mask;
#endif
}

bool better(const RayHit& hit, std::uint32_t index, const std::optional<ShapeHit>& best) {
    return !best || hit.t < best->hit.t || (hit.t == best->hit.t && index < best->index);
}

float halfArea(const float* min, const float* max) {
    const float x = max[0] - min[0], y = max[1] - min[1], z = max[2] - min[2];
    return x * y + y * z + z * x;
}

}  // namespace

void Bvh::rebuild(std::span<const Shape> shapes) {
    wide_.clear();
    items_.clear();
    wideParent_.clear();
    unbounded_.clear();
    depth_ = 0;
    const auto n = static_cast<std::uint32_t>(shapes.size());
    slotOf_.assign(n, kNone);
    std::vector<Aabb> boxes(n);
    std::vector<glm::vec3> centroids(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        boxes[i] = bounds(shapes[i]);
        if (isFiniteBox(boxes[i])) {
            items_.push_back(i);
            centroids[i] = 0.5f * (boxes[i].min + boxes[i].max);
        } else if (boxes[i].min.x <= boxes[i].max.x) {  // infinite, not empty: tested for every ray
            unbounded_.push_back(i);
        }  // empty (an invalid shape): never hit, left out
    }
    items_.shrink_to_fit();
    unbounded_.shrink_to_fit();
    if (items_.empty()) return;
    std::vector<Node> nodes;
    nodes.reserve(2 * items_.size());
    nodes.push_back({});
    build(nodes, 0, boxes, centroids, 0, static_cast<std::uint32_t>(items_.size()), 1);
    wide_.reserve(nodes.size() / 3 + 1);
    wide_.push_back({});
    wideParent_.push_back(kNone);
    collapse(nodes, 0, 0, 1);
    wide_.shrink_to_fit();
    wideParent_.shrink_to_fit();
}

// Builds the subtree of `node` over items_[first, first + count): binned SAH on the centroids
// along their widest axis; children are allocated in pairs (left, left + 1).
void Bvh::build(std::vector<Node>& nodes, std::uint32_t node, const std::vector<Aabb>& boxes,
                const std::vector<glm::vec3>& centroids, std::uint32_t first, std::uint32_t count, std::size_t depth) {
    Box3 box, centroidBox;
    for (std::uint32_t k = first; k < first + count; ++k) {
        box.grow(boxes[items_[k]]);
        centroidBox.grow(centroids[items_[k]]);
    }
    const auto makeLeaf = [&] {
        Node& leaf = nodes[node];
        for (int i = 0; i < 3; ++i) {
            leaf.min[i] = box.min[i];
            leaf.max[i] = box.max[i];
        }
        leaf.firstOrChild = first;
        leaf.count = count;
    };
    if (count <= kMaxLeafSize) return makeLeaf();

    const glm::vec3 extent = centroidBox.max - centroidBox.min;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    std::uint32_t* begin = items_.data() + first;
    std::uint32_t* end = begin + count;
    std::uint32_t mid = first + count / 2;  // all centroids on one point: halve by index

    if (extent[axis] > 0.0f && depth >= kMedianDepth) {
        std::nth_element(begin, items_.data() + mid, end,
                         [&](std::uint32_t a, std::uint32_t b) { return centroids[a][axis] < centroids[b][axis]; });
    } else if (extent[axis] > 0.0f) {
        const float scale = static_cast<float>(kBins) / extent[axis];
        // Clamped in float before the conversion: with a subnormal extent the scale is inf and the
        // product inf or NaN, which no int can hold (found by fuzz_collision under UBSan).
        const auto binOf = [&](std::uint32_t item) {
            const float position = (centroids[item][axis] - centroidBox.min[axis]) * scale;
            if (!(position > 0.0f)) return 0;  // also NaN
            return position >= static_cast<float>(kBins - 1) ? kBins - 1 : static_cast<int>(position);
        };
        Box3 binBox[kBins];
        std::uint32_t binCount[kBins] = {};
        for (const std::uint32_t* it = begin; it != end; ++it) {
            const int b = binOf(*it);
            binBox[b].grow(boxes[*it]);
            ++binCount[b];
        }
        // Sweep from the right, then from the left: cost of splitting before bin b.
        float rightArea[kBins] = {};
        std::uint32_t rightCount[kBins] = {};
        Box3 right;
        std::uint32_t rightItems = 0;
        for (int b = kBins - 1; b > 0; --b) {
            right.grow(Aabb{binBox[b].min, binBox[b].max});
            rightItems += binCount[b];
            rightArea[b] = right.halfArea();
            rightCount[b] = rightItems;
        }
        Box3 left;
        std::uint32_t leftItems = 0;
        float bestCost = kFloatInf;
        int bestSplit = -1;
        for (int b = 1; b < kBins; ++b) {
            left.grow(Aabb{binBox[b - 1].min, binBox[b - 1].max});
            leftItems += binCount[b - 1];
            if (leftItems == 0 || rightCount[b] == 0) continue;
            const float cost = left.halfArea() * static_cast<float>(leftItems) +
                               rightArea[b] * static_cast<float>(rightCount[b]);
            if (cost < bestCost) {
                bestCost = cost;
                bestSplit = b;
            }
        }
        if (bestSplit > 0) {
            const std::uint32_t* split =
                std::partition(begin, end, [&](std::uint32_t item) { return binOf(item) < bestSplit; });
            mid = static_cast<std::uint32_t>(split - items_.data());
        }
        if (mid == first || mid == first + count) mid = first + count / 2;
    }

    const auto child = static_cast<std::uint32_t>(nodes.size());
    Node& inner = nodes[node];
    for (int i = 0; i < 3; ++i) {
        inner.min[i] = box.min[i];
        inner.max[i] = box.max[i];
    }
    inner.firstOrChild = child;
    inner.count = 0;
    nodes.resize(child + 2);
    build(nodes, child, boxes, centroids, first, mid - first, depth + 1);
    build(nodes, child + 1, boxes, centroids, mid, first + count - mid, depth + 1);
}

void Bvh::setSlot(std::uint32_t wideNode, int slot, const Node& from) {
    WideNode& w = wide_[wideNode];
    for (int i = 0; i < 3; ++i) {
        w.bounds[i][slot] = from.min[i];
        w.bounds[3 + i][slot] = from.max[i];
    }
}

// Turns the binary subtree under `binaryNode` into wide node `wideNode`: up to four descendants
// become its children, opening the largest inner one first (the usual BVH2 -> BVH4 collapse).
void Bvh::collapse(const std::vector<Node>& nodes, std::uint32_t binaryNode, std::uint32_t wideNode,
                   std::size_t depth) {
    depth_ = std::max(depth_, depth);
    std::uint32_t picked[4];
    int count = 0;
    if (nodes[binaryNode].count > 0) {
        picked[count++] = binaryNode;  // a tree that is a single leaf
    } else {
        picked[count++] = nodes[binaryNode].firstOrChild;
        picked[count++] = nodes[binaryNode].firstOrChild + 1;
        while (count < 4) {
            int largest = -1;
            float largestArea = -1.0f;
            for (int k = 0; k < count; ++k) {
                const Node& candidate = nodes[picked[k]];
                const float area = halfArea(candidate.min, candidate.max);
                if (candidate.count == 0 && area > largestArea) {
                    largest = k;
                    largestArea = area;
                }
            }
            if (largest < 0) break;
            const std::uint32_t opened = picked[largest];
            picked[largest] = nodes[opened].firstOrChild;
            picked[count++] = nodes[opened].firstOrChild + 1;
        }
    }
    WideNode& w = wide_[wideNode];
    for (int slot = 0; slot < 4; ++slot) {
        w.child[slot] = kEmptySlot;
        for (int i = 0; i < 3; ++i) {
            w.bounds[i][slot] = kFloatInf;  // an inverted box: never hit
            w.bounds[3 + i][slot] = -kFloatInf;
        }
    }
    for (int slot = 0; slot < count; ++slot) {
        const Node& from = nodes[picked[slot]];
        setSlot(wideNode, slot, from);
        if (from.count > 0) {
            wide_[wideNode].child[slot] = leafChild(from.firstOrChild, from.count);
            for (std::uint32_t k = from.firstOrChild; k < from.firstOrChild + from.count; ++k) {
                slotOf_[items_[k]] = wideNode * 4 + static_cast<std::uint32_t>(slot);
            }
        } else {
            const auto child = static_cast<std::uint32_t>(wide_.size());
            wide_.push_back({});
            wideParent_.push_back(wideNode * 4 + static_cast<std::uint32_t>(slot));
            wide_[wideNode].child[slot] = child;
            collapse(nodes, picked[slot], child, depth + 1);
        }
    }
}

void Bvh::update(std::span<const Shape> shapes, std::uint32_t index) {
    const Aabb box = bounds(shapes[index]);
    const std::uint32_t slotRef = index < slotOf_.size() ? slotOf_[index] : kNone;
    if (slotRef == kNone || !isFiniteBox(box)) {
        // The shape moves between the tree and the unbounded list (or was not known): rebuild.
        rebuild(shapes);
        return;
    }
    // Refit the leaf's slot from its items, then each ancestor's slot from its node's four lanes.
    std::uint32_t node = slotRef / 4;
    int slot = static_cast<int>(slotRef % 4);
    const std::uint32_t leaf = wide_[node].child[slot];
    Node grown{{kFloatInf, kFloatInf, kFloatInf}, 0, {-kFloatInf, -kFloatInf, -kFloatInf}, 0};
    for (std::uint32_t k = leafFirst(leaf); k < leafFirst(leaf) + leafCount(leaf); ++k) {
        const Aabb itemBox = bounds(shapes[items_[k]]);
        if (!isFiniteBox(itemBox)) continue;
        for (int i = 0; i < 3; ++i) {
            grown.min[i] = std::min(grown.min[i], itemBox.min[i]);
            grown.max[i] = std::max(grown.max[i], itemBox.max[i]);
        }
    }
    for (;;) {
        setSlot(node, slot, grown);
        const std::uint32_t up = wideParent_[node];
        if (up == kNone) return;
        const WideNode& w = wide_[node];
        for (int i = 0; i < 3; ++i) {
            grown.min[i] = std::min(std::min(w.bounds[i][0], w.bounds[i][1]), std::min(w.bounds[i][2], w.bounds[i][3]));
            grown.max[i] = std::max(std::max(w.bounds[3 + i][0], w.bounds[3 + i][1]),
                                    std::max(w.bounds[3 + i][2], w.bounds[3 + i][3]));
        }
        node = up / 4;
        slot = static_cast<int>(up % 4);
    }
}

// Front-to-back traversal: calls visit(shapeIndex, limit) for every item of every leaf whose box
// the ray meets within [tMin, limit], nearest boxes first. visit returns the new limit (nearest()
// lowers it to its best hit, so farther boxes are skipped).
template <typename Visit>
void Bvh::traverse(const Ray& ray, float tMin, float tMax, Visit&& visit) const {
    if (wide_.empty()) return;
    const SlabRay slab(ray);
    struct Pending {
        std::uint32_t child;
        float enter;
    };
    Pending stack[kStackSize];
    std::size_t top = 0;
    std::uint32_t current = 0;  // the root, always an inner wide node
    for (;;) {
        if (isLeaf(current)) {
            for (std::uint32_t k = leafFirst(current); k < leafFirst(current) + leafCount(current); ++k) {
                tMax = visit(items_[k], tMax);
            }
        } else {
            const WideNode& node = wide_[current];
            float enter[4];
            const int mask = slab.needsDouble ? enterDistancesDouble(slab, node.bounds, tMin, tMax, enter)
                                              : enterDistances(slab, node.bounds, tMin, tMax, enter);
            // Hit children, nearest first (insertion sort of at most four).
            Pending hits[4];
            int count = 0;
            for (int slot = 0; slot < 4; ++slot) {
                if ((mask & (1 << slot)) == 0) continue;
                int at = count++;
                while (at > 0 && hits[at - 1].enter > enter[slot]) {
                    hits[at] = hits[at - 1];
                    --at;
                }
                hits[at] = {node.child[slot], enter[slot]};
            }
            if (count > 0) {
                for (int k = count - 1; k > 0; --k) stack[top++] = hits[k];
                current = hits[0].child;
                continue;
            }
        }
        // Next pending box that can still hold something before the limit.
        do {
            if (top == 0) return;
            --top;
        } while (stack[top].enter > tMax);
        current = stack[top].child;
    }
}

std::optional<ShapeHit> Bvh::nearest(const Ray& ray, std::span<const Shape> shapes, float tMax) const {
    std::optional<ShapeHit> best;
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return best;
    const auto consider = [&](std::uint32_t index, float limit) {
        if (const auto hit = raycast(ray, shapes[index], limit); hit && better(*hit, index, best)) {
            best = ShapeHit{index, *hit};
            return hit->t;
        }
        return limit;
    };
    float limit = tMax;
    for (const std::uint32_t index : unbounded_) limit = consider(index, limit);
    traverse(ray, 0.0f, limit, consider);
    return best;
}

std::vector<ShapeHit> Bvh::allHits(const Ray& ray, std::span<const Shape> shapes, float tMax) const {
    std::vector<ShapeHit> hits;
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return hits;
    const auto collect = [&](std::uint32_t index, float limit) {
        if (const auto hit = raycast(ray, shapes[index], limit)) hits.push_back({index, *hit});
        return limit;
    };
    for (const std::uint32_t index : unbounded_) collect(index, tMax);
    traverse(ray, 0.0f, tMax, collect);
    std::sort(hits.begin(), hits.end(), [](const ShapeHit& a, const ShapeHit& b) {
        return a.hit.t < b.hit.t || (a.hit.t == b.hit.t && a.index < b.index);
    });
    return hits;
}

std::vector<ShapeSpan> Bvh::lineSpans(const Ray& ray, std::span<const Shape> shapes) const {
    std::vector<ShapeSpan> spans;
    if (!isValidRay(ray)) return spans;
    const auto collect = [&](std::uint32_t index, float limit) {
        if (const auto span = intersectLine(ray, shapes[index])) spans.push_back({index, *span});
        return limit;
    };
    for (const std::uint32_t index : unbounded_) collect(index, kFloatInf);
    traverse(ray, -kFloatInf, kFloatInf, collect);
    std::sort(spans.begin(), spans.end(), [](const ShapeSpan& a, const ShapeSpan& b) {
        return a.span.enter < b.span.enter || (a.span.enter == b.span.enter && a.index < b.index);
    });
    return spans;
}

void Bvh::nearestBatch(std::span<const Ray> rays, std::span<const Shape> shapes,
                       std::span<std::optional<ShapeHit>> out, unsigned threads) const {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    constexpr std::size_t kChunk = 256;  // rays per grab: small enough to balance, big enough to be cheap
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t begin = next.fetch_add(kChunk); begin < rays.size(); begin = next.fetch_add(kChunk)) {
            const std::size_t end = std::min(rays.size(), begin + kChunk);
            for (std::size_t i = begin; i < end; ++i) out[i] = nearest(rays[i], shapes);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
}

Bvh::Stats Bvh::stats() const noexcept {
    Stats s;
    s.nodes = wide_.size();
    for (const WideNode& n : wide_) {
        for (const std::uint32_t child : n.child) s.leaves += isLeaf(child) ? 1u : 0u;
    }
    s.unbounded = unbounded_.size();
    s.depth = depth_;
    s.bytes = wide_.capacity() * sizeof(WideNode) +
              (items_.capacity() + wideParent_.capacity() + slotOf_.capacity() + unbounded_.capacity()) *
                  sizeof(std::uint32_t);
    return s;
}

}  // namespace pickray
