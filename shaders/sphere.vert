// SPDX-License-Identifier: MIT
#version 330 core
// Analytic spheres (--renderer analytic): each instance is a screen-space quad around the sphere's
// projection, grown by a pixel, at a depth inside the clip volume (so near and far never clip it);
// sphere.frag casts each pixel's ray and decides. Everything is relative to the eye: the centre
// comes as centre - eye (formed in double on the CPU), the camera as its rotation alone.
layout(location = 0) in vec3 iCenter;  // centre - eye
layout(location = 1) in float iRadius;
layout(location = 2) in vec4 iColor;  // rgb, a = 1 lit / 0 unlit (markers)
layout(location = 3) in vec4 iStyle;  // x highlighted, y selected, z hovered
layout(location = 4) in uint iObject;  // the object's index + 1 (0xFFFFFFFF: a marker)
#ifdef ROUND
// Capsules, capped and infinite cylinders (the ROUND variant): iCenter / iRadius are a sphere
// around the shape (its bounding sphere; an infinite radius for an infinite cylinder, which makes
// the quad the whole view), the shape itself comes here.
layout(location = 5) in vec3 iA;     // a - eye
layout(location = 6) in vec4 iAxis;  // xyz: b - a, w: the shape's radius
layout(location = 7) in uint iKind;  // 0 capsule, 1 capped cylinder, 2 infinite cylinder
flat out vec3 vA;
flat out vec4 vAxis;
flat out uint vKind;
#endif

uniform mat3 uRotation;         // world -> view rotation (the view matrix of the camera moved to the origin)
uniform mat4 uProjection;       // GL clip space (the clip-depth remap applied)
uniform mat4 uInverseCamera;    // inverse of uProjection * rotation, formed in double
uniform vec2 uTargetSize;       // pixels
uniform float uNear;

noperspective out vec4 vNear;  // the pixel's near-plane point, homogeneous, relative to the eye
noperspective out vec4 vFar;   // ... and its far-plane point
flat out vec3 vCenter;
flat out float vRadius;
flat out vec4 vColor;
flat out vec4 vStyle;
flat out uint vObject;

// The interval of x / -z (a tangent of the view angle) that a circle of radius r around (x, depth)
// covers, seen from the origin: the two tangents' slopes. The circle lies in front of the eye.
vec2 tangentSlopes(float x, float depth, float r) {
    float a = x / depth;                                     // the centre's slope
    float b = r / sqrt(max(x * x + depth * depth - r * r, 1e-30));  // the half-angle's tangent
    return vec2((a - b) / (1.0 + a * b), (a + b) / (1.0 - a * b));
}

void main() {
    vec3 c = uRotation * iCenter;  // view space: the camera looks down -z
    float depth = -c.z;
    vec2 lo = vec2(-1.0);
    vec2 hi = vec2(1.0);
    bool perspective = uProjection[2][3] != 0.0;
    if (!perspective) {
        // ndc = P00 x + P30: the sphere's x interval [x - r, x + r] maps to an interval.
        vec2 scale = abs(vec2(uProjection[0][0], uProjection[1][1]));
        vec2 centre = vec2(uProjection[0][0], uProjection[1][1]) * c.xy + vec2(uProjection[3][0], uProjection[3][1]);
        lo = centre - scale * iRadius;
        hi = centre + scale * iRadius;
    } else if (depth - iRadius > uNear) {
        // Wholly in front of the near plane: the tangents' slopes, ndc = P00 · slope − P20.
        vec2 sx = tangentSlopes(c.x, depth, iRadius);
        vec2 sy = tangentSlopes(c.y, depth, iRadius);
        vec2 a = vec2(uProjection[0][0], uProjection[1][1]) * vec2(sx.x, sy.x) - vec2(uProjection[2][0], uProjection[2][1]);
        vec2 b = vec2(uProjection[0][0], uProjection[1][1]) * vec2(sx.y, sy.y) - vec2(uProjection[2][0], uProjection[2][1]);
        lo = min(a, b);
        hi = max(a, b);
    }
    // else: the sphere reaches the near plane (or holds the eye, or is infinite): the whole view.
    vec2 pixel = 2.0 / uTargetSize;  // one pixel in ndc
    lo = max(lo - pixel, vec2(-1.0) - pixel);
    hi = min(hi + pixel, vec2(1.0) + pixel);
    int corner = gl_VertexID;  // a triangle strip: (lo, lo), (hi, lo), (lo, hi), (hi, hi)
    vec2 ndc = vec2((corner & 1) != 0 ? hi.x : lo.x, (corner & 2) != 0 ? hi.y : lo.y);
    vNear = uInverseCamera * vec4(ndc, -1.0, 1.0);
    vFar = uInverseCamera * vec4(ndc, 1.0, 1.0);
    vCenter = iCenter;
    vRadius = iRadius;
    vColor = iColor;
    vStyle = iStyle;
    vObject = iObject;
#ifdef ROUND
    vA = iA;
    vAxis = iAxis;
    vKind = iKind;
#endif
    gl_Position = vec4(ndc, 0.0, 1.0);
}
