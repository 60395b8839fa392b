#version 330 core
// Instanced shapes: unit mesh placed by a per-instance model matrix.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in mat4 iModel;  // uses locations 2..5
layout(location = 6) in vec4 iColor;  // rgb, a = 1 lit / 0 unlit
layout(location = 7) in vec4 iStyle;  // x highlighted, y selected, z hovered

uniform mat4 uViewProjection;

out vec3 vWorld;
out vec3 vNormal;
flat out vec4 vColor;
flat out vec4 vStyle;

void main() {
    vec4 world = iModel * vec4(aPosition, 1.0);
    vWorld = world.xyz;
    // Inverse transpose: keeps normals perpendicular under non-uniform scale.
    vNormal = transpose(inverse(mat3(iModel))) * aNormal;
    vColor = iColor;
    vStyle = iStyle;
    gl_Position = uViewProjection * world;
}
