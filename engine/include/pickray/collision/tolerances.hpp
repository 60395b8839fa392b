// SPDX-License-Identifier: MIT
#pragma once
// Every tolerance the collision routines use, in one place, each with the reason for its value.
// Nothing else in pickray compares against a hand-written epsilon. (Lines and segments need none:
// distance.hpp decides parallel exactly, and its sums stay accurate as lines turn parallel.)

#include "pickray/config.hpp"

namespace pickray::tolerance {

/// Sine of the angle below which a direction counts as parallel to a cylinder's axis.
/// The perpendicular part of the direction is computed as d − (d·u)u with u a normalised float
/// axis: for a direction exactly along the axis it is rounding noise of about 1e-7·|d|. Treating
/// anything under 1e-6·|d| as parallel keeps that noise from turning "inside, parallel: infinite
/// span" into a span ending 1e7 radii away. A genuine tilt below 1e-6 rad would leave the
/// cylinder only beyond 1e6 radii, far past any scene. (Test: InfiniteCylinder.ParallelInside.)
inline constexpr float kAxisParallelSine = 1e-6f;

}  // namespace pickray::tolerance
