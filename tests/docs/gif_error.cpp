// SPDX-License-Identifier: MIT
// gif_error GIF FRAMES-DIR [N OUT.png]: how far a --record-gif animation is from its frames before
// quantisation (--gif-frames DIR): the RGB distance from each pixel to its GIF colour, in 1/255,
// pixel by pixel and after a 3x3 and a 5x5 box blur of both (what the eye sees of a dither pattern,
// and of a contour band), over every pixel and over the shaded ones (support/colour_error.hpp).
// The numbers docs/DEMO.md gives for --gif-dither. With N OUT.png: also the GIF's frame N, decoded,
// as a PNG (to look at beside DIR/frame-N.png).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <stb_image.h>
#include <stb_image_write.h>

#include "../support/colour_error.hpp"
#include "../support/gif_decode.hpp"

int main(int argc, char** argv) {
    if (argc != 3 && argc != 5) {
        std::fprintf(stderr, "usage: gif_error GIF FRAMES-DIR [N OUT.png]\n");
        return 2;
    }
    using namespace pickray::gifcheck;
    const DecodedGif gif = decodeGif(argv[1]);
    if (!gif.error.empty()) {
        std::fprintf(stderr, "%s: %s\n", argv[1], gif.error.c_str());
        return 1;
    }
    if (argc == 5) {
        const std::size_t n = std::strtoul(argv[3], nullptr, 10);
        if (n >= gif.rgb.size() ||
            stbi_write_png(argv[4], gif.width, gif.height, 3, gif.rgb[n].data(), gif.width * 3) == 0) {
            std::fprintf(stderr, "%s: frame %zu not written to %s\n", argv[1], n, argv[4]);
            return 1;
        }
    }
    constexpr int kRadii[] = {0, 1, 2};
    ColourErrorSum all[3], shaded[3];
    for (std::size_t f = 0; f < gif.rgb.size(); ++f) {
        char name[32];
        std::snprintf(name, sizeof name, "/frame-%03zu.png", f);
        const std::string png = std::string(argv[2]) + name;
        int w = 0, h = 0, channels = 0;
        unsigned char* frame = stbi_load(png.c_str(), &w, &h, &channels, 3);
        if (!frame || w != gif.width || h != gif.height) {
            std::fprintf(stderr, "%s: cannot read %s at %dx%d\n", argv[1], png.c_str(), gif.width, gif.height);
            if (frame) stbi_image_free(frame);
            return 1;
        }
        const std::vector<std::uint8_t> input(frame, frame + pixelIndex(0, h, w) * 3);
        stbi_image_free(frame);
        for (int r = 0; r < 3; ++r) {
            all[r].add(input, gif.rgb[f], w, h, kRadii[r], false);
            shaded[r].add(input, gif.rgb[f], w, h, kRadii[r], true);
        }
    }
    std::printf("%s: %zu frames, %dx%d; RGB distance in 1/255: mean / 99th percentile / largest\n", argv[1],
                gif.rgb.size(), gif.width, gif.height);
    constexpr const char* kNames[] = {"pixel by pixel", "3x3 box blur", "5x5 box blur"};
    for (int r = 0; r < 3; ++r) {
        const ColourError a = all[r].sum(), s = shaded[r].sum();
        std::printf("  %-14s  all %6.2f / %6.2f / %6.2f   shaded (%zu px) %6.2f / %6.2f / %6.2f\n", kNames[r], a.mean,
                    a.p99, a.largest, s.pixels, s.mean, s.p99, s.largest);
    }
    return 0;
}
