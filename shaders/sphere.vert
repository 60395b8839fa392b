// SPDX-License-Identifier: MIT
#version 330 core
// Analytic spheres (--renderer analytic): each instance is a screen-space quad around the sphere's
// projection, grown by a pixel, at a depth inside the clip volume (so near and far never clip it);
// sphere.frag casts each pixel's ray and decides. Everything is relative to the eye: the centre
// comes as centre - eye (formed in double on the CPU), the camera as its rotation alone.
layout(location = 0) in vec3 iCenter;  // centre - eye (ROUND: a - eye)
layout(location = 1) in float iRadius;  // (ROUND: the shape's radius)
layout(location = 2) in vec4 iColor;    // rgb, a = 1 lit / 0 unlit (markers)
layout(location = 3) in vec4 iStyle;    // x highlighted, y selected, z hovered
layout(location = 4) in uint iObject;   // the object's index + 1 (0xFFFFFFFF: a marker)
#ifdef ROUND
// Capsules, capped and infinite cylinders (the ROUND variant): the sphere above is the one of the
// shape's radius around a, the other end's sphere is around b. A capsule is the convex hull of the
// two, and a capped cylinder lies inside that capsule, so the quad holds both ends' projections
// (projection keeps convex hulls while all is in front of the eye). An infinite cylinder: the view.
layout(location = 5) in vec3 iAxis;  // b - a
layout(location = 6) in uint iKind;  // 0 capsule, 1 capped cylinder, 2 infinite cylinder
flat out vec3 vAxis;
flat out uint vKind;
#endif

uniform mat3 uRotation;       // world -> view rotation (the view matrix of the camera moved to the origin)
uniform mat4 uProjection;     // GL clip space (the clip-depth remap applied)
uniform mat4 uInverseCamera;  // inverse of uProjection * rotation, formed in double
uniform vec2 uTargetSize;     // pixels
uniform float uNear;

noperspective out vec4 vNear;  // the pixel's near-plane point, homogeneous, relative to the eye
noperspective out vec4 vFar;   // ... and its far-plane point
flat out vec3 vCenter;
flat out float vRadius;
flat out vec4 vColor;
flat out vec4 vStyle;
flat out uint vObject;

const float kInfinity = uintBitsToFloat(0x7F800000u);

// The interval of x / -z (a tangent of the view angle) that a circle of radius r around (x, depth)
// covers, seen from the origin: the two tangents' slopes. The circle lies in front of the eye, so
// both tangents are short of 90 degrees: a denominator rounded to 0 or below is an infinite slope.
vec2 tangentSlopes(float x, float depth, float r) {
    float a = x / depth;                                            // the centre's slope
    float b = r / sqrt(max(x * x + depth * depth - r * r, 1e-30));  // the half-angle's tangent
    float below = 1.0 + a * b, above = 1.0 - a * b;
    return vec2(below > 0.0 ? (a - b) / below : -kInfinity, above > 0.0 ? (a + b) / above : kInfinity);
}

#ifdef ROUND
// The interval of s where c + s e (view space) lies within r of the view's frustum: on the inner
// side of each of its planes moved out by r (the view grown by two pixels, the far and the near
// plane); empty (x > y) when it misses; unbounded when the frustum is (an infinite far plane).
vec2 clipToFrustum(vec3 c, vec3 e, float r, vec2 pixel) {
    mat4 m = uProjection;
    vec4 row0 = vec4(m[0][0], m[1][0], m[2][0], m[3][0]);
    vec4 row1 = vec4(m[0][1], m[1][1], m[2][1], m[3][1]);
    vec4 row2 = vec4(m[0][2], m[1][2], m[2][2], m[3][2]);
    vec4 row3 = vec4(m[0][3], m[1][3], m[2][3], m[3][3]);
    vec2 side = 1.0 + 2.0 * pixel;  // -side w <= clip x, y <= side w; clip z <= w; depth >= near
    vec4 planes[6] = vec4[6](side.x * row3 - row0, side.x * row3 + row0, side.y * row3 - row1,
                             side.y * row3 + row1, row3 - row2, vec4(0.0, 0.0, -1.0, -uNear));
    vec2 s = vec2(-kInfinity, kInfinity);
    for (int k = 0; k < 6; ++k) {
        vec4 n = planes[k];
        float f = dot(n.xyz, c) + n.w + r * length(n.xyz);  // f + s g >= 0 inside
        float g = dot(n.xyz, e);
        if (g > 0.0) s.x = max(s.x, -f / g);
        else if (g < 0.0) s.y = min(s.y, -f / g);
        else if (!(f >= 0.0)) return vec2(kInfinity, -kInfinity);
    }
    return s;
}
#endif

// The quad is a rectangle in the screen's coordinates q (perspective: the slopes x / depth and
// y / depth of view space; orthographic: view x and y), where ndc = scale * q + offset, with its
// sides along u and its perpendicular v: the intervals of u . q and v . q it spans.
// The sphere (view-space centre c, radius r)'s intervals along u and v, in front of the eye.
void sphereSpan(vec3 c, float r, vec2 u, bool perspective, inout vec2 lo, inout vec2 hi) {
    vec2 along = vec2(dot(u, c.xy), u.x * c.y - u.y * c.x);  // c in the frame (u, v)
    if (perspective) {
        // Rotating view space about its z axis turns q the same way: the slopes along u and v.
        vec2 su = tangentSlopes(along.x, -c.z, r);
        vec2 sv = tangentSlopes(along.y, -c.z, r);
        lo = min(lo, vec2(su.x, sv.x));
        hi = max(hi, vec2(su.y, sv.y));
    } else {
        lo = min(lo, along - r);
        hi = max(hi, along + r);
    }
}

void main() {
    bool perspective = uProjection[2][3] != 0.0;
    vec2 scale = vec2(uProjection[0][0], uProjection[1][1]);
    // perspective: ndc = P00 x / depth - P20 (depth = -z); orthographic: ndc = P00 x + P30.
    vec2 offset = perspective ? -vec2(uProjection[2][0], uProjection[2][1]) : vec2(uProjection[3][0], uProjection[3][1]);
    vec2 pixel = 2.0 / uTargetSize;  // one pixel in ndc
    vec3 c = uRotation * iCenter;    // view space: the camera looks down -z
    vec2 u = vec2(1.0, 0.0);
    vec2 lo = vec2(kInfinity);
    vec2 hi = vec2(-kInfinity);
#ifdef ROUND
    vec3 c2 = c + uRotation * iAxis;  // b's centre
    bool empty = false, unbounded = false;
    if (iKind == 2u) {
        // An infinite cylinder: the points a pixel's ray can draw lie in the view's frustum (from
        // the near plane to the far one), their axis points within the radius of it, so the axis
        // clipped to the frustum's planes moved out by the radius ends a capsule that holds them.
        vec3 e = c2 - c;
        vec2 s = clipToFrustum(c, e, iRadius, pixel);
        empty = !(s.x <= s.y);
        unbounded = !empty && !(abs(s.x) < kInfinity && abs(s.y) < kInfinity);
        if (!empty && !unbounded) {
            c2 = c + s.y * e;
            c = c + s.x * e;
        }
    }
    // The whole view when unbounded or when an end's sphere reaches the near plane.
    bool whole = !empty && (unbounded || (perspective && min(-c.z, -c2.z) - iRadius <= uNear));
    if (!whole && !empty) {
        // Along the projected axis (any direction is right; this one makes the quad tight).
        vec2 d = perspective ? c2.xy / -c2.z - c.xy / -c.z : c2.xy - c.xy;
        if (dot(d, d) > 1e-20) u = normalize(d);
        sphereSpan(c, iRadius, u, perspective, lo, hi);
        sphereSpan(c2, iRadius, u, perspective, lo, hi);
    }
#else
    // The whole view when the sphere reaches the near plane (or holds the eye).
    bool whole = perspective && -c.z - iRadius <= uNear;
    if (!whole) sphereSpan(c, iRadius, u, perspective, lo, hi);
#endif
    vec2 v = vec2(-u.y, u.x);
    // Grown by a pixel (every point a pixel or less from the shape's projection is inside).
    vec2 step = pixel / abs(scale);
    float grow = max(step.x, step.y);
    lo -= grow;
    hi += grow;
    // Clipped to the view grown by a pixel: the view's corners' spans along u and v (this also
    // keeps the corners near the view, where the rasteriser's float error is small).
    vec2 viewLo = vec2(kInfinity), viewHi = vec2(-kInfinity);
    for (int k = 0; k < 4; ++k) {
        vec2 corner = vec2((k & 1) != 0 ? 1.0 : -1.0, (k & 2) != 0 ? 1.0 : -1.0) * (1.0 + pixel);
        vec2 q = (corner - offset) / scale;
        vec2 s = vec2(dot(u, q), dot(v, q));
        viewLo = min(viewLo, s);
        viewHi = max(viewHi, s);
    }
    lo = whole ? viewLo : max(lo, viewLo);
    hi = whole ? viewHi : max(min(hi, viewHi), lo);  // off the view: no area
#ifdef ROUND
    if (empty) lo = hi = viewLo;  // an infinite cylinder out of the view: no area
#endif
    int corner = gl_VertexID;  // a triangle strip: (lo, lo), (hi, lo), (lo, hi), (hi, hi)
    vec2 span = vec2((corner & 1) != 0 ? hi.x : lo.x, (corner & 2) != 0 ? hi.y : lo.y);
    vec2 ndc = scale * (span.x * u + span.y * v) + offset;
    vNear = uInverseCamera * vec4(ndc, -1.0, 1.0);
    vFar = uInverseCamera * vec4(ndc, 1.0, 1.0);
    vCenter = iCenter;
    vRadius = iRadius;
    vColor = iColor;
    vStyle = iStyle;
    vObject = iObject;
#ifdef ROUND
    vAxis = iAxis;
    vKind = iKind;
#endif
    gl_Position = vec4(ndc, 0.0, 1.0);
}
