// SPDX-License-Identifier: MIT
#pragma once
// The Math panel as plain text (its "Copy as text"): every number as the shortest decimal that
// reads back as the same double, so that what is pasted can be checked by hand or by a script.
// Plain functions of values: no ImGui.

#include <string>

#include <optional>

#include "analysis/precision.hpp"
#include "analysis/unproject_math.hpp"

namespace pickray::app {

/// `value` as the shortest decimal text that reads back as the same double ("0.1", "-2.5e-07").
[[nodiscard]] std::string exactText(double value);

/// The unprojection of `math` (`source`: "last pick" or "hover") as lines of text: the pixel, the
/// viewport and its matrix (Direct3D's rows and GLM's columns), both projections (the entries
/// that differ marked "*"), the view, the near and far points at every stage, the ray and the
/// hit's depth in both conventions; then `precision`'s t, float steps and naive ray, if given.
[[nodiscard]] std::string mathText(const UnprojectMath& math, const std::string& source,
                                   const std::optional<Precision>& precision = std::nullopt);

}  // namespace pickray::app
