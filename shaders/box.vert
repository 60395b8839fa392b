// SPDX-License-Identifier: MIT
#version 330 core
// Analytic boxes (--renderer analytic): axis-aligned and oriented boxes, each instance a
// screen-space rectangle around the projection of the box's 8 corners, grown by a pixel (the whole
// view when a corner is at or behind the near plane), at a depth inside the clip volume; box.frag
// casts each pixel's ray and decides. Everything is relative to the eye: the box's translation
// comes as toWorld's translation - eye (formed in double on the CPU), the camera as its rotation.
layout(location = 0) in vec3 iTranslation;  // toWorld's translation - eye (an Aabb: 0, its bounds relative)
layout(location = 1) in vec3 iColumn0;      // toWorld's linear part, by columns
layout(location = 2) in vec3 iColumn1;
layout(location = 3) in vec3 iColumn2;
layout(location = 4) in vec3 iInverse0;  // its inverse, by rows (formed in double)
layout(location = 5) in vec3 iInverse1;
layout(location = 6) in vec3 iInverse2;
layout(location = 7) in vec3 iMin;  // the local box
layout(location = 8) in vec3 iMax;
layout(location = 9) in vec4 iColor;
layout(location = 10) in vec4 iStyle;  // x highlighted, y selected, z hovered
layout(location = 11) in uint iObject;  // the object's index + 1

uniform mat3 uRotation;       // world -> view rotation (the view matrix of the camera moved to the origin)
uniform mat4 uProjection;     // GL clip space (the clip-depth remap applied)
uniform mat4 uInverseCamera;  // inverse of uProjection * rotation, formed in double
uniform vec2 uTargetSize;     // pixels
uniform float uNear;

noperspective out vec4 vNear;  // the pixel's near-plane point, homogeneous, relative to the eye
noperspective out vec4 vFar;   // ... and its far-plane point
flat out vec3 vTranslation;
flat out vec3 vInverse0;
flat out vec3 vInverse1;
flat out vec3 vInverse2;
flat out vec3 vMin;
flat out vec3 vMax;
flat out vec4 vColor;
flat out vec4 vStyle;
flat out uint vObject;

void main() {
    vec2 lo = vec2(1e30);
    vec2 hi = vec2(-1e30);
    bool perspective = uProjection[2][3] != 0.0;
    bool whole = false;
    mat3 linear = mat3(iColumn0, iColumn1, iColumn2);
    for (int k = 0; k < 8; ++k) {
        vec3 local = vec3((k & 1) != 0 ? iMax.x : iMin.x, (k & 2) != 0 ? iMax.y : iMin.y, (k & 4) != 0 ? iMax.z : iMin.z);
        vec3 v = uRotation * (linear * local + iTranslation);  // view space: the camera looks down -z
        if (perspective && !(-v.z > uNear)) whole = true;
        vec4 clip = uProjection * vec4(v, 1.0);
        vec2 ndc = clip.xy / clip.w;
        lo = min(lo, ndc);
        hi = max(hi, ndc);
    }
    if (whole) {
        lo = vec2(-1.0);
        hi = vec2(1.0);
    }
    vec2 pixel = 2.0 / uTargetSize;  // one pixel in ndc
    lo = clamp(lo - pixel, vec2(-1.0) - pixel, vec2(1.0) + pixel);
    hi = clamp(hi + pixel, vec2(-1.0) - pixel, vec2(1.0) + pixel);
    int corner = gl_VertexID;  // a triangle strip: (lo, lo), (hi, lo), (lo, hi), (hi, hi)
    vec2 ndc = vec2((corner & 1) != 0 ? hi.x : lo.x, (corner & 2) != 0 ? hi.y : lo.y);
    vNear = uInverseCamera * vec4(ndc, -1.0, 1.0);
    vFar = uInverseCamera * vec4(ndc, 1.0, 1.0);
    vTranslation = iTranslation;
    vInverse0 = iInverse0;
    vInverse1 = iInverse1;
    vInverse2 = iInverse2;
    vMin = iMin;
    vMax = iMax;
    vColor = iColor;
    vStyle = iStyle;
    vObject = iObject;
    gl_Position = vec4(ndc, 0.0, 1.0);
}
