// SPDX-License-Identifier: MIT
#pragma once
// What the scene in the renderer's target was drawn from. A frame drawn from the same inputs only
// presents the target again, so the panels stay responsive while a 100,000-object redraw is slow.

#include <cstdint>
#include <optional>

#include "render/renderer.hpp"
#include "scene/scene.hpp"

namespace pickray::render {

/// Everything a frame's picture of the scene is drawn from.
struct SceneFrame {
    std::uint64_t revision = 0;  ///< the scene's: changes whenever its objects do
    FrameView view;
    DrawStyle style;
    DebugDraw debug;
    bool analytic = false;  ///< the renderer (Renderer::useAnalyticSpheres)
    bool fxaa = true;
    /// The second view drawn with it (Renderer::drawSecondView), and where it is shown.
    struct Second {
        FrameView view;
        DebugDraw debug;
        InsetLayout layout;
        bool operator==(const Second&) const = default;
    };
    std::optional<Second> second;
    bool operator==(const SceneFrame&) const = default;
};

class FrameCache {
public:
    /// Draws `frame` (its second view first, without the hover), or, when the target holds just
    /// that (and `force` is false), presents it again. The statistics of a draw; nothing when
    /// presented.
    std::optional<FrameStats> drawOrPresent(Renderer& renderer, const scene::Scene& scene, SceneFrame frame,
                                            bool force);
    /// The picture held was drawn approximate (the camera was moving).
    [[nodiscard]] bool approximate() const { return drawn_ && drawn_->style.approximate; }

private:
    std::optional<SceneFrame> drawn_;
    std::uint64_t drawsThen_ = 0;  ///< Renderer::draws() after drawn_ was drawn (another draw replaced it)
};

}  // namespace pickray::render
