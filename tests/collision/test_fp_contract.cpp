// SPDX-License-Identifier: MIT
// The floating-point contract of ray.hpp reaches the code that includes the routines: a target
// that links pickray::collision is compiled with no fused multiply-add (the option is PUBLIC). On
// a CPU with FMA (every aarch64; scripts/test.sh's aarch64 stage runs this under emulation) GCC
// and Clang would otherwise fuse a*a - b below and keep the product's low bits.
#include <gtest/gtest.h>

#include <cmath>

namespace {

// Read at run time, so that no constant folding decides the answer.
volatile double gOnePlusTiny = 1.0 + std::ldexp(1.0, -30);

double squareMinus(double a, double b) { return a * a - b; }

}  // namespace

TEST(FloatingPointContract, ProductsAreRoundedBeforeTheyAreAdded) {
    const double a = gOnePlusTiny;
    // a² = 1 + 2^-29 + 2^-60 exactly; rounded to double, the 2^-60 is lost. A fused a*a - b keeps it.
    const double b = 1.0 + std::ldexp(1.0, -29);
    EXPECT_EQ(squareMinus(a, b), 0.0) << "a*a - b was fused into one rounding (got " << squareMinus(a, b) << ")";
}
