// SPDX-License-Identifier: MIT
#version 330 core
// Screen-space outlines from the object attachment (mesh.frag): a pixel within a few pixels of an
// emphasised object, and not of that object, is drawn in its emphasis colour, with a dark outer
// ring so that the outline reads on any colour. The picked object outranks the selected ones,
// which outrank the hovered one; two touching objects keep an outline between them (their ids
// differ). Widths are in output pixels: a frame drawn at N times the size (--supersample N, box-
// filtered down by resolve.frag) measures them in N times the pixels, so that they come out the same.
uniform usampler2D uObjects;
uniform int uScale;  // drawn pixels per output pixel (DrawStyle::supersample; 1 otherwise)
uniform vec3 uPicked;
uniform vec3 uSelected;
uniform vec3 uHovered;
out vec4 fragColor;

const int kReach = 4;  // output pixels: the widest outline's
const uint kMarker = 0xFFFFFFFFu;  // renderer.cpp: what markers write as their object

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 last = textureSize(uObjects, 0) - 1;
    uint here = texelFetch(uObjects, p, 0).x;
    if (here == kMarker) discard;  // the pick's markers stay as they are drawn
    int rank = 0;       // 3 picked, 2 selected, 1 hovered
    float nearest = 99.0;
    float scale = float(uScale);
    int reach = kReach * uScale;
    for (int dy = -reach; dy <= reach; ++dy) {
        for (int dx = -reach; dx <= reach; ++dx) {
            float d = length(vec2(dx, dy));
            if (d > float(reach) + 0.25) continue;
            uvec2 there = texelFetch(uObjects, clamp(p + ivec2(dx, dy), ivec2(0), last), 0).xy;
            if (there.y == 0u || there.x == here) continue;
            int r = (there.y & 1u) != 0u ? 3 : ((there.y & 2u) != 0u ? 2 : 1);
            if (r > rank || (r == rank && d < nearest)) {
                rank = r;
                nearest = d;
            }
        }
    }
    // Widths in output pixels: the pick's outline is the widest, the hover's a thin light line; the
    // dark outer ring is one output pixel. (The 0.25 stays in drawn pixels: along a row or column
    // an outline of width w is then w · uScale drawn pixels, w output pixels at every scale.)
    float width = (rank == 3 ? 4.0 : (rank == 2 ? 3.0 : 1.5)) * scale;
    if (rank == 0 || nearest > width + 0.25) discard;
    vec3 color = rank == 3 ? uPicked : (rank == 2 ? uSelected : uHovered);
    // Opaque, so that a pixel in two rectangles (renderer.cpp) comes out the same.
    fragColor = vec4(rank >= 2 && nearest > width - scale ? vec3(0.03, 0.03, 0.05) : color, 1.0);  // dark outer ring
}
