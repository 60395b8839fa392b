// SPDX-License-Identifier: MIT
#version 330 core
flat in vec3 vColor;
flat in uvec2 vObject;
layout(location = 0) out vec4 fragColor;
layout(location = 1) out uvec2 fragObject;
void main() {
    fragColor = vec4(vColor, 1.0);
    fragObject = vObject;
}
