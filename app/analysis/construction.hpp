// SPDX-License-Identifier: MIT
#pragma once
// What the source articles build for the object a pick is about: the library's own
// explain() of the pick's ray against it (pickray/collision/construction.hpp), and the squared
// distance over (s, t) of the last two selected capsules' axes. The view draws these, the
// Constructions panel lists them; nothing here recomputes what the library computes.

#include <cstddef>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "editor/pick.hpp"
#include "pickray/collision/construction.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

/// Article 000 (infinite cylinder), 002 (capped cylinder) or 003 (box: an Aabb's or an oriented
/// box's slabs).
using ArticleConstruction = std::variant<InfiniteCylinderConstruction, CylinderConstruction, BoxConstruction>;

struct ShownConstruction {
    std::size_t object = 0;  ///< the object explained
    Shape shape;             ///< its shape (the view draws its axis and circles)
    Ray ray;                 ///< the pick's ray
    float tFar = 0.0f;       ///< the pick's far plane (what is drawn of the ray ends there)
    ArticleConstruction of;
};

/// The construction of the pick's nearest object when it is a cylinder or a box; otherwise (a
/// miss, or a sphere or capsule hit) of the last selected cylinder or box against the same ray,
/// so a miss or a parallel ray can be explained too. Nothing without a pick or such an object.
[[nodiscard]] std::optional<ShownConstruction> constructionOf(const scene::Scene& scene,
                                                              const std::vector<std::size_t>& selection,
                                                              const std::optional<Pick>& pick);

/// The article's number ("000", "002", "003") and what it solves.
[[nodiscard]] const char* articleOf(const ArticleConstruction& construction);
[[nodiscard]] const char* articleTitle(const ArticleConstruction& construction);
[[nodiscard]] const char* caseName(InfiniteCylinderCase kind);
[[nodiscard]] const char* caseName(CylinderCase kind);
[[nodiscard]] const char* caseName(BoxCase kind);
[[nodiscard]] const char* partName(CylinderPart part);
/// "-x", "+x", ... for a box face id (2·axis for the plane at min, 2·axis + 1 for max); "none" for -1.
[[nodiscard]] const char* faceName(int face);

/// The last two selected capsules (the capsule pair of the overlay and its panel), by index.
[[nodiscard]] std::optional<std::pair<std::size_t, std::size_t>> capsulePair(const scene::Scene& scene,
                                                                             const std::vector<std::size_t>& selection);

/// Article 001's (s, t) square: f(s, t) = |P(s) − Q(t)|² between the two capsules' axes, sampled
/// by the library's segmentDistanceSquared at the centres of cells × cells cells, and its
/// minimum as the library's closest pair finds it.
struct PairMap {
    CapsulePairConstruction pair;
    int cells = 0;
    /// f at cell (i, j)'s centre s = (i + 0.5) / cells, t = (j + 0.5) / cells, at [j · cells + i].
    std::vector<float> values;
    float overlapLevel = 0.0f;  ///< (r1 + r2)²: where f is at most this, the capsules overlap
};
[[nodiscard]] PairMap pairMap(const Capsule& first, const Capsule& second, int cells);

}  // namespace pickray::app
