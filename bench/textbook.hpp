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

// Capsule: infinite cylinder clipped to the segment, else the nearer end sphere (the well-known
// shader-toy formulation by Inigo Quilez).
inline float rayCapsule(glm::vec3 ro, glm::vec3 rd, glm::vec3 pa, glm::vec3 pb, float r) {
    const glm::vec3 ba = pb - pa;
    const glm::vec3 oa = ro - pa;
    const float baba = glm::dot(ba, ba);
    const float bard = glm::dot(ba, rd);
    const float baoa = glm::dot(ba, oa);
    const float rdoa = glm::dot(rd, oa);
    const float oaoa = glm::dot(oa, oa);
    const float a = baba - bard * bard;
    const float b = baba * rdoa - baoa * bard;
    const float c = baba * oaoa - baoa * baoa - r * r * baba;
    const float h = b * b - a * c;
    if (h >= 0.0f) {
        const float t = (-b - std::sqrt(h)) / a;
        const float y = baoa + t * bard;
        if (y > 0.0f && y < baba) return t;
        const glm::vec3 oc = (y <= 0.0f) ? oa : ro - pb;
        const float bb = glm::dot(rd, oc);
        const float cc = glm::dot(oc, oc) - r * r;
        const float hh = bb * bb - cc;
        if (hh > 0.0f) return -bb - std::sqrt(hh);
    }
    return -1.0f;
}

// Capped cylinder, same source: side by the projected quadratic, caps by plane tests.
inline float rayCylinder(glm::vec3 ro, glm::vec3 rd, glm::vec3 pa, glm::vec3 pb, float ra) {
    const glm::vec3 ba = pb - pa;
    const glm::vec3 oc = ro - pa;
    const float baba = glm::dot(ba, ba);
    const float bard = glm::dot(ba, rd);
    const float baoc = glm::dot(ba, oc);
    const float k2 = baba - bard * bard;
    const float k1 = baba * glm::dot(oc, rd) - baoc * bard;
    const float k0 = baba * glm::dot(oc, oc) - baoc * baoc - ra * ra * baba;
    float h = k1 * k1 - k2 * k0;
    if (h < 0.0f) return -1.0f;
    h = std::sqrt(h);
    float t = (-k1 - h) / k2;
    const float y = baoc + t * bard;
    if (y > 0.0f && y < baba) return t;
    t = (((y < 0.0f) ? 0.0f : baba) - baoc) / bard;
    if (std::abs(k1 + k2 * t) < h) return t;
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
