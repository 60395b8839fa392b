// SPDX-License-Identifier: MIT
#version 330 core
flat in vec3 vColor;
flat in uvec2 vObject;
#ifdef ANALYTIC_DEPTH
flat in float vDepth;
uniform float uNear;
#endif
layout(location = 0) out vec4 fragColor;
layout(location = 1) out uvec2 fragObject;
void main() {
#ifdef ANALYTIC_DEPTH
    gl_FragDepth = uNear / max(vDepth, uNear);  // as mesh.frag
#endif
    fragColor = vec4(vColor, 1.0);
    fragObject = vObject;
}
