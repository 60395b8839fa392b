// SPDX-License-Identifier: MIT
#pragma once
// Plain textbook ray tests in float, as they appear in tutorials and books, for the benchmarks:
// what a user would write without a library. Each returns the entry distance along a unit-length
// direction (or the exit when starting inside), or a negative number on a miss.

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace textbook {

// The quadratic formula, b² − 4ac, with a = 1 for a unit direction.
inline float raySphere(glm::vec3 o, glm::vec3 d, glm::vec3 c, float r) {
    const glm::vec3 oc = o - c;
    const float b = glm::dot(oc, d);
    const float cc = glm::dot(oc, oc) - r * r;
    const float h = b * b - cc;
    if (h < 0.0f) return -1.0f;
    const float s = std::sqrt(h);
    const float t = -b - s;
    return t >= 0.0f ? t : -b + s;
}

// Slab method (Ericson, Real-Time Collision Detection 5.3.3), with precomputed inverse direction.
inline float rayAabb(glm::vec3 o, glm::vec3 invD, glm::vec3 lo, glm::vec3 hi) {
    const glm::vec3 t0 = (lo - o) * invD;
    const glm::vec3 t1 = (hi - o) * invD;
    const glm::vec3 tmin = glm::min(t0, t1);
    const glm::vec3 tmax = glm::max(t0, t1);
    const float enter = std::max(std::max(tmin.x, tmin.y), tmin.z);
    const float exit = std::min(std::min(tmax.x, tmax.y), tmax.z);
    if (enter > exit || exit < 0.0f) return -1.0f;
    return enter >= 0.0f ? enter : exit;
}

// The infinite cylinder of radius r about the line through pa and pb, as both of Inigo Quilez's
// shader-toy formulations below set it up: the quadratic k2·t² + 2·k1·t + k0 = 0 in t (each
// coefficient scaled by |ba|²), and the dot products the caller needs again.
struct AxisQuadratic {
    float baba;  // |pb − pa|²
    float bard;  // (pb − pa)·rd
    float baoa;  // (pb − pa)·(ro − pa)
    float k2, k1, k0;
};

inline AxisQuadratic axisQuadratic(glm::vec3 ro, glm::vec3 rd, glm::vec3 pa, glm::vec3 pb, float r) {
    const glm::vec3 ba = pb - pa;
    const glm::vec3 oa = ro - pa;
    AxisQuadratic q;
    q.baba = glm::dot(ba, ba);
    q.bard = glm::dot(ba, rd);
    q.baoa = glm::dot(ba, oa);
    q.k2 = q.baba - q.bard * q.bard;
    q.k1 = q.baba * glm::dot(rd, oa) - q.baoa * q.bard;
    q.k0 = q.baba * glm::dot(oa, oa) - q.baoa * q.baoa - r * r * q.baba;
    return q;
}

// Capsule: infinite cylinder clipped to the segment, else the nearer end sphere (the well-known
// shader-toy formulation by Inigo Quilez).
inline float rayCapsule(glm::vec3 ro, glm::vec3 rd, glm::vec3 pa, glm::vec3 pb, float r) {
    const AxisQuadratic q = axisQuadratic(ro, rd, pa, pb, r);
    const float h = q.k1 * q.k1 - q.k2 * q.k0;
    if (h >= 0.0f) {
        const float t = (-q.k1 - std::sqrt(h)) / q.k2;
        const float y = q.baoa + t * q.bard;
        if (y > 0.0f && y < q.baba) return t;
        const glm::vec3 oc = (y <= 0.0f) ? ro - pa : ro - pb;
        const float bb = glm::dot(rd, oc);
        const float cc = glm::dot(oc, oc) - r * r;
        const float hh = bb * bb - cc;
        if (hh > 0.0f) return -bb - std::sqrt(hh);
    }
    return -1.0f;
}

// Capped cylinder, same source: side by the projected quadratic, caps by plane tests.
inline float rayCylinder(glm::vec3 ro, glm::vec3 rd, glm::vec3 pa, glm::vec3 pb, float ra) {
    const AxisQuadratic q = axisQuadratic(ro, rd, pa, pb, ra);
    float h = q.k1 * q.k1 - q.k2 * q.k0;
    if (h < 0.0f) return -1.0f;
    h = std::sqrt(h);
    float t = (-q.k1 - h) / q.k2;
    const float y = q.baoa + t * q.bard;
    if (y > 0.0f && y < q.baba) return t;
    t = (((y < 0.0f) ? 0.0f : q.baba) - q.baoa) / q.bard;
    if (std::abs(q.k1 + q.k2 * t) < h) return t;
    return -1.0f;
}

// Segment–segment closest distance (Ericson 5.1.9) in float.
inline float segmentDistance(glm::vec3 p1, glm::vec3 q1, glm::vec3 p2, glm::vec3 q2) {
    const glm::vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
    const float a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
    float s = 0.0f, t = 0.0f;
    if (a <= 1e-12f && e <= 1e-12f) {
    } else if (a <= 1e-12f) {
        t = std::clamp(f / e, 0.0f, 1.0f);
    } else {
        const float c = glm::dot(d1, r);
        if (e <= 1e-12f) {
            s = std::clamp(-c / a, 0.0f, 1.0f);
        } else {
            const float b = glm::dot(d1, d2);
            const float denom = a * e - b * b;
            s = denom != 0.0f ? std::clamp((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
            t = (b * s + f) / e;
            if (t < 0.0f) {
                t = 0.0f;
                s = std::clamp(-c / a, 0.0f, 1.0f);
            } else if (t > 1.0f) {
                t = 1.0f;
                s = std::clamp((b - c) / a, 0.0f, 1.0f);
            }
        }
    }
    return glm::distance(p1 + d1 * s, p2 + d2 * t);
}

}  // namespace textbook
