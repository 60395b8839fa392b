// SPDX-License-Identifier: MIT
// png_diff EXPECTED ACTUAL [TOLERANCE]: exit 0 when no channel of any pixel differs by more than
// TOLERANCE/255 (default 2), else 1 with a line saying how many pixels differ and where the most.
#include <cstdio>
#include <string>

#include "png_compare.hpp"

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) {
        std::fprintf(stderr, "usage: png_diff EXPECTED.png ACTUAL.png [TOLERANCE]\n");
        return 2;
    }
    const int tolerance = argc == 4 ? std::atoi(argv[3]) : 2;
    const pickray::docs::PngDifference d = pickray::docs::comparePngs(argv[1], argv[2], tolerance);
    if (!d.error.empty()) {
        std::printf("%s: %s\n", argv[1], d.error.c_str());
        return 1;
    }
    if (d.same(tolerance)) {
        std::printf("%s: same (largest difference %d/255)\n", argv[1], d.largest);
        return 0;
    }
    std::printf("%s: %ld pixels differ by more than %d/255 (largest %d/255 at %d,%d)\n", argv[1], d.pixelsOver,
                tolerance, d.largest, d.largestX, d.largestY);
    return 1;
}
