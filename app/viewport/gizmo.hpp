// SPDX-License-Identifier: MIT
#pragma once
// The transform gizmo on the selection, as pure functions on values: its handles as library shapes
// (a capsule shaft and a cone, picked as a capped cylinder, for each move axis; rings of capsules
// for rotation; thin boxes for the plane handles; a shaft and a cube for each scale axis), picked
// with pickray's own ray routines; and what a drag of a handle from one cursor ray to another does
// to an object. No SDL, no GL: the App draws it (overlay.hpp) and feeds it rays. What is drawn is
// what is picked: both come from handleShapes.
//
// Seen from the eye, the gizmo keeps its centre clear (kCentreClear of its size, about 13 pixels)
// so that the hit marker there stays visible: an axis pointing nearly at the eye is left out, as
// is a plane seen nearly edge-on; other axes start where they clear the centre, and a ring's
// segments that would cross it are left out.
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
    /// Unit vector from the origin towards the eye (the view's for an orthographic camera); zero
    /// when unknown, which keeps every handle.
    glm::vec3 toEye{0.0f};
};

/// The radius about the centre, as a fraction of the gizmo's size, that no handle covers on screen.
inline constexpr float kCentreClear = 0.14f;
/// Axis handles within asin(kHiddenBelowSine), 17.5 degrees, of the line to the eye are left out:
/// nearer, a cone's base (0.78 of the size out, 0.08 wide) would reach into the clear centre, as
/// 0.78 · 0.3 - 0.08 > kCentreClear shows. So is a plane within as much of edge-on.
inline constexpr float kHiddenBelowSine = 0.3f;

/// Where a move or scale axis's shaft starts, as a fraction of the size: kAxisStart, or farther
/// out where the axis leans towards the eye, so that its start clears the centre on screen; nullopt
/// when the axis is left out.
[[nodiscard]] std::optional<float> shaftStart(const Gizmo& gizmo, int axis);

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
    /// A world-grid snap: where the gizmo's origin lands, exactly, on the axes in `onGrid`. An
    /// object whose own position (a sphere's centre, a box's position) is the origin is put there
    /// exactly, not moved by `translation`, whose sum could round off the grid.
    glm::vec3 gridOrigin{0.0f};
    glm::bvec3 onGrid{false};
    glm::vec3 axis{0.0f, 0.0f, 1.0f};  ///< rotation axis (unit)
    float angle = 0.0f;                ///< radians, right-handed about `axis`
    float factor = 1.0f;               ///< scale along the handle's axis
};

/// Snapping (Ctrl held). Moves snap to a grid of kMoveSnap: with world axes, the world's grid (the
/// gizmo's origin lands on multiples of kMoveSnap along the axis or in the plane dragged); with an
/// object's own axes, that object's grid from where the origin was at the press (the offset along
/// each of its axes is a multiple of kMoveSnap). Rotations snap to multiples of kRotateSnapDegrees
/// and scale factors to multiples of kScaleSnap. Nullopt where the ray says nothing (a ray
/// parallel to the axis or the plane it must cross).
inline constexpr float kMoveSnap = 0.5f;
inline constexpr float kRotateSnapDegrees = 15.0f;
inline constexpr float kScaleSnap = 0.1f;
/// What Ctrl does to a drag in this mode and space, as the Inspector says it ("Ctrl snaps onto the
/// world grid of 0.5").
[[nodiscard]] std::string snapDescription(GizmoMode mode, GizmoSpace space);
[[nodiscard]] std::optional<GizmoDrag> dragHandle(const Gizmo& gizmo, const GizmoHandle& handle, const Ray& pressed,
                                                  const Ray& now, bool snap);

/// `object` as the drag leaves it (from its state at the press), or nullopt where the drag cannot
/// apply: an axis-aligned box cannot turn; a scale that would make a size zero, negative or not
/// finite is refused.
[[nodiscard]] std::optional<scene::Object> applyDrag(const scene::Object& object, const Gizmo& gizmo,
                                                     const GizmoHandle& handle, const GizmoDrag& drag);

}  // namespace pickray::app
