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

/// The frustum is drawn cut short where its far plane lies well beyond what the camera looks at: a
/// far plane far beyond a small scene would leave the scene and the near plane specks
/// beside it. The cut is kCutPast times the deepest of the target and the objects (their bounds'
/// view depth), so that they stand inside the drawn frustum with room, and never nearer than
/// kCutPast times the near plane.
inline constexpr double kCutPast = 1.25;
/// The cut's edges go on past it, dashed, this part of their length: the frustum does not end there.
inline constexpr double kCutStubPart = 0.2;
/// The near plane is drawn at least this many 720p pixels high in the observer's picture (enlarged
/// about its centre when smaller): a near plane close to the eye is otherwise a speck.
inline constexpr float kNearPlaneLeastPixels = 18.0f;

/// The main camera's frustum as the observer draws it, in world coordinates (double). Corners in
/// the window's order: top-left, top-right, bottom-right, bottom-left of the main view.
struct FrustumOutline {
    glm::dvec3 eye{0.0};
    std::array<glm::dvec3, 4> nearCorners{};
    /// The near plane as drawn: nearCorners, or enlarged about their centre by nearScale (showNearPlane).
    std::array<glm::dvec3, 4> nearDrawn{};
    double nearScale = 1.0;
    /// At `drawnFar` from the eye along the view direction: the far plane's corners, or the cut's.
    std::array<glm::dvec3, 4> farCorners{};
    double nearDistance = 0.0;
    double farDistance = 0.0;  ///< the camera's far plane
    double drawnFar = 0.0;     ///< farDistance, or the cut's distance
    bool truncated = false;    ///< the cut is nearer than the far plane
    bool perspective = true;   ///< lines from the eye to the near corners (orthographic: none)
};

/// The deepest view depth of `scene`'s objects seen `from` a camera (the corners of their bounds; an
/// infinite cylinder's axis points), 0 with no object in front.
[[nodiscard]] double deepestObject(const scene::Scene& scene, const scene::Camera& from);

/// The frustum of `frame` (the main view's), cut past `deepest` (deepestObject): each near corner is
/// the library's unprojection of that corner of the viewport (Unprojection::steps' near point); the
/// far (or cut) corner lies on the same corner's ray at view depth `drawnFar`.
[[nodiscard]] FrustumOutline frustumOutline(const FrameMatrices& frame, double deepest);

/// The near plane drawn at least kNearPlaneLeastPixels high in `observer`'s picture.
void showNearPlane(FrustumOutline& frustum, const FrameMatrices& observer);

/// Where the frustum is not drawn as it is: "near plane drawn 43x; frustum cut at 23.54 (far 100)";
/// empty when it is drawn as it is.
[[nodiscard]] std::string frustumLabel(const FrustumOutline& frustum);

/// What a script or the command line asks of the observer's camera when it is first shown: its eye
/// and target (each kept from the default framing when not given), then the eye `zoom` times closer
/// to the target.
struct ObserverFraming {
    std::optional<glm::vec3> eye;
    std::optional<glm::vec3> target;
    float zoom = 1.0f;
};

/// Where the observer starts: behind, above and to the right of `main`'s eye, framing its frustum
/// as drawn (`frustum`, the cut included) and `scene`'s objects in a picture of `aspect`; then
/// `framing` applied. The main view's direction is its up when the observer would look along its own.
[[nodiscard]] scene::Camera observerCameraFor(const scene::Scene& scene, const FrustumOutline& frustum, float aspect,
                                              const ObserverFraming& framing = {});

/// A rectangle in window units.
struct WindowRect {
    glm::ivec2 min{0};
    glm::ivec2 size{0};
    [[nodiscard]] bool contains(glm::ivec2 p) const {
        return p.x >= min.x && p.y >= min.y && p.x < min.x + size.x && p.y < min.y + size.y;
    }
    bool operator==(const WindowRect&) const = default;
};

/// Where the corner picture goes in the part of the window the panels leave free (--observer-corner).
enum class InsetCorner { Top, TopLeft, TopRight, BottomLeft, BottomRight };
/// "top", "top-left", ... as --observer-corner spells them.
[[nodiscard]] const char* cornerName(InsetCorner corner);
/// From the room's edges to the corner picture, window units.
inline constexpr int kInsetMargin = 12;

/// The corner picture's rectangle in window units: a quarter of the window's width and height (its
/// aspect; smaller if the room is), kInsetMargin inside `room` (the part the panels leave free) at
/// `corner`: Top is the middle of its top edge.
[[nodiscard]] WindowRect insetRect(glm::ivec2 windowSize, const WindowRect& room, InsetCorner corner);

/// The frustum's colours (tests look for them): side edges and the lines from the eye, the near
/// rectangle, the far (or cut) rectangle; the pick ray as drawn in the observer.
inline constexpr glm::vec3 kFrustumColor{1.0f, 0.55f, 0.1f};
inline constexpr glm::vec3 kNearPlaneColor{0.3f, 0.85f, 1.0f};
inline constexpr glm::vec3 kFarPlaneColor{1.0f, 0.3f, 0.3f};
inline constexpr glm::vec3 kObserverRayColor{0.95f, 0.95f, 0.95f};

/// What the observer draws over the scene: the frustum (solid over everything; a cut rectangle and
/// its edges' stubs past it dashed), the main eye, the pick's ray from its near point to its far point (to the cut when its frame's frustum is cut) and
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
    /// Where the observer takes the mouse: in Inset mode the corner picture `inset`, in Main mode
    /// the whole window.
    [[nodiscard]] static bool over(ObserverMode mode, glm::ivec2 at, const WindowRect& inset);
    /// Takes this frame's events: returns those for the main view; orbits (any button's drag) and
    /// zooms (the wheel) the observer's camera with the others.
    [[nodiscard]] std::vector<InputEvent> take(std::span<const InputEvent> events, ObserverMode mode,
                                               const WindowRect& inset);
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
