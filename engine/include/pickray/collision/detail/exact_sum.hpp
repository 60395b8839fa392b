// SPDX-License-Identifier: MIT
#pragma once
// Exact sums and products of doubles as floating-point expansions (Shewchuk, "Adaptive Precision
// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997): a value is held as the
// exact sum of doubles whose bits do not overlap, smallest first. Used where a distance is a
// cancelling sum of products of the float inputs (nearly parallel lines): the sum is formed
// exactly and rounded once.
//
// Needs IEEE double arithmetic with each operation rounded (no fused multiply-add: pickray is
// built with -ffp-contract=off) and no overflow: the splitting in twoProduct holds below 2^996,
// far above anything formed from floats here (at most about 2^520).

#include <array>
#include <cmath>
#include <cstddef>

#include <glm/vec3.hpp>

#include "pickray/config.hpp"

namespace pickray::detail::exact {

struct TwoDoubles {
    double high, low;  ///< high + low exactly, high = the rounded sum or product
};

/// a + b = high + low exactly (Knuth's TwoSum: any order of magnitudes).
inline TwoDoubles twoSum(double a, double b) noexcept {
    const double sum = a + b;
    const double bVirtual = sum - a;
    const double aVirtual = sum - bVirtual;
    return {sum, (a - aVirtual) + (b - bVirtual)};
}

/// a = high + low with each half of at most 26 significant bits (Veltkamp's splitting).
inline TwoDoubles split(double a) noexcept {
    constexpr double kSplitter = 134217729.0;  // 2^27 + 1
    const double c = kSplitter * a;
    const double high = c - (c - a);
    return {high, a - high};
}

/// a · b = high + low exactly (Dekker's TwoProduct, without a fused multiply-add).
inline TwoDoubles twoProduct(double a, double b) noexcept {
    const double product = a * b;
    const TwoDoubles x = split(a);
    const TwoDoubles y = split(b);
    const double error = product - x.high * y.high - x.low * y.high - x.high * y.low;
    return {product, x.low * y.low - error};
}

/// An exact value: the sum of `size()` non-overlapping doubles, smallest magnitude first, zeros
/// left out. Capacity is fixed; the functions below say how many components their results need.
template <std::size_t kCapacity>
class Expansion {
public:
    Expansion() = default;
    explicit Expansion(double value) noexcept {
        if (value != 0.0) push(value);
    }

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] double operator[](std::size_t i) const noexcept { return terms_[i]; }
    [[nodiscard]] bool isZero() const noexcept { return size_ == 0; }

    void push(double term) noexcept { terms_[size_++] = term; }

    /// The value rounded to a double, with relative error below 2^-52 (Shewchuk's Compress: after
    /// it the largest component is within one unit in its last place of the whole).
    [[nodiscard]] double estimate() const noexcept {
        if (size_ == 0) return 0.0;
        std::array<double, kCapacity> g{};
        std::size_t bottom = size_ - 1;
        double q = terms_[size_ - 1];
        for (std::size_t i = size_ - 1; i-- > 0;) {
            const TwoDoubles s = twoSum(q, terms_[i]);
            if (s.low != 0.0) {
                g[bottom--] = s.high;
                q = s.low;
            } else {
                q = s.high;
            }
        }
        g[bottom] = q;
        double top = q;
        for (std::size_t i = bottom + 1; i < size_; ++i) top = twoSum(g[i], top).high;
        return top;
    }

private:
    std::array<double, kCapacity> terms_{};
    std::size_t size_ = 0;
};

/// e + b exactly (Shewchuk's Grow-Expansion), in place: one component more at most. The caller's
/// capacity covers it (each function below states the count its result needs).
template <std::size_t k>
void add(Expansion<k>& e, double b) noexcept {
    Expansion<k> out;
    double q = b;
    for (std::size_t i = 0; i < e.size(); ++i) {
        const TwoDoubles s = twoSum(q, e[i]);
        if (s.low != 0.0) out.push(s.low);
        q = s.high;
    }
    if (q != 0.0) out.push(q);
    e = out;
}

/// e + f exactly: at most e.size() + f.size() components.
template <std::size_t kOut, std::size_t kE, std::size_t kF>
Expansion<kOut> plus(const Expansion<kE>& e, const Expansion<kF>& f) noexcept {
    static_assert(kOut >= kE + kF);
    Expansion<kOut> out;
    for (std::size_t i = 0; i < e.size(); ++i) out.push(e[i]);
    for (std::size_t j = 0; j < f.size(); ++j) add(out, f[j]);
    return out;
}

/// e · b exactly (Shewchuk's Scale-Expansion): at most 2·e.size() components.
template <std::size_t kOut, std::size_t kIn>
Expansion<kOut> times(const Expansion<kIn>& e, double b) noexcept {
    static_assert(kOut >= 2 * kIn);
    Expansion<kOut> out;
    if (e.size() == 0 || b == 0.0) return out;
    TwoDoubles p = twoProduct(e[0], b);
    if (p.low != 0.0) out.push(p.low);
    double q = p.high;
    for (std::size_t i = 1; i < e.size(); ++i) {
        const TwoDoubles t = twoProduct(e[i], b);
        const TwoDoubles s = twoSum(q, t.low);
        if (s.low != 0.0) out.push(s.low);
        const TwoDoubles u = twoSum(t.high, s.high);
        if (u.low != 0.0) out.push(u.low);
        q = u.high;
    }
    if (q != 0.0) out.push(q);
    return out;
}

/// e · f exactly: at most 2·e.size()·f.size() components.
template <std::size_t kOut, std::size_t kE, std::size_t kF>
Expansion<kOut> times(const Expansion<kE>& e, const Expansion<kF>& f) noexcept {
    static_assert(kOut >= 2 * kE * kF);
    Expansion<kOut> out;
    for (std::size_t j = 0; j < f.size(); ++j) {
        const Expansion<2 * kE> part = times<2 * kE>(e, f[j]);
        for (std::size_t i = 0; i < part.size(); ++i) add(out, part[i]);
    }
    return out;
}

/// −e exactly.
template <std::size_t k>
Expansion<k> negated(const Expansion<k>& e) noexcept {
    Expansion<k> out;
    for (std::size_t i = 0; i < e.size(); ++i) out.push(-e[i]);
    return out;
}

/// An exact vector whose components are expansions of at most k doubles.
template <std::size_t k>
using Vec3 = std::array<Expansion<k>, 3>;

/// u × v for float vectors, exactly: each product of two floats is exact in double, and each
/// component is the exact difference of two of them.
inline Vec3<2> cross(glm::vec3 u, glm::vec3 v) noexcept {
    const auto term = [](float a, float b, float c, float d) {
        Expansion<2> e(static_cast<double>(a) * static_cast<double>(b));
        add(e, -(static_cast<double>(c) * static_cast<double>(d)));
        return e;
    };
    return {term(u.y, v.z, u.z, v.y), term(u.z, v.x, u.x, v.z), term(u.x, v.y, u.y, v.x)};
}

/// The sign of an exact value: −1, 0 or +1. The components do not overlap and the largest comes
/// last, so it alone carries the sign.
template <std::size_t k>
int sign(const Expansion<k>& e) noexcept {
    if (e.isZero()) return 0;
    return e[e.size() - 1] > 0.0 ? 1 : -1;
}

/// det[c0 c1 c2] = c0 · (c1 × c2) for float columns, exactly.
inline Expansion<12> determinant(glm::vec3 c0, glm::vec3 c1, glm::vec3 c2) noexcept {
    const Vec3<2> n = cross(c1, c2);
    return plus<12>(plus<8>(times<4>(n[0], static_cast<double>(c0.x)), times<4>(n[1], static_cast<double>(c0.y))),
                    times<4>(n[2], static_cast<double>(c0.z)));
}

/// The exact sign of det[c0 c1 c2] for float columns: −1, 0 or +1.
inline int determinantSign(glm::vec3 c0, glm::vec3 c1, glm::vec3 c2) noexcept { return sign(determinant(c0, c1, c2)); }

}  // namespace pickray::detail::exact
