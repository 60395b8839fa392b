#include "pickray/query/bvh.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

namespace pickray {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr float kFloatInf = std::numeric_limits<float>::infinity();
constexpr int kBins = 16;
constexpr std::uint32_t kMaxLeafSize = 2;
// Beyond this depth the build splits at the median: it bounds the depth (so the traversal stack)
// at about kMedianDepth + log2(n) even for shapes piled on one point.
constexpr std::size_t kMedianDepth = 48;
constexpr std::size_t kStackSize = 128;
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

/// The ray prepared for many box tests: inverse direction and, per axis, which slab plane is near.
struct SlabRay {
    glm::vec3 origin;
    glm::vec3 inverse;
    int nearIsMax[3];
    explicit SlabRay(const Ray& ray) : origin(ray.origin), inverse(1.0f / ray.direction) {
        for (int i = 0; i < 3; ++i) nearIsMax[i] = std::signbit(inverse[i]) ? 1 : 0;
    }
};

/// Entry distance of the ray into the box if it meets it within [tMin, tMax], else +inf.
/// 0·inf (a parallel ray in a face plane) gives NaN, which the comparisons below ignore: the axis
/// then does not cull, which is conservative.
inline float enterDistance(const SlabRay& r, const float* bmin, const float* bmax, float tMin, float tMax) {
    float enter = tMin;
    float exit = tMax;
    for (int i = 0; i < 3; ++i) {
        const float nearPlane = r.nearIsMax[i] ? bmax[i] : bmin[i];
        const float farPlane = r.nearIsMax[i] ? bmin[i] : bmax[i];
        const float tNear = (nearPlane - r.origin[i]) * r.inverse[i];
        const float tFar = (farPlane - r.origin[i]) * r.inverse[i] * kRobustFarScale;
        enter = tNear > enter ? tNear : enter;
        exit = tFar < exit ? tFar : exit;
    }
    return enter <= exit ? enter : kFloatInf;
}

bool better(const RayHit& hit, std::uint32_t index, const std::optional<ShapeHit>& best) {
    return !best || hit.t < best->hit.t || (hit.t == best->hit.t && index < best->index);
}

}  // namespace

void Bvh::rebuild(std::span<const Shape> shapes) {
    nodes_.clear();
    items_.clear();
    parent_.clear();
    unbounded_.clear();
    depth_ = 0;
    const auto n = static_cast<std::uint32_t>(shapes.size());
    leafOf_.assign(n, kNone);
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
    if (items_.empty()) return;
    nodes_.reserve(2 * items_.size());
    parent_.reserve(2 * items_.size());
    nodes_.push_back({});
    parent_.push_back(kNone);
    build(0, boxes, centroids, 0, static_cast<std::uint32_t>(items_.size()), 1);
}

void Bvh::setLeaf(std::uint32_t node, const std::vector<Aabb>& boxes, std::uint32_t first, std::uint32_t count) {
    Box3 box;
    for (std::uint32_t k = first; k < first + count; ++k) {
        box.grow(boxes[items_[k]]);
        leafOf_[items_[k]] = node;
    }
    Node& leaf = nodes_[node];
    for (int i = 0; i < 3; ++i) {
        leaf.min[i] = box.min[i];
        leaf.max[i] = box.max[i];
    }
    leaf.firstOrChild = first;
    leaf.count = count;
}

// Builds the subtree of `node` over items_[first, first + count): binned SAH on the centroids
// along their widest axis; children are allocated in pairs (left, left + 1).
void Bvh::build(std::uint32_t node, const std::vector<Aabb>& boxes, const std::vector<glm::vec3>& centroids,
                std::uint32_t first, std::uint32_t count, std::size_t depth) {
    depth_ = std::max(depth_, depth);
    if (count <= kMaxLeafSize) return setLeaf(node, boxes, first, count);

    Box3 box, centroidBox;
    for (std::uint32_t k = first; k < first + count; ++k) {
        box.grow(boxes[items_[k]]);
        centroidBox.grow(centroids[items_[k]]);
    }
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
        const auto binOf = [&](std::uint32_t item) {
            const int b = static_cast<int>((centroids[item][axis] - centroidBox.min[axis]) * scale);
            return std::clamp(b, 0, kBins - 1);
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
        // Small nodes become leaves when splitting would not pay (each item costs one exact test).
        if (count <= 2 * kMaxLeafSize && !(bestCost < box.halfArea() * static_cast<float>(count))) {
            return setLeaf(node, boxes, first, count);
        }
        if (bestSplit > 0) {
            const std::uint32_t* split =
                std::partition(begin, end, [&](std::uint32_t item) { return binOf(item) < bestSplit; });
            mid = static_cast<std::uint32_t>(split - items_.data());
        }
        if (mid == first || mid == first + count) mid = first + count / 2;
    }

    const auto child = static_cast<std::uint32_t>(nodes_.size());
    Node& inner = nodes_[node];
    for (int i = 0; i < 3; ++i) {
        inner.min[i] = box.min[i];
        inner.max[i] = box.max[i];
    }
    inner.firstOrChild = child;
    inner.count = 0;
    nodes_.resize(child + 2);
    parent_.resize(child + 2, node);
    build(child, boxes, centroids, first, mid - first, depth + 1);
    build(child + 1, boxes, centroids, mid, first + count - mid, depth + 1);
}

void Bvh::update(std::span<const Shape> shapes, std::uint32_t index) {
    const Aabb box = bounds(shapes[index]);
    const std::uint32_t leaf = index < leafOf_.size() ? leafOf_[index] : kNone;
    const bool wasInTree = leaf != kNone;
    if (!wasInTree || !isFiniteBox(box)) {
        // The shape moves between the tree and the unbounded list (or was not known): rebuild.
        rebuild(shapes);
        return;
    }
    // Refit the leaf from its items, then every ancestor from its two children.
    Box3 grown;
    const Node& node = nodes_[leaf];
    for (std::uint32_t k = node.firstOrChild; k < node.firstOrChild + node.count; ++k) {
        const Aabb itemBox = bounds(shapes[items_[k]]);
        if (isFiniteBox(itemBox)) grown.grow(itemBox);
    }
    for (int i = 0; i < 3; ++i) {
        nodes_[leaf].min[i] = grown.min[i];
        nodes_[leaf].max[i] = grown.max[i];
    }
    for (std::uint32_t n = parent_[leaf]; n != kNone; n = parent_[n]) {
        const Node& l = nodes_[nodes_[n].firstOrChild];
        const Node& r = nodes_[nodes_[n].firstOrChild + 1];
        for (int i = 0; i < 3; ++i) {
            nodes_[n].min[i] = std::min(l.min[i], r.min[i]);
            nodes_[n].max[i] = std::max(l.max[i], r.max[i]);
        }
    }
}

// Front-to-back traversal: calls visit(shapeIndex, limit) for every item of every leaf whose box
// the ray meets within [tMin, limit], nearer child first. visit returns the new limit (nearest()
// lowers it to its best hit, so farther boxes are skipped).
template <typename Visit>
void Bvh::traverse(const Ray& ray, float tMin, float tMax, Visit&& visit) const {
    if (nodes_.empty()) return;
    const SlabRay slab(ray);
    if (enterDistance(slab, nodes_[0].min, nodes_[0].max, tMin, tMax) == kFloatInf) return;
    struct Pending {
        std::uint32_t node;
        float enter;
    };
    Pending stack[kStackSize];
    std::size_t top = 0;
    std::uint32_t current = 0;
    for (;;) {
        const Node& node = nodes_[current];
        if (node.count > 0) {
            for (std::uint32_t k = node.firstOrChild; k < node.firstOrChild + node.count; ++k) {
                tMax = visit(items_[k], tMax);
            }
        } else {
            const std::uint32_t left = node.firstOrChild;
            const float tLeft = enterDistance(slab, nodes_[left].min, nodes_[left].max, tMin, tMax);
            const float tRight = enterDistance(slab, nodes_[left + 1].min, nodes_[left + 1].max, tMin, tMax);
            const bool hitLeft = tLeft != kFloatInf;
            const bool hitRight = tRight != kFloatInf;
            if (hitLeft && hitRight) {
                const bool leftFirst = tLeft <= tRight;
                stack[top++] = leftFirst ? Pending{left + 1, tRight} : Pending{left, tLeft};
                current = leftFirst ? left : left + 1;
                continue;
            }
            if (hitLeft || hitRight) {
                current = hitLeft ? left : left + 1;
                continue;
            }
        }
        // Next pending node that can still hold something before the limit.
        do {
            if (top == 0) return;
            --top;
        } while (stack[top].enter > tMax);
        current = stack[top].node;
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
    s.nodes = nodes_.size();
    for (const Node& n : nodes_) s.leaves += n.count > 0 ? 1 : 0;
    s.unbounded = unbounded_.size();
    s.depth = depth_;
    s.bytes = nodes_.capacity() * sizeof(Node) +
              (items_.capacity() + parent_.capacity() + leafOf_.capacity() + unbounded_.capacity()) *
                  sizeof(std::uint32_t);
    return s;
}

}  // namespace pickray
