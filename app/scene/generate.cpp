// SPDX-License-Identifier: MIT
#include "scene/generate.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include <glm/geometric.hpp>

namespace pickray::scene {
namespace {

// Volume per object: about one object per 1.8-unit cube. The block is twice as wide and deep as
// it is high, so its size grows as the cube root of the count and objects stay a few pixels
// across even at 100,000 with the whole block in view.
constexpr float kVolumePerObject = 6.0f;

// Uniform floats from the raw 32-bit engine output, identical on every standard library.
class Random {
public:
    explicit Random(std::uint32_t seed) : engine_(seed) {}
    float unit() { return static_cast<float>(engine_() >> 8) * (1.0f / 16777216.0f); }  // [0, 1)
    float in(float lo, float hi) { return lo + (hi - lo) * unit(); }
    glm::vec3 direction() {
        // Uniform on the sphere: z uniform in [-1, 1], angle uniform.
        const float z = in(-1.0f, 1.0f);
        const float a = in(0.0f, 6.2831853f);
        const float s = std::sqrt(std::max(0.0f, 1.0f - z * z));
        return {s * std::cos(a), s * std::sin(a), z};
    }
    glm::vec3 tint(glm::vec3 base) {
        const float k = in(0.9f, 1.1f);
        return glm::clamp(base * k, glm::vec3(0.0f), glm::vec3(1.0f));
    }

private:
    std::mt19937 engine_;
};

// One colour family per kind, so that a field of thousands still reads as kinds.
constexpr glm::vec3 kSphereColor{0.85f, 0.35f, 0.25f};
constexpr glm::vec3 kCapsuleColor{0.35f, 0.75f, 0.4f};
constexpr glm::vec3 kCylinderColor{0.3f, 0.45f, 0.9f};
constexpr glm::vec3 kBoxColor{0.72f, 0.68f, 0.58f};
constexpr glm::vec3 kPoleColor{0.7f, 0.4f, 0.85f};

}  // namespace

Scene generateStressScene(std::size_t count, std::uint32_t seed) {
    Random random(seed);
    Scene scene;
    scene.objects.reserve(count);
    // width = depth = 2 · height, width · depth · height = count · kVolumePerObject.
    const float height = std::max(2.0f, std::cbrt(0.25f * kVolumePerObject * static_cast<float>(count)));
    const float half = height;

    // Two infinite cylinders lying on the ground in front of the block and under it (they are
    // tested for every ray, beside the BVH: only a couple).
    if (count >= 5) {
        scene.objects.push_back({"infinite_cylinder #0", kPoleColor,
                                 InfiniteCylinder{{0.0f, 0.3f, half + 2.0f}, {1.0f, 0.3f, half + 2.0f}, 0.3f}});
        scene.objects.push_back({"infinite_cylinder #1", kPoleColor * 0.85f,
                                 InfiniteCylinder{{0.0f, 0.3f, 0.0f}, {1.0f, 0.3f, -1.0f}, 0.3f}});
    }
    for (std::size_t i = scene.objects.size(); i < count; ++i) {
        const glm::vec3 center(random.in(-half, half), random.in(0.6f, height), random.in(-half, half));
        // Kinds in proportion 3 spheres : 2 capsules : 2 cylinders : 3 boxes.
        const float pick = random.unit();
        Object o;
        if (pick < 0.3f) {
            o = {"sphere #" + std::to_string(i), random.tint(kSphereColor), Sphere{center, random.in(0.2f, 0.6f)}};
        } else if (pick < 0.7f) {
            const glm::vec3 axis = random.direction() * random.in(0.2f, 0.8f);
            const bool capsule = pick < 0.5f;
            const float radius = capsule ? random.in(0.1f, 0.3f) : random.in(0.15f, 0.45f);
            if (capsule)
                o = {"capsule #" + std::to_string(i), random.tint(kCapsuleColor),
                     Capsule{center - axis, center + axis, radius}};
            else
                o = {"cylinder #" + std::to_string(i), random.tint(kCylinderColor),
                     Cylinder{center - axis, center + axis, radius}};
        } else {
            const Transform placement{center,
                                      {random.in(0.0f, 360.0f), random.in(0.0f, 360.0f), random.in(0.0f, 360.0f)},
                                      {random.in(0.3f, 1.2f), random.in(0.3f, 1.2f), random.in(0.3f, 1.2f)}};
            o = {"box #" + std::to_string(i), random.tint(kBoxColor),
                 placedBox(Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, placement), placement};
        }
        scene.objects.push_back(std::move(o));
    }

    // Looking down at the block's centre from in front of one corner, far enough to see all of it.
    Camera& c = scene.camera;
    c.target = {0.0f, 0.5f * height, 0.0f};
    const float distance = 3.6f * height;
    c.eye = c.target + distance * glm::normalize(glm::vec3(0.55f, 0.5f, 1.0f));
    c.near = std::max(0.1f, 0.002f * distance);
    c.far = 3.0f * distance + 20.0f;
    c.orthoHeight = 3.0f * height;
    return scene;
}

}  // namespace pickray::scene
