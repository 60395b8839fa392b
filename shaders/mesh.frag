// SPDX-License-Identifier: MIT
#version 330 core
in vec3 vWorld;
in vec3 vNormal;
flat in vec4 vColor;
flat in vec4 vStyle;
flat in uint vObject;

uniform vec3 uEye;
#ifdef ANALYTIC_DEPTH
// --renderer analytic: every depth-tested pass writes the same monotone function of the view
// depth, near / depth, into a float depth buffer (renderer.cpp), as the analytic spheres do.
uniform vec3 uForward;
uniform float uNear;
#endif

layout(location = 0) out vec4 fragColor;
// Which object this pixel shows (index + 1, 0 for none) and its emphasis bits (1 picked,
// 2 selected, 4 hovered): the outline pass draws the outlines from these.
layout(location = 1) out uvec2 fragObject;

void main() {
#ifdef ANALYTIC_DEPTH
    gl_FragDepth = uNear / max(dot(vWorld - uEye, uForward), uNear);
#endif
    fragObject = uvec2(vObject, (vStyle.x > 0.5 ? 1u : 0u) | (vStyle.y > 0.5 ? 2u : 0u) | (vStyle.z > 0.5 ? 4u : 0u));
    if (vColor.a < 0.5) {  // markers: flat colour, always readable
        fragColor = vec4(vColor.rgb, 1.0);
        return;
    }
    vec3 n = normalize(vNormal);
    vec3 v = normalize(uEye - vWorld);
    if (dot(n, v) < 0.0) n = -n;  // inside of open cylinders, mirrored boxes

    // Key light, fill light and a sky/ground ambient term; Blinn-Phong specular on the key.
    // Objects keep their own colour whatever their emphasis: the outline pass shows it.
    vec3 key = normalize(vec3(0.45, 0.8, 0.35));
    vec3 fill = normalize(vec3(-0.6, 0.3, -0.5));
    float ambient = mix(0.18, 0.32, 0.5 + 0.5 * n.y);
    float diffuse = 0.75 * max(dot(n, key), 0.0) + 0.25 * max(dot(n, fill), 0.0);
    float specular = 0.25 * pow(max(dot(n, normalize(key + v)), 0.0), 48.0);
    fragColor = vec4(vColor.rgb * (ambient + diffuse) + vec3(specular), 1.0);
}
