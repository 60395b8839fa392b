// SPDX-License-Identifier: MIT
#pragma once
// What a frame saves besides showing itself: a screenshot (with --supersample), the object IDs
// (--id-buffer), an audit of them (--audit), the frames of a GIF (--record-gif). Each is asked
// for, then taken by the frame at its place: the object IDs before the frame's picture is drawn,
// a screenshot without the panels from the window just before they are drawn over it, one with
// them and the GIF frame once they are.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "analysis/audit.hpp"
#include "editor/pick.hpp"
#include "render/renderer.hpp"
#include "scene/scene.hpp"
#include "scene/scene_index.hpp"
#include "shell/gif.hpp"

namespace pickray::app {

/// A message for the user (App::message).
using Say = std::function<void(std::string text, bool isError)>;

/// The scene alone, exact, at 1x, drawn into `renderer`'s target: its object IDs (top row first;
/// no markers, lines or gizmo, which are not objects). Nothing, with `error` set, when the window
/// has no pixels to draw (`drawable` false).
[[nodiscard]] std::optional<std::vector<std::uint32_t>> drawObjectIds(render::Renderer& renderer,
                                                                      const scene::Scene& scene, bool drawable,
                                                                      const render::FrameView& view,
                                                                      render::DrawStyle style,
                                                                      std::optional<std::string>& error);

class Captures {
public:
    Captures(int supersample, Say say) : supersample_(supersample), say_(std::move(say)) {}

    /// A screenshot of the next frame: with the panels when `withUi`.
    void requestScreenshot(std::string path, bool withUi) { screenshot_ = Screenshot{std::move(path), withUi}; }
    /// The next frame's object IDs as a PNG (writeIdBuffer).
    void requestIdBuffer(std::string path) { idBuffer_ = std::move(path); }
    /// An audit of the next frame's object IDs against the CPU's pick.
    void requestAudit() { auditRequested_ = true; }
    /// Each frame from now on is added to `frames` (addGifFrame: at most `maxWidth` wide, lasting
    /// `delay` 1/100 s); nullptr stops.
    void recordGif(GifFrames* frames, int maxWidth = kGifWidth, int delay = kGifFrameDelay) {
        gif_ = frames, gifWidth_ = maxWidth, gifDelay_ = delay;
    }
    /// The delay of the frames added from now on (0 while a replay paces them by its times).
    void setGifDelay(int delay) { gifDelay_ = delay; }

    [[nodiscard]] bool screenshotRequested() const { return screenshot_.has_value(); }
    /// The scene's supersampling this frame: --supersample for a screenshot, else 1. A factor the
    /// GPU cannot draw at `drawable` refuses the screenshot (said) and gives 1.
    [[nodiscard]] int supersample(const render::Renderer& renderer, glm::ivec2 drawable);
    /// The object IDs asked for (the ID buffer, the audit), each drawn exact into the renderer's
    /// target before the frame's own picture.
    void takeObjectIds(render::Renderer& renderer, const scene::Scene& scene, const scene::SceneIndex& index,
                       bool drawable, const render::FrameView& view, const render::DrawStyle& style,
                       const FrameMatrices& frame);
    /// The screenshot asked for without the panels, from the window before they are drawn: the
    /// scene with what lies under them (markers, lines, the view's labels, the heat map).
    void takeUnderPanels(render::Renderer& renderer, glm::ivec2 drawable);
    /// The screenshot asked for with the panels and the GIF's frame, from the window as shown
    /// (`drawable` pixels).
    void takeWindow(render::Renderer& renderer, glm::ivec2 drawable);

    /// Why the last screenshot, ID buffer failed; the last audit's counts (nothing: it failed).
    [[nodiscard]] const std::optional<std::string>& screenshotError() const { return screenshotError_; }
    [[nodiscard]] const std::optional<std::string>& idBufferError() const { return idBufferError_; }
    [[nodiscard]] const std::optional<AuditCounts>& audit() const { return audit_; }

private:
    struct Screenshot {
        std::string path;
        bool withUi = false;
    };
    void saveScreenshot(render::Renderer& renderer, glm::ivec2 drawable);
    void saveIdBuffer(render::Renderer& renderer, const scene::Scene& scene, bool drawable,
                      const render::FrameView& view, const render::DrawStyle& style);
    void runAudit(render::Renderer& renderer, const scene::Scene& scene, const scene::SceneIndex& index, bool drawable,
                  const render::FrameView& view, const render::DrawStyle& style, const FrameMatrices& frame);

    int supersample_ = 1;
    Say say_;
    std::optional<Screenshot> screenshot_;
    std::optional<std::string> screenshotError_;
    std::optional<std::string> idBuffer_;
    std::optional<std::string> idBufferError_;
    bool auditRequested_ = false;
    std::optional<AuditCounts> audit_;
    GifFrames* gif_ = nullptr;
    int gifWidth_ = kGifWidth;
    int gifDelay_ = kGifFrameDelay;
};

}  // namespace pickray::app
