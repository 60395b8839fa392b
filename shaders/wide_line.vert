// SPDX-License-Identifier: MIT
#version 330 core
// Lines as screen-space quads (renderer.hpp, DebugLine): one instance a segment, its four corners
// from gl_VertexID (a triangle strip: a's two, then b's two). The segment is first cut at the near
// plane (z = -w in GL clip space), then widened across its projection by its width in drawn
// pixels at each end (a taper: an arrowhead is a line whose width at its tip is 0), and lengthened
// by one pixel at each end for the coverage fringe (line.frag's wide variant fades the last pixel).
// Every corner is a point of the segment's own line in clip space, moved across in screen space
// only: its depth (z / w) and its world point (vWorld, interpolated perspective-correct) are the
// segment's, exactly, at the pixels along its middle.
layout(location = 0) in vec3 iA;
layout(location = 1) in vec3 iB;
layout(location = 2) in vec4 iColor;
layout(location = 3) in vec2 iWidth;  // full width in drawn pixels at a and at b
uniform mat4 uViewProjection;
uniform vec2 uTargetSize;  // drawn pixels
out vec4 vColor;
noperspective out vec2 vAcross;  // x: signed distance from the middle line, y: the half width there (pixels)
noperspective out vec2 vAlong;   // the distance inside a's end and inside b's end (pixels)
#ifdef ANALYTIC_DEPTH
out vec3 vWorld;
#endif

const float kFringe = 1.0;  // pixels past the edges and ends: the coverage's fade

void main() {
    vec4 ca = uViewProjection * vec4(iA, 1.0);
    vec4 cb = uViewProjection * vec4(iB, 1.0);
    // The part in front of the near plane, as parameters of a..b.
    float da = ca.z + ca.w;
    float db = cb.z + cb.w;
    vColor = iColor;
    vAcross = vec2(0.0);
    vAlong = vec2(-1.0);
    if (!(da >= 0.0 || db >= 0.0)) {  // wholly behind the near plane: nothing (outside the clip volume)
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
#ifdef ANALYTIC_DEPTH
        vWorld = iA;
#endif
        return;
    }
    vec2 range = vec2(0.0, 1.0);
    if (da < 0.0) range.x = da / (da - db);
    if (db < 0.0) range.y = da / (da - db);
    vec4 p0 = mix(ca, cb, range.x);
    vec4 p1 = mix(ca, cb, range.y);
    vec2 half0 = 0.5 * vec2(mix(iWidth.x, iWidth.y, range.x), mix(iWidth.x, iWidth.y, range.y));
    vec2 toPixels = 0.5 * uTargetSize;
    vec2 s0 = (p0.xy / p0.w) * toPixels;
    vec2 s1 = (p1.xy / p1.w) * toPixels;
    vec2 d = s1 - s0;
    float len = length(d);
    bool atB = gl_VertexID >= 2;
    float side = (gl_VertexID & 1) != 0 ? 1.0 : -1.0;
    vec2 u = vec2(1.0, 0.0);
    float s = 0.0;      // pixels along the projection from s0
    float t = atB ? 1.0 : 0.0;  // the corner's point of p0..p1 (clip space)
    float halfWidth = atB ? half0.y : half0.x;
    float extent = max(halfWidth, 0.0) + kFringe;
    vec2 corner;
    if (len < 0.5) {
        // Seen end on (a pick's ray from its own camera): a square of the width around it.
        corner = (atB ? s1 : s0) + vec2(side * extent, atB ? extent : -extent);
        vAlong = vec2(kFringe + halfWidth);
    } else {
        u = d / len;
        s = atB ? len + kFringe : -kFringe;
        // The point of the line that projects s pixels from s0: with w(t) = p0.w + t (p1.w - p0.w),
        // s(t) = t · len · p1.w / w(t), so t = s p0.w / (len p1.w − s (p1.w − p0.w)). Where no such
        // point exists in front of the eye (the end's fringe past a vanishing point), no fringe.
        float denominator = len * p1.w - s * (p1.w - p0.w);
        float candidate = s * p0.w / denominator;
        float w = mix(p0.w, p1.w, candidate);
        if (denominator > 0.0 && w > 0.5 * min(p0.w, p1.w)) {
            t = candidate;
        } else {
            s = atB ? len : 0.0;
        }
        halfWidth = mix(half0.x, half0.y, s / len);
        extent = max(halfWidth, 0.0) + kFringe;
        corner = s0 + s * u + side * extent * vec2(-u.y, u.x);
        vAlong = vec2(s, len - s);
    }
    vAcross = vec2(side * extent, halfWidth);
    vec4 p = mix(p0, p1, t);
    gl_Position = vec4(corner / toPixels * p.w, p.z, p.w);
#ifdef ANALYTIC_DEPTH
    vWorld = mix(mix(iA, iB, range.x), mix(iA, iB, range.y), t);
#endif
}
