// SPDX-License-Identifier: MIT
#version 330 core
// wide_line.vert's quads: each pixel covered by the share of it inside the line's edges and ends
// (a one-pixel fade, so that lines look anti-aliased), in the line's colour and that alpha.
in vec4 vColor;
noperspective in vec2 vAcross;
noperspective in vec2 vAlong;
out vec4 fragColor;
#ifdef ANALYTIC_DEPTH
// As mesh.frag: near / view depth (--renderer analytic).
in vec3 vWorld;
uniform vec3 uEye;
uniform vec3 uForward;
uniform float uNear;
#endif
void main() {
    // The pixel centre's distance inside the nearest edge, + 0.5: the covered share of a pixel
    // crossed by a straight edge, within a pixel of it.
    float across = clamp(vAcross.y + 0.5 - abs(vAcross.x), 0.0, 1.0);
    float along = clamp(min(vAlong.x, vAlong.y) + 0.5, 0.0, 1.0);
    float coverage = across * along;
    if (coverage <= 0.0) discard;
#ifdef ANALYTIC_DEPTH
    gl_FragDepth = uNear / max(dot(vWorld - uEye, uForward), uNear);
#endif
    fragColor = vec4(vColor.rgb, vColor.a * coverage);
}
