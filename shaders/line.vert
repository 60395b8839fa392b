// SPDX-License-Identifier: MIT
#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;
uniform mat4 uViewProjection;
out vec4 vColor;
#ifdef ANALYTIC_DEPTH
out vec3 vWorld;
#endif
void main() {
    vColor = aColor;
#ifdef ANALYTIC_DEPTH
    vWorld = aPosition;
#endif
    gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
