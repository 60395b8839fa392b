// SPDX-License-Identifier: MIT
#version 330 core
// Analytic spheres: the pixel centre's ray against the sphere, as the library's ray_sphere.hpp
// solves it (around the closest approach, so a far ray keeps its precision), relative to the eye.
// The ray starts at the near plane (as a click's does); from inside the sphere its exit is drawn
// (the library's contract); hits beyond the far plane are not drawn (a click ignores them).
noperspective in vec4 vNear;
noperspective in vec4 vFar;
flat in vec3 vCenter;
flat in float vRadius;
flat in vec4 vColor;
flat in vec4 vStyle;
flat in uint vObject;
#ifdef ROUND
// The ROUND variant: capsules, capped and infinite cylinders, as ray_capsule.hpp, ray_cylinder.hpp
// and ray_infinite_cylinder.hpp solve them (in float): the line's span in each convex piece, the
// first crossing at or after the ray's start (the exit from inside), nothing beyond the far plane.
// vCenter is a - eye, vRadius the shape's radius.
flat in vec3 vAxis;  // b - a
flat in uint vKind;  // 0 capsule, 1 capped cylinder, 2 infinite cylinder
#endif

uniform vec3 uForward;  // the view direction (world)
uniform float uNear;

layout(location = 0) out vec4 fragColor;
layout(location = 1) out uvec2 fragObject;

// mesh.frag's lighting: key light, fill light, a sky/ground ambient term, Blinn-Phong on the key.
vec3 shade(vec3 base, vec3 n, vec3 v) {
    if (dot(n, v) < 0.0) n = -n;  // seen from inside: the exit point's inner side
    vec3 key = normalize(vec3(0.45, 0.8, 0.35));
    vec3 fill = normalize(vec3(-0.6, 0.3, -0.5));
    float ambient = mix(0.18, 0.32, 0.5 + 0.5 * n.y);
    float diffuse = 0.75 * max(dot(n, key), 0.0) + 0.25 * max(dot(n, fill), 0.0);
    float specular = 0.25 * pow(max(dot(n, normalize(key + v)), 0.0), 48.0);
    return base * (ambient + diffuse) + vec3(specular);
}

#ifdef ROUND
const float kInfinity = uintBitsToFloat(0x7F800000u);

// quadratic.hpp's solveWithinRadius: the t where |p + t v| <= r, solved around the closest
// approach; v == 0: all t when |p| <= r, else none.
bool withinRadius(vec3 p, vec3 v, float r, out vec2 span) {
    float a = dot(v, v);
    span = vec2(-kInfinity, kInfinity);
    if (a == 0.0) return dot(p, p) <= r * r;
    float tClosest = -dot(p, v) / a;
    vec3 m = p + tClosest * v;
    float halfChordSquared = (r * r - dot(m, m)) / a;
    if (!(halfChordSquared >= 0.0)) return false;
    float halfChord = sqrt(halfChordSquared);
    span = vec2(tClosest - halfChord, tClosest + halfChord);
    return true;
}

// clipToSlab: keeps the t where 0 <= along + t alongStep <= lengthSquared, noting which cap plane
// (1: a's, 2: b's) became a bound; false when nothing is left.
bool clipToSlab(inout vec2 span, inout uvec2 surface, float along, float alongStep, float lengthSquared) {
    if (alongStep == 0.0) return along >= 0.0 && along <= lengthSquared;
    float t0 = -along / alongStep;
    float t1 = (lengthSquared - along) / alongStep;
    uvec2 caps = uvec2(1u, 2u);
    if (t0 > t1) {
        t0 = (lengthSquared - along) / alongStep;
        t1 = -along / alongStep;
        caps = uvec2(2u, 1u);
    }
    if (t0 > span.x) {
        span.x = t0;
        surface.x = caps.x;
    }
    if (t1 < span.y) {
        span.y = t1;
        surface.y = caps.y;
    }
    return span.x <= span.y;
}
#endif

void main() {
    // As cursorRay: far/far.w − near/near.w over a common denominator.
    vec3 origin = vNear.xyz / vNear.w;
    vec3 along = vFar.xyz * vNear.w - vNear.xyz * vFar.w;
    if (vNear.w * vFar.w < 0.0) along = -along;
    vec3 dir = normalize(along);
    float tFar = dot(vFar.xyz / vFar.w - origin, dir);

#ifdef ROUND
    vec3 p = origin - vCenter;  // relative to a
    vec3 axis = vAxis;
    float radius = vRadius;
    float lengthSquared = dot(axis, axis);
    vec2 span = vec2(0.0);
    uvec2 surface = uvec2(0u);  // 0 the side (or a capsule), 1 / 2 a's / b's cap
    bool found = false;
    if (lengthSquared == 0.0) {
        // a == b: a capsule is a sphere; a cylinder or an infinite cylinder is nothing.
        if (vKind != 0u) discard;
        found = withinRadius(p, dir, radius, span);
    } else {
        if (vKind == 1u && radius == 0.0) discard;  // a cylinder of no radius is empty
        // axisFrame: the ray along the axis and off it; nearly parallel (kAxisParallelSine) is parallel.
        float along = dot(p, axis);
        float alongStep = dot(dir, axis);
        vec3 perp = p - (along / lengthSquared) * axis;
        vec3 perpStep = dir - (alongStep / lengthSquared) * axis;
        if (dot(perpStep, perpStep) <= 1e-12 * dot(dir, dir)) perpStep = vec3(0.0);
        vec2 side;
        found = withinRadius(perp, perpStep, radius, side);
        // Every kind lies inside the infinite cylinder: a line that misses it (and does not run
        // parallel to the axis) misses the shape (capsuleSpanOfValidRay's early out).
        if (!found && perpStep != vec3(0.0)) discard;
        if (vKind == 2u) {
            span = side;
        } else {
            if (found) {
                span = side;
                found = clipToSlab(span, surface, along, alongStep, lengthSquared);
            }
            if (vKind == 0u) {  // the capsule: the union with both cap spheres' spans
                vec2 cap;
                if (withinRadius(p, dir, radius, cap)) {
                    span = found ? vec2(min(span.x, cap.x), max(span.y, cap.y)) : cap;
                    found = true;
                }
                if (withinRadius(p - axis, dir, radius, cap)) {
                    span = found ? vec2(min(span.x, cap.x), max(span.y, cap.y)) : cap;
                    found = true;
                }
            }
        }
    }
    if (!found) discard;
    // firstCrossing: the enter, or from inside the exit (an infinite one, a parallel line inside
    // an infinite cylinder, crosses nothing and fails the far test).
    bool entering = span.x >= 0.0;
    float t = entering ? span.x : span.y;
    if (!(t >= 0.0 && t <= tFar)) discard;
    vec3 hit = origin + t * dir;
    gl_FragDepth = uNear / max(dot(hit, uForward), uNear);
    fragObject = uvec2(vObject, (vStyle.x > 0.5 ? 1u : 0u) | (vStyle.y > 0.5 ? 2u : 0u) | (vStyle.z > 0.5 ? 4u : 0u));
    vec3 q = p + t * dir;
    vec3 n;
    uint at = entering ? surface.x : surface.y;
    if (vKind == 0u) {  // from the closest point of the segment
        float s = lengthSquared > 0.0 ? clamp(dot(q, axis) / lengthSquared, 0.0, 1.0) : 0.0;
        n = q - s * axis;
    } else if (at == 0u) {
        n = q - (dot(q, axis) / lengthSquared) * axis;
    } else {
        n = at == 1u ? -axis : axis;
    }
    fragColor = vec4(shade(vColor.rgb, normalize(n), -dir), 1.0);
#else
    vec3 p = origin - vCenter;
    float b = dot(p, dir);
    vec3 closest = p - b * dir;  // the line's closest approach to the centre
    float halfChordSquared = vRadius * vRadius - dot(closest, closest);
    if (!(halfChordSquared >= 0.0)) discard;
    float halfChord = sqrt(halfChordSquared);
    float enter = -b - halfChord;
    float t = enter >= 0.0 ? enter : -b + halfChord;
    if (!(t >= 0.0 && t <= tFar)) discard;

    vec3 hit = origin + t * dir;  // relative to the eye
    // One monotone function of the view depth for every depth-tested pass (depth.glsl).
    gl_FragDepth = uNear / max(dot(hit, uForward), uNear);
    fragObject = uvec2(vObject, (vStyle.x > 0.5 ? 1u : 0u) | (vStyle.y > 0.5 ? 2u : 0u) | (vStyle.z > 0.5 ? 4u : 0u));
    if (vColor.a < 0.5) {  // markers: flat colour, always readable
        fragColor = vec4(vColor.rgb, 1.0);
        return;
    }
    vec3 n = (p + t * dir) / max(vRadius, 1e-30);
    fragColor = vec4(shade(vColor.rgb, n, -dir), 1.0);
#endif
}
