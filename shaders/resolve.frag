// SPDX-License-Identifier: MIT
#version 330 core
// The drawn target's colour to the output pixels (Renderer::resolve), one of two variants:
//
// FXAA: a luma edge filter after the idea of Timothy Lottes' FXAA (3.11, "quality"), written here
//   from its description. A pixel whose 4-neighbourhood's luma spans less than the thresholds
//   below is copied exactly (so flat and gently shaded interiors never change). Otherwise the edge
//   through it is taken as horizontal or vertical (the larger second difference), the side it
//   borders is the neighbour with the larger luma step, and the edge is followed both ways along
//   the pixels' common border (linear samples there average the two rows) until its mean luma
//   changes by a quarter of the step: the pixel's distance to the nearer end of the run gives how
//   far the pixel lies under a stair-stepped line, and the colour is read that far towards the
//   other side (one bilinear sample). Thin features (a line, a single pixel) are blended by a
//   sub-pixel term from the 3x3 mean instead, whichever is larger. It reads colour only: object
//   IDs are never touched.
//
// BOX: supersampling's filter: the mean of the uFactor x uFactor block of target pixels under each
//   output pixel (a box filter in the stored sRGB values).
uniform sampler2D uColor;  // the target's colour; linear filtering, clamped to its edge
out vec4 fragColor;

#ifdef FXAA
const float kEdgeThreshold = 0.125;    // the least luma span, as a fraction of the brightest, that is an edge
const float kEdgeThresholdMin = 0.0312;  // ... and in any case (dark areas' noise)
const float kSubpixel = 0.75;          // how much of the sub-pixel blend is applied
// Steps along the edge each way, a uniform so that the compiler keeps the loop a loop: a software
// rasteriser runs an unrolled one for every pixel, a loop only while some pixel of a block is on
// an edge (llvmpipe at 1280x720, 10 steps: the pass cost 2.5 times as much unrolled).
uniform int uSearchSteps = 5;
// The step's length in pixels: 1, 1.5, 2, 4, 12 (20.5 pixels each way; a longer run is taken as
// ending there).
float stepLength(int i) { return i == 0 ? 1.0 : (i == 1 ? 1.5 : (i == 2 ? 2.0 : (i == 3 ? 4.0 : 12.0))); }

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }
float lumaAt(ivec2 p, ivec2 last) { return luma(texelFetch(uColor, clamp(p, ivec2(0), last), 0).rgb); }
float lumaAtUv(vec2 uv) { return luma(textureLod(uColor, uv, 0.0).rgb); }

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 last = textureSize(uColor, 0) - 1;
    vec2 texel = 1.0 / vec2(textureSize(uColor, 0));
    vec4 centre = texelFetch(uColor, p, 0);
    float m = luma(centre.rgb);
    float n = lumaAt(p + ivec2(0, 1), last), s = lumaAt(p + ivec2(0, -1), last);
    float e = lumaAt(p + ivec2(1, 0), last), w = lumaAt(p + ivec2(-1, 0), last);
    float most = max(m, max(max(n, s), max(e, w)));
    float least = min(m, min(min(n, s), min(e, w)));
    float span = most - least;
    if (span < max(kEdgeThresholdMin, most * kEdgeThreshold)) {
        fragColor = centre;
        return;
    }
    float ne = lumaAt(p + ivec2(1, 1), last), nw = lumaAt(p + ivec2(-1, 1), last);
    float se = lumaAt(p + ivec2(1, -1), last), sw = lumaAt(p + ivec2(-1, -1), last);

    // Sub-pixel: how far the pixel stands out of its 3x3 mean (a lone pixel or a thin line).
    float mean = (2.0 * (n + s + e + w) + ne + nw + se + sw) / 12.0;
    float standOut = clamp(abs(mean - m) / span, 0.0, 1.0);
    float subpixel = smoothstep(0.0, 1.0, standOut);
    subpixel = subpixel * subpixel * kSubpixel;

    // The edge's orientation: second differences across rows (a horizontal edge) and columns.
    float acrossRows = 2.0 * abs(n + s - 2.0 * m) + abs(ne + se - 2.0 * e) + abs(nw + sw - 2.0 * w);
    float acrossColumns = 2.0 * abs(e + w - 2.0 * m) + abs(ne + nw - 2.0 * n) + abs(se + sw - 2.0 * s);
    bool horizontal = acrossRows >= acrossColumns;
    float towardPositive = horizontal ? n : e;  // the neighbour on the +y (or +x) side
    float towardNegative = horizontal ? s : w;
    float stepPositive = abs(towardPositive - m), stepNegative = abs(towardNegative - m);
    bool positive = stepPositive >= stepNegative;
    float across = (horizontal ? texel.y : texel.x) * (positive ? 1.0 : -1.0);  // to the other side
    float edgeLuma = 0.5 * (m + (positive ? towardPositive : towardNegative));
    float threshold = 0.25 * max(stepPositive, stepNegative);

    // Follow the edge along the border between the pixel and its other side, both ways.
    vec2 uv = (vec2(p) + 0.5) * texel;
    vec2 onBorder = uv + (horizontal ? vec2(0.0, 0.5 * across) : vec2(0.5 * across, 0.0));
    vec2 along = horizontal ? vec2(texel.x, 0.0) : vec2(0.0, texel.y);
    vec2 forward = onBorder, backward = onBorder;
    float forwardLuma = edgeLuma, backwardLuma = edgeLuma;
    bool forwardDone = false, backwardDone = false;
    for (int i = 0; i < uSearchSteps && !(forwardDone && backwardDone); ++i) {
        if (!forwardDone) {
            forward += along * stepLength(i);
            forwardLuma = lumaAtUv(forward);
            forwardDone = abs(forwardLuma - edgeLuma) >= threshold;
        }
        if (!backwardDone) {
            backward -= along * stepLength(i);
            backwardLuma = lumaAtUv(backward);
            backwardDone = abs(backwardLuma - edgeLuma) >= threshold;
        }
    }
    float toForward = horizontal ? forward.x - uv.x : forward.y - uv.y;
    float toBackward = horizontal ? uv.x - backward.x : uv.y - backward.y;
    bool forwardNearer = toForward < toBackward;
    float nearest = min(toForward, toBackward);
    float run = toForward + toBackward;
    // Only a run whose nearer end turns towards the pixel's side moves it (else the pixel is on
    // the step's outer side and stays): beyond that end the luma lies across the edge's mean
    // from the pixel's.
    float endLuma = forwardNearer ? forwardLuma : backwardLuma;
    bool turns = (endLuma - edgeLuma < 0.0) != (m - edgeLuma < 0.0);
    float edgeOffset = turns ? 0.5 - nearest / run : 0.0;
    float offset = max(edgeOffset, subpixel);
    vec2 read = uv + (horizontal ? vec2(0.0, offset * across) : vec2(offset * across, 0.0));
    fragColor = vec4(textureLod(uColor, read, 0.0).rgb, centre.a);
}
#endif

#ifdef BOX
uniform int uFactor;
void main() {
    ivec2 first = ivec2(gl_FragCoord.xy) * uFactor;
    vec4 sum = vec4(0.0);
    for (int y = 0; y < uFactor; ++y)
        for (int x = 0; x < uFactor; ++x) sum += texelFetch(uColor, first + ivec2(x, y), 0);
    fragColor = sum / float(uFactor * uFactor);
}
#endif
