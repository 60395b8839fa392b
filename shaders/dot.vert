// SPDX-License-Identifier: MIT
#version 330 core
// Objects a pixel or so across, drawn as one point each (the renderer's coarsest level of detail).
layout(location = 0) in vec3 aCenter;
layout(location = 1) in float aSize;   // diameter in pixels
layout(location = 2) in vec4 aColor;   // rgb, a unused
layout(location = 3) in vec4 aStyle;   // x highlighted, y selected, z hovered
layout(location = 4) in uint aObject;  // the object's index + 1
uniform mat4 uViewProjection;
flat out vec3 vColor;
flat out uvec2 vObject;
#ifdef ANALYTIC_DEPTH
uniform vec3 uEye;
uniform vec3 uForward;
flat out float vDepth;  // the centre's view depth (--renderer analytic)
#endif
void main() {
    // A lit surface averages to about this much of its base colour at this size.
    vColor = aColor.rgb * 0.8;
    vObject = uvec2(aObject, (aStyle.x > 0.5 ? 1u : 0u) | (aStyle.y > 0.5 ? 2u : 0u) | (aStyle.z > 0.5 ? 4u : 0u));
#ifdef ANALYTIC_DEPTH
    vDepth = dot(aCenter - uEye, uForward);
#endif
    gl_PointSize = max(aSize, 1.0);
    gl_Position = uViewProjection * vec4(aCenter, 1.0);
}
