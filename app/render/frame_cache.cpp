// SPDX-License-Identifier: MIT
#include "render/frame_cache.hpp"

#include <utility>

namespace pickray::render {

std::optional<FrameStats> FrameCache::drawOrPresent(Renderer& renderer, const scene::Scene& scene, SceneFrame frame,
                                                    bool force) {
    const bool held = drawn_ && *drawn_ == frame && drawsThen_ == renderer.draws();
    renderer.setInset(frame.second ? std::optional(frame.second->layout) : std::nullopt);
    if (held && !force) {
        renderer.present();
        return std::nullopt;
    }
    if (frame.second) {
        DrawStyle observed = frame.style;
        observed.hovered.reset();
        renderer.drawSecondView(scene, frame.second->view, observed, frame.second->debug);
    }
    const FrameStats stats = renderer.draw(scene, frame.view, frame.style, frame.debug);
    drawn_ = std::move(frame);
    drawsThen_ = renderer.draws();
    return stats;
}

}  // namespace pickray::render
