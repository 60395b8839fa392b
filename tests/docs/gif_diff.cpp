// SPDX-License-Identifier: MIT
// gif_diff COMMITTED.gif FRESH.gif FRESH-FRAMES-DIR [TOLERANCE]: whether a committed --record-gif
// animation is still what its command makes, compared before quantisation. FRESH.gif and its
// frames (--gif-frames: frame-000.png, ...) come from running the command now. Exit 0 when both
// GIFs have the same size, frames and delays, and every pixel of every committed frame is as near
// the fresh unquantised pixel p as the committed palette allows: the committed pixel c, dithered,
// is within R = kDitherReach times |q(o) - o| of the pixel o drawn then, q(x) the palette's
// nearest entry to x (shell/gif_palette.hpp; R >= 1 covers an animation written without
// dithering too), and a picture still current has o within TOLERANCE/255 (default 2, png_diff's)
// of p in each channel, |o - p| <= s = t sqrt(3) in RGB, so
//   |c - p| <= |c - o| + |o - p| <= R |q(o) - o| + s <= R |q(p) - o| + s <= R (|q(p) - p| + s) + s.
// Else 1, with a line saying what differs.
#include <cmath>
#include <cstdio>
#include <string>

#include <stb_image.h>

#include "../support/gif_decode.hpp"
#include "shell/gif_palette.hpp"

int main(int argc, char** argv) {
    if (argc < 4 || argc > 5) {
        std::fprintf(stderr, "usage: gif_diff COMMITTED.gif FRESH.gif FRESH-FRAMES-DIR [TOLERANCE]\n");
        return 2;
    }
    using namespace pickray::gifcheck;
    const double tolerance = argc == 5 ? std::atof(argv[4]) : 2.0;
    const DecodedGif committed = decodeGif(argv[1]);
    const DecodedGif fresh = decodeGif(argv[2]);
    if (!committed.error.empty() || !fresh.error.empty()) {
        std::printf("%s: %s\n", argv[1], (committed.error.empty() ? fresh.error : committed.error).c_str());
        return 1;
    }
    if (committed.width != fresh.width || committed.height != fresh.height || committed.delays != fresh.delays) {
        const auto delays = [](const DecodedGif& d) {
            std::string text;
            for (const int delay : d.delays) {
                text += ' ';  // in two steps: GCC 12 warns falsely (-Wrestrict) on " " + string
                text += std::to_string(delay);
            }
            return text;
        };
        std::printf("%s: %dx%d, delays%s; the command makes %dx%d, delays%s\n", argv[1], committed.width,
                    committed.height, delays(committed).c_str(), fresh.width, fresh.height, delays(fresh).c_str());
        return 1;
    }
    const double s = tolerance * std::sqrt(3.0), reach = pickray::app::kDitherReach;
    long over = 0;
    double worst = 0.0;
    std::size_t worstFrame = 0;
    for (std::size_t f = 0; f < committed.rgb.size(); ++f) {
        char name[32];
        std::snprintf(name, sizeof name, "/frame-%03zu.png", f);
        const std::string png = std::string(argv[3]) + name;
        int w = 0, h = 0, channels = 0;
        unsigned char* frame = stbi_load(png.c_str(), &w, &h, &channels, 3);
        if (!frame || w != committed.width || h != committed.height) {
            std::printf("%s: cannot read %s at %dx%d\n", argv[1], png.c_str(), committed.width, committed.height);
            if (frame) stbi_image_free(frame);
            return 1;
        }
        for (std::size_t i = 0; i < pixelIndex(0, h, w); ++i) {
            const unsigned char* p = frame + i * 3;
            const std::uint8_t* c = &committed.rgb[f][i * 3];
            const double got = std::sqrt(squaredDistance(p, GifColorType{c[0], c[1], c[2]}));
            const double excess = got - reach * (std::sqrt(nearestSquaredDistance(p, committed.palette)) + s) - s;
            if (excess > 0) ++over;
            if (excess > worst) worst = excess, worstFrame = f;
        }
        stbi_image_free(frame);
    }
    if (over > 0) {
        std::printf(
            "%s: %ld pixels farther from the frames drawn now than the palette allows (by up to %.1f/255, "
            "frame %zu)\n",
            argv[1], over, worst, worstFrame);
        return 1;
    }
    std::printf("%s: same (%zu frames, within the palette's reach)\n", argv[1], committed.rgb.size());
    return 0;
}
