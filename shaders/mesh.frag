// SPDX-License-Identifier: MIT
#version 330 core
in vec3 vWorld;
in vec3 vNormal;
flat in vec4 vColor;
flat in vec4 vStyle;

uniform vec3 uEye;
uniform vec3 uHighlight;

out vec4 fragColor;

void main() {
    if (vColor.a < 0.5) {  // markers: flat colour, always readable
        fragColor = vec4(vColor.rgb, 1.0);
        return;
    }
    vec3 n = normalize(vNormal);
    vec3 v = normalize(uEye - vWorld);
    if (dot(n, v) < 0.0) n = -n;  // inside of open cylinders, mirrored boxes
    vec3 base = vColor.rgb;
    if (vStyle.x > 0.5) base = mix(base, uHighlight, 0.75);
    else if (vStyle.z > 0.5) base = mix(base, uHighlight, 0.25);

    // Key light, fill light and a sky/ground ambient term; Blinn-Phong specular on the key.
    vec3 key = normalize(vec3(0.45, 0.8, 0.35));
    vec3 fill = normalize(vec3(-0.6, 0.3, -0.5));
    float ambient = mix(0.18, 0.32, 0.5 + 0.5 * n.y);
    float diffuse = 0.75 * max(dot(n, key), 0.0) + 0.25 * max(dot(n, fill), 0.0);
    float specular = 0.25 * pow(max(dot(n, normalize(key + v)), 0.0), 48.0);
    vec3 color = base * (ambient + diffuse) + vec3(specular);

    // Selection: a bright rim on the silhouette.
    float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0);
    if (vStyle.y > 0.5) color += vec3(0.55, 0.75, 1.0) * rim * 1.2;
    if (vStyle.x > 0.5) color += uHighlight * rim * 0.5;
    fragColor = vec4(color, 1.0);
}
