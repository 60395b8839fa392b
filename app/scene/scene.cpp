// SPDX-License-Identifier: MIT
#include "scene/scene.hpp"

#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "pickray/collision/detail/common.hpp"
#include "scene/overloaded.hpp"

namespace pickray::scene {
namespace {

using pickray::detail::isFinite;  // the library's own test, so the scene accepts what it does

std::optional<std::string> checkFinite(glm::vec3 v, const char* field) {
    if (isFinite(v)) return std::nullopt;
    return std::string(field) + ": every coordinate must be a finite number";
}

std::optional<std::string> checkRadius(float radius) {
    if (!std::isfinite(radius)) return "radius: must be a finite number";
    if (radius < 0.0f) return "radius: must not be negative (got " + std::to_string(radius) + ")";
    return std::nullopt;
}

// The first error of a list of checks, in order.
template <class... Checks>
std::optional<std::string> firstError(Checks... checks) {
    std::optional<std::string> error;
    ((error ? void() : void(error = checks)), ...);
    return error;
}

std::optional<std::string> validateShape(const Sphere& s) {
    return firstError(checkFinite(s.center, "center"), checkRadius(s.radius));
}
std::optional<std::string> validateShape(const Capsule& c) {
    return firstError(checkFinite(c.a, "a"), checkFinite(c.b, "b"), checkRadius(c.radius));
}
std::optional<std::string> validateShape(const Cylinder& c) {
    if (auto e = firstError(checkFinite(c.a, "a"), checkFinite(c.b, "b"), checkRadius(c.radius))) return e;
    if (c.a == c.b) return std::string("b: must differ from a (a cylinder needs an axis)");
    return std::nullopt;
}
std::optional<std::string> validateShape(const InfiniteCylinder& c) {
    if (auto e = firstError(checkFinite(c.a, "p1"), checkFinite(c.b, "p2"), checkRadius(c.radius))) return e;
    if (c.a == c.b) return std::string("p2: must differ from p1 (they define the axis)");
    return std::nullopt;
}
std::optional<std::string> validateShape(const Aabb& b) {
    if (auto e = firstError(checkFinite(b.min, "min"), checkFinite(b.max, "max"))) return e;
    for (int i = 0; i < 3; ++i)
        if (b.min[i] > b.max[i]) return std::string("max: must be >= min on every axis");
    return std::nullopt;
}
std::optional<std::string> validateBox(const OrientedBox& b, const Transform& placement) {
    if (auto e = firstError(validateShape(b.local), checkFinite(placement.position, "transform.position"),
                            checkFinite(placement.rotationDegrees, "transform.rotationDegrees"),
                            checkFinite(placement.scale, "transform.scale"),
                            checkFinite(placement.shear, "transform.shear")))
        return e;
    for (int i = 0; i < 3; ++i)
        if (placement.scale[i] == 0.0f) return std::string("transform.scale: no component may be zero");
    // A programming error rather than bad input: whoever changed one forgot the other.
    if (b.toWorld != toWorld(placement))
        return std::string("transform: the box's matrix does not match its position, rotation, scale and shear");
    return std::nullopt;
}

}  // namespace

glm::mat4 toWorld(const Transform& t) noexcept {
    const glm::vec3 r = glm::radians(t.rotationDegrees);
    glm::mat4 m = glm::translate(glm::mat4(1.0f), t.position);
    m = glm::rotate(m, r.z, glm::vec3(0, 0, 1));
    m = glm::rotate(m, r.y, glm::vec3(0, 1, 0));
    m = glm::rotate(m, r.x, glm::vec3(1, 0, 0));
    glm::mat4 shear(1.0f);  // columns: H's y column carries xy, its z column xz and yz
    shear[1][0] = t.shear.x;
    shear[2][0] = t.shear.y;
    shear[2][1] = t.shear.z;
    return glm::scale(m * shear, t.scale);
}

OrientedBox placedBox(const Aabb& local, const Transform& placement) noexcept {
    return OrientedBox{local, toWorld(placement)};
}

Object defaultObject(ShapeKind kind, glm::vec3 c) {
    const std::optional<Shape> shape = shapeOfKind(kind);
    if (!shape) throw std::out_of_range("defaultObject: no shape kind " + std::to_string(kind));
    Object o{std::string(kindName(kind)), glm::vec3(0.7f), *shape, Transform{}};
    std::visit(Overloaded{
                   [&](Sphere& s) {
                       s = Sphere{c, 0.75f};
                   },
                   [&](Capsule& s) {
                       s = Capsule{c - glm::vec3(0.75f, 0, 0), c + glm::vec3(0.75f, 0, 0), 0.4f};
                   },
                   [&](Cylinder& s) {
                       s = Cylinder{c - glm::vec3(0, 0.6f, 0), c + glm::vec3(0, 0.6f, 0), 0.5f};
                   },
                   [&](InfiniteCylinder& s) {
                       s = InfiniteCylinder{c, c + glm::vec3(0, 0, 1), 0.25f};
                   },
                   [&](Aabb& s) {
                       s = Aabb{c - glm::vec3(0.5f), c + glm::vec3(0.5f)};
                   },
                   [&](OrientedBox& s) {
                       o.placement.position = c;
                       s = placedBox(Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, o.placement);
                   },
               },
               o.shape);
    return o;
}

namespace {
// Both points that define a shape, moved together.
void moveBoth(glm::vec3& first, glm::vec3& second, glm::vec3 d) noexcept {
    first += d;
    second += d;
}
}  // namespace

Object translated(const Object& object, glm::vec3 d) noexcept {
    Object o = object;
    std::visit(Overloaded{
                   [&](Sphere& s) { s.center += d; },
                   [&](Capsule& s) { moveBoth(s.a, s.b, d); },
                   [&](Cylinder& s) { moveBoth(s.a, s.b, d); },
                   [&](InfiniteCylinder& s) { moveBoth(s.a, s.b, d); },
                   [&](Aabb& s) { moveBoth(s.min, s.max, d); },
                   [&](OrientedBox& s) {
                       o.placement.position += d;
                       s = placedBox(s.local, o.placement);
                   },
               },
               o.shape);
    return o;
}

Scene movedAll(const Scene& scene, glm::vec3 offset) {
    Scene moved = scene;
    for (Object& o : moved.objects) o = translated(o, offset);
    moved.camera.eye += offset;
    moved.camera.target += offset;
    return moved;
}

glm::vec3 interiorPoint(const Shape& shape) noexcept {
    return std::visit(Overloaded{
                          [](const Sphere& s) { return s.center; },
                          [](const Capsule& s) { return 0.5f * (s.a + s.b); },
                          [](const Cylinder& s) { return 0.5f * (s.a + s.b); },
                          [](const InfiniteCylinder& s) { return s.a; },
                          [](const Aabb& s) { return 0.5f * (s.min + s.max); },
                          [](const OrientedBox& s) {
                              const glm::vec3 local = 0.5f * (s.local.min + s.local.max);
                              return glm::vec3(s.toWorld * glm::vec4(local, 1.0f));
                          },
                      },
                      shape);
}

std::optional<std::string> validate(const Object& object) {
    if (object.name.empty()) return std::string("name: must not be empty");
    if (!isFinite(object.color)) return std::string("color: components must be finite numbers");
    for (int i = 0; i < 3; ++i)
        if (object.color[i] < 0.0f || object.color[i] > 1.0f) return std::string("color: components must be in 0..1");
    return std::visit(Overloaded{
                          [&](const OrientedBox& b) { return validateBox(b, object.placement); },
                          [](const auto& s) { return validateShape(s); },
                      },
                      object.shape);
}

std::optional<std::string> validate(const Camera& c) {
    if (auto e = firstError(checkFinite(c.eye, "eye"), checkFinite(c.target, "target"), checkFinite(c.up, "up")))
        return e;
    if (c.eye == c.target) return std::string("target: must differ from eye");
    if (glm::length(glm::cross(c.target - c.eye, c.up)) <= 1e-6f * glm::length(c.target - c.eye) * glm::length(c.up))
        return std::string("up: must not be parallel to the viewing direction (or zero)");
    if (!(c.fovYDegrees > 0.0f && c.fovYDegrees < 180.0f)) return std::string("fovYDegrees: must be in (0, 180)");
    if (!(c.near > 0.0f && std::isfinite(c.near))) return std::string("near: must be a positive number");
    if (!(c.far > c.near && std::isfinite(c.far))) return std::string("far: must be a number greater than near");
    if (!(c.orthoHeight > 0.0f && std::isfinite(c.orthoHeight)))
        return std::string("orthoHeight: must be a positive number");
    return std::nullopt;
}

std::string uniqueName(const Scene& scene, const std::string& base) {
    auto used = [&](const std::string& name) {
        for (const Object& o : scene.objects)
            if (o.name == name) return true;
        return false;
    };
    if (!used(base)) return base;
    for (int i = 2;; ++i) {
        std::string candidate = base + " " + std::to_string(i);
        if (!used(candidate)) return candidate;
    }
}

}  // namespace pickray::scene
