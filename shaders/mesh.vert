// SPDX-License-Identifier: MIT
#version 330 core
// Instanced shapes: unit mesh placed by a per-instance model matrix.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in mat4 iModel;  // uses locations 2..5
layout(location = 6) in vec4 iColor;  // rgb, a = 1 lit / 0 unlit
layout(location = 7) in vec4 iStyle;  // x highlighted, y selected, z hovered, w stretch
layout(location = 8) in float aStretch;  // 0 or 1: moved by the instance's stretch along local z
layout(location = 9) in uint iObject;    // the object's index + 1 (0xFFFFFFFF: a marker)

uniform mat4 uViewProjection;

out vec3 vWorld;
out vec3 vNormal;
flat out vec4 vColor;
flat out vec4 vStyle;
flat out uint vObject;

void main() {
    // Capsules and capped cylinders: the far half of the unit mesh moved to the far end.
    vec4 world = iModel * vec4(aPosition + vec3(0.0, 0.0, aStretch * iStyle.w), 1.0);
    vWorld = world.xyz;
    // Inverse transpose keeps normals perpendicular under non-uniform scale. The cofactor matrix
    // is det · inverse transpose: same directions (sign fixed by det) for a few cross products,
    // instead of an inverse per vertex (which a software rasteriser feels at 100k instances).
    mat3 m = mat3(iModel);
    mat3 cofactor = mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
    vNormal = sign(dot(m[0], cofactor[0])) * (cofactor * aNormal);
    vColor = iColor;
    vStyle = iStyle;
    vObject = iObject;
    gl_Position = uViewProjection * world;
}
