// SPDX-License-Identifier: MIT
#version 330 core
// One rectangle of pixels per instance (min x, min y, max x, max y): two triangles, corners from
// gl_VertexID, no vertex buffer but the rectangles.
layout(location = 0) in vec4 aRect;
uniform vec2 uTargetSize;
void main() {
    const vec2 corners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 0), vec2(1, 1), vec2(0, 1));
    vec2 pixel = mix(aRect.xy, aRect.zw, corners[gl_VertexID]);
    gl_Position = vec4(pixel / uTargetSize * 2.0 - 1.0, 0.0, 1.0);
}
