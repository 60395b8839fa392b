// SPDX-License-Identifier: MIT
// A mesh under an affine transform: the ray moved into the mesh's space as ray_box.hpp moves it
// into an oriented box's (toLocal, in double), rounded to float, answered by the mesh, and the hit
// carried back to the world.
#include "pickray/query/mesh.hpp"

namespace pickray {

MeshInstance::MeshInstance(const TriangleMesh& mesh, const glm::mat4& toWorld) noexcept
    : mesh_(&mesh), toWorld_(toWorld) {
    const auto cofactors = detail::cofactors(toWorld);
    if (!cofactors) return;
    inverse_ = *cofactors;
    inverseDeterminant_ = 1.0 / cofactors->determinant;
    valid_ = true;
}

Validity MeshInstance::validity() const noexcept {
    const glm::mat4& m = toWorld_;
    if (m[0][3] != 0.0f || m[1][3] != 0.0f || m[2][3] != 0.0f || m[3][3] != 1.0f)
        return {"toWorld", "must be affine: its bottom row (0, 0, 0, 1)"};
    for (int column = 0; column < 4; ++column)
        if (!detail::isFinite(glm::vec3(m[column]))) return {"toWorld", detail::kMustBeFinite};
    if (!valid_) return {"toWorld", "must be invertible (its determinant is exactly 0 or overflows)"};
    return mesh_->validity();
}

std::optional<Ray> MeshInstance::meshRay(const Ray& ray) const noexcept {
    if (!valid_ || !isValidRay(ray)) return std::nullopt;
    const detail::LocalRay local = detail::toLocal(ray, toWorld_[3], inverse_, inverseDeterminant_);
    const Ray moved{glm::vec3(local.origin), glm::vec3(local.direction)};
    if (!isValidRay(moved)) return std::nullopt;
    return moved;
}

// The inverse transpose of toWorld's linear part is the cofactor rows over the determinant
// (ray_box.hpp's Cofactors): the rows with the determinant's sign give the direction.
glm::vec3 MeshInstance::worldNormal(glm::vec3 normal) const noexcept {
    const glm::dvec3 n = detail::widen(normal);
    const glm::dvec3 world = n.x * inverse_.rows[0] + n.y * inverse_.rows[1] + n.z * inverse_.rows[2];
    return detail::positiveZero(glm::vec3(detail::unitVector(inverse_.determinant < 0.0 ? -world : world)));
}

bool MeshInstance::toWorldHit(const Ray& ray, MeshHit& hit) const {
    hit.point = detail::positiveZero(detail::pointAtExact(ray, static_cast<double>(hit.t)));
    if (!detail::isFinite(hit.point)) return false;
    hit.normal = worldNormal(hit.normal);
    if (hit.interpolatedNormal) hit.interpolatedNormal = worldNormal(*hit.interpolatedNormal);
    return true;
}

std::optional<MeshHit> MeshInstance::nearest(const Ray& ray, float tMax, Faces faces) const {
    const auto moved = meshRay(ray);
    if (!moved) return std::nullopt;
    auto hit = mesh_->nearest(*moved, tMax, faces);
    // A point that overflows: so does every farther one's along the same ray.
    if (hit && !toWorldHit(ray, *hit)) return std::nullopt;
    return hit;
}

std::vector<MeshHit> MeshInstance::allHits(const Ray& ray, float tMax, Faces faces) const {
    const auto moved = meshRay(ray);
    if (!moved) return {};
    std::vector<MeshHit> hits = mesh_->allHits(*moved, tMax, faces);
    std::size_t kept = 0;
    for (MeshHit& hit : hits) {
        if (toWorldHit(ray, hit)) hits[kept++] = hit;
    }
    hits.resize(kept);
    return hits;
}

bool MeshInstance::anyHit(const Ray& ray, float tMax, Faces faces) const {
    const auto moved = meshRay(ray);
    if (!moved || !mesh_->anyHit(*moved, tMax, faces)) return false;
    // Every point up to a finite one at tMax is finite (each coordinate is monotonic in t); beyond
    // it the nearest hit decides, as nearest() drops a hit whose point overflows.
    return detail::isFinite(detail::pointAtExact(ray, static_cast<double>(tMax))) || nearest(ray, tMax, faces);
}

std::vector<LineSpan> MeshInstance::lineSpans(const Ray& ray) const {
    const auto moved = meshRay(ray);
    if (!moved) return {};
    return mesh_->lineSpans(*moved);
}

}  // namespace pickray
