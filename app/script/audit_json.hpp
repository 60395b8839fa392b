// SPDX-License-Identifier: MIT
#pragma once
// --audit OUT.json: the pick audit's counts as JSON (docs/DEMO.md lists the fields).

#include <string>

#include "analysis/audit.hpp"

namespace pickray::app {

/// {"size", "objects", "projection", "clip_depth", "probe_px", "origin_rounding", "depth_tie_steps", "pixels",
/// "mismatches", "robust_mismatches", "depth_ties", "worst": [{"pixel", "gpu_id", "cpu_id",
/// "gpu_t", "cpu_t", "distance_px"}]}; IDs are the ID buffer's (object index + 1, 0 none), a t or
/// distance that does not exist is null.
[[nodiscard]] std::string auditJson(const AuditCounts& counts);

}  // namespace pickray::app
