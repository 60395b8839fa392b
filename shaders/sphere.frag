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

void main() {
    // As cursorRay: far/far.w − near/near.w over a common denominator.
    vec3 origin = vNear.xyz / vNear.w;
    vec3 along = vFar.xyz * vNear.w - vNear.xyz * vFar.w;
    if (vNear.w * vFar.w < 0.0) along = -along;
    vec3 dir = normalize(along);
    float tFar = dot(vFar.xyz / vFar.w - origin, dir);

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
}
