// SPDX-License-Identifier: MIT
#pragma once
// The observer's view: the main camera seen from outside, with its frustum, its near and
// far planes, the last pick's ray from its near point to its far point, the hit and the objects.
// Shown as a picture in picture (a corner of the window, fewer pixels) or as the main view (the
// main camera's picture then in the corner). Its camera is its own: a drag or the wheel over it
// orbits or zooms it, and nothing done over it picks or selects. No SDL, no GL.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "editor/pick.hpp"
#include "input/input_events.hpp"
#include "render/renderer.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

/// Off; Inset: a picture in the window's corner (--observer pip); Main: the observer fills the
/// window and the main camera's picture is in the corner (--observer main).
enum class ObserverMode { Off, Inset, Main };
/// The O key's turn: Off, Inset, Main, Off.
[[nodiscard]] inline ObserverMode nextObserverMode(ObserverMode mode) {
    return mode == ObserverMode::Off     ? ObserverMode::Inset
           : mode == ObserverMode::Inset ? ObserverMode::Main
                                         : ObserverMode::Off;
}

/// Beyond this far/near ratio the frustum is drawn cut short: a far plane 1e6 near planes away would
/// leave the near plane and the objects a speck beside it. It is cut at the larger of
/// kMaxDrawnDepthRatio · near and kCutTargetDistances times the distance from the eye to the target
/// (so that the objects looked at stay inside), when that is nearer than the far plane.
inline constexpr double kMaxDrawnDepthRatio = 1e3;
inline constexpr double kCutTargetDistances = 2.0;

/// The main camera's frustum as the observer draws it, in world coordinates (double). Corners in
/// the window's order: top-left, top-right, bottom-right, bottom-left of the main view.
struct FrustumOutline {
    glm::dvec3 eye{0.0};
    std::array<glm::dvec3, 4> nearCorners{};
    /// At `drawnFar` from the eye along the view direction: the far plane's corners, or the cut's.
    std::array<glm::dvec3, 4> farCorners{};
    double nearDistance = 0.0;
    double farDistance = 0.0;  ///< the camera's far plane
    double drawnFar = 0.0;     ///< farDistance, or the cut's distance (kMaxDrawnDepthRatio)
    bool truncated = false;    ///< far / near > kMaxDrawnDepthRatio and the cut is nearer than far
    bool perspective = true;   ///< lines from the eye to the near corners (orthographic: none)
};

/// The frustum of `frame` (the main view's): each near corner is the library's unprojection of that
/// corner of the viewport (Unprojection::steps' near point); the far (or cut) corner lies on the same
/// corner's ray at view depth `drawnFar`.
[[nodiscard]] FrustumOutline frustumOutline(const FrameMatrices& frame);

/// "frustum cut at 26.16, far 1e+04: far/near = 1e+06"; empty when the frustum is drawn whole.
[[nodiscard]] std::string truncationLabel(const FrustumOutline& frustum);

/// Where the observer starts: behind, above and to the right of `main`'s eye, looking at the middle
/// between its eye and target, far enough back to see both (and the objects around the target).
[[nodiscard]] scene::Camera observerCameraFor(const scene::Camera& main);

/// The corner picture's rectangle in window units: a quarter of the window's width and height (its
/// aspect), at the middle of its top edge, 32 units down (under the menu bar; the default panels are
/// left, right and at the bottom).
struct WindowRect {
    glm::ivec2 min{0};
    glm::ivec2 size{0};
    [[nodiscard]] bool contains(glm::ivec2 p) const {
        return p.x >= min.x && p.y >= min.y && p.x < min.x + size.x && p.y < min.y + size.y;
    }
    bool operator==(const WindowRect&) const = default;
};
[[nodiscard]] WindowRect insetRect(glm::ivec2 windowSize);

/// The frustum's colours (tests look for them): side edges and the lines from the eye, the near
/// rectangle, the far (or cut) rectangle; the pick ray as drawn in the observer.
inline constexpr glm::vec3 kFrustumColor{1.0f, 0.55f, 0.1f};
inline constexpr glm::vec3 kNearPlaneColor{0.3f, 0.85f, 1.0f};
inline constexpr glm::vec3 kFarPlaneColor{1.0f, 0.3f, 0.3f};
inline constexpr glm::vec3 kObserverRayColor{0.95f, 0.95f, 0.95f};

/// What the observer draws over the scene: the frustum (solid over everything), the main eye, the
/// pick's ray from its near point to its far point (to the cut when its frame's frustum is cut) and
/// its hit, and `mainLines`' lines (the main view's overlay) with their markers resized to the
/// observer's pixels. `observer` is the observer's frame.
[[nodiscard]] render::DebugDraw observerDebug(const FrustumOutline& frustum, const std::optional<Pick>& pick,
                                              const render::DebugDraw& mainLines, const FrameMatrices& main,
                                              const FrameMatrices& observer);

/// The hand on the observer: its camera, and the mouse over it. take() keeps the events meant for
/// the observer (a press over it and the drag that follows, the wheel over it) and gives the
/// others to the main view; a cursor moving over the observer is a Leave for the main view, so its
/// hover does not pick through the corner picture.
class Observer {
public:
    [[nodiscard]] const scene::Camera& camera() const { return camera_; }
    void setCamera(const scene::Camera& camera) { camera_ = camera; }
    /// Where the observer takes the mouse: in Inset mode the corner, in Main mode the whole window.
    [[nodiscard]] static bool over(ObserverMode mode, glm::ivec2 at, glm::ivec2 windowSize);
    /// Takes this frame's events: returns those for the main view; orbits (any button's drag) and
    /// zooms (the wheel) the observer's camera with the others.
    [[nodiscard]] std::vector<InputEvent> take(std::span<const InputEvent> events, ObserverMode mode,
                                               glm::ivec2 windowSize);
    /// The camera moved in the last take().
    [[nodiscard]] bool moving() const { return moving_; }

private:
    scene::Camera camera_;
    bool dragging_ = false;  ///< a press over the observer is held
    bool mainHeld_ = false;  ///< a press given to the main view is held
    glm::ivec2 last_{-1};    ///< the cursor as last seen
    bool moving_ = false;
};

}  // namespace pickray::app
