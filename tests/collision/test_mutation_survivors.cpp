// SPDX-License-Identifier: MIT
// Tests written for the mutants that survived scripts/mutate.sh (docs/TESTING.md, "Mutation
// check"): each names the mutant it kills.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "pickray/collision/ray_infinite_cylinder.hpp"

namespace pickray {
namespace {

// The z axis, radius 1.
const InfiniteCylinder kAxisZ{{0, 0, 0}, {0, 0, 1}, 1};

// Kills "tolerance: kAxisParallelSine tenfold smaller (1e-7)" and "... tenfold larger (1e-5)"
// (tolerances.hpp). The tolerance promises that a direction within 1e-6 of the axis counts as
// parallel and one beyond it does not; the suite's own cases sit at 1e-7 and 1e-3, far from the
// threshold on both sides, so a tenfold change either way kept them passing. These sit within a
// factor of 2 and 3 of it. The axis is a coordinate axis, so the perpendicular part of the
// direction is its x component exactly (no rounding noise): the tilt is exactly the float given.
// (The documented 1e-6, not the constant itself: a test reading the constant would follow it.)
TEST(MutationSurvivors, AxisParallelSineSeparatesTiltsAFactorOfTwoOrThreeAroundIt) {
    // Tilt 5e-7 (half the tolerance), starting on the axis: parallel, so the line never leaves.
    const Ray below{{0, 0, 0}, {5e-7f, 0, 1}};
    const auto inside = intersectLine(below, kAxisZ);
    ASSERT_TRUE(inside);
    EXPECT_EQ(inside->enter, -std::numeric_limits<float>::infinity());
    EXPECT_EQ(inside->exit, std::numeric_limits<float>::infinity());
    EXPECT_FALSE(raycast(below, kAxisZ));  // it never crosses the surface

    // Tilt s = 3e-6 (three times the tolerance): the line is at distance s·|t| from the axis, so it
    // crosses the radius-1 surface at t = ±1/s exactly (about 3.3e5). The routine computes in
    // double from the float inputs and rounds once, so the float it returns is the nearest to 1/s
    // or its neighbour: allowed, one float step of 1/s.
    const float tilt = 3e-6f;
    const Ray above{{0, 0, 0}, {tilt, 0, 1}};
    const double exact = 1.0 / static_cast<double>(tilt);
    const float nearest = static_cast<float>(exact);
    const double step = static_cast<double>(std::nextafter(nearest, INFINITY) - nearest);  // one float step there
    const auto crossing = intersectLine(above, kAxisZ);
    ASSERT_TRUE(crossing);
    EXPECT_LE(std::abs(static_cast<double>(crossing->exit) - exact), step)
        << "exit " << crossing->exit << ", exact " << exact;
    EXPECT_LE(std::abs(static_cast<double>(crossing->enter) + exact), step)
        << "enter " << crossing->enter << ", exact " << -exact;
    const auto hit = raycast(above, kAxisZ);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, crossing->exit);
}

}  // namespace
}  // namespace pickray
