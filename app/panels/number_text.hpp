// SPDX-License-Identifier: MIT
#pragma once
// Numbers as the panels print them: never "-0.0000", never wider than the room they have, and
// never split across lines (the panels draw each number as one unwrapped piece of text; a vector
// breaks between its components). Plain functions of values: no ImGui.

#include <array>
#include <string>

#include <glm/vec3.hpp>

namespace pickray::app {

/// `value` with `decimals` digits after the point ("%.4f"), in at most `width` characters:
/// - a value that prints as zero has no sign: -0.00001 and -0.0 print "0.0000";
/// - where that fixed form is wider than `width` (a large value), scientific notation with as
///   many digits as fit, at least one, correctly rounded, its exponent without '+' or leading
///   zeros ("1.2346e30", "-4.5e7"): read back, it is the value to within half a unit of its last
///   digit. Not-a-number and the infinities print as printf has them ("nan", "inf", "-inf").
[[nodiscard]] std::string numberText(double value, int decimals = 4, int width = 12);

/// A vector's components as drawn one piece each, so that a line breaks only between them:
/// "(x,", "y,", "z)", each number numberText(component, decimals, width).
[[nodiscard]] std::array<std::string, 3> vectorParts(glm::vec3 v, int decimals = 4, int width = 12);

/// The printf format of an editable field (an ImGui drag) showing values up to `largest` in
/// magnitude: `fixed` while its form of `largest` is at most 12 characters wide, else scientific
/// with 4 decimals ("%.4e"), so that a radius of 1e30 reads "1.0000e+30", not 31 digits.
[[nodiscard]] const char* fieldFormat(double largest, const char* fixed = "%.3f");

}  // namespace pickray::app
