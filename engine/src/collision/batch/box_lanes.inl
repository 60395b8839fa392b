// SPDX-License-Identifier: MIT
// Axis-aligned and (prepared) oriented box lanes: ray_box.hpp's boxSpan, slabSpan and toLocal and
// detail/common.hpp's clipToSlab. Included only by kernels.cpp, inside its anonymous namespace,
// after lanes.inl.

// ---- Slabs ------------------------------------------------------------------------------------

/// A TaggedSpan in lanes while the slabs clip it (the surfaces never change t, so they are left
/// out). `open`: no slab has emptied the span yet, i.e. slabSpan has not returned nullopt.
struct SlabSpanLanes {
    Doubles enter;
    Doubles exit;
    Mask open;
};

/// clipToSlab (lanes.inl) on a span that may already be empty.
PICKRAY_FORCE_INLINE void clipToSlabLanes(SlabSpanLanes& span, Doubles z0, Doubles dz, Doubles lo, Doubles hi) {
    const SlabClipLanes clip = clipToSlab(span.enter, span.exit, z0, dz, lo, hi);
    span.enter = clip.enter;
    span.exit = clip.exit;
    span.open &= clip.nonEmpty;
}

/// slabSpan: x, y, z slabs in that order, from the whole line.
PICKRAY_FORCE_INLINE SlabSpanLanes slabSpanLanes(const DVec3Lanes& origin, const DVec3Lanes& direction,
                                                 const DVec3Lanes& lo, const DVec3Lanes& hi) {
    SlabSpanLanes span{splat<Doubles>(-kInfinity), splat<Doubles>(kInfinity), splat<Mask>(-1LL)};
    clipToSlabLanes(span, origin.x, direction.x, lo.x, hi.x);
    clipToSlabLanes(span, origin.y, direction.y, lo.y, hi.y);
    clipToSlabLanes(span, origin.z, direction.z, lo.z, hi.z);
    return span;
}

template <>
constexpr bool kUsesLengthSquared<pickray::Aabb> = false;
template <>
constexpr bool kUsesLengthSquared<pickray::PreparedOrientedBox> = false;

// ---- Aabb --------------------------------------------------------------------------------------

struct AabbLanes {
    DVec3Lanes min;
    DVec3Lanes max;
};

PICKRAY_FORCE_INLINE AabbLanes loadAabbs(const pickray::Aabb* boxes) {
    const Block<pickray::Aabb> block(boxes);  // min x y z, max x y z
    return {block.vec3<0>(), block.vec3<3>()};
}

/// isValidAabb: finite bounds, min <= max on every axis (compared widened, as exactly as in float).
PICKRAY_FORCE_INLINE Mask isValidAabbLanes(const DVec3Lanes& min, const DVec3Lanes& max) {
    return isFinite(min) & isFinite(max) & (min.x <= max.x) & (min.y <= max.y) & (min.z <= max.z);
}

PICKRAY_FORCE_INLINE Doubles aabbT(const RayLanes& ray, const AabbLanes& box, Doubles tMax) {
    const Mask valid = ray.valid & isValidAabbLanes(box.min, box.max);
    const SlabSpanLanes span = slabSpanLanes(ray.origin, ray.direction, box.min, box.max);
    if (ray.sameInEveryLane && !any(valid & span.open)) return splat<Doubles>(kInfinity);  // every lane missed
    return crossingT(ray, valid & span.open, span.enter, span.exit, tMax);
}

inline pickray::batch_detail::ShapeKernels<pickray::Aabb> aabbKernels() {
    return shapeKernels<pickray::Aabb, loadAabbs, aabbT>();
}

// ---- PreparedOrientedBox -----------------------------------------------------------------------

/// kLanes × kLanes elements (row k: lane k's consecutive fields) turned into columns (row f: field
/// f of every lane): log2(kLanes) stages, each swapping bit b of the row and column indices with
/// two-input shuffles.
template <int b, typename V, int... K>
PICKRAY_FORCE_INLINE V transposeLow(V a, V c, std::integer_sequence<int, K...>) {
    return __builtin_shufflevector(a, c, ((K & b) == 0 ? K : kLanes + K - b)...);
}
template <int b, typename V, int... K>
PICKRAY_FORCE_INLINE V transposeHigh(V a, V c, std::integer_sequence<int, K...>) {
    return __builtin_shufflevector(a, c, ((K & b) == 0 ? K + b : kLanes + K)...);
}
template <int b, int i, typename V>
PICKRAY_FORCE_INLINE void transposePair(V (&rows)[kLanes]) {
    if constexpr ((i & b) == 0) {
        const V low = transposeLow<b>(rows[i], rows[i | b], std::make_integer_sequence<int, kLanes>{});
        const V high = transposeHigh<b>(rows[i], rows[i | b], std::make_integer_sequence<int, kLanes>{});
        rows[i] = low;
        rows[i | b] = high;
    }
}
// Unrolled by pack expansion: a loop here is left rolled, over memory, by GCC.
template <int b, typename V, int... I>
PICKRAY_FORCE_INLINE void transposeStage(V (&rows)[kLanes], std::integer_sequence<int, I...>) {
    (transposePair<b, I>(rows), ...);
}
template <typename V>
PICKRAY_FORCE_INLINE void transpose(V (&rows)[kLanes]) {
    transposeStage<1>(rows, std::make_integer_sequence<int, kLanes>{});
    transposeStage<2>(rows, std::make_integer_sequence<int, kLanes>{});
    if constexpr (kLanes == 8) transposeStage<4>(rows, std::make_integer_sequence<int, kLanes>{});
}

/// Fields [first, first + count) of kLanes consecutive structs, each an Element (float or double)
/// at its natural place in the struct, as lanes: each struct's fields are read as whole vectors of
/// kLanes consecutive Elements (the last one moved back so as to end inside the struct: nothing
/// outside the kLanes structs is read) and the vectors transposed.
template <typename Element>
struct LanesOf;
template <>
struct LanesOf<float> {
    using Type = Floats;
};
template <>
struct LanesOf<double> {
    using Type = Doubles;
};
template <typename Struct, typename Element, int first, int count>
class Columns {
public:
    using Lanes = typename LanesOf<Element>::Type;

    explicit Columns(const Struct* items) { load(items, std::make_integer_sequence<int, kChunks>{}); }
    /// Element `field` (an index in Elements from the struct's start) of every struct.
    template <int field>
    PICKRAY_FORCE_INLINE Lanes lanes() const {
        static_assert(field >= first && field < first + count);
        constexpr int m = (field - first) / kLanes < kChunks - 1 ? (field - first) / kLanes : kChunks - 1;
        static_assert(field - start(m) >= 0 && field - start(m) < kLanes);
        return chunks_[m][field - start(m)];
    }

private:
    static constexpr int kElements = static_cast<int>(sizeof(Struct) / sizeof(Element));  // whole Elements in Struct
    static constexpr int kChunks = (count + kLanes - 1) / kLanes;
    static constexpr int start(int m) {
        return first + m * kLanes < kElements - kLanes ? first + m * kLanes : kElements - kLanes;
    }
    static_assert(first >= 0 && first + count <= kElements && kElements >= kLanes);

    template <int... M>
    PICKRAY_FORCE_INLINE void load(const Struct* items, std::integer_sequence<int, M...>) {
        (loadChunk<M>(reinterpret_cast<const unsigned char*>(items), std::make_integer_sequence<int, kLanes>{}), ...);
    }
    template <int m, int... K>
    PICKRAY_FORCE_INLINE void loadChunk(const unsigned char* bytes, std::integer_sequence<int, K...>) {
        constexpr std::size_t offset = static_cast<std::size_t>(start(m)) * sizeof(Element);
        (__builtin_memcpy(&chunks_[m][K], bytes + static_cast<std::size_t>(K) * sizeof(Struct) + offset, sizeof(Lanes)),
         ...);
        transpose(chunks_[m]);
    }
    Lanes chunks_[static_cast<std::size_t>(kChunks)][static_cast<std::size_t>(kLanes)];
};

struct OrientedBoxLanes {
    DVec3Lanes min, max;     // box.local
    DVec3Lanes translation;  // box.toWorld[3]
    DVec3Lanes rows[3];      // inverse.rows
    Doubles inverseDeterminant;
    Mask valid;
};

/// The fields' places: the local box and the translation in floats, the cofactor rows and the
/// inverse determinant in doubles, and the flag in the double-sized word that starts with it (its
/// other bytes are padding: only the flag's byte is looked at).
namespace oriented_box_layout {
using pickray::PreparedOrientedBox;
constexpr int kMin = static_cast<int>(offsetof(PreparedOrientedBox, box.local.min) / sizeof(float));
constexpr int kMax = static_cast<int>(offsetof(PreparedOrientedBox, box.local.max) / sizeof(float));
constexpr int kTranslation = static_cast<int>(offsetof(PreparedOrientedBox, box.toWorld) / sizeof(float)) + 12;
constexpr int kRows = static_cast<int>(offsetof(PreparedOrientedBox, inverse.rows) / sizeof(double));
constexpr int kInverseDeterminant =
    static_cast<int>(offsetof(PreparedOrientedBox, inverseDeterminant) / sizeof(double));
constexpr int kValid = static_cast<int>(offsetof(PreparedOrientedBox, valid) / sizeof(double));
static_assert(kMin == 0 && kMax == 3, "local box first: min x y z, max x y z");
static_assert(sizeof(pickray::Aabb) == 6 * sizeof(float) && sizeof(glm::mat4) == 16 * sizeof(float));
static_assert(offsetof(PreparedOrientedBox, inverse.rows) % sizeof(double) == 0 &&
              offsetof(PreparedOrientedBox, inverseDeterminant) % sizeof(double) == 0 &&
              offsetof(PreparedOrientedBox, valid) % sizeof(double) == 0);
static_assert(sizeof(glm::dvec3) == 3 * sizeof(double) && sizeof(bool) == 1);
static_assert(kInverseDeterminant > kRows + 8 && kValid > kInverseDeterminant &&
              static_cast<std::size_t>(kValid + 1) * sizeof(double) <= sizeof(PreparedOrientedBox));
}  // namespace oriented_box_layout

PICKRAY_FORCE_INLINE OrientedBoxLanes loadOrientedBoxes(const pickray::PreparedOrientedBox* boxes) {
    namespace layout = oriented_box_layout;
    using Box = pickray::PreparedOrientedBox;
    const Columns<Box, float, layout::kMin, 6> local(boxes);
    const Columns<Box, float, layout::kTranslation, 3> translation(boxes);
    const Columns<Box, double, layout::kRows, layout::kValid + 1 - layout::kRows> doubles(boxes);
    OrientedBoxLanes lanes;
    lanes.min = {widen(local.lanes<layout::kMin>()), widen(local.lanes<layout::kMin + 1>()),
                 widen(local.lanes<layout::kMin + 2>())};
    lanes.max = {widen(local.lanes<layout::kMax>()), widen(local.lanes<layout::kMax + 1>()),
                 widen(local.lanes<layout::kMax + 2>())};
    lanes.translation = {widen(translation.lanes<layout::kTranslation>()),
                         widen(translation.lanes<layout::kTranslation + 1>()),
                         widen(translation.lanes<layout::kTranslation + 2>())};
    lanes.rows[0] = {doubles.lanes<layout::kRows>(), doubles.lanes<layout::kRows + 1>(),
                     doubles.lanes<layout::kRows + 2>()};
    lanes.rows[1] = {doubles.lanes<layout::kRows + 3>(), doubles.lanes<layout::kRows + 4>(),
                     doubles.lanes<layout::kRows + 5>()};
    lanes.rows[2] = {doubles.lanes<layout::kRows + 6>(), doubles.lanes<layout::kRows + 7>(),
                     doubles.lanes<layout::kRows + 8>()};
    lanes.inverseDeterminant = doubles.lanes<layout::kInverseDeterminant>();
    // The flag's byte (the lowest on x86) of its word, not zero: true.
    lanes.valid = (reinterpret_cast<Mask>(doubles.lanes<layout::kValid>()) & 0xFF) != 0;
    return lanes;
}

PICKRAY_FORCE_INLINE Doubles orientedBoxT(const RayLanes& ray, const OrientedBoxLanes& box, Doubles tMax) {
    const Mask valid = ray.valid & box.valid;
    // toLocal: origin − translation, then each row's dot product (glm's order) times 1 / determinant.
    const DVec3Lanes origin{ray.origin.x - box.translation.x, ray.origin.y - box.translation.y,
                            ray.origin.z - box.translation.z};
    const DVec3Lanes localOrigin{dot(box.rows[0], origin) * box.inverseDeterminant,
                                 dot(box.rows[1], origin) * box.inverseDeterminant,
                                 dot(box.rows[2], origin) * box.inverseDeterminant};
    const DVec3Lanes localDirection{dot(box.rows[0], ray.direction) * box.inverseDeterminant,
                                    dot(box.rows[1], ray.direction) * box.inverseDeterminant,
                                    dot(box.rows[2], ray.direction) * box.inverseDeterminant};
    const SlabSpanLanes span = slabSpanLanes(localOrigin, localDirection, box.min, box.max);
    if (ray.sameInEveryLane && !any(valid & span.open)) return splat<Doubles>(kInfinity);  // every lane missed
    return crossingT(ray, valid & span.open, span.enter, span.exit, tMax);
}

inline pickray::batch_detail::ShapeKernels<pickray::PreparedOrientedBox> orientedBoxKernels() {
    return shapeKernels<pickray::PreparedOrientedBox, loadOrientedBoxes, orientedBoxT>();
}
