// SPDX-License-Identifier: MIT
// The lanes the batch kernels compute in: GCC/Clang vector types as wide as the instruction set
// this copy of kernels.cpp is compiled for, the helpers every kernel shares (loads, selects,
// finiteness, the ray in lanes, the crossing and its checks) and the loops that run a kernel over
// a batch. Included only by kernels.cpp, inside its anonymous namespace (kernels.cpp says why):
// code compiled once per instruction set, hence .inl, not a header of its own.

#if defined(__AVX512F__)
constexpr int kLanes = 8;
using Doubles = double __attribute__((vector_size(64)));
using Mask = long long __attribute__((vector_size(64)));
using Floats = float __attribute__((vector_size(32)));
// The masked form with every lane selected: _mm512_sqrt_pd starts from an "undefined" register,
// which GCC 12 reports as uninitialised.
PICKRAY_FORCE_INLINE Doubles sqrtLanes(Doubles x) {
    const __m512d lanes = reinterpret_cast<__m512d>(x);
    return reinterpret_cast<Doubles>(_mm512_mask_sqrt_pd(lanes, 0xFF, lanes));
}
#elif defined(__AVX2__)
constexpr int kLanes = 4;
using Doubles = double __attribute__((vector_size(32)));
using Mask = long long __attribute__((vector_size(32)));
using Floats = float __attribute__((vector_size(16)));
PICKRAY_FORCE_INLINE Doubles sqrtLanes(Doubles x) {
    return reinterpret_cast<Doubles>(_mm256_sqrt_pd(reinterpret_cast<__m256d>(x)));
}
#else
#error "kernels.cpp is compiled for AVX2 or AVX-512 (without them batch.cpp loops over the scalar routine)"
#endif

constexpr double kFloatMin = 1.17549435082228750797e-38;  // std::numeric_limits<float>::min()
constexpr double kFloatMax = 3.40282346638528859812e+38;  // std::numeric_limits<float>::max()
constexpr double kInfinity = __builtin_inf();

// Masks are worked out in double only: a float widens exactly, so a comparison or finiteness test
// of widened floats answers as the float one does, and double masks need no conversion.
// One instruction each way: GCC 12 converts a generic vector in two halves and joins them. (The
// zero-masked AVX-512 forms with every lane selected: the plain ones start from an "undefined"
// register, which GCC 12 reports as uninitialised.)
PICKRAY_FORCE_INLINE Doubles widen(Floats x) {
#if defined(__AVX512F__)
    return reinterpret_cast<Doubles>(_mm512_maskz_cvtps_pd(0xFF, reinterpret_cast<__m256>(x)));
#else
    return reinterpret_cast<Doubles>(_mm256_cvtps_pd(reinterpret_cast<__m128>(x)));
#endif
}
PICKRAY_FORCE_INLINE Floats narrow(Doubles x) {
#if defined(__AVX512F__)
    return reinterpret_cast<Floats>(_mm512_maskz_cvtpd_ps(0xFF, reinterpret_cast<__m512d>(x)));
#else
    return reinterpret_cast<Floats>(_mm256_cvtpd_ps(reinterpret_cast<__m256d>(x)));
#endif
}

PICKRAY_FORCE_INLINE Doubles select(Mask m, Doubles a, Doubles b) {
    return reinterpret_cast<Doubles>((reinterpret_cast<Mask>(a) & m) | (reinterpret_cast<Mask>(b) & ~m));
}

/// Per lane: m ? a : b, for masks.
PICKRAY_FORCE_INLINE Mask selectMask(Mask m, Mask a, Mask b) { return (a & m) | (b & ~m); }

/// std::min(a, b) per lane: b where b < a, otherwise a (so a NaN on either side gives a, and of two
/// equal zeros of either sign a is kept). std::max(a, b): a unless a < b. These are exactly the
/// MINPD and MAXPD instructions with the operands swapped (they return their second operand unless
/// the first is strictly less, or greater), one instruction instead of a comparison and a select.
/// The intrinsics keep that operand order (GCC reorders min and max only under -ffinite-math-only
/// without signed zeros).
#if defined(__AVX512F__)
PICKRAY_FORCE_INLINE Doubles minLikeStd(Doubles a, Doubles b) {
    return reinterpret_cast<Doubles>(
        _mm512_maskz_min_pd(0xFF, reinterpret_cast<__m512d>(b), reinterpret_cast<__m512d>(a)));
}
PICKRAY_FORCE_INLINE Doubles maxLikeStd(Doubles a, Doubles b) {
    return reinterpret_cast<Doubles>(
        _mm512_maskz_max_pd(0xFF, reinterpret_cast<__m512d>(b), reinterpret_cast<__m512d>(a)));
}
#else
PICKRAY_FORCE_INLINE Doubles minLikeStd(Doubles a, Doubles b) {
    return reinterpret_cast<Doubles>(_mm256_min_pd(reinterpret_cast<__m256d>(b), reinterpret_cast<__m256d>(a)));
}
PICKRAY_FORCE_INLINE Doubles maxLikeStd(Doubles a, Doubles b) {
    return reinterpret_cast<Doubles>(_mm256_max_pd(reinterpret_cast<__m256d>(b), reinterpret_cast<__m256d>(a)));
}
#endif

/// Whether any lane of `m` is set: lets a kernel skip the rest of its work when every lane has
/// already missed, as the scalar routine's early return does.
PICKRAY_FORCE_INLINE bool any(Mask m) {
#if defined(__AVX512F__)
    return _mm512_test_epi64_mask(reinterpret_cast<__m512i>(m), reinterpret_cast<__m512i>(m)) != 0;
#else
    return _mm256_movemask_pd(reinterpret_cast<__m256d>(m)) != 0;
#endif
}

/// x is finite: x − x is 0 for finite x and NaN otherwise (as isFinite / std::isfinite).
PICKRAY_FORCE_INLINE Mask isFinite(Doubles x) { return x - x == 0.0; }
/// isValidRadius (finite, not negative; NaN fails) as two comparisons; r is a widened float.
PICKRAY_FORCE_INLINE Mask isValidRadius(Doubles r) { return (r >= 0.0) & (r <= kFloatMax); }

/// Every lane `value`, converted to the lanes' element type (exactly, for a float widened).
template <typename Lane, typename Value>
PICKRAY_FORCE_INLINE Lane splat(Value value) {
    using Element = __typeof__(Lane{}[0]);
    Lane lanes{};
    for (int i = 0; i < kLanes; ++i) lanes[i] = static_cast<Element>(value);
    return lanes;
}

struct DVec3Lanes {
    Doubles x, y, z;
};
/// One comparison for three components: x − x is 0 for finite x and NaN otherwise, and a NaN
/// anywhere makes the sum NaN. (Three comparisons ANDed become a chain of masked compares, each
/// waiting for the last: it was the longest chain in the box kernel.)
PICKRAY_FORCE_INLINE Mask isFinite(const DVec3Lanes& v) { return (v.x - v.x) + (v.y - v.y) + (v.z - v.z) == 0.0; }
/// glm::dot's order: (x + y) + z.
PICKRAY_FORCE_INLINE Doubles dot(const DVec3Lanes& a, const DVec3Lanes& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/// kLanes consecutive structs of floats, loaded with whole-vector loads, and their fields taken
/// out as lanes by permutes. (Building a field's vector element by element from memory costs a
/// load and a shuffle per element, and a gather instruction more; docs/PERFORMANCE.md.)
template <typename Struct>
class Block {
public:
    static constexpr int kStride = static_cast<int>(sizeof(Struct) / sizeof(float));  // floats per struct
    static_assert(sizeof(Struct) % sizeof(float) == 0);

    explicit Block(const Struct* items) {
        // Whole vectors, the last one filled only as far as the block goes (never read past it).
        constexpr std::size_t bytes = sizeof(Struct) * kLanes;
        constexpr std::size_t full = bytes / sizeof(Wide);
        // Unaligned vector loads rather than one memcpy, so that the vectors can stay in registers.
        const float* floats = reinterpret_cast<const float*>(items);
        for (std::size_t k = 0; k < full; ++k) {
#if defined(__AVX512F__)
            wide_[k] = reinterpret_cast<Wide>(_mm512_loadu_ps(floats + k * kWide));
#else
            wide_[k] = reinterpret_cast<Wide>(_mm256_loadu_ps(floats + k * kWide));
#endif
        }
        if constexpr (bytes % sizeof(Wide) != 0) {
#if defined(__AVX512F__)
            // A masked load reads only the floats it keeps. (A memcpy into a zeroed vector goes
            // through the stack, and the vector's load then waits for the copy's stores.)
            constexpr int rest = static_cast<int>(bytes % sizeof(Wide) / sizeof(float));
            wide_[full] = reinterpret_cast<Wide>(
                _mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << rest) - 1), floats + full * kWide));
#else
            wide_[full] = Wide{};
            __builtin_memcpy(&wide_[full], reinterpret_cast<const unsigned char*>(items) + full * sizeof(Wide),
                             bytes % sizeof(Wide));
#endif
        }
    }
    /// The float at index `field` of each struct, as it is and widened to double.
    template <int field>
    PICKRAY_FORCE_INLINE Floats floats() const {
        return take<field>(std::make_integer_sequence<int, kLanes>{});
    }
    template <int field>
    PICKRAY_FORCE_INLINE Doubles lanes() const {
        return widen(floats<field>());
    }
    template <int field>
    PICKRAY_FORCE_INLINE DVec3Lanes vec3() const {
        return {lanes<field>(), lanes<field + 1>(), lanes<field + 2>()};
    }

private:
    using Wide = float __attribute__((vector_size(2 * sizeof(Floats))));
    static constexpr int kWide = 2 * kLanes;  // floats per Wide
    static constexpr int kWides = static_cast<int>((sizeof(Struct) * kLanes + sizeof(Wide) - 1) / sizeof(Wide));
    /// Where lane k's copy of `field` is among the block's floats.
    static constexpr int at(int field, int k) { return field + kStride * k; }
    /// With AVX-512, two-input permutes, one instruction each: the lanes found in the first two
    /// vectors, those in the third (and fourth), and one more instruction to merge them. (For three
    /// vectors the compiler's own choice, from generic shuffles, beat explicit masked permutes.)
    /// With AVX2, which has no two-input float permute, the compiler builds the
    /// vector element by element from registers.
    template <int field, int... K>
    PICKRAY_FORCE_INLINE Floats take(std::integer_sequence<int, K...>) const {
#if defined(__AVX512F__)
        constexpr int pair = 2 * kWide;  // floats in the first two Wides
        if constexpr (kWides <= 3) {
            const Floats low = __builtin_shufflevector(wide_[0], wide_[kWides > 1 ? 1 : 0],
                                                       (at(field, K) < pair ? at(field, K) : 0)...);
            if constexpr (at(field, kLanes - 1) < pair) {
                return low;
            } else {
                const Floats high =
                    __builtin_shufflevector(wide_[2], wide_[2], (at(field, K) >= pair ? at(field, K) - pair : 0)...);
                return __builtin_shufflevector(low, high, (at(field, K) < pair ? K : kLanes + K)...);
            }
        } else {
            static_assert(kWides == 4);
            // Indices into a pair of Wides (bit 4 picks the second) for lanes 0..7; 8..15 unused.
            using Indices = int __attribute__((vector_size(64)));
            const __m512i index = reinterpret_cast<__m512i>(Indices{(at(field, K) % pair)..., 0, 0, 0, 0, 0, 0, 0, 0});
            const __m512 low = _mm512_permutex2var_ps(wide(0), index, wide(1));
            const __m512 high = _mm512_permutex2var_ps(wide(2), index, wide(3));
            constexpr unsigned highLanes = ((at(field, K) >= pair ? 1u << K : 0u) | ...);
            return lowHalf(_mm512_mask_blend_ps(static_cast<__mmask16>(highLanes), low, high));
        }
#else
        return Floats{wide_[at(field, K) / kWide][at(field, K) % kWide]...};
#endif
    }
#if defined(__AVX512F__)
    PICKRAY_FORCE_INLINE __m512 wide(int k) const { return reinterpret_cast<__m512>(wide_[k]); }
    // (_mm512_castps512_ps256 starts from an "undefined" register, which GCC 12 reports.)
    PICKRAY_FORCE_INLINE static Floats lowHalf(__m512 v) {
        const Wide w = reinterpret_cast<Wide>(v);
        return __builtin_shufflevector(w, w, 0, 1, 2, 3, 4, 5, 6, 7);
    }
#endif
    Wide wide_[static_cast<std::size_t>(kWides)];
};

/// A ray in lanes, with what every kernel needs of it worked out once.
struct RayLanes {
    DVec3Lanes origin;
    DVec3Lanes direction;
    Doubles lengthSquared;         // |direction|² in double
    Doubles inverseLengthSquared;  // 1 / lengthSquared
    Mask valid;                    // isValidRay
    Mask nearOrigin;               // every |origin component| <= kNearOrigin (see crossingT)
    /// One ray in every lane (one ray against many shapes), a constant in each loop. There whole
    /// blocks often miss, and the kernels stop early when they do; with a ray per lane (pairs)
    /// about half the lanes of a block hit, and the kernels skip the test.
    bool sameInEveryLane;
};

/// The bits of |x|, which order as |x| does (a NaN's above every number's): a maximum or a bound
/// on magnitudes in integer instructions.
PICKRAY_FORCE_INLINE Doubles abs(Doubles x) {
    return reinterpret_cast<Doubles>(reinterpret_cast<Mask>(x) & splat<Mask>(0x7fffffffffffffffLL));
}
PICKRAY_FORCE_INLINE Mask magnitudeBits(Doubles x) { return reinterpret_cast<Mask>(abs(x)); }
PICKRAY_FORCE_INLINE Mask largerBits(Mask x, Mask y) { return x < y ? y : x; }
PICKRAY_FORCE_INLINE Mask bitsOf(double x) { return splat<Mask>(__builtin_bit_cast(long long, x)); }

constexpr double kNearOrigin = 0x1p100;

/// `dx`, `dy`, `dz`: the direction's floats, as the ray holds them.
/// Whether a shape's kernel uses the ray's |direction|² in double (the round shapes do, the boxes do
/// not): the validity test below then starts from it instead of the float one, which saves work
/// for round shapes and would add work for boxes.
template <typename Shape>
constexpr bool kUsesLengthSquared = true;

PICKRAY_FORCE_INLINE RayLanes rayLanes(const DVec3Lanes& origin, Floats dx, Floats dy, Floats dz, bool sameInEveryLane,
                                       bool validFromLengthSquared) {
    RayLanes ray;
    ray.sameInEveryLane = sameInEveryLane;
    ray.origin = origin;
    ray.direction = {widen(dx), widen(dy), widen(dz)};
    ray.lengthSquared = dot(ray.direction, ray.direction);
    ray.inverseLengthSquared = 1.0 / ray.lengthSquared;
    // isValidRay: finite origin, and |direction|² formed in float a normal finite float. The float
    // sum's three roundings (and any products that underflow) move it from the double one by a
    // relative 2^-22 at most, so where the double one lies in [2^-125, 2^127] the float one is
    // plainly normal and finite; only a block with a lane outside that works the float one out.
    Mask directionValid = splat<Mask>(0LL);
    if (validFromLengthSquared) directionValid = (ray.lengthSquared >= 0x1p-125) & (ray.lengthSquared <= 0x1p127);
    if (!validFromLengthSquared || any(~directionValid)) {
        const Doubles floatLengthSquared = widen(dx * dx + dy * dy + dz * dz);
        directionValid = (floatLengthSquared >= kFloatMin) & (floatLengthSquared <= kFloatMax);
    }
    const Mask originMagnitude =
        largerBits(largerBits(magnitudeBits(origin.x), magnitudeBits(origin.y)), magnitudeBits(origin.z));
    ray.valid = (originMagnitude < bitsOf(kInfinity)) & directionValid;
    ray.nearOrigin = originMagnitude <= bitsOf(kNearOrigin);
    return ray;
}

template <typename Shape>
PICKRAY_FORCE_INLINE RayLanes loadRays(const pickray::Ray* rays) {
    const Block<pickray::Ray> block(rays);  // origin x y z, direction x y z
    return rayLanes(block.vec3<0>(), block.floats<3>(), block.floats<4>(), block.floats<5>(), false,
                    kUsesLengthSquared<Shape>);
}

PICKRAY_FORCE_INLINE RayLanes splatRay(const pickray::Ray& ray) {
    const DVec3Lanes origin{splat<Doubles>(ray.origin.x), splat<Doubles>(ray.origin.y), splat<Doubles>(ray.origin.z)};
    return rayLanes(origin, splat<Floats>(ray.direction.x), splat<Floats>(ray.direction.y),
                    splat<Floats>(ray.direction.z), true, false);
}

/// clipToSlab(span, z0, dz, lo, hi, lowPlane, highPlane) (detail/common.hpp) in lanes: dz == 0
/// keeps the span and passes where lo <= z0 <= hi; otherwise one reciprocal, the two plane
/// crossings (lo − z0, not −z0: 0 − 0 is +0), std::min/std::max of them, the ">=" / "<="
/// tightening, then span.enter <= span.exit. The plane a tightened bound lies on is
/// `forward ? lowPlane : highPlane` for enter and the other one for exit; a bound not tightened
/// (or any bound where dz == 0) keeps the span's surface.
struct SlabClipLanes {
    Mask nonEmpty;        // clipToSlab's answer
    Doubles enter, exit;  // the span after it
    Mask tightensEnter;   // enterSurface was set to a plane (never where dz == 0)
    Mask tightensExit;    // exitSurface was set to a plane
    Mask forward;         // dz > 0
};

PICKRAY_FORCE_INLINE SlabClipLanes clipToSlab(Doubles spanEnter, Doubles spanExit, Doubles z0, Doubles dz, Doubles lo,
                                              Doubles hi) {
    SlabClipLanes clip;
    const Mask parallel = dz == 0.0;
    const Doubles inverse = 1.0 / dz;
    const Doubles tLo = (lo - z0) * inverse;
    const Doubles tHi = (hi - z0) * inverse;
    clip.forward = dz > 0.0;
    const Doubles enter = minLikeStd(tLo, tHi);
    const Doubles exit = maxLikeStd(tLo, tHi);
    clip.tightensEnter = ~parallel & (enter >= spanEnter);
    clip.tightensExit = ~parallel & (exit <= spanExit);
    clip.enter = select(clip.tightensEnter, enter, spanEnter);
    clip.exit = select(clip.tightensExit, exit, spanExit);
    clip.nonEmpty = selectMask(parallel, (z0 >= lo) & (z0 <= hi), clip.enter <= clip.exit);
    return clip;
}

/// |x| < this exactly when x rounds to a finite float: it is the midpoint between the largest float
/// and 2^128, which round-to-nearest-even sends up (the largest float's last bit is odd). NaN fails
/// the comparison too. One comparison instead of narrowing, widening and testing.
constexpr double kFloatOverflow = 0x1.ffffffp127;
/// roundsToFiniteFloat for all four at once, as one comparison: the largest of the four |x| as
/// integers is below kFloatOverflow's bits exactly when each |x| is below it.
PICKRAY_FORCE_INLINE Mask allRoundToFiniteFloats(Doubles a, Doubles b, Doubles c, Doubles d) {
    const Mask largest =
        largerBits(largerBits(magnitudeBits(a), magnitudeBits(b)), largerBits(magnitudeBits(c), magnitudeBits(d)));
    return largest < bitsOf(kFloatOverflow);
}

/// firstCrossing + hitT (detail/common.hpp) for spans whose lanes are `found`: the t to return,
/// rounded to float (held in double), or +infinity.
PICKRAY_FORCE_INLINE Doubles crossingT(const RayLanes& ray, Mask found, Doubles enter, Doubles exit, Doubles tMax) {
    const Doubles t = select(enter >= 0.0, enter, exit);
    const Doubles rounded = widen(narrow(t));
    const Doubles answer = rounded + 0.0;  // −0 as +0, as firstCrossing
    // t >= 0 && t < inf, rounded <= tMax, and t and origin + t·direction finite as floats.
    const Mask crosses = found & (t >= 0.0) & (rounded <= tMax);
    // The last two hold without being worked out where t <= 2^60 and |origin| <= 2^100: a valid
    // ray's |direction| is below 2^64.1 (its |direction|² in float is at most FLT_MAX), so every
    // |origin + t·direction| component is below 2^125, far under FLT_MAX. Picking never comes close.
    const Mask plainlyFinite = ray.nearOrigin & (t <= 0x1p60);
    if (!any(crosses & ~plainlyFinite)) return select(crosses, answer, splat<Doubles>(kInfinity));
    const Mask finite = allRoundToFiniteFloats(t, ray.origin.x + t * ray.direction.x,
                                               ray.origin.y + t * ray.direction.y, ray.origin.z + t * ray.direction.z);
    return select(crosses & finite, answer, splat<Doubles>(kInfinity));
}

// ---- Loops ------------------------------------------------------------------------------------

PICKRAY_FORCE_INLINE void store(float* out, Doubles t) {
    const Floats rounded = narrow(t);  // exact: t is a float or infinity
    __builtin_memcpy(out, &rounded, sizeof rounded);
}
void store(float* out, Doubles t, std::size_t count) {
    const Floats rounded = narrow(t);
    for (std::size_t i = 0; i < count; ++i) out[i] = rounded[static_cast<int>(i)];
}

/// kLanes copies of T in raw storage: declaring T[kLanes] would run T's (inline, GLM) default
/// constructor, whose out-of-line copy in an unoptimised build would be compiled for this file's
/// instruction set and might be the one the linker keeps.
template <typename T>
struct Padded {
    alignas(T) unsigned char bytes[sizeof(T) * kLanes];
    void set(std::size_t k, const T& value) { __builtin_memcpy(bytes + k * sizeof(T), &value, sizeof(T)); }
    const T* data() const { return reinterpret_cast<const T*>(bytes); }
};

/// The loops: kLanes answers at a time; a last partial block is padded with copies of its first
/// entry, and only its real answers are stored.
template <typename Shape, typename LoadShapes, typename Kernel>
void oneRay(const pickray::Ray& ray, const Shape* shapes, float* t, std::size_t count, LoadShapes loadShapes,
            Kernel kernel) {
    const RayLanes lanes = splatRay(ray);
    constexpr std::size_t width = kLanes;
    std::size_t i = 0;
    for (; i + width <= count; i += width) {
        store(t + i, kernel(lanes, loadShapes(shapes + i)));
    }
    if (i == count) return;
    Padded<Shape> padded;
    for (std::size_t k = 0; k < width; ++k) padded.set(k, shapes[i + k < count ? i + k : i]);
    store(t + i, kernel(lanes, loadShapes(padded.data())), count - i);
}

template <typename Shape, typename LoadShapes, typename Kernel>
void pairs(const pickray::Ray* rays, const Shape* shapes, float* t, std::size_t count, LoadShapes loadShapes,
           Kernel kernel) {
    constexpr std::size_t width = kLanes;
    std::size_t i = 0;
    for (; i + width <= count; i += width) {
        store(t + i, kernel(loadRays<Shape>(rays + i), loadShapes(shapes + i)));
    }
    if (i == count) return;
    Padded<Shape> padded;
    Padded<pickray::Ray> paddedRays;
    for (std::size_t k = 0; k < width; ++k) {
        const std::size_t from = i + k < count ? i + k : i;
        padded.set(k, shapes[from]);
        paddedRays.set(k, rays[from]);
    }
    store(t + i, kernel(loadRays<Shape>(paddedRays.data()), loadShapes(padded.data())), count - i);
}

/// A shape's two batch forms from its kernel `kernel(RayLanes, ShapeLanes, tMax lanes) -> t lanes`
/// and its loader `load(const Shape*) -> ShapeLanes`.
template <typename Shape, auto load, auto kernel>
pickray::batch_detail::ShapeKernels<Shape> shapeKernels() {
    return {
        [](const pickray::Ray& ray, const Shape* shapes, float* t, std::size_t count, float tMax) {
            const Doubles tMaxLanes = splat<Doubles>(tMax);
            oneRay(
                ray, shapes, t, count, load, [&](const RayLanes& r, const auto& s) __attribute__((always_inline)) {
                    return kernel(r, s, tMaxLanes);
                });
        },
        [](const pickray::Ray* rays, const Shape* shapes, float* t, std::size_t count, float tMax) {
            const Doubles tMaxLanes = splat<Doubles>(tMax);
            pairs(
                rays, shapes, t, count, load, [&](const RayLanes& r, const auto& s) __attribute__((always_inline)) {
                    return kernel(r, s, tMaxLanes);
                });
        },
    };
}
