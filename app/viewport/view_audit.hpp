// SPDX-License-Identifier: MIT
#pragma once
// View > Pick audit as it runs beside the frames: each still, exact view is audited once (its
// object IDs against a click's pick through every pixel centre, analysis/audit.hpp), on a worker
// thread in a window and waited for in a script or before a screenshot. Its heat map is shown only
// over the view it was made of. No GL: the caller draws the object IDs when asked.

#include <cstdint>
#include <functional>
#include <future>
#include <optional>
#include <stop_token>
#include <vector>

#include "analysis/audit.hpp"
#include "editor/pick.hpp"
#include "render/renderer.hpp"
#include "scene/scene_index.hpp"

namespace pickray::app {

class ViewAudit {
public:
    /// What an audit was made of: an audit of anything else is out of date.
    struct Of {
        std::uint64_t revision = 0;  ///< the scene's
        render::FrameView view;
        bool analytic = false;  ///< the renderer the object IDs were drawn with
        bool operator==(const Of&) const = default;
    };
    /// This frame, as the audit sees it.
    struct Frame {
        Of of;
        bool enabled = false;  ///< View > Pick audit
        bool still = false;    ///< the view has pixels and is drawn exact (the camera is not moving)
        bool wait = false;     ///< the result is waited for (a script's frame, a screenshot's)
    };
    /// Draws the frame's object IDs (the view's size, top row first); nothing when it cannot.
    using DrawIds = std::function<std::optional<std::vector<std::uint32_t>>()>;

    ViewAudit() = default;
    ViewAudit(const ViewAudit&) = delete;
    ViewAudit& operator=(const ViewAudit&) = delete;
    /// Stops an audit under way and waits for it: a band of rows (kAuditBandRows).
    ~ViewAudit();

    /// Once a frame, before it is drawn: takes a finished audit, stops one that could never be
    /// shown (of another view, or with the toggle off), starts one of a still view not audited yet,
    /// and decides whether this frame shows the heat map.
    void update(const Frame& frame, const scene::SceneIndex& index, const FrameMatrices& matrices,
                const DrawIds& drawIds);
    /// Not shown this frame (the observer's picture fills the view).
    void hide() { shown_ = false; }

    /// The heat map to draw over this frame's view (auditHeatMap), or null.
    [[nodiscard]] const std::vector<render::ScreenRect>* heatMap() const;
    /// The counts of the audit shown this frame, or null.
    [[nodiscard]] const AuditCounts* counts() const;
    /// How long the audit shown took (0 when none is shown).
    [[nodiscard]] double milliseconds() const;
    /// An audit is under way: the frame loop looks for its end.
    [[nodiscard]] bool running() const { return job_.valid(); }
    /// This frame's update took a finished audit. The panels were built before it, so the result
    /// owes the window one more frame, or they would show the audit as running until an event.
    [[nodiscard]] bool collectedThisFrame() const { return collectedThisFrame_; }

private:
    struct Done {
        Of of;
        AuditCounts counts;
        double ms = 0.0;
        std::vector<render::ScreenRect> heatMap;
    };
    /// Takes the worker's audit when it has finished (`wait`: waits for it); one that was stopped
    /// gives nothing.
    void collect(bool wait);

    std::optional<Done> done_;  ///< the last finished audit
    /// The audit under way (it owns everything it reads: a copy of the index, the matrices, the
    /// IDs); nothing when it was stopped.
    std::future<std::optional<Done>> job_;
    Of jobOf_;
    std::stop_source stop_;  ///< the worker's stop, a new one for each audit
    bool shown_ = false;     ///< this frame draws done_'s heat map
    bool collectedThisFrame_ = false;
};

}  // namespace pickray::app
