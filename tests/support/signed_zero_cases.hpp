// SPDX-License-Identifier: MIT
#pragma once
// Inputs that make zeros: rays along the axes and the diagonals of the axis planes, from points on
// the axes and on the shapes' surfaces, with −0 and +0 coordinates in the rays and in the shapes
// (a mirrored oriented box among them, whose normals come out of a negated row). Each zero a
// result reports must be +0 (collision/ray.hpp); these are the inputs that gave −0 before.

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "pickray/collision/shapes.hpp"

namespace pickray::test {

/// Coordinates for ray origins and query points: both zeros, the shapes' surfaces at ±0.5 and ±1,
/// and points outside.
inline const std::vector<float> kZeroCoordinates{-3.0f, -1.0f, -0.5f, -0.0f, 0.0f, 0.5f, 1.0f, 3.0f};

inline std::vector<glm::vec3> gridPoints(const std::vector<float>& values) {
    std::vector<glm::vec3> points;
    for (float x : values)
        for (float y : values)
            for (float z : values) points.emplace_back(x, y, z);
    return points;
}

/// Every direction with components in {−1, −0, +0, 1}, not all zero.
inline std::vector<glm::vec3> zeroDirections() {
    std::vector<glm::vec3> directions;
    for (const glm::vec3& d : gridPoints({-1.0f, -0.0f, 0.0f, 1.0f}))
        if (d != glm::vec3(0.0f)) directions.push_back(d);
    return directions;
}

inline std::vector<Ray> zeroRays() {
    std::vector<Ray> rays;
    const std::vector<glm::vec3> directions = zeroDirections();
    for (const glm::vec3& origin : gridPoints(kZeroCoordinates))
        for (const glm::vec3& direction : directions) rays.push_back({origin, direction});
    return rays;
}

constexpr float kNegativeZero = -0.0f;

inline std::vector<Sphere> zeroSpheres() {
    return {Sphere{{0, 0, 0}, 1}, Sphere{{kNegativeZero, kNegativeZero, kNegativeZero}, 0.5f}, Sphere{{1, 0, 0}, 0}};
}
inline std::vector<Capsule> zeroCapsules() {
    return {Capsule{{0, -1, 0}, {0, 1, 0}, 0.5f}, Capsule{{kNegativeZero, 1, kNegativeZero}, {kNegativeZero, -1, 0}, 1},
            Capsule{{-1, 0, 0}, {1, 0, 0}, 0}, Capsule{{0, 0, 0}, {0, 0, 0}, 1}};
}
inline std::vector<Cylinder> zeroCylinders() {
    return {Cylinder{{0, -1, 0}, {0, 1, 0}, 0.5f},
            Cylinder{{kNegativeZero, 1, kNegativeZero}, {kNegativeZero, -1, 0}, 1},
            Cylinder{{0, 0, -0.5f}, {0, 0, 0.5f}, 1}};
}
inline std::vector<InfiniteCylinder> zeroInfiniteCylinders() {
    return {InfiniteCylinder{{0, -1, 0}, {0, 1, 0}, 0.5f},
            InfiniteCylinder{{kNegativeZero, 1, kNegativeZero}, {kNegativeZero, -1, 0}, 1},
            InfiniteCylinder{{0, 0, 0}, {1, 0, 0}, 0}};
}
inline std::vector<Aabb> zeroBoxes() {
    return {Aabb{{-1, -1, -1}, {1, 1, 1}}, Aabb{{kNegativeZero, -0.5f, kNegativeZero}, {1, 0.5f, 1}},
            Aabb{{-1, 0, -1}, {1, 0, 1}}};
}
inline std::vector<OrientedBox> zeroOrientedBoxes() {
    glm::mat4 quarterTurn(0.0f);  // (x, y, z) -> (z, y, −x), a quarter turn about y
    quarterTurn[0] = {0, 0, -1, 0};
    quarterTurn[1] = {0, 1, 0, 0};
    quarterTurn[2] = {1, 0, 0, 0};
    quarterTurn[3] = {0, 0, 0, 1};
    glm::mat4 mirror(1.0f);  // x -> −x: a negative determinant turns every row round
    mirror[0][0] = -1.0f;
    glm::mat4 scaled(1.0f);
    scaled[0][0] = 2.0f;
    scaled[3] = {kNegativeZero, 0.5f, kNegativeZero, 1};
    const Aabb unit{{-1, -1, -1}, {1, 1, 1}};
    return {OrientedBox{unit, quarterTurn}, OrientedBox{unit, mirror},
            OrientedBox{Aabb{{-0.5f, -1, -1}, {1, 1, 1}}, scaled}, OrientedBox{unit, glm::mat4(1.0f)}};
}

/// Query points and the lines and segments they are measured to, and line and segment pairs.
inline std::vector<Line> zeroLines() {
    std::vector<Line> lines;
    for (const glm::vec3& point : gridPoints({-1.0f, -0.0f, 0.0f, 1.0f}))
        for (const glm::vec3& direction : {glm::vec3(1, 0, 0), glm::vec3(0, -1, 0), glm::vec3(0, 0, 2),
                                           glm::vec3(kNegativeZero, 1, kNegativeZero), glm::vec3(0.0f)})
            lines.push_back({point, direction});
    return lines;
}
inline std::vector<Segment> zeroSegments() {
    std::vector<Segment> segments;
    for (const Line& line : zeroLines()) segments.push_back({line.point, line.point + line.direction});
    return segments;
}

/// Counts zero components and fails on each −0 among them (the first few reported).
struct ZeroSigns {
    int zeros = 0;
    int negative = 0;

    void check(float x, const std::string& what) {
        if (x != 0.0f) return;
        ++zeros;
        if (std::signbit(x) && ++negative <= 5) ADD_FAILURE() << "−0 in " << what;
    }
    void check(glm::vec3 v, const std::string& what) {
        check(v.x, what + ".x");
        check(v.y, what + ".y");
        check(v.z, what + ".z");
    }
    void check(const RayHit& hit, const std::string& what) {
        check(hit.t, what + " t");
        check(hit.point, what + " point");
        check(hit.normal, what + " normal");
    }
    void check(const LineSpan& span, const std::string& what) {
        check(span.enter, what + " enter");
        check(span.exit, what + " exit");
    }
    void check(const ClosestPoints& pair, const std::string& what) {
        check(pair.p1, what + " p1");
        check(pair.p2, what + " p2");
        check(pair.t1, what + " t1");
        check(pair.t2, what + " t2");
        check(pair.distance, what + " distance");
    }
};

/// "(x, y, z)" with a −0 shown as -0 (printf's %g does so).
inline std::string signedText(glm::vec3 v) {
    char text[96];
    std::snprintf(text, sizeof text, "(%g, %g, %g)", static_cast<double>(v.x), static_cast<double>(v.y),
                  static_cast<double>(v.z));
    return text;
}
inline std::string signedText(const Ray& ray) {
    return "ray " + signedText(ray.origin) + " along " + signedText(ray.direction);
}

}  // namespace pickray::test
