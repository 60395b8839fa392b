// SPDX-License-Identifier: MIT
#pragma once
// The demo's scene model: named, coloured shapes and the camera settings, as plain values.
// The file format (scene_io.hpp, docs/SCENE_FORMAT.md) maps one to one onto these types.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/shapes.hpp"
#include "pickray/picking.hpp"

namespace pickray::scene {

/// Places a box in the world: world = T(position) · Rz · Ry · Rx · S(scale), angles in degrees.
struct Transform {
    glm::vec3 position{0.0f};
    glm::vec3 rotationDegrees{0.0f};
    glm::vec3 scale{1.0f};
};

/// A box given by its local min/max corners and placed by `transform`.
struct Box {
    Aabb local;
    Transform transform;
};

[[nodiscard]] glm::mat4 toWorld(const Transform& transform) noexcept;
[[nodiscard]] OrientedBox orientedBox(const Box& box) noexcept;

/// One alternative per shape kind; the index order is the ShapeKind order.
using Shape = std::variant<Sphere, Capsule, Cylinder, InfiniteCylinder, Box>;

enum class ShapeKind { Sphere, Capsule, Cylinder, InfiniteCylinder, Box };
inline constexpr ShapeKind kAllShapeKinds[] = {ShapeKind::Sphere, ShapeKind::Capsule, ShapeKind::Cylinder,
                                               ShapeKind::InfiniteCylinder, ShapeKind::Box};

[[nodiscard]] ShapeKind kindOf(const Shape& shape) noexcept;
/// The file format's name of a kind: "sphere", "capsule", "cylinder", "infinite_cylinder", "box".
[[nodiscard]] const char* typeName(ShapeKind kind) noexcept;
[[nodiscard]] std::optional<ShapeKind> kindFromTypeName(const std::string& name) noexcept;
/// A reasonable shape of that kind around `center` (used by "add object").
[[nodiscard]] Shape defaultShape(ShapeKind kind, glm::vec3 center) noexcept;
/// The same shape moved by `offset` (used by dragging and duplicating).
[[nodiscard]] Shape translated(const Shape& shape, glm::vec3 offset) noexcept;
/// A point that lies inside the solid (the centre of its core), for tests and the camera.
[[nodiscard]] glm::vec3 interiorPoint(const Shape& shape) noexcept;

struct Object {
    std::string name;
    glm::vec3 color{0.7f};  ///< linear RGB in 0..1
    Shape shape;
};

enum class Projection { Perspective, Orthographic };

struct Camera {
    glm::vec3 eye{6.0f, 4.5f, 9.0f};
    glm::vec3 target{0.0f, 0.5f, 0.0f};
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    float fovYDegrees = 45.0f;  ///< full vertical angle
    float near = 0.1f;
    float far = 100.0f;
    Projection projection = Projection::Perspective;
    float orthoHeight = 8.0f;  ///< full height of the orthographic view in world units
    ClipDepth clipDepth = ClipDepth::NegativeOneToOne;
};

struct Scene {
    Camera camera;
    std::vector<Object> objects;
};

/// Why an object cannot be accepted (negative radius, non-finite value, zero scale, colour outside
/// 0..1, min > max, ...), naming the field; nullopt when it is valid.
[[nodiscard]] std::optional<std::string> validate(const Object& object);
[[nodiscard]] std::optional<std::string> validate(const Camera& camera);

/// A name not used by any object yet, built from `base` ("base", "base 2", "base 3", ...).
[[nodiscard]] std::string uniqueName(const Scene& scene, const std::string& base);

}  // namespace pickray::scene
