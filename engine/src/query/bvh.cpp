#include "pickray/query/bvh.hpp"

#include <algorithm>
#include <type_traits>
#include <atomic>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <thread>

#if defined(__SSE2__)
#include <immintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

// The AVX box test is compiled with a target attribute and chosen at run time, so the library
// itself needs no -mavx and runs on any x86-64.
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define PICKRAY_BVH_AVX 1
#define PICKRAY_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define PICKRAY_BVH_AVX 0
#define PICKRAY_ALWAYS_INLINE inline
#endif

namespace pickray {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr float kFloatInf = std::numeric_limits<float>::infinity();
constexpr int kBins = 16;
// A leaf is a run of up to this many shapes of one kind; the build makes one when the surface
// area heuristic says testing them all is cheaper than one more level of boxes.
constexpr std::uint32_t kMaxLeafSize = 4;
// Two siblings' leaves share one node only while the union of their boxes has at most this
// times the sum of their areas. Sharing always saved 25-28 bytes per shape but cost 10% of the
// nearest-hit time on mixed scenes; at 1.3 it saves 14-19 bytes at 1-2% (bench_scene, 1e4-1e6).
constexpr float kShareAreaRatio = 1.3f;
// Cost of one node's box test, in units of one exact shape test, for the heuristic.
constexpr float kNodeCost = 1.0f;
// Beyond this depth the build splits at the median: it bounds the depth (so the traversal stack)
// at about kMedianDepth + log2(n) even for shapes piled on one point.
constexpr std::size_t kMedianDepth = 48;
// update() inserts below existing leaves, which deepens the tree; past this depth it rebuilds,
// so the traversal stack never overflows.
constexpr std::size_t kMaxDepth = 120;
constexpr std::size_t kStackSize = 7 * 128;  // up to seven pending siblings per level
// Above this many nodes (2 MiB of them, twice a typical L2) the traversal prefetches.
constexpr std::size_t kPrefetchAboveNodes = 8192;

// Node::meta: what a child slot holds.
constexpr std::uint8_t kInner = 0x00;
constexpr std::uint8_t kEmpty = 0xFF;
constexpr std::uint8_t kLeafFlag = 0x80;  // | kind << 3 | count (1..kMaxLeafSize)
constexpr std::uint8_t leafMeta(unsigned kind, std::uint32_t count) {
    return static_cast<std::uint8_t>(kLeafFlag | (kind << 3) | count);
}
constexpr unsigned leafKind(std::uint8_t meta) { return (meta >> 3) & 7u; }
constexpr std::uint32_t leafCount(std::uint8_t meta) { return meta & 7u; }
static_assert(kMaxLeafSize <= 7 && std::variant_size_v<Shape> <= 7);

// Location of a shape (Bvh::location_): node · width + slot when in the tree, else one of these
// flags and its position in that list.
constexpr std::uint32_t kUnboundedFlag = 0x80000000u;
constexpr std::uint32_t kInvalidFlag = 0x40000000u;
constexpr std::uint32_t kPositionMask = 0x3FFFFFFFu;
constexpr bool inTree(std::uint32_t location) { return (location & (kUnboundedFlag | kInvalidFlag)) == 0; }

// Ize, "Robust BVH Ray Traversal" (JCGT 2013): scaling the slab distances outward makes the float
// slab test conservative. Each distance (plane − origin) · (inverse · scale) has four roundings, so
// it is within (1 ± 2^-24)^4 of the exact one times the scale. With the scales 1 ∓ 2^-21 the near
// distance of a box at t >= 0 is at most its exact value times 1 − 2^-22, which is below the exact
// value rounded down to float, and the far one above the exact value rounded up. So a box is culled
// against a limit only when even the float just below its exact entry lies beyond the limit: a
// shape whose raycast() t, rounded to float, lies within the box's span along the ray is never
// culled (bvh.hpp). Ize's own near scale is 1, which culls a box whose rounded entry exceeds the
// limit by one float step while its shape's correctly rounded t equals the limit.
constexpr float kRobustNearScale = 1.0f - 0x1p-21f;
constexpr float kRobustFarScale = 1.0f + 0x1p-21f;

struct Box3 {
    glm::vec3 min{kFloatInf};
    glm::vec3 max{-kFloatInf};
    PICKRAY_ALWAYS_INLINE void grow(const Box3& b) {
        min = glm::min(min, b.min);
        max = glm::max(max, b.max);
    }
    PICKRAY_ALWAYS_INLINE void grow(glm::vec3 p) {
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
/// Rays the float test cannot take get the slower double-precision test instead (needsDouble):
///   * a direction component so small that 1/d overflows float (|d| < ~3e-39) would make the
///     float test treat the ray as parallel to that axis although it does move along it;
///   * (plane − origin) overflows float when both are large and of opposite signs, and the box
///     would seem infinitely far (a sphere at z = 8e37 hit by a ray from z = −2.7e38), so rays
///     whose origin plus the tree's largest plane coordinate on an axis reaches FLT_MAX.
/// Both found by fuzz_collision.
struct SlabRay {
    glm::vec3 origin;
    glm::vec3 inverse;
    glm::vec3 inverseNear;  // inverse · kRobustNearScale, for the near planes (see PortableBoxTest)
    glm::vec3 inverseFar;   // inverse · kRobustFarScale, for the far planes
    glm::dvec3 direction;
    int nearRow[3];
    int farRow[3];
    bool needsDouble = false;
#if defined(__SSE2__)
    __m128 originSplat[3];   // each coordinate in all four lanes, set up once per ray
    __m128 inverseNearSplat[3];
    __m128 inverseFarSplat[3];
#endif
    SlabRay(const Ray& ray, const float (&planeMagnitude)[3])
        : origin(ray.origin), inverse(1.0f / ray.direction), inverseNear(inverse * kRobustNearScale),
          inverseFar(inverse * kRobustFarScale),
          direction(ray.direction) {
        for (int i = 0; i < 3; ++i) {
            const bool negative = std::signbit(inverse[i]);
            nearRow[i] = negative ? 3 + i : i;
            farRow[i] = negative ? i : 3 + i;
            if (ray.direction[i] != 0.0f && !std::isfinite(inverse[i])) needsDouble = true;
            const double largest =
                std::abs(static_cast<double>(origin[i])) + static_cast<double>(planeMagnitude[i]);
            if (largest >= static_cast<double>(std::numeric_limits<float>::max())) needsDouble = true;
#if defined(__SSE2__)
            originSplat[i] = _mm_set1_ps(origin[i]);
            inverseNearSplat[i] = _mm_set1_ps(inverseNear[i]);
            inverseFarSplat[i] = _mm_set1_ps(inverseFar[i]);
#endif
        }
    }
};

// The box tests below take one node's eight child boxes (Bvh::Node::bounds).
constexpr int kLanes = 8;
using NodeBounds = float[6][kLanes];

/// enterDistances in double, lane by lane, for rays the float test cannot take. Each slab's
/// interval is exact but for one rounding, and the result is widened to float outward.
inline unsigned enterDistancesDouble(const SlabRay& r, const NodeBounds& b, float tMin, float tMax,
                                     float (&enter)[kLanes]) {
    unsigned mask = 0;
    for (int lane = 0; lane < kLanes; ++lane) {
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
        if (!empty && entry <= limit) mask |= 1u << lane;
    }
    return mask;
}

// Entry distances of the ray into a node's eight child boxes within [tMin, tMax]: a bit mask of
// the children it meets (an empty slot's inverted box never is) and their entries.
//   * The distances are (plane − origin) · (inverse · kRobustNearScale) for the near planes and
//     likewise with kRobustFarScale for the far ones: conservative for t >= 0 (see the scales), so
//     the traversals start at tMin >= 0 (lineSpans() walks the line as two rays). Scaling the
//     inverse once per ray costs nothing per box.
//   * The three axes are combined as a tree, max(max(x, tMin), max(y, z)) (min likewise), which
//     is shorter than a chain. MAXPS and MINPS return their second operand when either is NaN
//     (0·inf: a parallel ray in a face plane): x NaN gives tMin, y NaN gives z, z NaN gives NaN,
//     which the outer max replaces with max(x, tMin). Every case leaves out only axes, never
//     culls more than the exact slab test: conservative. (The boxes are the shapes' bounds
//     rounded outward, so a ray in one of their planes touches nothing inside anyway.)
// Two versions with the same arithmetic, so the same answers: PortableBoxTest (two SSE halves on
// x86-64, where SSE is always there; lane by lane elsewhere) and AvxBoxTest (one AVX instruction
// per row, used when the CPU has AVX; no FMA, so every rounding is the same).

struct PortableBoxTest {
    static unsigned enterDistances(const SlabRay& r, const NodeBounds& b, float tMin, float tMax,
                                   float (&enter)[kLanes]) {
#if defined(__SSE2__)
        unsigned mask = 0;
        for (int half = 0; half < kLanes; half += 4) {
            __m128 tNear[3], tFar[3];
            for (int axis = 0; axis < 3; ++axis) {
                const __m128 o = r.originSplat[axis];
                tNear[axis] = _mm_mul_ps(_mm_sub_ps(_mm_load_ps(b[r.nearRow[axis]] + half), o), r.inverseNearSplat[axis]);
                tFar[axis] = _mm_mul_ps(_mm_sub_ps(_mm_load_ps(b[r.farRow[axis]] + half), o), r.inverseFarSplat[axis]);
            }
            const __m128 lo = _mm_max_ps(_mm_max_ps(tNear[1], tNear[2]), _mm_max_ps(tNear[0], _mm_set1_ps(tMin)));
            const __m128 hi = _mm_min_ps(_mm_min_ps(tFar[1], tFar[2]), _mm_min_ps(tFar[0], _mm_set1_ps(tMax)));
            _mm_storeu_ps(enter + half, lo);
            mask |= static_cast<unsigned>(_mm_movemask_ps(_mm_cmple_ps(lo, hi))) << half;
        }
        return mask;
#else
        const auto maxps = [](float x, float y) { return x > y ? x : y; };  // MAXPS, NaN included
        const auto minps = [](float x, float y) { return x < y ? x : y; };
        unsigned mask = 0;
        for (int lane = 0; lane < kLanes; ++lane) {
            float tNear[3], tFar[3];
            for (int axis = 0; axis < 3; ++axis) {
                tNear[axis] = (b[r.nearRow[axis]][lane] - r.origin[axis]) * r.inverseNear[axis];
                tFar[axis] = (b[r.farRow[axis]][lane] - r.origin[axis]) * r.inverseFar[axis];
            }
            const float lo = maxps(maxps(tNear[1], tNear[2]), maxps(tNear[0], tMin));
            const float hi = minps(minps(tFar[1], tFar[2]), minps(tFar[0], tMax));
            enter[lane] = lo;
            if (lo <= hi) mask |= 1u << lane;
        }
        return mask;
#endif
    }
};

#if PICKRAY_BVH_AVX
struct AvxBoxTest {
    __attribute__((target("avx"))) static unsigned enterDistances(const SlabRay& r, const NodeBounds& b, float tMin,
                                                                  float tMax, float (&enter)[kLanes]) {
        __m256 tNear[3], tFar[3];
        for (int axis = 0; axis < 3; ++axis) {
            const __m256 o = _mm256_set1_ps(r.origin[axis]);
            tNear[axis] = _mm256_mul_ps(_mm256_sub_ps(_mm256_load_ps(b[r.nearRow[axis]]), o),
                                        _mm256_set1_ps(r.inverseNear[axis]));
            tFar[axis] = _mm256_mul_ps(_mm256_sub_ps(_mm256_load_ps(b[r.farRow[axis]]), o),
                                       _mm256_set1_ps(r.inverseFar[axis]));
        }
        const __m256 lo =
            _mm256_max_ps(_mm256_max_ps(tNear[1], tNear[2]), _mm256_max_ps(tNear[0], _mm256_set1_ps(tMin)));
        const __m256 hi =
            _mm256_min_ps(_mm256_min_ps(tFar[1], tFar[2]), _mm256_min_ps(tFar[0], _mm256_set1_ps(tMax)));
        _mm256_storeu_ps(enter, lo);
        return static_cast<unsigned>(_mm256_movemask_ps(_mm256_cmp_ps(lo, hi, _CMP_LE_OQ)));
    }
};

/// Checked once: the CPU (and the OS, which must save the wide registers) support AVX, and
/// PICKRAY_SIMD=scalar (batch.hpp) does not ask for the portable code, so that tests run both
/// box tests on any machine with AVX.
bool useAvx() {
    static const bool avx = [] {
        const char* wanted = std::getenv("PICKRAY_SIMD");
        return __builtin_cpu_supports("avx") && !(wanted != nullptr && std::strcmp(wanted, "scalar") == 0);
    }();
    return avx;
}
#endif

/// The slots of `hits` whose entry sorts after `slot`'s: farther, or as far and in a lower slot.
/// A strict total order (on the float's bits made to sort as integers, then the slot), so the
/// slots of one node get distinct ranks even for equal or NaN entries; the order only decides
/// which child is visited first, never the answer.
struct ChildRanks {
    // The float's bits as an integer, with the order of negative floats reversed.
    explicit ChildRanks(const float (&enter)[kLanes]) {
#if defined(__SSE2__)
        const auto keys = [](const float* four) {
            const __m128i bits = _mm_castps_si128(_mm_loadu_ps(four));
            return _mm_xor_si128(bits, _mm_and_si128(_mm_srai_epi32(bits, 31), _mm_set1_epi32(0x7fffffff)));
        };
        low = keys(enter);
        high = keys(enter + 4);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(key), low);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(key + 4), high);
#else
        for (int lane = 0; lane < kLanes; ++lane) {
            std::int32_t bits;
            std::memcpy(&bits, &enter[lane], sizeof bits);
            key[lane] = bits ^ ((bits >> 31) & 0x7fffffff);
        }
#endif
    }
    [[nodiscard]] unsigned after(int slot, unsigned hits) const {
#if defined(__SSE2__)
        const __m128i mine = _mm_set1_epi32(key[slot]);
        const auto bitsOf = [](__m128i m) { return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(m))); };
        const unsigned greater = bitsOf(_mm_cmpgt_epi32(low, mine)) | bitsOf(_mm_cmpgt_epi32(high, mine)) << 4;
        const unsigned equal = bitsOf(_mm_cmpeq_epi32(low, mine)) | bitsOf(_mm_cmpeq_epi32(high, mine)) << 4;
#else
        unsigned greater = 0, equal = 0;
        for (int lane = 0; lane < kLanes; ++lane) {
            greater |= (key[lane] > key[slot] ? 1u : 0u) << lane;
            equal |= (key[lane] == key[slot] ? 1u : 0u) << lane;
        }
#endif
        return (greater | (equal & ((1u << slot) - 1u))) & hits;
    }
    std::int32_t key[kLanes];
#if defined(__SSE2__)
    __m128i low, high;
#endif
};

// How a kind is stored in its array, and back: as given, except oriented boxes, which keep
// their inverse transform (PreparedOrientedBox; the same answers, bit for bit).
template <typename Stored>
Stored toStored(const Shape& shape) {
    if constexpr (std::is_same_v<Stored, PreparedOrientedBox>) {
        return PreparedOrientedBox(std::get<OrientedBox>(shape));
    } else {
        return std::get<Stored>(shape);
    }
}
template <typename Stored>
Shape asShape(const Stored& stored) {
    if constexpr (std::is_same_v<Stored, PreparedOrientedBox>) {
        return stored.box;
    } else {
        return stored;
    }
}

bool better(float t, std::uint32_t index, const std::optional<ShapeHit>& best) {
    return !best || t < best->hit.t || (t == best->hit.t && index < best->index);
}

Aabb unionBox(const Aabb& a, const Aabb& b) { return {glm::min(a.min, b.min), glm::max(a.max, b.max)}; }

float halfArea(const Aabb& box) {
    const glm::vec3 e = box.max - box.min;
    return (e.x < 0.0f) ? 0.0f : e.x * e.y + e.y * e.z + e.z * e.x;
}

const Aabb kInvertedBox{glm::vec3(kFloatInf), glm::vec3(-kFloatInf)};

}  // namespace

// ---- memory -----------------------------------------------------------------------------------

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;

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

void* detail::allocateLarge(std::size_t bytes, std::size_t alignment) {
    alignment = std::max(alignment, alignof(std::max_align_t));
    if (!isLargeBlock(bytes, alignment)) return ::operator new(bytes, std::align_val_t{alignment});
    void* memory = ::operator new(bytes, std::align_val_t{kHugePage});
#if defined(__linux__)
    // Only whole huge pages; the advice is a hint, and failing it (no THP support) costs nothing.
    (void)madvise(memory, bytes / kHugePage * kHugePage, MADV_HUGEPAGE);
#endif
    return memory;
}

void detail::freeLarge(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
    alignment = std::max(alignment, alignof(std::max_align_t));
    ::operator delete(memory, std::align_val_t{isLargeBlock(bytes, alignment) ? kHugePage : alignment});
}

// ---- build ------------------------------------------------------------------------------------

/// A shape as the build sees it: its bounds, its index and its kind. 32 bytes, partitioned in
/// place; loaded as two 4-float vectors (the index and the kind ride in the fourth lanes).
struct Bvh::PrimRef {
    float min[3];
    std::uint32_t index;
    float max[3];
    std::uint32_t kind;
    [[nodiscard]] float centroid(int axis) const { return 0.5f * min[axis] + 0.5f * max[axis]; }  // no overflow
    [[nodiscard]] glm::vec3 centroid() const { return {centroid(0), centroid(1), centroid(2)}; }
    [[nodiscard]] Box3 box() const { return {{min[0], min[1], min[2]}, {max[0], max[1], max[2]}}; }
};

/// prims[begin, begin + count) with their bounds and their centroids' bounds; depth counts the
/// binary splits above it.
struct Bvh::BuildRange {
    std::uint32_t begin = 0;
    std::uint32_t count = 0;
    Box3 box;
    Box3 centroids;
    std::size_t depth = 0;
};

/// A range either stays a leaf or is split in two.
struct Bvh::Split {
    bool leaf = true;
    BuildRange left, right;
};

/// Up to kWidth child ranges of a node being built; leaf: known to be a leaf.
struct Bvh::Children {
    BuildRange range[kWidth];
    bool leaf[kWidth] = {};
    int count = 0;
};

/// What the build works on: the shapes, their PrimRefs (partitioned in place as the tree is
/// split), and each PrimRef's bin in the current split (see split()). Plain vectors, not huge
/// pages: they live for one build and are read in order, and every fresh huge page is a 2 MiB
/// block to zero (in a VM that hands freed memory back to its host, often at host-fault speed).
struct Bvh::BuildData {
    std::span<const Shape> shapes;
    std::vector<PrimRef> prims;
    std::vector<std::uint8_t> bins;
    std::uint32_t placed[std::variant_size_v<Shape>] = {};  // per kind: shapes given to leaves so far
};

template <typename Arrays, typename F>
decltype(auto) Bvh::withKind(Arrays& arrays, unsigned kind, F&& f) {
    switch (kind) {
        case 0: return f(std::get<0>(arrays));
        case 1: return f(std::get<1>(arrays));
        case 2: return f(std::get<2>(arrays));
        case 3: return f(std::get<3>(arrays));
        case 4: return f(std::get<4>(arrays));
        default: return f(std::get<5>(arrays));
    }
}

void Bvh::growPlaneMagnitude(const Aabb& box) {
    for (int axis = 0; axis < 3; ++axis) {
        planeMagnitude_[axis] =
            std::max({planeMagnitude_[axis], std::abs(box.min[axis]), std::abs(box.max[axis])});
    }
}

void Bvh::rebuild(std::span<const Shape> shapes) {
    if (shapes.size() > kPositionMask / kWidth) throw std::length_error("pickray::Bvh: too many shapes");  // 2^27
    nodes_.clear();
    std::fill(std::begin(planeMagnitude_), std::end(planeMagnitude_), 0.0f);
    std::apply([](auto&... kind) { ((kind.shapes.clear(), kind.index.clear()), ...); }, kinds_);
    unbounded_.clear();
    invalid_.clear();
    depth_ = 0;
    stale_ = 0;
    const auto n = static_cast<std::uint32_t>(shapes.size());
    location_.assign(n, 0);

    BuildData data;
    data.shapes = shapes;
    std::size_t perKind[std::variant_size_v<Shape>] = {};
    std::vector<PrimRef>& prims = data.prims;
    prims.reserve(n);
    BuildRange all;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Aabb box = bounds(shapes[i]);
        if (isFiniteBox(box)) {
            const auto kind = static_cast<std::uint32_t>(shapes[i].index());
            ++perKind[kind];
            prims.push_back({{box.min.x, box.min.y, box.min.z}, i, {box.max.x, box.max.y, box.max.z}, kind});
            growPlaneMagnitude(box);
            all.box.grow(Box3{box.min, box.max});
            all.centroids.grow(prims.back().centroid());
        } else if (box.min.x <= box.max.x) {  // infinite, not empty: tested for every ray
            location_[i] = kUnboundedFlag | static_cast<std::uint32_t>(unbounded_.size());
            unbounded_.push_back({shapes[i], i});
        } else {  // empty (an invalid shape): never hit
            location_[i] = kInvalidFlag | static_cast<std::uint32_t>(invalid_.size());
            invalid_.push_back({shapes[i], i});
        }
    }
    unbounded_.shrink_to_fit();
    invalid_.shrink_to_fit();
    if (prims.empty()) return;
    [&]<std::size_t... K>(std::index_sequence<K...>) {
        ((std::get<K>(kinds_).shapes.reserve(perKind[K]), std::get<K>(kinds_).index.reserve(perKind[K])), ...);
    }(std::make_index_sequence<std::variant_size_v<Shape>>());

    all.count = n - static_cast<std::uint32_t>(unbounded_.size() + invalid_.size());
    // About one node per five shapes is usual (with leaves of one shape, eight-wide nodes and the
    // sharing in buildNode); a third leaves room to spare without regrowing, and costs only
    // address space until nodes are written. shrink_to_fit() below gives back the rest of a small
    // array; a large one keeps it, as copying would fault in a second array of fresh huge pages.
    nodes_.reserve(prims.size() / 3 + 16);
    nodes_.push_back({});
    nodes_[0].parent = kNone;
    data.bins.resize(prims.size());
    const Split top = split(data, all);
    if (top.leaf) {  // the root is always an inner node: here one with a single leaf
        clearNode(0);
        makeLeaf(data, 0, 0, all);
        depth_ = 1;
    } else {
        buildNode(data, 0, open(data, top), 1);
    }
    copyShapes(data);
    assert([&]<std::size_t... K>(std::index_sequence<K...>) {
        return ((std::get<K>(kinds_).shapes.size() == data.placed[K]) && ...);
    }(std::make_index_sequence<std::variant_size_v<Shape>>()));
    if (nodes_.capacity() * sizeof(Node) < kHugePage) nodes_.shrink_to_fit();
}

namespace {

/// std::partition without its data-dependent branches, which mispredict half the time on a spatial
/// split: every element is swapped with the first of the right side, which advances only when
/// the element goes left (Lomuto's scheme, branch-free). goesLeft(element, position) also gets the
/// element's position in [begin, end) before the partition: each element is read from its own
/// place before anything moves it there. The copies go through memcpy, which moves a PrimRef as
/// two 16-byte blocks (a member-wise copy took six loads and six stores).
template <typename T, typename GoesLeft>
T* partition(T* begin, T* end, GoesLeft goesLeft) {
    static_assert(std::is_trivially_copyable_v<T>);
    T* right = begin;
    for (T* p = begin; p != end; ++p) {
        T element;
        std::memcpy(&element, p, sizeof(T));
        const bool left = goesLeft(element, p - begin);
        std::memcpy(p, right, sizeof(T));
        std::memcpy(right, &element, sizeof(T));
        right += left ? 1 : 0;
    }
    return right;
}

/// Binned SAH over at most this many shapes costs more than sorting them and trying every split.
constexpr std::uint32_t kSortedSplitMax = 16;

/// Surface-area cost of a split, in units of one shape test per unit of the parent's half area.
float splitCost(float leftArea, std::uint32_t leftCount, float rightArea, std::uint32_t rightCount) {
    return leftArea * static_cast<float>(leftCount) + rightArea * static_cast<float>(rightCount);
}

}  // namespace

// Chooses how to divide `range`: the surface-area heuristic over splits of the centroids along
// their widest axis (binned, or every split of the sorted shapes for small ranges), or a leaf when
// the heuristic prefers one (at most kMaxLeafSize shapes of one kind). Partitions prims.
Bvh::Split Bvh::split(BuildData& data, const BuildRange& range) {
    Split result;
    if (range.count == 1) return result;
    PrimRef* const begin = data.prims.data() + range.begin;
    PrimRef* const end = begin + range.count;
    const bool leafAllowed = range.count <= kMaxLeafSize &&
                             std::all_of(begin, end, [&](const PrimRef& p) { return p.kind == begin->kind; });
    // A leaf costs a test per shape; a split one box test plus each side's shapes weighted by the
    // chance (area ratio) that a ray meeting this box meets that side.
    const float area = range.box.halfArea();
    const auto leafIsCheaper = [&](float cost) {
        return leafAllowed && (!(area > 0.0f) || static_cast<float>(range.count) <= kNodeCost + cost / area);
    };

    const glm::vec3 extent = range.centroids.max - range.centroids.min;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    PrimRef* middle = nullptr;  // the first shape of the right side; null: no split found yet
    // Filled by the binned split; the other ways compute them after partitioning.
    bool sidesKnown = false;

    if (extent[axis] > 0.0f && range.depth >= kMedianDepth) {
        if (leafAllowed) return result;
        middle = begin + range.count / 2;
        std::nth_element(begin, middle, end, [&](const PrimRef& a, const PrimRef& b) {
            return a.centroid(axis) < b.centroid(axis);
        });
    } else if (extent[axis] > 0.0f && range.count == 2) {  // the commonest case, at the bottom
        const float cost = splitCost(begin[0].box().halfArea(), 1, begin[1].box().halfArea(), 1);
        if (leafIsCheaper(cost)) return result;
        middle = begin + 1;
    } else if (extent[axis] > 0.0f && range.count <= kSortedSplitMax) {
        // Sorted through small keys (an insertion sort, for at most 16) rather than by moving
        // the 32-byte PrimRefs about.
        struct Key {
            float centroid;
            std::uint32_t at;
        };
        Key keys[kSortedSplitMax];
        for (std::uint32_t k = 0; k < range.count; ++k) keys[k] = {begin[k].centroid(axis), k};
        for (std::uint32_t k = 1; k < range.count; ++k) {
            for (std::uint32_t at = k; at > 0 && keys[at - 1].centroid > keys[at].centroid; --at) {
                std::swap(keys[at - 1], keys[at]);
            }
        }
        PrimRef sorted[kSortedSplitMax];
        for (std::uint32_t k = 0; k < range.count; ++k) sorted[k] = begin[keys[k].at];
        std::copy(sorted, sorted + range.count, begin);
        float rightArea[kSortedSplitMax];  // of [k, count)
        Box3 right;
        for (std::uint32_t k = range.count - 1; k > 0; --k) {
            right.grow(begin[k].box());
            rightArea[k] = right.halfArea();
        }
        Box3 left;
        float bestCost = kFloatInf;
        std::uint32_t bestSplit = 0;
        for (std::uint32_t k = 1; k < range.count; ++k) {
            left.grow(begin[k - 1].box());
            const float cost = splitCost(left.halfArea(), k, rightArea[k], range.count - k);
            if (cost < bestCost) {
                bestCost = cost;
                bestSplit = k;
            }
        }
        if (leafIsCheaper(bestCost)) return result;
        middle = begin + bestSplit;
    } else if (extent[axis] > 0.0f) {
        const float origin = range.centroids.min[axis];
        const float scale = static_cast<float>(kBins) / extent[axis];
        // Clamped in float before the conversion: with a subnormal extent the scale is inf and the
        // product inf or NaN, which no int can hold (found by fuzz_collision under UBSan).
        const auto binOf = [&](const PrimRef& p) {
            const float position = (p.centroid(axis) - origin) * scale;
            // max(0, NaN) is 0 as written (the comparison is false), and no branch to mispredict.
            return static_cast<int>(std::min(static_cast<float>(kBins - 1), std::max(0.0f, position)));
        };
        struct Bin {
            Box3 box, centroids;
            std::uint32_t count = 0;
        };
        Bin bins[kBins];
#if defined(__SSE2__)
        // The hottest loop of the build: the boxes in SSE registers. Lane 3 holds the PrimRef's
        // index and kind bits: min and max carry it along harmlessly, arithmetic must not see it
        // (as a float it is often subnormal, which is slow), so the centroid masks it out.
        __m128 binMin[kBins], binMax[kBins], centroidMin[kBins], centroidMax[kBins];
        for (int b = 0; b < kBins; ++b) {
            binMin[b] = centroidMin[b] = _mm_set1_ps(kFloatInf);
            binMax[b] = centroidMax[b] = _mm_set1_ps(-kFloatInf);
        }
        const __m128 xyz = _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1));
        const __m128 half = _mm_set1_ps(0.5f);
        std::uint8_t* const binOfPrim = data.bins.data() + range.begin;
        for (const PrimRef* p = begin; p != end; ++p) {
            const int b = binOf(*p);
            binOfPrim[p - begin] = static_cast<std::uint8_t>(b);
            const __m128 lo = _mm_loadu_ps(p->min), hi = _mm_loadu_ps(p->max);
            const __m128 centroid = _mm_add_ps(_mm_mul_ps(_mm_and_ps(lo, xyz), half), _mm_mul_ps(_mm_and_ps(hi, xyz), half));
            binMin[b] = _mm_min_ps(binMin[b], lo);
            binMax[b] = _mm_max_ps(binMax[b], hi);
            centroidMin[b] = _mm_min_ps(centroidMin[b], centroid);
            centroidMax[b] = _mm_max_ps(centroidMax[b], centroid);
            ++bins[b].count;
        }
        const auto toVec3 = [](__m128 v) {
            alignas(16) float f[4];
            _mm_store_ps(f, v);
            return glm::vec3(f[0], f[1], f[2]);
        };
        for (int b = 0; b < kBins; ++b) {
            bins[b].box = {toVec3(binMin[b]), toVec3(binMax[b])};
            bins[b].centroids = {toVec3(centroidMin[b]), toVec3(centroidMax[b])};
        }
#else
        std::uint8_t* const binOfPrim = data.bins.data() + range.begin;
        for (const PrimRef* p = begin; p != end; ++p) {
            binOfPrim[p - begin] = static_cast<std::uint8_t>(binOf(*p));
            Bin& bin = bins[binOfPrim[p - begin]];
            bin.box.grow(p->box());
            bin.centroids.grow(p->centroid());
            ++bin.count;
        }
#endif
        // Sweep from the right, then from the left: cost of splitting before bin b.
        Bin right[kBins];  // bins [b, kBins) together
        for (int b = kBins - 1; b > 0; --b) {
            right[b] = b + 1 < kBins ? right[b + 1] : Bin{};
            right[b].box.grow(bins[b].box);
            right[b].centroids.grow(bins[b].centroids);
            right[b].count += bins[b].count;
        }
        Bin left, bestLeft;
        float bestCost = kFloatInf;
        int bestSplit = -1;
        for (int b = 1; b < kBins; ++b) {
            left.box.grow(bins[b - 1].box);
            left.centroids.grow(bins[b - 1].centroids);
            left.count += bins[b - 1].count;
            if (left.count == 0 || right[b].count == 0) continue;
            const float cost = splitCost(left.box.halfArea(), left.count, right[b].box.halfArea(), right[b].count);
            if (cost < bestCost) {
                bestCost = cost;
                bestSplit = b;
                bestLeft = left;
            }
        }
        if (leafIsCheaper(bestCost)) return result;
        if (bestSplit > 0) {
            middle = partition(begin, end, [&](const PrimRef&, std::ptrdiff_t at) { return binOfPrim[at] < bestSplit; });
            result.left.box = bestLeft.box;
            result.left.centroids = bestLeft.centroids;
            result.right.box = right[bestSplit].box;
            result.right.centroids = right[bestSplit].centroids;
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
    result.left.begin = range.begin;
    result.left.count = leftCount;
    result.right.begin = range.begin + leftCount;
    result.right.count = range.count - leftCount;
    result.left.depth = result.right.depth = range.depth + 1;
    if (!sidesKnown) {
        for (const PrimRef* p = begin; p != middle; ++p) {
            result.left.box.grow(p->box());
            result.left.centroids.grow(p->centroid());
        }
        for (const PrimRef* p = middle; p != end; ++p) {
            result.right.box.grow(p->box());
            result.right.centroids.grow(p->centroid());
        }
    }
    return result;
}

// The children of a node: the two halves of `first`, then opening the largest-area child range
// until there are kWidth (the usual way to get a wide tree from binary splits), in the order of
// their shapes.
Bvh::Children Bvh::open(BuildData& data, const Split& first) {
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
            const float area = children.range[k].box.halfArea();
            if (!children.leaf[k] && area > largestArea) {
                largest = k;
                largestArea = area;
            }
        }
        if (largest < 0) break;  // all leaves
        const Split opened = split(data, children.range[largest]);
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
void Bvh::buildNode(BuildData& data, std::uint32_t node, const Children& children, std::size_t depth) {
    clearNode(node);
    depth_ = std::max(depth_, depth);
    int slot = 0;
    std::uint32_t shared = kNone;  // the last node made for a child of leaves only
    int sharedSlot = 0, sharedUsed = 0;
    for (int k = 0; k < children.count; ++k) {
        const BuildRange& range = children.range[k];
        const Split below = children.leaf[k] ? Split{} : split(data, range);
        if (below.leaf) {
            makeLeaf(data, node, slot++, range);
            continue;
        }
        const Children grandchildren = open(data, below);
        const bool onlyLeaves = std::all_of(grandchildren.leaf, grandchildren.leaf + grandchildren.count,
                                            [](bool leaf) { return leaf; });
        const Aabb box{range.box.min, range.box.max};
        if (onlyLeaves && shared != kNone && sharedUsed + grandchildren.count <= kWidth) {
            const Aabb sharedBox = slotBox(node, sharedSlot);
            const Aabb both = unionBox(sharedBox, box);
            if (halfArea(both) <= kShareAreaRatio * (halfArea(sharedBox) + halfArea(box))) {
                for (int g = 0; g < grandchildren.count; ++g) makeLeaf(data, shared, sharedUsed++, grandchildren.range[g]);
                setSlotBox(node, sharedSlot, both);
                continue;
            }
        }
        const auto inner = static_cast<std::uint32_t>(nodes_.size());
        nodes_.emplace_back();
        nodes_[inner].parent = node * kWidth + static_cast<std::uint32_t>(slot);
        nodes_[node].child[slot] = inner;
        nodes_[node].meta[slot] = kInner;
        setSlotBox(node, slot, box);
        if (onlyLeaves) {
            clearNode(inner);
            depth_ = std::max(depth_, depth + 1);
            for (int g = 0; g < grandchildren.count; ++g) makeLeaf(data, inner, g, grandchildren.range[g]);
            shared = inner;
            sharedSlot = slot;
            sharedUsed = grandchildren.count;
        } else {
            buildNode(data, inner, grandchildren, depth + 1);
        }
        ++slot;
    }
}

Aabb Bvh::slotBox(std::uint32_t node, int slot) const {
    const Node& w = nodes_[node];
    return {{w.bounds[0][slot], w.bounds[1][slot], w.bounds[2][slot]},
            {w.bounds[3][slot], w.bounds[4][slot], w.bounds[5][slot]}};
}

void Bvh::clearNode(std::uint32_t node) {
    for (int slot = 0; slot < kWidth; ++slot) {
        nodes_[node].meta[slot] = kEmpty;
        nodes_[node].child[slot] = 0;
        setSlotBox(node, slot, kInvertedBox);  // never hit
    }
}

// Leaves are made in the order of prims (buildNode walks its children by position), so a leaf's
// shapes will sit at the current end of their kind's array: copyShapes() puts them there after
// the tree is built.
void Bvh::makeLeaf(BuildData& data, std::uint32_t node, int slot, const BuildRange& range) {
    const unsigned kind = data.prims[range.begin].kind;
    nodes_[node].child[slot] = data.placed[kind];
    data.placed[kind] += range.count;
    for (std::uint32_t k = range.begin; k < range.begin + range.count; ++k) {
        location_[data.prims[k].index] = node * kWidth + static_cast<std::uint32_t>(slot);
    }
    nodes_[node].meta[slot] = leafMeta(kind, range.count);
    setSlotBox(node, slot, Aabb{range.box.min, range.box.max});
}

// The shapes into the kind arrays in leaf order. A pass of its own: they lie scattered in the
// input, and a loop that does nothing else keeps many fetches in flight.
void Bvh::copyShapes(const BuildData& data) {
    const std::vector<PrimRef>& prims = data.prims;
    constexpr std::size_t kAhead = 32;
    for (std::size_t k = 0; k < prims.size(); ++k) {
#if defined(__SSE2__)
        if (k + kAhead < prims.size()) {
            const char* at = reinterpret_cast<const char*>(&data.shapes[prims[k + kAhead].index]);
            _mm_prefetch(at, _MM_HINT_T0);
            _mm_prefetch(at + 64, _MM_HINT_T0);
        }
#endif
        withKind(kinds_, prims[k].kind, [&](auto& array) {
            using T = typename std::decay_t<decltype(array.shapes)>::value_type;
            array.shapes.push_back(toStored<T>(data.shapes[prims[k].index]));
            array.index.push_back(prims[k].index);
        });
    }
}

void Bvh::setSlotBox(std::uint32_t node, int slot, const Aabb& box) {
    Node& w = nodes_[node];
    for (int i = 0; i < 3; ++i) {
        w.bounds[i][slot] = box.min[i];
        w.bounds[3 + i][slot] = box.max[i];
    }
}

std::size_t Bvh::depthOf(std::uint32_t node) const {
    std::size_t depth = 1;
    for (std::uint32_t up = nodes_[node].parent; up != kNone; up = nodes_[up / kWidth].parent) ++depth;
    return depth;
}

// ---- update -----------------------------------------------------------------------------------

void Bvh::update(std::uint32_t index, const Shape& shape) {
    if (index >= location_.size()) throw std::out_of_range("pickray::Bvh::update: no such shape");
    const Aabb box = bounds(shape);
    if (isFiniteBox(box)) growPlaneMagnitude(box);  // before it is refitted or inserted
    const std::uint32_t location = location_[index];
    if (inTree(location)) {
        const std::uint32_t node = location / kWidth;
        const int slot = static_cast<int>(location % kWidth);
        const unsigned kind = leafKind(nodes_[node].meta[slot]);
        if (isFiniteBox(box) && kind == shape.index()) {  // the common case: moved or resized
            const std::uint32_t position = positionInLeaf(index);
            withKind(kinds_, kind, [&](auto& array) {
                using T = typename std::decay_t<decltype(array.shapes)>::value_type;
                array.shapes[position] = toStored<T>(shape);
            });
            refitSlot(node, slot);
            return;
        }
        removeFromTree(index);
    } else {
        removeOutside(index);
    }
    if (isFiniteBox(box)) {
        insertIntoTree(index, shape, box);
    } else if (box.min.x <= box.max.x) {
        location_[index] = kUnboundedFlag | static_cast<std::uint32_t>(unbounded_.size());
        unbounded_.push_back({shape, index});
    } else {
        location_[index] = kInvalidFlag | static_cast<std::uint32_t>(invalid_.size());
        invalid_.push_back({shape, index});
    }
    // Entries left behind in the kind arrays, or a tree deepened by insertions: start afresh.
    if (stale_ > std::max<std::size_t>(64, location_.size()) || depth_ > kMaxDepth) compact();
}

/// Position of shape `index` (which is in the tree) in its kind's array: a scan of its leaf.
std::uint32_t Bvh::positionInLeaf(std::uint32_t index) const {
    const std::uint32_t node = location_[index] / kWidth;
    const int slot = static_cast<int>(location_[index] % kWidth);
    const std::uint8_t meta = nodes_[node].meta[slot];
    const std::uint32_t first = nodes_[node].child[slot];
    return withKind(kinds_, leafKind(meta), [&](const auto& array) {
        std::uint32_t position = first;
        while (array.index[position] != index) ++position;
        return position;
    });
}

// Takes shape `index` out of its leaf: the leaf's last entry moves into its place and the leaf
// shrinks by one, leaving a stale entry in the kind array until the next rebuild.
void Bvh::removeFromTree(std::uint32_t index) {
    const std::uint32_t node = location_[index] / kWidth;
    const int slot = static_cast<int>(location_[index] % kWidth);
    std::uint8_t& meta = nodes_[node].meta[slot];
    const std::uint32_t last = nodes_[node].child[slot] + leafCount(meta) - 1;
    const std::uint32_t position = positionInLeaf(index);
    withKind(kinds_, leafKind(meta), [&](auto& array) {
        std::swap(array.shapes[position], array.shapes[last]);
        std::swap(array.index[position], array.index[last]);
    });
    ++stale_;
    meta = leafCount(meta) == 1 ? kEmpty : static_cast<std::uint8_t>(meta - 1);
    refitSlot(node, slot);
}

void Bvh::removeOutside(std::uint32_t index) {
    std::vector<Outside>& list = (location_[index] & kUnboundedFlag) != 0 ? unbounded_ : invalid_;
    const std::uint32_t flag = location_[index] & ~kPositionMask;
    const std::uint32_t position = location_[index] & kPositionMask;
    if (position + 1 < list.size()) {
        list[position] = std::move(list.back());
        location_[list[position].index] = flag | position;
    }
    list.pop_back();
}

// Adds a one-shape leaf: into the first free slot on the way down, choosing at each node the child
// whose box grows least; where the way ends at a leaf, a new node takes that leaf and the new one.
void Bvh::insertIntoTree(std::uint32_t index, const Shape& shape, const Aabb& box) {
    const auto kind = static_cast<unsigned>(shape.index());
    const std::uint32_t position = withKind(kinds_, kind, [&](auto& array) {
        using T = typename std::decay_t<decltype(array.shapes)>::value_type;
        array.shapes.push_back(toStored<T>(shape));
        array.index.push_back(index);
        return static_cast<std::uint32_t>(array.shapes.size() - 1);
    });
    if (nodes_.empty()) {
        nodes_.emplace_back();
        nodes_[0].parent = kNone;
        clearNode(0);
        depth_ = 1;
    }
    const auto place = [&](std::uint32_t node, int slot) {
        nodes_[node].child[slot] = position;
        nodes_[node].meta[slot] = leafMeta(kind, 1);
        setSlotBox(node, slot, box);
        location_[index] = node * kWidth + static_cast<std::uint32_t>(slot);
        refitAncestors(node);
    };
    std::uint32_t node = 0;
    for (;;) {
        const Node& w = nodes_[node];
        int chosen = -1;
        float chosenGrowth = kFloatInf, chosenArea = kFloatInf;
        for (int slot = 0; slot < kWidth; ++slot) {
            if (w.meta[slot] == kEmpty) return place(node, slot);
            const Aabb lane = slotBox(node, slot);
            const float area = halfArea(lane);
            const float growth = halfArea(unionBox(lane, box)) - area;
            if (growth < chosenGrowth || (growth == chosenGrowth && area < chosenArea)) {
                chosen = slot;
                chosenGrowth = growth;
                chosenArea = area;
            }
        }
        if (chosen < 0) chosen = 0;  // NaN areas: any child will do
        if (w.meta[chosen] == kInner) {
            node = w.child[chosen];
            continue;
        }
        // A leaf: it and the new shape go one level down, into a new node in its place.
        const auto below = static_cast<std::uint32_t>(nodes_.size());
        nodes_.emplace_back();
        nodes_[below].parent = node * kWidth + static_cast<std::uint32_t>(chosen);
        clearNode(below);
        Node& from = nodes_[node];
        nodes_[below].child[0] = from.child[chosen];
        nodes_[below].meta[0] = from.meta[chosen];
        for (int i = 0; i < 6; ++i) nodes_[below].bounds[i][0] = from.bounds[i][chosen];
        withKind(kinds_, leafKind(from.meta[chosen]), [&](const auto& array) {
            for (std::uint32_t k = 0; k < leafCount(from.meta[chosen]); ++k) location_[array.index[from.child[chosen] + k]] = below * kWidth;
        });
        from.child[chosen] = below;
        from.meta[chosen] = kInner;
        depth_ = std::max(depth_, depthOf(below));
        return place(below, 1);
    }
}

/// The union of the bounds of a leaf's shapes (an inverted box for an empty slot).
Aabb Bvh::leafBox(std::uint32_t node, int slot) const {
    const std::uint8_t meta = nodes_[node].meta[slot];
    if (meta == kEmpty) return kInvertedBox;
    const std::uint32_t first = nodes_[node].child[slot];
    return withKind(kinds_, leafKind(meta), [&](const auto& array) {
        Aabb box = kInvertedBox;
        for (std::uint32_t k = first; k < first + leafCount(meta); ++k) box = unionBox(box, bounds(asShape(array.shapes[k])));
        return box;
    });
}

void Bvh::refitSlot(std::uint32_t node, int slot) {
    setSlotBox(node, slot, leafBox(node, slot));
    refitAncestors(node);
}

// Each ancestor's slot becomes the union of its child node's four lanes, up to the root or to
// the first slot that does not change (everything above it is then up to date already).
void Bvh::refitAncestors(std::uint32_t node) {
    for (std::uint32_t up = nodes_[node].parent; up != kNone; up = nodes_[node].parent) {
        const Node& w = nodes_[node];
        Aabb box = kInvertedBox;
        for (int i = 0; i < 3; ++i) {
            for (int lane = 0; lane < kWidth; ++lane) {
                box.min[i] = std::min(box.min[i], w.bounds[i][lane]);
                box.max[i] = std::max(box.max[i], w.bounds[3 + i][lane]);
            }
        }
        const std::uint32_t parent = up / kWidth;
        const int slot = static_cast<int>(up % kWidth);
        const Node& p = nodes_[parent];
        bool same = true;
        for (int i = 0; i < 3; ++i) same = same && p.bounds[i][slot] == box.min[i] && p.bounds[3 + i][slot] == box.max[i];
        if (same) return;
        setSlotBox(parent, slot, box);
        node = parent;
    }
}

void Bvh::compact() {
    std::vector<Shape> all;
    all.reserve(location_.size());
    for (std::uint32_t i = 0; i < location_.size(); ++i) all.push_back(shape(i));
    rebuild(all);
}

Shape Bvh::shape(std::uint32_t index) const {
    if (index >= location_.size()) throw std::out_of_range("pickray::Bvh::shape: no such shape");
    const std::uint32_t location = location_[index];
    if (!inTree(location)) {
        const std::vector<Outside>& list = (location & kUnboundedFlag) != 0 ? unbounded_ : invalid_;
        return list[location & kPositionMask].shape;
    }
    const std::uint32_t position = positionInLeaf(index);
    return withKind(kinds_, leafKind(nodes_[location / kWidth].meta[location % kWidth]),
                    [&](const auto& array) { return asShape(array.shapes[position]); });
}

// ---- queries ----------------------------------------------------------------------------------

// Front-to-back traversal: calls visit(kind, first, count, limit) for every leaf whose box the ray
// meets within [tMin, limit], nearest boxes first. visit returns the new limit (nearest() lowers
// it to its best hit, so farther boxes are skipped). Written once (run), entered through one of
// two functions that differ in the box test and in the instruction set they are compiled for.
struct Bvh::Walk {
    template <typename BoxTest, typename Visit>
    PICKRAY_ALWAYS_INLINE static void run(const Bvh& bvh, const Ray& ray, float tMin, float tMax, Visit& visit);

    template <typename Visit>
    static void portable(const Bvh& bvh, const Ray& ray, float tMin, float tMax, Visit& visit) {
        run<PortableBoxTest>(bvh, ray, tMin, tMax, visit);
    }
#if PICKRAY_BVH_AVX
    template <typename Visit>
    __attribute__((target("avx"))) static void avx(const Bvh& bvh, const Ray& ray, float tMin, float tMax,
                                                   Visit& visit) {
        run<AvxBoxTest>(bvh, ray, tMin, tMax, visit);
    }
#endif
};

template <typename BoxTest, typename Visit>
PICKRAY_ALWAYS_INLINE void Bvh::Walk::run(const Bvh& bvh, const Ray& ray, float tMin, float tMax, Visit& visit) {
    static_assert(kLanes == kWidth);
    const SlabRay slab(ray, bvh.planeMagnitude_);
    struct Pending {
        std::uint32_t child;
        std::uint32_t meta;
        float enter;
    };
    // x if first, else y, by masks: compilers turn a conditional on a struct into a branch.
    const auto choose = [](bool first, const Pending& x, const Pending& y) {
        const std::uint32_t keep = 0u - static_cast<std::uint32_t>(first);
        const auto pick = [keep](std::uint32_t u, std::uint32_t v) { return (u & keep) | (v & ~keep); };
        return Pending{pick(x.child, y.child), pick(x.meta, y.meta),
                       std::bit_cast<float>(pick(std::bit_cast<std::uint32_t>(x.enter), std::bit_cast<std::uint32_t>(y.enter)))};
    };
    Pending stack[kStackSize];
    std::size_t top = 0;
#if defined(__SSE2__)
    // In a tree larger than the caches most nodes and leaves are misses: each node fetches the
    // children the ray meets at once, while the nearest is being handled. In a small tree that
    // only costs time.
    const bool prefetch = bvh.nodes_.size() > kPrefetchAboveNodes;
    const char* leafBase[std::variant_size_v<Shape>] = {};
    std::size_t leafStride[std::variant_size_v<Shape>] = {};
    const std::uint32_t* leafIndex[std::variant_size_v<Shape>] = {};
    if (prefetch) {
        [&]<std::size_t... K>(std::index_sequence<K...>) {
            ((leafBase[K] = reinterpret_cast<const char*>(std::get<K>(bvh.kinds_).shapes.data()),
              leafStride[K] = sizeof(std::get<K>(bvh.kinds_).shapes[0]),
              leafIndex[K] = std::get<K>(bvh.kinds_).index.data()),
             ...);
        }(std::make_index_sequence<std::variant_size_v<Shape>>());
    }
#endif
    Pending current{0, kInner, tMin};  // the root, always an inner node
    for (;;) {
        if (current.meta != kInner) {
            tMax = visit(leafKind(static_cast<std::uint8_t>(current.meta)), current.child,
                         leafCount(static_cast<std::uint8_t>(current.meta)), tMax);
        } else {
            const Node& node = bvh.nodes_[current.child];
            float enter[kLanes];
            unsigned mask = slab.needsDouble ? enterDistancesDouble(slab, node.bounds, tMin, tMax, enter)
                                             : BoxTest::enterDistances(slab, node.bounds, tMin, tMax, enter);
#if defined(__SSE2__)
            for (unsigned m = prefetch ? mask : 0u; m != 0; m &= m - 1) {
                const int slot = std::countr_zero(m);
                if (node.meta[slot] == kInner) {
                    const char* at = reinterpret_cast<const char*>(&bvh.nodes_[node.child[slot]]);
                    for (std::size_t line = 0; line < sizeof(Node); line += 64) _mm_prefetch(at + line, _MM_HINT_T0);
                } else {  // the leaf's shapes, and their indices (read when one is hit)
                    const unsigned kind = leafKind(node.meta[slot]);
                    _mm_prefetch(leafBase[kind] + leafStride[kind] * node.child[slot], _MM_HINT_T0);
                    _mm_prefetch(reinterpret_cast<const char*>(leafIndex[kind] + node.child[slot]), _MM_HINT_T0);
                }
            }
#endif
            const auto take = [&] {  // the lowest slot left in mask
                const int slot = std::countr_zero(mask);
                mask &= mask - 1;
                return Pending{node.child[slot], node.meta[slot], enter[slot]};
            };
            // Nearest child next, the others pending farthest first. Which child is nearer is
            // data no branch predictor can learn, so the order is worked out without branches:
            // for two by masks, for more by each child's rank (a sort's comparisons
            // mispredicted about seven times per ray).
            const unsigned hits = mask;
            if (mask != 0) {
                const Pending a = take();
                if (mask == 0) {
                    current = a;
                    continue;
                }
                const Pending b = take();
                if (mask == 0) {
                    const bool bNearer = b.enter < a.enter;
                    stack[top++] = choose(bNearer, a, b);
                    current = choose(bNearer, b, a);
                    continue;
                }
                // The nearest is taken from the node rather than read back from the stack, so
                // the next node's load need not wait for these stores.
                const ChildRanks ranks(enter);
                const int nearer = std::popcount(hits) - 1;  // the nearest has all the others after it
                int nearest = 0;
                for (unsigned m = hits; m != 0; m &= m - 1) {
                    const int slot = std::countr_zero(m);
                    const int after = std::popcount(ranks.after(slot, hits));
                    stack[top + static_cast<unsigned>(after)] = Pending{node.child[slot], node.meta[slot], enter[slot]};
                    nearest = after == nearer ? slot : nearest;
                }
                top += static_cast<unsigned>(nearer);
                current = Pending{node.child[nearest], node.meta[nearest], enter[nearest]};
                continue;
            }
        }
        // Next pending box that can still hold something before the limit.
        do {
            if (top == 0) return;
            --top;
        } while (stack[top].enter > tMax);
        current = stack[top];
    }
}

template <typename Visit>
void Bvh::traverse(const Ray& ray, float tMin, float tMax, Visit&& visit) const {
    if (nodes_.empty()) return;
#if PICKRAY_BVH_AVX
    if (useAvx()) return Walk::avx(*this, ray, tMin, tMax, visit);
#endif
    Walk::portable(*this, ray, tMin, tMax, visit);
}

std::optional<ShapeHit> Bvh::nearest(const Ray& ray, float tMax) const {
    std::optional<ShapeHit> best;
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return best;
    float limit = tMax;
    for (const Outside& o : unbounded_) {
        if (const auto hit = raycast(ray, o.shape, limit); hit && better(hit->t, o.index, best)) {
            best = ShapeHit{o.index, *hit};
            limit = hit->t;
        }
    }
    // Leaves are answered t only (raycastT); the winner's point and normal are formed once, at the
    // end, instead of for every shape that was the nearest so far.
    bool winnerInLeaf = false;
    unsigned winnerKind = 0;
    std::uint32_t winnerPosition = 0;
    traverse(ray, 0.0f, limit, [&](unsigned kind, std::uint32_t first, std::uint32_t count, float leafLimit) {
        return withKind(kinds_, kind, [&](const auto& array) {
            for (std::uint32_t k = first; k < first + count; ++k) {
                // The ray was checked once above (isValidRay), not again for every shape.
                if (const auto t = detail::raycastT(ray, array.shapes[k], leafLimit, detail::RayCheck::kCheckedByCaller);
                    t && better(*t, array.index[k], best)) {
                    best = ShapeHit{array.index[k], RayHit{*t, {}, {}}};
                    winnerInLeaf = true;
                    winnerKind = kind;
                    winnerPosition = k;
                    leafLimit = *t;
                }
            }
            return leafLimit;
        });
    });
    if (winnerInLeaf) {
        // raycast with tMax = t finds that same t: raycastT is raycast's t, bit for bit.
        const auto hit = withKind(kinds_, winnerKind, [&](const auto& array) {
            return raycast(ray, array.shapes[winnerPosition], best->hit.t);
        });
        assert(hit && hit->t == best->hit.t);
        best->hit = *hit;
    }
    return best;
}

std::vector<ShapeHit> Bvh::allHits(const Ray& ray, float tMax) const {
    std::vector<ShapeHit> hits;
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return hits;
    for (const Outside& o : unbounded_) {
        if (const auto hit = raycast(ray, o.shape, tMax)) hits.push_back({o.index, *hit});
    }
    traverse(ray, 0.0f, tMax, [&](unsigned kind, std::uint32_t first, std::uint32_t count, float limit) {
        withKind(kinds_, kind, [&](const auto& array) {
            for (std::uint32_t k = first; k < first + count; ++k) {
                if (const auto hit = raycast(ray, array.shapes[k], limit)) hits.push_back({array.index[k], *hit});
            }
        });
        return limit;
    });
    std::sort(hits.begin(), hits.end(), [](const ShapeHit& a, const ShapeHit& b) {
        return a.hit.t < b.hit.t || (a.hit.t == b.hit.t && a.index < b.index);
    });
    return hits;
}

std::vector<ShapeSpan> Bvh::lineSpans(const Ray& ray) const {
    std::vector<ShapeSpan> spans;
    if (!isValidRay(ray)) return spans;
    for (const Outside& o : unbounded_) {
        if (const auto span = intersectLine(ray, o.shape)) spans.push_back({o.index, *span});
    }
    const auto visit = [&](unsigned kind, std::uint32_t first, std::uint32_t count, float limit) {
        withKind(kinds_, kind, [&](const auto& array) {
            for (std::uint32_t k = first; k < first + count; ++k) {
                if (const auto span = intersectLine(ray, array.shapes[k])) spans.push_back({array.index[k], *span});
            }
        });
        return limit;
    };
    // The box test is conservative for t >= 0 only, so the line is walked as the ray and the ray
    // turned back (whose t is −t exactly: 1/(−d) = −(1/d)). Leaves across the origin are met by
    // both walks; their spans are the same and are dropped once sorted.
    traverse(ray, 0.0f, kFloatInf, visit);
    traverse(Ray{ray.origin, -ray.direction}, 0.0f, kFloatInf, visit);
    std::sort(spans.begin(), spans.end(), [](const ShapeSpan& a, const ShapeSpan& b) {
        return a.span.enter < b.span.enter || (a.span.enter == b.span.enter && a.index < b.index);
    });
    spans.erase(std::unique(spans.begin(), spans.end(),
                            [](const ShapeSpan& a, const ShapeSpan& b) { return a.index == b.index; }),
                spans.end());
    return spans;
}

void Bvh::nearestBatch(std::span<const Ray> rays, std::span<std::optional<ShapeHit>> out, unsigned threads) const {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    constexpr std::size_t kChunk = 256;  // rays per grab: small enough to balance, big enough to be cheap
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t begin = next.fetch_add(kChunk); begin < rays.size(); begin = next.fetch_add(kChunk)) {
            const std::size_t end = std::min(rays.size(), begin + kChunk);
            for (std::size_t i = begin; i < end; ++i) out[i] = nearest(rays[i]);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
}

std::string_view Bvh::boxTest() noexcept {
#if PICKRAY_BVH_AVX
    if (useAvx()) return "avx";
#endif
    return "portable";
}

Bvh::Stats Bvh::stats() const noexcept {
    Stats s;
    s.nodes = nodes_.size();
    for (const Node& n : nodes_) {
        for (const std::uint8_t meta : n.meta) s.leaves += (meta != kInner && meta != kEmpty) ? 1u : 0u;
    }
    s.unbounded = unbounded_.size();
    s.depth = depth_;
    // Nodes by size: past it, a large array's reserve is address space never written (rebuild()).
    s.bytes = nodes_.size() * sizeof(Node) + location_.capacity() * sizeof(std::uint32_t) +
              (unbounded_.capacity() + invalid_.capacity()) * sizeof(Outside);
    std::apply(
        [&](const auto&... kind) {
            ((s.bytes += kind.shapes.capacity() * sizeof(typename std::decay_t<decltype(kind.shapes)>::value_type) +
                         kind.index.capacity() * sizeof(std::uint32_t)),
             ...);
        },
        kinds_);
    return s;
}

}  // namespace pickray
