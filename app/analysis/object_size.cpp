// SPDX-License-Identifier: MIT
#include "analysis/object_size.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>

#include "scene/overloaded.hpp"

namespace pickray::app {

float objectSize(const scene::Object& object) {
    const auto halfLength = [](glm::vec3 a, glm::vec3 b) { return 0.5f * glm::length(b - a); };
    const auto largestHalfExtent = [](const Aabb& b, glm::vec3 axisLengths) {
        const glm::vec3 half = glm::max(0.5f * (b.max - b.min), glm::vec3(0.0f)) * axisLengths;
        return std::max({half.x, half.y, half.z});
    };
    return std::visit(scene::Overloaded{
                          [](const Sphere& s) { return std::max(s.radius, 0.0f); },
                          [&](const Capsule& s) { return std::max(s.radius, 0.0f) + halfLength(s.a, s.b); },
                          [&](const Cylinder& s) { return std::max(s.radius, halfLength(s.a, s.b)); },
                          [](const InfiniteCylinder& s) { return std::max(s.radius, 0.0f); },
                          [&](const Aabb& b) { return largestHalfExtent(b, glm::vec3(1.0f)); },
                          [&](const OrientedBox& b) {
                              const glm::vec3 lengths(glm::length(glm::vec3(b.toWorld[0])),
                                                      glm::length(glm::vec3(b.toWorld[1])),
                                                      glm::length(glm::vec3(b.toWorld[2])));
                              return largestHalfExtent(b.local, lengths);
                          },
                      },
                      object.shape);
}

const char* sizeMeaning(const scene::Object& object) {
    return std::visit(scene::Overloaded{
                          [](const Sphere&) { return "its radius"; },
                          [](const Capsule&) { return "its radius plus half its length"; },
                          [](const Cylinder&) { return "its radius or half its height"; },
                          [](const InfiniteCylinder&) { return "its radius"; },
                          [](const Aabb&) { return "its largest half extent"; },
                          [](const OrientedBox&) { return "its largest half extent, scaled"; },
                      },
                      object.shape);
}

std::optional<float> medianSize(std::vector<float> sizes) {
    std::erase_if(sizes, [](float s) { return !(s > 0.0f) || !std::isfinite(s); });
    if (sizes.empty()) return std::nullopt;
    const std::size_t middle = sizes.size() / 2;
    std::nth_element(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(middle), sizes.end());
    const float upper = sizes[middle];
    if (sizes.size() % 2 == 1) return upper;
    const float lower = *std::max_element(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(middle));
    return lower + 0.5f * (upper - lower);
}

std::optional<Outsized> outsized(float size, const std::vector<float>& others) {
    const std::optional<float> median = medianSize(others);
    if (!median || !(size > kOutsizedFactor * *median)) return std::nullopt;
    return Outsized{size, *median};
}

std::optional<Outsized> outsizedObject(const scene::Scene& scene, std::size_t object) {
    if (object >= scene.objects.size()) return std::nullopt;
    std::vector<float> others;
    others.reserve(scene.objects.size());
    for (std::size_t i = 0; i < scene.objects.size(); ++i)
        if (i != object) others.push_back(objectSize(scene.objects[i]));
    return outsized(objectSize(scene.objects[object]), others);
}

std::string sizeWarningText(const scene::Object& object, const Outsized& o) {
    char text[200];
    std::snprintf(text, sizeof text, "Size: %s is %.3g, more than %.0fx the median size of the other objects (%.3g)",
                  sizeMeaning(object), double(o.size), double(kOutsizedFactor), double(o.median));
    return text;
}

}  // namespace pickray::app
