// SPDX-License-Identifier: MIT
#version 330 core
in vec4 vColor;
out vec4 fragColor;
#ifdef ANALYTIC_DEPTH
// As mesh.frag: near / view depth (--renderer analytic).
in vec3 vWorld;
uniform vec3 uEye;
uniform vec3 uForward;
uniform float uNear;
#endif
void main() {
#ifdef ANALYTIC_DEPTH
    gl_FragDepth = uNear / max(dot(vWorld - uEye, uForward), uNear);
#endif
    fragColor = vColor;
}
