// SPDX-License-Identifier: MIT
#version 330 core
// A triangle covering the whole target, corners from gl_VertexID (no vertex buffer): the
// resolve passes (resolve.frag) shade every output pixel once.
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
