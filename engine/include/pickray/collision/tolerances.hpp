// SPDX-License-Identifier: MIT
#pragma once
// Every tolerance the collision routines use, in one place, each with the reason for its value.
// Nothing else in pickray compares against a hand-written epsilon.

namespace pickray::tolerance {

/// Sine of the angle below which a direction counts as parallel to a cylinder's axis.
/// The perpendicular part of the direction is computed as d − (d·u)u with u a normalised float
/// axis: for a direction exactly along the axis it is rounding noise of about 1e-7·|d|. Treating
/// anything under 1e-6·|d| as parallel keeps that noise from turning "inside, parallel: infinite
/// span" into a span ending 1e7 radii away. A genuine tilt below 1e-6 rad would leave the
/// cylinder only beyond 1e6 radii, far past any scene. (Test: InfiniteCylinder.ParallelInside.)
inline constexpr float kAxisParallelSine = 1e-6f;

/// Sine of the angle below which two lines count as parallel in closestPoints(Line, Line).
/// |d1 × d2|² / (|d1|²|d2|²) below this squared means the intersection parameters would be
/// quotients of rounding noise; then any pair is as good, and the first point is kept.
/// (Test: LineLine.NearlyParallelIsStable.)
inline constexpr float kParallelSine = 1e-6f;

}  // namespace pickray::tolerance
