// SPDX-License-Identifier: MIT
#include "viewport/observer.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <variant>

#include <glm/geometric.hpp>

#include "editor/orbit_camera.hpp"
#include "scene/camera_math.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

// As the main view's orbit and zoom (scene_view.cpp).
constexpr float kOrbitRadiansPerPixel = 0.008f;
constexpr float kZoomPerWheelStep = 0.9f;
// The frustum's lines and the eye's marker, in 720p pixels (render::outputPixelScale).
constexpr float kFrustumLinePixels = 2.0f;
constexpr float kEyeMarkerPixels = 4.0f;
constexpr float kHitMarkerPixels = 5.0f;

// The main view's direction, in double from the camera's eye and target.
glm::dvec3 forwardOf(const scene::Camera& camera) {
    return glm::normalize(glm::dvec3(camera.target) - glm::dvec3(camera.eye));
}

// The point of the line through `onLine` along `direction` at view depth `depth` from `eye`.
glm::dvec3 atDepth(glm::dvec3 onLine, glm::dvec3 direction, glm::dvec3 eye, glm::dvec3 forward, double depth) {
    const double along = (depth - glm::dot(onLine - eye, forward)) / glm::dot(direction, forward);
    return onLine + direction * along;
}

}  // namespace

FrustumOutline frustumOutline(const FrameMatrices& frame) {
    const scene::Camera& cam = frame.camera;
    FrustumOutline out;
    out.eye = glm::dvec3(cam.eye);
    out.nearDistance = cam.near;
    out.farDistance = cam.far;
    const double cut = std::max(kMaxDrawnDepthRatio * out.nearDistance,
                                kCutTargetDistances * glm::length(glm::dvec3(cam.target) - out.eye));
    out.truncated = out.farDistance > kMaxDrawnDepthRatio * out.nearDistance && cut < out.farDistance;
    out.drawnFar = out.truncated ? cut : out.farDistance;
    out.perspective = cam.projection == scene::Projection::Perspective;
    const glm::dvec3 forward = forwardOf(cam);
    const Unprojection unprojection = clickUnprojection(frame);
    const Viewport& v = frame.viewport;
    const glm::vec2 corners[4] = {
        {v.x, v.y}, {v.x + v.width, v.y}, {v.x + v.width, v.y + v.height}, {v.x, v.y + v.height}};
    for (std::size_t i = 0; i < 4; ++i) {
        const Unprojection::Steps steps = unprojection.steps(corners[i]);
        out.nearCorners[i] = steps.nearPoint.world;
        // Along the corner's ray, not to its far point: at a large far/near the far point's depth
        // is off by the float projection's rounding (the precision view's subject), its direction is not.
        out.farCorners[i] =
            atDepth(steps.nearPoint.world, glm::dvec3(steps.ray.direction), out.eye, forward, out.drawnFar);
    }
    return out;
}

std::string truncationLabel(const FrustumOutline& frustum) {
    if (!frustum.truncated) return "";
    char text[160];
    std::snprintf(text, sizeof text, "frustum cut at %.4g, far %.4g: far/near = %.3g", frustum.drawnFar,
                  frustum.farDistance, frustum.farDistance / frustum.nearDistance);
    return text;
}

scene::Camera observerCameraFor(const scene::Camera& main) {
    const glm::vec3 forward = glm::normalize(main.target - main.eye);
    const glm::vec3 right = glm::normalize(glm::cross(forward, main.up));
    const glm::vec3 up = glm::cross(right, forward);
    const float distance = glm::length(main.target - main.eye);
    scene::Camera c;
    c.target = main.eye + forward * (0.5f * distance);
    c.eye = c.target + (-1.0f * forward + 0.9f * right + 0.7f * up) * distance;
    c.up = main.up;
    c.fovYDegrees = 45.0f;
    c.near = 0.05f * distance;
    c.far = 1e4f * distance;
    return c;
}

WindowRect insetRect(glm::ivec2 windowSize) {
    constexpr int kTop = 32;  // below the menu bar (19 units at UI scale 1), with a margin
    const glm::ivec2 size = glm::max(windowSize / 4, glm::ivec2(1));
    // Centred: the default layout's panels are on the left and the right, the Constructions panel
    // at the bottom.
    return {glm::max(glm::ivec2((windowSize.x - size.x) / 2, kTop), glm::ivec2(0)), size};
}

render::DebugDraw observerDebug(const FrustumOutline& frustum, const std::optional<Pick>& pick,
                                const render::DebugDraw& mainLines, const FrameMatrices& main,
                                const FrameMatrices& observer) {
    render::DebugDraw d;
    const float height = observer.viewport.height;
    const float scale = render::outputPixelScale(height);
    const auto pixels = [&](glm::dvec3 at, float n) {
        return n * scale * scene::worldPerPixel(observer.camera, glm::vec3(at), height);
    };
    const auto line = [&](glm::dvec3 a, glm::dvec3 b, glm::vec3 color) {
        d.lines.push_back({glm::vec3(a), glm::vec3(b), color, kFrustumLinePixels, kFrustumLinePixels, true});
    };
    for (std::size_t i = 0; i < 4; ++i) {
        const std::size_t next = (i + 1) % 4;
        line(frustum.nearCorners[i], frustum.nearCorners[next], kNearPlaneColor);
        line(frustum.farCorners[i], frustum.farCorners[next], kFarPlaneColor);
        line(frustum.nearCorners[i], frustum.farCorners[i], kFrustumColor);
        if (frustum.perspective) line(frustum.eye, frustum.nearCorners[i], kFrustumColor);
    }
    d.markers.push_back({glm::vec3(frustum.eye), pixels(frustum.eye, kEyeMarkerPixels), kFrustumColor});
    if (pick && pick->frame.pickable) {
        const Unprojection::Steps steps = clickUnprojection(pick->frame).steps(pick->cursor);
        const FrustumOutline its = frustumOutline(pick->frame);
        const glm::dvec3 end = its.truncated ? atDepth(steps.nearPoint.world, glm::dvec3(steps.ray.direction), its.eye,
                                                       forwardOf(pick->frame.camera), its.drawnFar)
                                             : steps.farPoint.world;
        d.lines.push_back({glm::vec3(steps.nearPoint.world), glm::vec3(end), kObserverRayColor});
        if (const auto n = pick->picked())
            d.markers.push_back({n->hit.point, pixels(glm::dvec3(n->hit.point), kHitMarkerPixels), kObserverRayColor});
    }
    // The main view's lines as they are; its markers as many observer pixels as they are main ones.
    d.lines.insert(d.lines.end(), mainLines.lines.begin(), mainLines.lines.end());
    const float mainHeight = main.viewport.height;
    for (render::DebugMarker m : mainLines.markers) {
        const float mainPixel = scene::worldPerPixel(main.camera, m.center, mainHeight);
        if (mainPixel > 0.0f) m.radius *= scene::worldPerPixel(observer.camera, m.center, height) / mainPixel;
        d.markers.push_back(m);
    }
    return d;
}

bool Observer::over(ObserverMode mode, glm::ivec2 at, glm::ivec2 windowSize) {
    if (mode == ObserverMode::Main) return true;
    return mode == ObserverMode::Inset && insetRect(windowSize).contains(at);
}

std::vector<InputEvent> Observer::take(std::span<const InputEvent> events, ObserverMode mode, glm::ivec2 windowSize) {
    moving_ = false;
    std::vector<InputEvent> forMain;
    if (mode == ObserverMode::Off) {
        dragging_ = mainHeld_ = false;
        forMain.assign(events.begin(), events.end());
        return forMain;
    }
    for (const InputEvent& e : events) {
        const bool keep = std::visit(
            scene::Overloaded{
                [&](const event::ButtonDown& p) {
                    last_ = p.at;
                    if (dragging_ || (!mainHeld_ && over(mode, p.at, windowSize))) return dragging_ = true;
                    mainHeld_ = true;  // the main view's press: its drag goes on over the observer
                    return false;
                },
                [&](const event::ButtonUp&) {
                    mainHeld_ = false;
                    if (!dragging_) return false;
                    dragging_ = false;
                    return true;
                },
                [&](const event::Motion& m) {
                    const glm::ivec2 from = last_;
                    last_ = m.at;
                    if (dragging_ && from.x >= 0 && m.at != from) {
                        const glm::vec2 moved(m.at - from);
                        camera_ = orbit(camera_, -kOrbitRadiansPerPixel * moved.x, kOrbitRadiansPerPixel * moved.y);
                        moving_ = true;
                    }
                    if (dragging_) return true;
                    if (mainHeld_ || !over(mode, m.at, windowSize)) return false;
                    forMain.push_back(event::Leave{});  // the main view's hover does not pick through it
                    return true;
                },
                [&](const event::Leave&) {
                    last_ = glm::ivec2(-1);
                    return false;
                },
                [&](const event::Wheel& w) {
                    if (last_.x < 0 || !over(mode, last_, windowSize)) return false;
                    camera_ = zoom(camera_, std::pow(kZoomPerWheelStep, w.steps));
                    moving_ = true;
                    return true;
                },
                [&](const auto&) { return false; },
            },
            e);
        if (!keep) forMain.push_back(e);
    }
    return forMain;
}

}  // namespace pickray::app
