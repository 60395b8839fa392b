// SPDX-License-Identifier: MIT
#pragma once
// The demo's scene model: named, coloured library shapes (pickray::Shape) and the camera
// settings, as plain values.
// The file format (scene_io.hpp, docs/SCENE_FORMAT.md) maps one to one onto these types.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "pickray/picking.hpp"
#include "pickray/query/shape.hpp"

namespace pickray::scene {

/// Places a box in the world: world = T(position) · Rz · Ry · Rx · H(shear) · S(scale), angles in
/// degrees. These are the numbers the editor shows and the file stores: with shear, every affine
/// map the library's OrientedBox takes (Maya's transform order and shear, without pivots).
struct Transform {
    glm::vec3 position{0.0f};
    glm::vec3 rotationDegrees{0.0f};
    glm::vec3 scale{1.0f};
    /// (xy, xz, yz), Maya's shear: H moves a scaled point's x by xy·y + xz·z and its y by yz·z.
    glm::vec3 shear{0.0f};
};

[[nodiscard]] glm::mat4 toWorld(const Transform& transform) noexcept;
/// The oriented box `local` placed by `placement` (its toWorld is toWorld(placement)).
[[nodiscard]] OrientedBox placedBox(const Aabb& local, const Transform& placement) noexcept;

/// One object of the scene: a library shape plus what only the editor needs.
/// Invariant, for an OrientedBox: shape's toWorld == toWorld(placement), bit for bit (validate()
/// checks it; build boxes with placedBox()). Other kinds ignore `placement`.
struct Object {
    std::string name;
    glm::vec3 color{0.7f};  ///< linear RGB in 0..1
    Shape shape;
    Transform placement{};
};

/// A reasonable object of that kind around `center` (used by "add object"), named after its kind.
/// Throws std::out_of_range for kind >= pickray::kShapeKindCount.
[[nodiscard]] Object defaultObject(ShapeKind kind, glm::vec3 center);
/// The same object moved by `offset` (used by dragging and duplicating).
[[nodiscard]] Object translated(const Object& object, glm::vec3 offset) noexcept;
/// A point that lies inside the solid (the centre of its core), for tests and the camera.
[[nodiscard]] glm::vec3 interiorPoint(const Shape& shape) noexcept;

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
    bool operator==(const Camera&) const = default;
};

struct Scene {
    Camera camera;
    std::vector<Object> objects;
};

/// The whole scene and its camera moved by `offset`: every object as translated() moves it (an
/// infinite cylinder's two axis points too), the eye and the target; the camera's angles, planes
/// and sizes stay, so the same picture is drawn further from the world origin (--move-all).
[[nodiscard]] Scene movedAll(const Scene& scene, glm::vec3 offset);

/// Why an object cannot be accepted (negative radius, non-finite value, zero scale, colour outside
/// 0..1, min > max, ...), naming the field; nullopt when it is valid.
[[nodiscard]] std::optional<std::string> validate(const Object& object);
[[nodiscard]] std::optional<std::string> validate(const Camera& camera);

/// A name not used by any object yet, built from `base` ("base", "base 2", "base 3", ...).
[[nodiscard]] std::string uniqueName(const Scene& scene, const std::string& base);

}  // namespace pickray::scene
