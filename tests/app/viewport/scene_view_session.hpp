// SPDX-License-Identifier: MIT
#pragma once
// What the SceneView tests share: the shell's loop around one SceneView on one Editor (Session),
// the input events a hand makes, and a long-double ray-sphere test written here, never the view's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "editor/editor.hpp"
#include "editor/orbit_camera.hpp"
#include "reference/camera_reference.hpp"
#include "support/three_spheres.hpp"
#include "viewport/scene_view.hpp"

namespace pickray::app::scene_view_test {

using pickref::Real;

inline pickref::Vec ref(glm::vec3 v) { return {v.x, v.y, v.z}; }
inline Real distance(pickref::Vec a, pickref::Vec b) { return std::sqrt(pickref::dot(a - b, a - b)); }
inline Real distance(glm::vec3 a, pickref::Vec b) { return distance(ref(a), b); }

inline glm::vec3 centreOf(const Editor& e, std::size_t object) {
    return std::get<Sphere>(e.scene().objects.at(object).shape).center;
}

/// The shell's loop around one SceneView on one Editor, with the window's sizes.
struct Session {
    Editor editor{threeSpheres()};
    SceneView view;
    ViewFrame frame;
    Performance performance;
    SceneView::Update last;

    explicit Session(glm::ivec2 window = {640, 360}, glm::ivec2 drawable = {640, 360})
        : frame{window, drawable, false, GizmoMode::Move, GizmoSpace::World, true, {}} {}

    /// One frame: its events, then the update (as App::frame does, the panels between them).
    void step(const std::vector<InputEvent>& events) {
        view.receive(events, editor);
        last = view.update(frame, editor, performance);
    }

    /// The reference camera of the editor's camera now, in drawable pixels.
    [[nodiscard]] pickref::Camera camera() const {
        const scene::Camera& c = editor.scene().camera;
        pickref::Camera r;
        r.eye = ref(c.eye);
        r.target = ref(c.target);
        r.up = ref(c.up);
        r.perspective = c.projection == scene::Projection::Perspective;
        r.fovYDegrees = c.fovYDegrees;
        r.orthoHeight = c.orthoHeight;
        r.near = c.near;
        r.width = frame.drawableSize.x;
        r.height = frame.drawableSize.y;
        return r;
    }
    [[nodiscard]] pickref::Vec scale() const {
        return {static_cast<Real>(frame.drawableSize.x) / frame.windowSize.x,
                static_cast<Real>(frame.drawableSize.y) / frame.windowSize.y, 1};
    }
    /// The window point (integer units, as SDL reports the mouse) whose pixel holds `p`'s image.
    [[nodiscard]] glm::ivec2 windowPointOf(glm::vec3 p) const {
        const std::optional<pickref::Vec> s = pickref::project(camera(), ref(p));
        if (!s) return glm::ivec2(-1);
        return {static_cast<int>(std::floor(s->x / scale().x)), static_cast<int>(std::floor(s->y / scale().y))};
    }
    /// The reference ray under the window point's centre (pickray clicks at window + 0.5, scaled
    /// to drawable pixels).
    [[nodiscard]] pickref::Ray rayAt(glm::ivec2 w) const {
        return pickref::cursorRay(camera(), (w.x + 0.5L) * scale().x, (w.y + 0.5L) * scale().y);
    }
};

/// The first t >= 0 at which the (unit-direction) ray meets the sphere, in long double.
inline std::optional<Real> hitSphere(const pickref::Ray& ray, const Sphere& s) {
    const pickref::Vec m = ray.origin - ref(s.center);
    const Real b = pickref::dot(m, ray.direction);
    const Real c = pickref::dot(m, m) - static_cast<Real>(s.radius) * s.radius;
    const Real disc = b * b - c;
    if (disc < 0) return std::nullopt;
    const Real root = std::sqrt(disc);
    if (-b - root >= 0) return -b - root;
    if (-b + root >= 0) return -b + root;
    return std::nullopt;
}

/// The names of the spheres the reference ray meets, nearest first.
inline std::vector<std::string> namesHitBy(const pickref::Ray& ray, const Editor& e) {
    std::vector<std::pair<Real, std::string>> hits;
    for (const scene::Object& o : e.scene().objects)
        if (const auto t = hitSphere(ray, std::get<Sphere>(o.shape))) hits.emplace_back(*t, o.name);
    std::sort(hits.begin(), hits.end());
    std::vector<std::string> names;
    for (const auto& h : hits) names.push_back(h.second);
    return names;
}

inline pickref::Vec pointAt(const pickref::Ray& r, Real t) { return r.origin + t * r.direction; }

inline event::ButtonDown leftDown(glm::ivec2 at, Modifiers held = {}) { return {MouseButton::Left, at, held}; }
inline event::ButtonUp leftUp(glm::ivec2 at, Modifiers held = {}) { return {MouseButton::Left, at, held}; }
inline event::Motion motion(glm::ivec2 at, Modifiers held = {}) { return {at, held}; }
inline constexpr Modifiers kCtrl{true, false, false};

// A window point on the background: the top-left corner, checked against the reference to miss
// every sphere.
inline constexpr glm::ivec2 kBackground{8, 8};

}  // namespace pickray::app::scene_view_test
