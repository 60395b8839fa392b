// SPDX-License-Identifier: MIT
// Embree as bench_scene's peer (embree_peer.hpp), for the Embree version PICKRAY_EMBREE_MAJOR
// (3 or 4): this file is compiled once per version found. The two APIs differ here only in
// rtcIntersect1's arguments (Embree 3 takes an intersect context, Embree 4 optional arguments).
#include "embree_peer.hpp"

#include <algorithm>
#include <atomic>

#if PICKRAY_EMBREE_MAJOR == 3
#include <embree3/rtcore.h>
#define PICKRAY_EMBREE_PEER embree3_peer
#elif PICKRAY_EMBREE_MAJOR == 4
#include <embree4/rtcore.h>
#define PICKRAY_EMBREE_PEER embree4_peer
#else
#error "PICKRAY_EMBREE_MAJOR must be 3 or 4"
#endif

namespace bench::PICKRAY_EMBREE_PEER {
namespace {

#if PICKRAY_EMBREE_MAJOR == 4
RTC_NAMESPACE_USE  // Embree 4 built with EMBREE_API_NAMESPACE=embree4: its API is in ::embree4
#endif

    class Scene final : public EmbreeScene {
public:
    Scene(const std::vector<pickray::Shape>& shapes, bool native, const std::string& isa);
    ~Scene() override {
        if (scene_) rtcReleaseScene(scene_);
        rtcReleaseDevice(device_);
    }
    Scene(const Scene&) = delete;
    Scene& operator=(const Scene&) = delete;

    [[nodiscard]] PeerAnswer nearest(const pickray::Ray& ray) const override;
    [[nodiscard]] std::int64_t bytes() const override { return bytes_.load(); }

private:
    static void bounds(const RTCBoundsFunctionArguments* args);
    static void intersect(const RTCIntersectFunctionNArguments* args);

    RTCDevice device_ = nullptr;
    RTCScene scene_ = nullptr;
    std::vector<std::uint32_t> objectOf_[3];  // per geometry: primitive -> shape index
    const std::vector<pickray::Shape>* shapes_ = nullptr;
    std::atomic<std::int64_t> bytes_{0};
};

// User geometry: bounds from pickray::bounds, intersection by pickray's exact routine.
void Scene::bounds(const RTCBoundsFunctionArguments* args) {
    const auto* e = static_cast<const Scene*>(args->geometryUserPtr);
    const pickray::Aabb b = pickray::bounds((*e->shapes_)[e->objectOf_[2][args->primID]]);
    *args->bounds_o = RTCBounds{b.min.x, b.min.y, b.min.z, 0, b.max.x, b.max.y, b.max.z, 0};
}

void Scene::intersect(const RTCIntersectFunctionNArguments* args) {
    if (!args->valid[0]) return;
    const auto* e = static_cast<const Scene*>(args->geometryUserPtr);
    auto* rh = reinterpret_cast<RTCRayHit*>(args->rayhit);
    const pickray::Ray ray{{rh->ray.org_x, rh->ray.org_y, rh->ray.org_z},
                           {rh->ray.dir_x, rh->ray.dir_y, rh->ray.dir_z}};
    const auto hit = pickray::raycast(ray, (*e->shapes_)[e->objectOf_[2][args->primID]], rh->ray.tfar);
    if (!hit || hit->t < rh->ray.tnear) return;
    rh->ray.tfar = hit->t;
    rh->hit.Ng_x = hit->normal.x;
    rh->hit.Ng_y = hit->normal.y;
    rh->hit.Ng_z = hit->normal.z;
    rh->hit.primID = args->primID;
    rh->hit.geomID = args->geomID;
}

/// A new geometry of `type` whose vertex buffer holds `vertices`, four floats (x, y, z, radius) a
/// vertex.
RTCGeometry newRoundGeometry(RTCDevice device, RTCGeometryType type, const std::vector<float>& vertices) {
    RTCGeometry g = rtcNewGeometry(device, type);
    auto* v = static_cast<float*>(rtcSetNewGeometryBuffer(g, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT4,
                                                          4 * sizeof(float), vertices.size() / 4));
    std::copy(vertices.begin(), vertices.end(), v);
    return g;
}

/// Commits `g` and attaches it to the scene under `id` (the scene holds it from then on).
void attachGeometry(RTCScene scene, RTCGeometry g, unsigned id) {
    rtcCommitGeometry(g);
    rtcAttachGeometryByID(scene, g, id);
    rtcReleaseGeometry(g);
}

RTCDevice newDevice(const std::string& isa) {
    return rtcNewDevice(isa.empty() ? "threads=1" : ("threads=1,isa=" + isa).c_str());
}

Scene::Scene(const std::vector<pickray::Shape>& shapes, bool native, const std::string& isa)
    : device_(newDevice(isa)), shapes_(&shapes) {
    rtcSetDeviceMemoryMonitorFunction(
        device_,
        [](void* self, ssize_t delta, bool) {
            static_cast<Scene*>(self)->bytes_ += delta;
            return true;
        },
        this);
    scene_ = rtcNewScene(device_);
    rtcSetSceneBuildQuality(scene_, RTC_BUILD_QUALITY_HIGH);
    std::vector<float> spheres, curves;
    std::vector<unsigned> curveIndex;
    for (std::uint32_t i = 0; i < shapes.size(); ++i) {
        if (native && std::holds_alternative<pickray::Sphere>(shapes[i])) {
            const auto& s = std::get<pickray::Sphere>(shapes[i]);
            spheres.insert(spheres.end(), {s.center.x, s.center.y, s.center.z, s.radius});
            objectOf_[0].push_back(i);
        } else if (native && std::holds_alternative<pickray::Capsule>(shapes[i])) {
            const auto& c = std::get<pickray::Capsule>(shapes[i]);
            curveIndex.push_back(static_cast<unsigned>(curves.size() / 4));
            curves.insert(curves.end(), {c.a.x, c.a.y, c.a.z, c.radius, c.b.x, c.b.y, c.b.z, c.radius});
            objectOf_[1].push_back(i);
        } else {
            objectOf_[2].push_back(i);
        }
    }
    if (!objectOf_[0].empty())
        attachGeometry(scene_, newRoundGeometry(device_, RTC_GEOMETRY_TYPE_SPHERE_POINT, spheres), 0);
    if (!objectOf_[1].empty()) {
        RTCGeometry g = newRoundGeometry(device_, RTC_GEOMETRY_TYPE_ROUND_LINEAR_CURVE, curves);
        auto* idx = static_cast<unsigned*>(
            rtcSetNewGeometryBuffer(g, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT, sizeof(unsigned), curveIndex.size()));
        std::copy(curveIndex.begin(), curveIndex.end(), idx);
        attachGeometry(scene_, g, 1);
    }
    if (!objectOf_[2].empty()) {
        RTCGeometry g = rtcNewGeometry(device_, RTC_GEOMETRY_TYPE_USER);
        rtcSetGeometryUserPrimitiveCount(g, static_cast<unsigned>(objectOf_[2].size()));
        rtcSetGeometryUserData(g, this);
        rtcSetGeometryBoundsFunction(g, bounds, nullptr);
        rtcSetGeometryIntersectFunction(g, intersect);
        attachGeometry(scene_, g, 2);
    }
    rtcCommitScene(scene_);
}

PeerAnswer Scene::nearest(const pickray::Ray& ray) const {
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
#if PICKRAY_EMBREE_MAJOR == 3
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    rtcIntersect1(scene_, &context, &rh);
#else
    rtcIntersect1(scene_, &rh);
#endif
    if (rh.hit.geomID == RTC_INVALID_GEOMETRY_ID) return {};
    return {true, objectOf_[rh.hit.geomID][rh.hit.primID], rh.ray.tfar};
}

}  // namespace

std::unique_ptr<EmbreeScene> build(const std::vector<pickray::Shape>& shapes, bool native, const std::string& isa) {
    return std::make_unique<Scene>(shapes, native, isa);
}

std::string version() {
    RTCDevice device = rtcNewDevice("threads=1");
    const auto v = rtcGetDeviceProperty(device, RTC_DEVICE_PROPERTY_VERSION);
    rtcReleaseDevice(device);
    return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}

}  // namespace bench::PICKRAY_EMBREE_PEER
