// SPDX-License-Identifier: MIT
// Embree as bench_mesh's peer (embree_mesh_peer.hpp), for the Embree version PICKRAY_EMBREE_MAJOR
// (3 or 4): compiled once per version found. The two APIs differ here only in rtcIntersect1's
// arguments (Embree 3 takes an intersect context, Embree 4 optional arguments).
#include "embree_mesh_peer.hpp"

#include <atomic>
#include <stdexcept>

#if PICKRAY_EMBREE_MAJOR == 3
#include <embree3/rtcore.h>
#define PICKRAY_EMBREE_MESH_PEER embree3_mesh_peer
#elif PICKRAY_EMBREE_MAJOR == 4
#include <embree4/rtcore.h>
#define PICKRAY_EMBREE_MESH_PEER embree4_mesh_peer
#else
#error "PICKRAY_EMBREE_MAJOR must be 3 or 4"
#endif

namespace bench::PICKRAY_EMBREE_MESH_PEER {
namespace {

#if PICKRAY_EMBREE_MAJOR == 4
RTC_NAMESPACE_USE  // Embree 4 built with EMBREE_API_NAMESPACE=embree4: its API is in ::embree4
#endif

    class Mesh final : public EmbreeMesh {
public:
    Mesh(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices, EmbreeMeshOptions options);
    ~Mesh() override {
        if (scene_) rtcReleaseScene(scene_);
        rtcReleaseDevice(device_);
    }
    Mesh(const Mesh&) = delete;
    Mesh& operator=(const Mesh&) = delete;

    [[nodiscard]] PeerAnswer nearest(const pickray::Ray& ray) const override;
    [[nodiscard]] std::vector<PeerCrossing> allHits(const pickray::Ray& ray) const override;
    [[nodiscard]] std::int64_t bytes() const override { return bytes_.load(); }
    void rebuild() override;

private:
    /// Records the hit and rejects it, so that the traversal goes on to every other crossing.
    static void collectHit(const RTCFilterFunctionNArguments* args);
    void intersect(RTCRayHit& rh) const;

    std::span<const glm::vec3> positions_;
    std::span<const std::uint32_t> indices_;
    EmbreeMeshOptions options_;
    RTCDevice device_ = nullptr;
    RTCScene scene_ = nullptr;
    std::atomic<std::int64_t> bytes_{0};
    mutable std::vector<PeerCrossing> collected_;
};

void Mesh::collectHit(const RTCFilterFunctionNArguments* args) {
    auto* self = static_cast<const Mesh*>(args->geometryUserPtr);
    for (unsigned i = 0; i < args->N; ++i) {
        if (args->valid[i] == 0) continue;
        self->collected_.push_back({RTCHitN_primID(args->hit, args->N, i), RTCRayN_tfar(args->ray, args->N, i)});
        args->valid[i] = 0;
    }
}

Mesh::Mesh(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices, EmbreeMeshOptions options)
    : positions_(positions), indices_(indices), options_(std::move(options)) {
    device_ = rtcNewDevice(options_.isa.empty() ? "threads=1" : ("threads=1,isa=" + options_.isa).c_str());
    if (!device_) throw std::runtime_error("Embree: no device");
    rtcSetDeviceMemoryMonitorFunction(
        device_,
        [](void* self, ssize_t delta, bool) {
            static_cast<Mesh*>(self)->bytes_ += delta;
            return true;
        },
        this);
    rebuild();
}

void Mesh::rebuild() {
    if (scene_) rtcReleaseScene(scene_);
    scene_ = rtcNewScene(device_);
    rtcSetSceneFlags(scene_, options_.robust ? RTC_SCENE_FLAG_ROBUST : RTC_SCENE_FLAG_NONE);
    rtcSetSceneBuildQuality(scene_, RTC_BUILD_QUALITY_MEDIUM);
    RTCGeometry g = rtcNewGeometry(device_, RTC_GEOMETRY_TYPE_TRIANGLE);
    rtcSetGeometryBuildQuality(g, RTC_BUILD_QUALITY_MEDIUM);
    // The caller's arrays, shared: the padding element is past the vertex count.
    rtcSetSharedGeometryBuffer(g, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, positions_.data(), 0, sizeof(glm::vec3),
                               positions_.size() - 1);
    rtcSetSharedGeometryBuffer(g, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, indices_.data(), 0,
                               3 * sizeof(std::uint32_t), indices_.size() / 3);
    if (options_.collect) {
        rtcSetGeometryUserData(g, this);
        rtcSetGeometryIntersectFilterFunction(g, collectHit);
    }
    rtcCommitGeometry(g);
    rtcAttachGeometry(scene_, g);
    rtcReleaseGeometry(g);
    rtcCommitScene(scene_);
}

void Mesh::intersect(RTCRayHit& rh) const {
#if PICKRAY_EMBREE_MAJOR == 3
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    rtcIntersect1(scene_, &context, &rh);
#else
    rtcIntersect1(scene_, &rh);
#endif
}

RTCRayHit rayHit(const pickray::Ray& ray) {
    RTCRayHit rh{};
    rh.ray.org_x = ray.origin.x;
    rh.ray.org_y = ray.origin.y;
    rh.ray.org_z = ray.origin.z;
    rh.ray.dir_x = ray.direction.x;
    rh.ray.dir_y = ray.direction.y;
    rh.ray.dir_z = ray.direction.z;
    rh.ray.tnear = 0.0f;
    rh.ray.tfar = pickray::kInfinity;
    rh.ray.mask = ~0u;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    return rh;
}

PeerAnswer Mesh::nearest(const pickray::Ray& ray) const {
    RTCRayHit rh = rayHit(ray);
    intersect(rh);
    if (rh.hit.geomID == RTC_INVALID_GEOMETRY_ID) return {};
    return {true, rh.hit.primID, rh.ray.tfar};
}

std::vector<PeerCrossing> Mesh::allHits(const pickray::Ray& ray) const {
    collected_.clear();
    if (!options_.collect) return {};
    RTCRayHit rh = rayHit(ray);
    intersect(rh);
    return collected_;
}

}  // namespace

std::unique_ptr<EmbreeMesh> build(std::span<const glm::vec3> paddedPositions, std::span<const std::uint32_t> indices,
                                  const EmbreeMeshOptions& options) {
    return std::make_unique<Mesh>(paddedPositions, indices, options);
}

}  // namespace bench::PICKRAY_EMBREE_MESH_PEER
