// SPDX-License-Identifier: MIT
#include "viewport/view_audit.hpp"

#include <chrono>
#include <utility>

#include "viewport/audit_heat_map.hpp"

namespace pickray::app {

ViewAudit::~ViewAudit() { stop_.request_stop(); }

const std::vector<render::ScreenRect>* ViewAudit::heatMap() const {
    return shown_ && done_ ? &done_->heatMap : nullptr;
}

const AuditCounts* ViewAudit::counts() const { return shown_ && done_ ? &done_->counts : nullptr; }

double ViewAudit::milliseconds() const { return shown_ && done_ ? done_->ms : 0.0; }

void ViewAudit::collect(bool wait) {
    if (!job_.valid()) return;
    if (!wait && job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    std::optional<Done> done = job_.get();
    if (!done) return;  // stopped: its view was no longer shown
    done->heatMap = auditHeatMap(done->counts.classes, done->counts.size);
    done_ = std::move(done);
    collectedThisFrame_ = true;
}

void ViewAudit::update(const Frame& frame, const scene::SceneIndex& index, const FrameMatrices& matrices,
                       const DrawIds& drawIds) {
    shown_ = false;
    collectedThisFrame_ = false;
    collect(false);
    // An audit of a view no longer shown (or with the toggle off) could never be shown: it stops
    // within a band of rows (cpuPicks), rather than take all cores to its end.
    if (job_.valid() && !(frame.enabled && jobOf_ == frame.of)) stop_.request_stop();
    if (!frame.enabled) return;
    // The heat map of a moving view (an approximate frame) or of an edited scene would lie over
    // a different picture: not shown until this view's audit is done.
    if (frame.still && !(done_ && done_->of == frame.of)) {
        // One audit at a time (they take all cores): a worker on an older view finishes first.
        if (job_.valid() && !(jobOf_ == frame.of) && frame.wait) collect(true);
        if (!job_.valid()) {
            std::optional<std::vector<std::uint32_t>> ids = drawIds();
            if (!ids) return;
            jobOf_ = frame.of;
            stop_ = std::stop_source();
            job_ = std::async(std::launch::async,
                              [ids = std::move(*ids), index, matrices, of = frame.of,
                               stop = stop_.get_token()]() -> std::optional<Done> {
                                  const auto start = std::chrono::steady_clock::now();
                                  std::optional<AuditCounts> counts = auditFrame(ids, index, matrices, stop);
                                  if (!counts) return std::nullopt;
                                  const std::chrono::duration<double, std::milli> ms =
                                      std::chrono::steady_clock::now() - start;
                                  return Done{of, std::move(*counts), ms.count(), {}};
                              });
        }
        // A script's pictures must not depend on the machine's speed, and a screenshot shows the
        // view's heat map: both wait for it.
        if (jobOf_ == frame.of && frame.wait) collect(true);
    }
    shown_ = frame.still && done_ && done_->of == frame.of && !done_->heatMap.empty();
}

}  // namespace pickray::app
