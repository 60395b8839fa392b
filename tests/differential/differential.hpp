// SPDX-License-Identifier: MIT
#pragma once
// What the differential tests share (tests/differential/*.cpp): float-to-reference conversions,
// deterministic random numbers, and the bounds every comparison is judged by, with the report of
// their measured worst.
//
// Every bound is written as limit·u·scale: u = 2^-24 is the unit roundoff of float (a rounding to
// float moves x by at most u·|x|), scale is a sum of the case's own magnitudes that the float and
// double operations of the library act on, and limit is the number of such roundings the
// operations allow. The derivations stand next to the checks that use them.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "reference/reference.hpp"
#include "support/case_scale.hpp"

namespace pickdiff {

using pickref::Real;
using pickref::Vec;

/// The unit roundoff of float: rounding x to float moves it by at most u·|x|.
constexpr Real kU = 0x1p-24L;
/// The double-precision stage of a routine, in units of u: each routine does a few dozen double
/// operations between its float inputs and its float answer, each rounding by 2^-53 of numbers no
/// larger than the magnitudes in play. Their sum is taken as 64 roundings of 2^-53, 2^-23·u.
constexpr Real kDoubleStage = 0x1p-23L;
/// The long-double reference's own rounding, per operation (2^-63 on x86-64, 2^-112 where long
/// double is quad precision, as on aarch64).
constexpr Real kRefEpsilon = std::numeric_limits<Real>::epsilon();
/// The reference's arithmetic on the same magnitudes, in units of u: a dozen long-double roundings
/// (16 epsilon), negligible beside kDoubleStage where long double is wider than double.
constexpr Real kReferenceStage = 16 * kRefEpsilon / kU;
constexpr Real kInf = std::numeric_limits<Real>::infinity();
constexpr int kMaxExamples = 6;  // reproducers printed per test and kind of failure

// ---- Conversions (float inputs are converted exactly) -------------------------------------------

inline Vec ref(glm::vec3 v) { return {static_cast<Real>(v.x), static_cast<Real>(v.y), static_cast<Real>(v.z)}; }
inline Real ref(float v) { return static_cast<Real>(v); }
inline glm::vec3 toFloat(glm::dvec3 v) {
    return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)};
}
inline glm::dvec3 toDouble(Vec v) {
    return {static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)};
}
inline bool finite(glm::vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
inline Real norm(glm::vec3 v) { return pickref::length(ref(v)); }

inline std::string str(glm::vec3 v) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "{%.9g, %.9g, %.9g}", static_cast<double>(v.x), static_cast<double>(v.y),
                  static_cast<double>(v.z));
    return buf;
}
inline std::string str(float v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    return buf;
}
inline std::string str(Vec v) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "{%.12Lg, %.12Lg, %.12Lg}", v.x, v.y, v.z);
    return buf;
}

// ---- Deterministic random numbers (own distributions: std ones differ between libraries) --------
// Every draw is sequenced: no expression here or in the tests makes two draws whose order C++
// leaves to the compiler (operands of one operator, arguments of one call).

class Rng {
public:
    explicit Rng(std::uint32_t seed) : gen_(seed) {}

    double uniform() {  // [0, 1), 53 bits
        const auto hi = static_cast<std::uint64_t>(gen_() >> 5);
        const auto lo = static_cast<std::uint64_t>(gen_() >> 6);
        return static_cast<double>((hi << 26) | lo) * 0x1.0p-53;
    }
    double uniform(double a, double b) { return a + (b - a) * uniform(); }
    double logUniform(double a, double b) { return a * std::pow(b / a, uniform()); }
    bool chance(double p) { return uniform() < p; }
    int index(int n) { return std::min(n - 1, static_cast<int>(uniform() * n)); }
    double sign() { return chance(0.5) ? 1.0 : -1.0; }
    double normal() {
        const double u1 = 1.0 - uniform();  // (0, 1]
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    glm::dvec3 unit() {
        for (;;) {
            const double x = normal();
            const double y = normal();
            const double z = normal();
            const glm::dvec3 v(x, y, z);
            const double l = glm::length(v);
            if (l > 1e-6) {
                return v / l;
            }
        }
    }
    glm::dvec3 inBall() {
        const glm::dvec3 u = unit();
        return u * std::cbrt(uniform());
    }
    /// Three draws of uniform() (or logUniform(a, b)), in order.
    glm::dvec3 uniform3() {
        const double x = uniform();
        const double y = uniform();
        return {x, y, uniform()};
    }
    glm::dvec3 logUniform3(double a, double b) {
        const double x = logUniform(a, b);
        const double y = logUniform(a, b);
        return {x, y, logUniform(a, b)};
    }
    /// A unit vector times a length drawn after it.
    glm::dvec3 unitTimes(double scale, double a, double b) {
        const glm::dvec3 u = unit();
        return u * (scale * logUniform(a, b));
    }
    glm::dvec3 inCube() { return {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)}; }
    /// A unit vector perpendicular to the unit vector `axis`.
    glm::dvec3 perpendicular(glm::dvec3 axis) {
        for (;;) {
            const glm::dvec3 v = glm::cross(axis, unit());
            const double l = glm::length(v);
            if (l > 1e-3) {
                return v / l;
            }
        }
    }

private:
    std::mt19937 gen_;
};

inline int scaled(int count) { return pickray::test::scaledCaseCount(count); }

// ---- Bounds and their report --------------------------------------------------------------------

/// The rows of the closing summary table, one a test.
inline std::vector<std::string>& summaryRows() {
    static std::vector<std::string> rows;
    return rows;
}

/// Reproducers for the first few failures of each kind of one test.
class Reporter {
public:
    explicit Reporter(const char* name) : name_(name) {}
    void operator()(const std::string& kind, const std::string& what) {
        if (printed_[kind]++ < kMaxExamples) {
            std::printf("  [%s] %s: %s\n", name_, kind.c_str(), what.c_str());
        }
    }

private:
    const char* name_;
    std::map<std::string, int> printed_;
};

/// One derived bound, error <= limit·u·scale, and the worst error measured against it (in units of
/// u·scale, so that the headroom reads off directly).
struct Bound {
    Bound(const char* q, const char* s, Real l) : quantity(q), scaleText(s), limit(l) {}

    const char* quantity;
    const char* scaleText;  // what the scale is made of, for the report
    Real limit;
    long checks = 0;
    long fails = 0;
    Real worst = 0;
    std::string worstCase;

    /// err and scale in world units (radians for angles). Returns whether err is within the bound.
    bool check(Real err, Real scale, Reporter& report, const std::function<std::string()>& what) {
        ++checks;
        const Real ratio = err == 0 ? 0 : (scale > 0 ? err / (kU * scale) : kInf);
        if (!(ratio <= worst) || checks == 1) {
            worst = std::isnan(ratio) ? kInf : std::max(worst, ratio);
            worstCase = what();
        }
        if (ratio <= limit) {
            return true;
        }
        ++fails;
        char buf[120];
        std::snprintf(buf, sizeof buf, " (error %.3Lg = %.3Lg u·scale, bound %.3Lg)", err, ratio, limit);
        report(quantity, what() + buf);
        return false;
    }

    void print(const char* test) const {
        std::printf("precision: %-17s %-22s worst %8.3Lf u·scale, bound %6.3Lg u·scale (%ld checks; scale = %s)\n",
                    test, quantity, worst, limit, checks, scaleText);
        if (!worstCase.empty()) {
            std::printf("  worst %s: %s\n", quantity, worstCase.c_str());
        }
    }
    void expect(const char* test) const {
        EXPECT_EQ(fails, 0) << test << ": " << quantity << " over its bound in " << fails << " of " << checks
                            << " cases";
        EXPECT_LE(worst, limit) << test << ": " << quantity;
    }
};

/// What every test's statistics start with.
struct TestStats {
    explicit TestStats(const char* n) : name(n), report(n), start(std::chrono::steady_clock::now()) {}

    const char* name;
    Reporter report;
    std::chrono::steady_clock::time_point start;
    long cases = 0;
    long contract = 0;  // answers that break the query's contract
};

/// Milliseconds since `start`.
inline double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace pickdiff
