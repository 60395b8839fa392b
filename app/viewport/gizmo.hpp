// SPDX-License-Identifier: MIT
#pragma once
// The transform gizmo on the selection, as pure functions on values: its handles as library shapes
// (capsules for the axes, rings of capsules for rotation, thin boxes for the plane handles and
// scale tips), picked with pickray's own ray routines; and what a drag of a handle from one cursor
// ray to another does to an object. No SDL, no GL: the App draws it and feeds it rays.
//
// Drags are computed from the ray at the press and the ray now, never summed frame by frame, so a
// long drag does not drift. Along a world axis only that coordinate of the objects changes: the
// offset is exactly zero in the other two (so they stay bit for bit as they were).

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "pickray/query/shape.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

enum class GizmoMode { Move, Rotate, Scale };
enum class GizmoSpace { World, Local };

struct GizmoHandle {
    enum class Kind { Axis, Plane, Ring, Scale } kind = Kind::Axis;
    int axis = 0;  ///< 0, 1, 2: the axis moved along, rotated about or scaled; a plane's normal
    bool operator==(const GizmoHandle&) const = default;
};

/// "x", "xy plane", "z ring", "y scale": for messages and the report.
[[nodiscard]] std::string handleName(const GizmoHandle& handle);

struct Gizmo {
    glm::vec3 origin{0.0f};
    glm::mat3 axes{1.0f};  ///< unit columns: the world's, or the primary object's own (local)
    float size = 1.0f;     ///< world length of an axis handle (the App keeps it ~90 pixels on screen)
    GizmoMode mode = GizmoMode::Move;
    bool worldAxes = true;  ///< axes are exactly the world's (what keeps the other coordinates bit for bit)
};

/// The gizmo for these objects: at the centre of their interior points; world axes, or in local
/// space (and always for scaling) the primary (last) object's own axes: a box's rotation, a
/// capsule's or cylinder's axis as z.
[[nodiscard]] Gizmo makeGizmo(const std::vector<const scene::Object*>& objects, GizmoMode mode, GizmoSpace space,
                              float size);

/// Each handle's shapes, in the library's shape model.
struct HandleShape {
    GizmoHandle handle;
    Shape shape;
};
[[nodiscard]] std::vector<HandleShape> handleShapes(const Gizmo& gizmo);

/// The handle the ray meets first (pickray::raycast on each handle shape), if any.
[[nodiscard]] std::optional<GizmoHandle> pickHandle(const Gizmo& gizmo, const Ray& ray);

/// What dragging `handle` from the ray at the press to the ray now does, about gizmo.origin.
struct GizmoDrag {
    glm::vec3 translation{0.0f};
    glm::vec3 axis{0.0f, 0.0f, 1.0f};  ///< rotation axis (unit)
    float angle = 0.0f;                ///< radians, right-handed about `axis`
    float factor = 1.0f;               ///< scale along the handle's axis
};

/// Snapping (Ctrl held): moves to multiples of kMoveSnap, rotations to kRotateSnapDegrees, scale
/// factors to multiples of kScaleSnap. Nullopt where the ray says nothing (a ray parallel to the
/// axis or the plane it must cross).
inline constexpr float kMoveSnap = 0.5f;
inline constexpr float kRotateSnapDegrees = 15.0f;
inline constexpr float kScaleSnap = 0.1f;
[[nodiscard]] std::optional<GizmoDrag> dragHandle(const Gizmo& gizmo, const GizmoHandle& handle, const Ray& pressed,
                                                  const Ray& now, bool snap);

/// `object` as the drag leaves it (from its state at the press), or nullopt where the drag cannot
/// apply: an axis-aligned box cannot turn; a scale that would make a size zero, negative or not
/// finite is refused.
[[nodiscard]] std::optional<scene::Object> applyDrag(const scene::Object& object, const Gizmo& gizmo,
                                                     const GizmoHandle& handle, const GizmoDrag& drag);

}  // namespace pickray::app
