// SPDX-License-Identifier: MIT
#include "viewport/observer.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <variant>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <pickray/query/shape.hpp>

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
// Odd, so that a dashed line starts and ends drawn.
constexpr int kCutDashes = 15;
constexpr int kStubDashes = 5;

// The main view's direction, in double from the camera's eye and target.
glm::dvec3 forwardOf(const scene::Camera& camera) {
    return glm::normalize(glm::dvec3(camera.target) - glm::dvec3(camera.eye));
}

// The point of the line through `onLine` along `direction` at view depth `depth` from `eye`.
glm::dvec3 atDepth(glm::dvec3 onLine, glm::dvec3 direction, glm::dvec3 eye, glm::dvec3 forward, double depth) {
    const double along = (depth - glm::dot(onLine - eye, forward)) / glm::dot(direction, forward);
    return onLine + direction * along;
}

// Where an object is, for framing: its bounds' corners; an infinite cylinder's two axis points.
template <class Take>
void forEachPoint(const scene::Object& object, Take take) {
    if (const auto* infinite = std::get_if<InfiniteCylinder>(&object.shape)) {
        take(glm::dvec3(infinite->a));
        take(glm::dvec3(infinite->b));
        return;
    }
    const Aabb box = bounds(object.shape);
    if (!isFiniteBox(box)) return;
    for (int corner = 0; corner < 8; ++corner)
        take(glm::dvec3(corner & 1 ? box.max.x : box.min.x, corner & 2 ? box.max.y : box.min.y,
                        corner & 4 ? box.max.z : box.min.z));
}

// `camera` looking along -`back` at the middle of `points`, its eye as near as lets every point in
// a picture of `aspect` with kFrameMargin of its half sides to spare.
scene::Camera framed(scene::Camera camera, const std::vector<glm::dvec3>& points, glm::dvec3 back, float aspect) {
    constexpr double kFrameMargin = 0.08;
    const glm::dvec3 f = -back;
    const glm::dvec3 r = glm::normalize(glm::cross(f, glm::dvec3(camera.up)));
    const glm::dvec3 u = glm::cross(r, f);
    glm::dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
    for (const glm::dvec3& p : points) {
        const glm::dvec3 q(glm::dot(p, r), glm::dot(p, u), glm::dot(p, f));
        lo = glm::min(lo, q);
        hi = glm::max(hi, q);
    }
    const glm::dvec3 mid = 0.5 * (lo + hi);
    const glm::dvec3 target = r * mid.x + u * mid.y + f * mid.z;
    const double tanY = std::tan(glm::radians(double(camera.fovYDegrees)) * 0.5) * (1.0 - kFrameMargin);
    const double tanX = tanY * double(aspect);
    double distance = 0.0;
    for (const glm::dvec3& p : points) {
        const glm::dvec3 q = p - target;
        const double z = glm::dot(q, f);
        // In the picture: |x| <= depth · tanX and |y| <= depth · tanY, the depth D + z; and in front.
        distance =
            std::max({distance, std::abs(glm::dot(q, r)) / tanX - z, std::abs(glm::dot(q, u)) / tanY - z, -2.0 * z});
    }
    camera.target = glm::vec3(target);
    camera.eye = glm::vec3(target + back * std::max(distance, 1e-3));
    return camera;
}

}  // namespace

double deepestObject(const scene::Scene& scene, const scene::Camera& from) {
    const glm::dvec3 eye(from.eye);
    const glm::dvec3 forward = forwardOf(from);
    double deepest = 0.0;
    for (const scene::Object& object : scene.objects)
        forEachPoint(object, [&](glm::dvec3 p) { deepest = std::max(deepest, glm::dot(p - eye, forward)); });
    return deepest;
}

FrustumOutline frustumOutline(const FrameMatrices& frame, double deepest) {
    const scene::Camera& cam = frame.camera;
    FrustumOutline out;
    out.eye = glm::dvec3(cam.eye);
    out.nearDistance = static_cast<double>(cam.near);
    out.farDistance = static_cast<double>(cam.far);
    const double cut = kCutPast * std::max({deepest, glm::length(glm::dvec3(cam.target) - out.eye), out.nearDistance});
    out.truncated = cut < out.farDistance;
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
    out.nearDrawn = out.nearCorners;
    return out;
}

void showNearPlane(FrustumOutline& frustum, const FrameMatrices& observer) {
    const std::array<glm::dvec3, 4>& c = frustum.nearCorners;
    const glm::dvec3 centre = 0.25 * (c[0] + c[1] + c[2] + c[3]);
    const float height = observer.viewport.height;
    const double least = static_cast<double>(kNearPlaneLeastPixels * render::outputPixelScale(height) *
                                             scene::worldPerPixel(observer.camera, glm::vec3(centre), height));
    const double size = glm::length(c[0] - c[3]);  // its height: top-left to bottom-left
    frustum.nearScale = size > 0.0 && size < least ? least / size : 1.0;
    for (std::size_t i = 0; i < 4; ++i) frustum.nearDrawn[i] = centre + (c[i] - centre) * frustum.nearScale;
}

std::string frustumLabel(const FrustumOutline& frustum) {
    std::string label;
    char text[160];
    if (frustum.nearScale > 1.0) {
        std::snprintf(text, sizeof text, "near plane drawn %.0fx", frustum.nearScale);
        label = text;
    }
    if (frustum.truncated) {
        std::snprintf(text, sizeof text, "frustum cut at %.4g (far %.4g)", frustum.drawnFar, frustum.farDistance);
        label += (label.empty() ? "" : "; ") + std::string(text);
    }
    return label;
}

scene::Camera observerCameraFor(const scene::Scene& scene, const FrustumOutline& frustum, float aspect,
                                const ObserverFraming& framing) {
    const scene::Camera& main = scene.camera;
    const glm::vec3 forward = glm::normalize(main.target - main.eye);
    const glm::vec3 right = glm::normalize(glm::cross(forward, main.up));
    const glm::vec3 up = glm::cross(right, forward);
    // What it frames: the frustum as drawn, the stubs past a cut, and the objects.
    std::vector<glm::dvec3> points{frustum.eye};
    for (std::size_t i = 0; i < 4; ++i) {
        points.push_back(frustum.nearDrawn[i]);
        const double stub = frustum.truncated ? 1.0 + kCutStubPart : 1.0;
        points.push_back(frustum.eye + (frustum.farCorners[i] - frustum.eye) * stub);
    }
    for (const scene::Object& object : scene.objects) forEachPoint(object, [&](glm::dvec3 p) { points.push_back(p); });
    const glm::vec3 back = glm::normalize(-1.0f * forward + 0.9f * right + 0.7f * up);
    scene::Camera c;
    c.up = main.up;
    c.fovYDegrees = 45.0f;
    c = framed(c, points, glm::dvec3(back), aspect);
    if (framing.eye) c.eye = *framing.eye;
    if (framing.target) c.target = *framing.target;
    if (c.eye == c.target) c.eye = c.target + back;  // only one given, and it met the other
    c = zoom(c, 1.0f / framing.zoom);
    // Straight down (or up) the main view's up: the main view's direction is up in the picture.
    if (glm::length(glm::cross(glm::normalize(c.target - c.eye), glm::normalize(c.up))) < 1e-3f) c.up = forward;
    const float distance = glm::length(c.target - c.eye);
    c.near = 0.05f * distance;
    c.far = 1e4f * distance;
    return c;
}

const char* cornerName(InsetCorner corner) {
    constexpr const char* kNames[] = {"top", "top-left", "top-right", "bottom-left", "bottom-right"};
    return kNames[static_cast<int>(corner)];
}

WindowRect insetRect(glm::ivec2 windowSize, const WindowRect& room, InsetCorner corner) {
    const glm::ivec2 size = glm::max(glm::min(windowSize / 4, room.size - 2 * kInsetMargin), glm::ivec2(1));
    const glm::ivec2 lo = room.min + kInsetMargin;
    const glm::ivec2 hi = room.min + room.size - kInsetMargin - size;
    const bool left = corner == InsetCorner::TopLeft || corner == InsetCorner::BottomLeft;
    const bool right = corner == InsetCorner::TopRight || corner == InsetCorner::BottomRight;
    const bool bottom = corner == InsetCorner::BottomLeft || corner == InsetCorner::BottomRight;
    const int x = left ? lo.x : right ? hi.x : room.min.x + (room.size.x - size.x) / 2;
    return {glm::max(glm::ivec2(x, bottom ? hi.y : lo.y), glm::ivec2(0)), size};
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
    // A cut is dashed, and its edges go on past it dashed: the frustum does not end there.
    const auto dashed = [&](glm::dvec3 a, glm::dvec3 b, glm::vec3 color, int dashes) {
        for (int k = 0; k < dashes; k += 2)
            line(a + (b - a) * (double(k) / dashes), a + (b - a) * (double(k + 1) / dashes), color);
    };
    for (std::size_t i = 0; i < 4; ++i) {
        const std::size_t next = (i + 1) % 4;
        line(frustum.nearDrawn[i], frustum.nearDrawn[next], kNearPlaneColor);
        if (frustum.truncated) {
            dashed(frustum.farCorners[i], frustum.farCorners[next], kFarPlaneColor, kCutDashes);
            const glm::dvec3 past = frustum.farCorners[i] + (frustum.farCorners[i] - frustum.eye) * kCutStubPart;
            dashed(frustum.farCorners[i], past, kFrustumColor, kStubDashes);
        } else {
            line(frustum.farCorners[i], frustum.farCorners[next], kFarPlaneColor);
        }
        line(frustum.nearCorners[i], frustum.farCorners[i], kFrustumColor);
        if (frustum.perspective) line(frustum.eye, frustum.nearCorners[i], kFrustumColor);
    }
    d.markers.push_back({glm::vec3(frustum.eye), pixels(frustum.eye, kEyeMarkerPixels), kFrustumColor});
    if (pick && pick->frame.pickable) {
        const Unprojection::Steps steps = clickUnprojection(pick->frame).steps(pick->cursor);
        // Cut where the frustum is (the pick's camera may have turned since: along its own view).
        const scene::Camera& its = pick->frame.camera;
        const glm::dvec3 end = frustum.truncated ? atDepth(steps.nearPoint.world, glm::dvec3(steps.ray.direction),
                                                           glm::dvec3(its.eye), forwardOf(its), frustum.drawnFar)
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

bool Observer::over(ObserverMode mode, glm::ivec2 at, const WindowRect& inset) {
    if (mode == ObserverMode::Main) return true;
    return mode == ObserverMode::Inset && inset.contains(at);
}

std::vector<InputEvent> Observer::take(std::span<const InputEvent> events, ObserverMode mode, const WindowRect& inset) {
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
                    if (dragging_ || (!mainHeld_ && over(mode, p.at, inset))) return dragging_ = true;
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
                    if (mainHeld_ || !over(mode, m.at, inset)) return false;
                    forMain.push_back(event::Leave{});  // the main view's hover does not pick through it
                    return true;
                },
                [&](const event::Leave&) {
                    last_ = glm::ivec2(-1);
                    return false;
                },
                [&](const event::Wheel& w) {
                    if (last_.x < 0 || !over(mode, last_, inset)) return false;
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
