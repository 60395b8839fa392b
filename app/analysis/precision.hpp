// SPDX-License-Identifier: MIT
#pragma once
// What float rounding does to a pick (the precision view): the pick's nearest hit three
// ways, each with its t along its own ray.
//   1. pickray's: the pick's own t and hit point (pick.nearest()).
//   2. The same ray (pickray's float ray, widened to double) against the same shape by textbook
//      formulas evaluated in double: what pickray's t would be without float rounding in the query.
//   3. The naive float way, as tutorials write it: the ray from unprojecting the cursor at window
//      z = MinZ and z = MaxZ through ONE inverted float matrix inverse(viewport · projection · view)
//      (the frame's full view, translation included), the two points subtracted and normalised;
//      and that ray against the shape by the same textbook formulas in float (the quadratic's
//      b² − ac with b = d·(o − c), no stable forms; boxes: the slab test, an oriented box's ray
//      moved into its space by the float-inverted toWorld).
// The textbook formulas (textbookRaycast) follow the library's ray contract (collision/ray.hpp)
// in both precisions: the first crossing with t >= 0, and a ray that starts inside gets its exit
// point; a miss (or a crossing behind the origin only) gives none. They do not take the library's
// care: an infinite cylinder's ray counts as parallel only when its direction is exactly parallel
// (a zero quadratic coefficient), and the slab test divides by a direction's zero component as
// IEEE does (±infinity). No GL, SDL or ImGui here.

#include <optional>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "editor/pick.hpp"
#include "pickray/query/shape.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

/// A pick's nearest hit, three ways. Every t is in units of its ray's direction, which is unit
/// length for both rays (pickray's and the naive one), so t is a distance from the ray's origin
/// on the near plane.
struct Precision {
    float t = 0.0f;               ///< pickray's t (the pick's nearest hit)
    double tDouble = 0.0;         ///< the same ray and shape, textbook formulas in double; NaN if that misses (a graze)
    std::optional<float> tNaive;  ///< the naive float ray against the shape in float; none when it misses
    /// (t − tDouble) in float steps at tDouble: the spacing of floats there (2^(e − 23) for tDouble
    /// in [2^e, 2^(e+1))). What the float query lost against double on the same ray.
    double ulps = 0.0;
    /// (tNaive − tDouble) in the same float steps: what the naive ray and formulas lose together
    /// (both rays start on the near plane, so their t are distances from nearly the same point).
    std::optional<double> ulpsNaive;
    double naiveRayAngle = 0.0;   ///< angle in radians between the naive ray's direction and pickray's, in double
    glm::vec3 point{0.0f};        ///< pickray's hit point
    glm::dvec3 pointDouble{0.0};  ///< origin + tDouble · direction of pickray's ray, in double
    std::optional<glm::vec3> pointNaive;  ///< the naive ray's origin + tNaive · its direction, in float
    Ray naiveRay;                         ///< the naive float ray (origin on the near plane, unit direction)
};

/// The naive float ray under the pick's cursor in the pick's frame (point 3 above). NaN coordinates
/// where the float inverse fails (a singular product).
[[nodiscard]] Ray naiveRay(glm::vec2 cursor, const FrameMatrices& frame) noexcept;

/// The textbook formulas' t (point 2 and 3 above) in T = float or double, under the ray contract;
/// none for a miss.
template <class T>
[[nodiscard]] std::optional<T> textbookRaycast(const glm::vec<3, T>& origin, const glm::vec<3, T>& direction,
                                               const Shape& shape) noexcept;

/// The float spacing at |x|: 2^(e − 23) for |x| in [2^e, 2^(e+1)), the smallest subnormal below
/// the normal range.
[[nodiscard]] double floatSpacing(double x) noexcept;

/// The precision of `pick`'s nearest hit on `shape` (the object it hit), in the frame the pick was
/// made in (pick.frame). None for a miss or a frame that cannot be picked in.
[[nodiscard]] std::optional<Precision> precisionOf(const Pick& pick, const Shape& shape);
/// The same with the shape taken from `scene` (the object of pick.nearest()); none if the scene has
/// no such object any more.
[[nodiscard]] std::optional<Precision> precisionOf(const Pick& pick, const scene::Scene& scene);

}  // namespace pickray::app
