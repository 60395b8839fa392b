// SPDX-License-Identifier: MIT
#include "script/audit_json.hpp"

#include <nlohmann/json.hpp>

namespace pickray::app {
namespace {

template <class T>
nlohmann::json orNull(const std::optional<T>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

}  // namespace

std::string auditJson(const AuditCounts& counts) {
    nlohmann::json worst = nlohmann::json::array();
    for (const AuditMismatch& m : counts.worst)
        worst.push_back({{"pixel", {m.pixel.x, m.pixel.y}},
                         {"gpu_id", m.gpuId},
                         {"cpu_id", m.cpuId},
                         {"gpu_t", orNull(m.gpuT)},
                         {"cpu_t", orNull(m.cpuT)},
                         {"distance_px", orNull(m.distance)}});
    const nlohmann::json j = {
        {"size", {counts.size.x, counts.size.y}},
        {"objects", counts.objects},
        {"projection", counts.perspective ? "perspective" : "orthographic"},
        {"clip_depth", counts.clipDepth == ClipDepth::ZeroToOne ? "zero_to_one" : "negative_one_to_one"},
        {"probe_px", counts.probePixels},
        {"origin_rounding", counts.originRounding},
        {"depth_tie_steps", kDepthTieSteps},
        {"pixels", counts.pixels},
        {"mismatches", counts.mismatches},
        {"robust_mismatches", counts.robustMismatches},
        {"depth_ties", counts.depthTies},
        {"worst", worst},
    };
    return j.dump(2) + "\n";
}

}  // namespace pickray::app
