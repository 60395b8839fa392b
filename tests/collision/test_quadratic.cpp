// SPDX-License-Identifier: MIT
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "pickray/collision/quadratic.hpp"

namespace pickray {
namespace {

TEST(SolveWithinRadius, CrossingThroughCentre) {
    // |(-5,0,0) + t(1,0,0)| <= 2  ->  t in [3, 7]
    const auto span = solveWithinRadius({-5, 0, 0}, {1, 0, 0}, 2.0);
    ASSERT_TRUE(span);
    EXPECT_DOUBLE_EQ(span->enter, 3.0);
    EXPECT_DOUBLE_EQ(span->exit, 7.0);
}

TEST(SolveWithinRadius, OffsetLineUsesHalfChord) {
    // Line y = 1 through a radius-2 circle: half chord sqrt(3), centred on t = 5.
    const auto span = solveWithinRadius({-5, 1, 0}, {1, 0, 0}, 2.0);
    ASSERT_TRUE(span);
    EXPECT_DOUBLE_EQ(span->enter, 5.0 - std::sqrt(3.0));
    EXPECT_DOUBLE_EQ(span->exit, 5.0 + std::sqrt(3.0));
}

TEST(SolveWithinRadius, MissIsEmpty) { EXPECT_FALSE(solveWithinRadius({-5, 3, 0}, {1, 0, 0}, 2.0)); }

TEST(SolveWithinRadius, TangentTouchesOnce) {
    const auto span = solveWithinRadius({-5, 2, 0}, {1, 0, 0}, 2.0);
    ASSERT_TRUE(span);
    EXPECT_DOUBLE_EQ(span->enter, 5.0);
    EXPECT_DOUBLE_EQ(span->exit, 5.0);
}

TEST(SolveWithinRadius, ZeroLeadingTermInsideIsUnbounded) {
    // v = 0: the "quadratic" is the constant |p|² — the a == 0 case is solved, not refused.
    const auto span = solveWithinRadius({1, 0, 0}, {0, 0, 0}, 2.0);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, -std::numeric_limits<double>::infinity());
    EXPECT_EQ(span->exit, std::numeric_limits<double>::infinity());
}

TEST(SolveWithinRadius, ZeroLeadingTermOutsideIsEmpty) { EXPECT_FALSE(solveWithinRadius({3, 0, 0}, {0, 0, 0}, 2.0)); }

TEST(SolveWithinRadius, NegativeOrNanRadiusIsEmpty) {
    EXPECT_FALSE(solveWithinRadius({0, 0, 0}, {1, 0, 0}, -1.0));
    EXPECT_FALSE(solveWithinRadius({0, 0, 0}, {1, 0, 0}, std::numeric_limits<double>::quiet_NaN()));
}

TEST(SolveWithinRadius, ZeroRadiusThroughTheCentre) {
    const auto span = solveWithinRadius({-4, 0, 0}, {2, 0, 0}, 0.0);
    ASSERT_TRUE(span);
    EXPECT_DOUBLE_EQ(span->enter, 2.0);
    EXPECT_DOUBLE_EQ(span->exit, 2.0);
}

TEST(SolveWithinRadius, FarStartKeepsPrecision) {
    // Start 1e7 away from a unit circle: the textbook b² − ac form loses every digit of the half
    // chord in float; the closest-approach form keeps it to double rounding.
    const double far = 1e7;
    const auto span = solveWithinRadius({-far, 0.5, 0}, {1, 0, 0}, 1.0);
    ASSERT_TRUE(span);
    const double halfChord = std::sqrt(0.75);
    EXPECT_NEAR(span->enter, far - halfChord, 1e-8);
    EXPECT_NEAR(span->exit, far + halfChord, 1e-8);
}

}  // namespace
}  // namespace pickray
