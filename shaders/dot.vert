// SPDX-License-Identifier: MIT
#version 330 core
// Objects a pixel or so across, drawn as one point each (the renderer's coarsest level of detail).
layout(location = 0) in vec3 aCenter;
layout(location = 1) in float aSize;   // diameter in pixels
layout(location = 2) in vec4 aColor;   // rgb, a unused
layout(location = 3) in vec4 aStyle;   // x highlighted, y selected, z hovered
uniform mat4 uViewProjection;
uniform vec3 uHighlight;
flat out vec3 vColor;
void main() {
    // A lit surface averages to about this much of its base colour at this size.
    vec3 base = aColor.rgb;
    if (aStyle.x > 0.5) base = mix(base, uHighlight, 0.75);
    else if (aStyle.z > 0.5) base = mix(base, uHighlight, 0.25);
    vColor = base * 0.8;
    gl_PointSize = max(aSize, 1.0);
    gl_Position = uViewProjection * vec4(aCenter, 1.0);
}
