// SPDX-License-Identifier: MIT
// Segment–segment closest points in lanes: distance.hpp's closestPoints(Segment, Segment), that is
// detail/segments.hpp's closestBetweenSegments (the canonical order of the pair) and
// closestBetweenSegmentsInOrder (Ericson's clamped solve), every branch computed in every lane and
// selected. Included only by kernels.cpp, inside its anonymous namespace, after lanes.inl.

namespace segment_lanes {

struct SegmentLanes {
    DVec3Lanes a, b;
};

PICKRAY_FORCE_INLINE SegmentLanes loadSegments(const pickray::Segment* segments) {
    const Block<pickray::Segment> block(segments);  // a x y z, b x y z
    return {block.vec3<0>(), block.vec3<3>()};
}

PICKRAY_FORCE_INLINE DVec3Lanes minus(const DVec3Lanes& u, const DVec3Lanes& v) {
    return {u.x - v.x, u.y - v.y, u.z - v.z};
}
PICKRAY_FORCE_INLINE DVec3Lanes selectVec3(Mask m, const DVec3Lanes& u, const DVec3Lanes& v) {
    return {select(m, u.x, v.x), select(m, u.y, v.y), select(m, u.z, v.z)};
}
/// glm::cross's order.
PICKRAY_FORCE_INLINE DVec3Lanes cross(const DVec3Lanes& u, const DVec3Lanes& v) {
    return {u.y * v.z - v.y * u.z, u.z * v.x - v.z * u.x, u.x * v.y - v.x * u.y};
}
/// std::clamp(v, 0, 1): 0 where v < 0, else 1 where 1 < v, else v (NaN stays).
PICKRAY_FORCE_INLINE Doubles clampUnit(Doubles v) {
    const Doubles zero{};
    const Doubles one = splat<Doubles>(1.0);
    return select(v < 0.0, zero, select(one < v, one, v));
}

/// std::array<double, 6> operator<: the first place where one is less decides.
PICKRAY_FORCE_INLINE Mask lexicographicallyLess(const SegmentLanes& x, const SegmentLanes& y) {
    const Doubles xs[6] = {x.a.x, x.a.y, x.a.z, x.b.x, x.b.y, x.b.z};
    const Doubles ys[6] = {y.a.x, y.a.y, y.a.z, y.b.x, y.b.y, y.b.z};
    Mask less{}, decided{};
    for (int i = 0; i < 6; ++i) {
        const Mask lt = xs[i] < ys[i];
        const Mask gt = ys[i] < xs[i];
        less |= ~decided & lt;
        decided |= lt | gt;
    }
    return less;
}

struct PairLanes {
    DVec3Lanes p1, p2;
    Doubles t1, t2;
};

/// closestBetweenSegmentsInOrder.
PICKRAY_FORCE_INLINE PairLanes closestInOrder(const DVec3Lanes& p1, const DVec3Lanes& q1, const DVec3Lanes& p2,
                                              const DVec3Lanes& q2) {
    const DVec3Lanes d1 = minus(q1, p1);
    const DVec3Lanes d2 = minus(q2, p2);
    const DVec3Lanes r = minus(p1, p2);
    const Doubles a = dot(d1, d1);
    const Doubles e = dot(d2, d2);
    const Doubles f = dot(d2, r);
    const Doubles c = dot(d1, r);
    const Doubles b = dot(d1, d2);
    const DVec3Lanes normal = cross(d1, d2);
    const Doubles normalSquared = dot(normal, normal);
    const Doubles zero{};
    // General case (a != 0, e != 0): s from the unconstrained solve, n·(d2 × r) / |n|², unless
    // n rounded to zero; t from s, then s again where t clamps.
    const Mask parallel = normalSquared == 0.0;
    const Doubles sFree = select(parallel, zero, clampUnit(dot(normal, cross(d2, r)) / normalSquared));
    const Doubles tFree = (b * sFree + f) / e;
    const Mask below = tFree < 0.0;
    const Mask above = ~below & (tFree > 1.0);
    const Doubles sGeneral = select(below, clampUnit(-c / a), select(above, clampUnit((b - c) / a), sFree));
    const Doubles tGeneral = select(below, zero, select(above, splat<Doubles>(1.0), tFree));
    // a == 0 (the first is a point): t = clamp(f / e); e == 0 (the second is): s = clamp(−c / a).
    const Mask firstPoint = a == 0.0;
    const Mask secondPoint = e == 0.0;
    const Doubles s = select(firstPoint, zero, select(secondPoint, clampUnit(-c / a), sGeneral));
    const Doubles t =
        select(firstPoint, select(secondPoint, zero, clampUnit(f / e)), select(secondPoint, zero, tGeneral));
    return {
        {p1.x + s * d1.x, p1.y + s * d1.y, p1.z + s * d1.z}, {p2.x + t * d2.x, p2.y + t * d2.y, p2.z + t * d2.z}, s, t};
}

/// closestPoints(first, second), each lane's answer in the public type's fields.
struct ClosestLanes {
    DVec3Lanes p1, p2;
    Doubles t1, t2, distance;
};

PICKRAY_FORCE_INLINE ClosestLanes closest(const SegmentLanes& first, const SegmentLanes& second) {
    // closestBetweenSegments: solved with the pair in canonical order, then swapped back.
    const Mask swap = lexicographicallyLess(second, first);
    const SegmentLanes x{selectVec3(swap, second.a, first.a), selectVec3(swap, second.b, first.b)};
    const SegmentLanes y{selectVec3(swap, first.a, second.a), selectVec3(swap, first.b, second.b)};
    const PairLanes solved = closestInOrder(x.a, x.b, y.a, y.b);
    ClosestLanes out;
    out.p1 = selectVec3(swap, solved.p2, solved.p1);
    out.p2 = selectVec3(swap, solved.p1, solved.p2);
    out.t1 = select(swap, solved.t2, solved.t1);
    out.t2 = select(swap, solved.t1, solved.t2);
    const DVec3Lanes apart = minus(out.p2, out.p1);  // glm::distance(p1, p2) = length(p2 − p1)
    out.distance = sqrtLanes(dot(apart, apart));
    return out;
}

/// kLanes structs of kFields floats, from one vector per field: the transpose of Block, built with
/// two-input shuffles (with AVX-512 each is one permute), kWide floats at a time. Output chunk j
/// holds floats j·kWide .. j·kWide + kWide − 1 of the structs; float i is field i % kFields of
/// lane i / kFields. The fields go in pairs (one kWide vector each); a chunk is gathered from the
/// pairs one at a time. (Element by element through the stack takes about as many instructions
/// per block of 8 segments as the closest points themselves.)
template <std::size_t kFields>
class Interleaved {
public:
    static constexpr int kWide = 2 * kLanes;
    static constexpr int kFloats = static_cast<int>(kFields) * kLanes;
    static constexpr int kFieldCount = static_cast<int>(kFields);
    using Wide = float __attribute__((vector_size(2 * sizeof(Floats))));

    explicit Interleaved(const Floats (&fields)[kFields]) { makePairs(fields, std::make_index_sequence<kPairs>{}); }
    /// All kFloats floats to `out`.
    PICKRAY_FORCE_INLINE void store(float* out) const { storeChunks(out, std::make_integer_sequence<int, kChunks>{}); }

private:
    static constexpr std::size_t kPairs = (kFields + 1) / 2;
    static constexpr int kChunks = (kFloats + kWide - 1) / kWide;
    static constexpr int fieldAt(int j, int e) { return (j * kWide + e) % kFieldCount; }
    static constexpr int laneAt(int j, int e) { return (j * kWide + e) / kFieldCount; }
    /// Which pair element e of chunk j is in, and where in that pair (floats past the end: pair 0).
    static constexpr int pairAt(int j, int e) { return j * kWide + e < kFloats ? fieldAt(j, e) / 2 : 0; }
    static constexpr int placeAt(int j, int e) {
        return j * kWide + e < kFloats ? fieldAt(j, e) % 2 * kLanes + laneAt(j, e) : 0;
    }
    static constexpr bool chunkUses(int j, int p) {
        for (int e = 0; e < kWide; ++e) {
            if (pairAt(j, e) == p) return true;
        }
        return false;
    }

    template <std::size_t... P>
    PICKRAY_FORCE_INLINE void makePairs(const Floats (&fields)[kFields], std::index_sequence<P...>) {
        ((pairs_[P] = concat(fields[2 * P], fields[2 * P + 1 < kFields ? 2 * P + 1 : 2 * P],
                             std::make_integer_sequence<int, kWide>{})),
         ...);
    }
    template <int... E>
    PICKRAY_FORCE_INLINE static Wide concat(Floats low, Floats high, std::integer_sequence<int, E...>) {
        return __builtin_shufflevector(low, high, E...);
    }

    /// Chunk j: the elements of pair 0, then those of each further pair merged in.
    template <int j, int p, int... E>
    PICKRAY_FORCE_INLINE Wide gather(Wide sofar, std::integer_sequence<int, E...> elements) const {
        if constexpr (p == static_cast<int>(kPairs)) {
            return sofar;
        } else if constexpr (!chunkUses(j, p)) {
            return gather<j, p + 1>(sofar, elements);
        } else {
            const Wide merged =
                __builtin_shufflevector(sofar, pairs_[p], (pairAt(j, E) == p ? kWide + placeAt(j, E) : E)...);
            return gather<j, p + 1>(merged, elements);
        }
    }
    template <int j, int... E>
    PICKRAY_FORCE_INLINE Wide chunk(std::integer_sequence<int, E...> elements) const {
        const Wide first = __builtin_shufflevector(pairs_[0], pairs_[0], (pairAt(j, E) == 0 ? placeAt(j, E) : 0)...);
        return gather<j, 1>(first, elements);
    }
    template <int... J>
    PICKRAY_FORCE_INLINE void storeChunks(float* out, std::integer_sequence<int, J...>) const {
        ((storeChunk<J>(out)), ...);
    }
    template <int j>
    PICKRAY_FORCE_INLINE void storeChunk(float* out) const {
        const Wide values = chunk<j>(std::make_integer_sequence<int, kWide>{});
        constexpr int count = kFloats - j * kWide < kWide ? kFloats - j * kWide : kWide;
        __builtin_memcpy(out + j * kWide, &values, count * sizeof(float));
    }

    Wide pairs_[kPairs];
};

void closestPairs(const pickray::Segment* first, const pickray::Segment* second, pickray::ClosestPoints* out,
                  std::size_t count) {
    constexpr std::size_t width = kLanes;
    const auto write = [out](std::size_t at, const ClosestLanes& lanes, std::size_t n) {
        // Rounded to float, then −0 as +0 (detail::positiveZero, as the scalar routine).
        const auto reported = [](Doubles x) { return narrow(x) + 0.0f; };
        const Floats fields[9] = {reported(lanes.p1.x), reported(lanes.p1.y), reported(lanes.p1.z),
                                  reported(lanes.p2.x), reported(lanes.p2.y), reported(lanes.p2.z),
                                  reported(lanes.t1),   reported(lanes.t2),   reported(lanes.distance)};
        static_assert(sizeof(pickray::ClosestPoints) == 9 * sizeof(float));
#if defined(__AVX512F__)
        const Interleaved<9> structs(fields);
        if (n == width) {
            structs.store(reinterpret_cast<float*>(out + at));
        } else {  // a last partial block: only its real answers
            float buffer[Interleaved<9>::kFloats];
            structs.store(buffer);
            __builtin_memcpy(out + at, buffer, n * sizeof(pickray::ClosestPoints));
        }
#else
        // AVX2 has no two-input float permute, and Interleaved's one-input shuffles cost more there
        // than this loop.
        for (std::size_t k = 0; k < n; ++k) {
            float values[9];
            for (int f = 0; f < 9; ++f) values[f] = fields[f][static_cast<int>(k)];
            __builtin_memcpy(out + at + k, values, sizeof values);
        }
#endif
    };
    std::size_t i = 0;
    for (; i + width <= count; i += width) write(i, closest(loadSegments(first + i), loadSegments(second + i)), width);
    if (i == count) return;
    Padded<pickray::Segment> paddedFirst, paddedSecond;
    for (std::size_t k = 0; k < width; ++k) {
        const std::size_t from = i + k < count ? i + k : i;
        paddedFirst.set(k, first[from]);
        paddedSecond.set(k, second[from]);
    }
    write(i, closest(loadSegments(paddedFirst.data()), loadSegments(paddedSecond.data())), count - i);
}

}  // namespace segment_lanes
