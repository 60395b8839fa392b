// SPDX-License-Identifier: MIT
#version 330 core
// Analytic boxes: the pixel centre's ray against the box, as the library's ray_box.hpp solves it
// (in float): the ray moved into the box's local frame by the inverse of toWorld (not normalised,
// so t is the world's), the slabs of the local box clipped in x, y, z order (a later slab wins a
// tie, as clipToSlab's >= and <=), a direction component of exactly zero parallel to its slabs (a
// miss unless between them), a flat box (zero extent) hit where the ray crosses it. The first
// crossing at or after the ray's start (the exit from inside), nothing beyond the far plane. The
// normal is the hit face's in the world: its row of the inverse (the inverse transpose's column).
noperspective in vec4 vNear;
noperspective in vec4 vFar;
flat in vec3 vTranslation;
flat in vec3 vInverse0;
flat in vec3 vInverse1;
flat in vec3 vInverse2;
flat in vec3 vMin;
flat in vec3 vMax;
flat in vec4 vColor;
flat in vec4 vStyle;
flat in uint vObject;

uniform vec3 uForward;  // the view direction (world)
uniform float uNear;

layout(location = 0) out vec4 fragColor;
layout(location = 1) out uvec2 fragObject;

const float kInfinity = uintBitsToFloat(0x7F800000u);

// sphere.frag's (and mesh.frag's) lighting: key light, fill light, a sky/ground ambient term,
// Blinn-Phong on the key.
vec3 shade(vec3 base, vec3 n, vec3 v) {
    if (dot(n, v) < 0.0) n = -n;  // seen from inside: the exit face's inner side
    vec3 key = normalize(vec3(0.45, 0.8, 0.35));
    vec3 fill = normalize(vec3(-0.6, 0.3, -0.5));
    float ambient = mix(0.18, 0.32, 0.5 + 0.5 * n.y);
    float diffuse = 0.75 * max(dot(n, key), 0.0) + 0.25 * max(dot(n, fill), 0.0);
    float specular = 0.25 * pow(max(dot(n, normalize(key + v)), 0.0), 48.0);
    return base * (ambient + diffuse) + vec3(specular);
}

void main() {
    // As cursorRay: far/far.w − near/near.w over a common denominator.
    vec3 origin = vNear.xyz / vNear.w;
    vec3 along = vFar.xyz * vNear.w - vNear.xyz * vFar.w;
    if (vNear.w * vFar.w < 0.0) along = -along;
    vec3 dir = normalize(along);
    float tFar = dot(vFar.xyz / vFar.w - origin, dir);

    mat3 inverseT = mat3(vInverse0, vInverse1, vInverse2);  // the inverse's rows as columns
    vec3 p = (origin - vTranslation) * inverseT;            // row · vector: the local origin
    vec3 d = dir * inverseT;
    // detail::slabSpan with detail::clipToSlab; surfaces 2·axis (the min face), 2·axis + 1 (max).
    float enter = -kInfinity;
    float exit = kInfinity;
    int enterFace = 0;
    int exitFace = 0;
    for (int axis = 0; axis < 3; ++axis) {
        float z = p[axis];
        float dz = d[axis];
        float lo = vMin[axis];
        float hi = vMax[axis];
        if (dz == 0.0) {
            if (!(z >= lo && z <= hi)) discard;
            continue;
        }
        float reciprocal = 1.0 / dz;
        float tLo = (lo - z) * reciprocal;
        float tHi = (hi - z) * reciprocal;
        bool forward = dz > 0.0;
        float first = min(tLo, tHi);
        float last = max(tLo, tHi);
        if (first >= enter) {
            enter = first;
            enterFace = forward ? 2 * axis : 2 * axis + 1;
        }
        if (last <= exit) {
            exit = last;
            exitFace = forward ? 2 * axis + 1 : 2 * axis;
        }
        if (!(enter <= exit)) discard;
    }
    // firstCrossing: the enter, or from inside the exit.
    bool entering = enter >= 0.0;
    float t = entering ? enter : exit;
    if (!(t >= 0.0 && t < kInfinity && t <= tFar)) discard;

    vec3 hit = origin + t * dir;  // relative to the eye
    // One monotone function of the view depth for every depth-tested pass (sphere.frag's).
    gl_FragDepth = uNear / max(dot(hit, uForward), uNear);
    fragObject = uvec2(vObject, (vStyle.x > 0.5 ? 1u : 0u) | (vStyle.y > 0.5 ? 2u : 0u) | (vStyle.z > 0.5 ? 4u : 0u));
    // detail::faceNormal: the face's row of the inverse, pointing out of the face.
    int face = entering ? enterFace : exitFace;
    int axis = face / 2;
    vec3 row = axis == 0 ? vInverse0 : (axis == 1 ? vInverse1 : vInverse2);
    vec3 n = (face % 2 == 0 ? -1.0 : 1.0) * row;
    fragColor = vec4(shade(vColor.rgb, normalize(n), -dir), 1.0);
}
