// SPDX-License-Identifier: MIT
#pragma once
// Two pictures compared channel by channel: how many pixels differ by more than a tolerance (in
// 1/255 steps), and the largest difference. The docs' pictures must stay within 2/255 of what
// their commands make now (scripts/docs.sh --check).

#include <algorithm>
#include <cstdlib>
#include <string>

#include <stb_image.h>

namespace pickray::docs {

struct PngDifference {
    std::string error;  ///< a file that cannot be read, or sizes that differ
    long pixelsOver = 0;
    int largest = 0;  ///< in 1/255 steps, over every channel (alpha included)
    int largestX = -1, largestY = -1;
    [[nodiscard]] bool same(int tolerance) const { return error.empty() && pixelsOver == 0 && largest <= tolerance; }
};

inline PngDifference comparePngs(const std::string& expectedPath, const std::string& actualPath, int tolerance) {
    PngDifference d;
    int w1 = 0, h1 = 0, w2 = 0, h2 = 0, channels = 0;
    unsigned char* a = stbi_load(expectedPath.c_str(), &w1, &h1, &channels, 4);
    unsigned char* b = stbi_load(actualPath.c_str(), &w2, &h2, &channels, 4);
    if (a == nullptr || b == nullptr) {
        d.error = std::string("cannot read ") + (a == nullptr ? expectedPath : actualPath);
    } else if (w1 != w2 || h1 != h2) {
        d.error = "sizes differ: " + std::to_string(w1) + "x" + std::to_string(h1) + " and " + std::to_string(w2) +
                  "x" + std::to_string(h2);
    } else {
        for (int y = 0; y < h1; ++y)
            for (int x = 0; x < w1; ++x) {
                int pixel = 0;
                for (int c = 0; c < 4; ++c) {
                    const std::size_t i =
                        (static_cast<std::size_t>(y) * static_cast<std::size_t>(w1) + static_cast<std::size_t>(x)) * 4 +
                        static_cast<std::size_t>(c);
                    pixel = std::max(pixel, std::abs(int(a[i]) - int(b[i])));
                }
                if (pixel > tolerance) ++d.pixelsOver;
                if (pixel > d.largest) {
                    d.largest = pixel;
                    d.largestX = x;
                    d.largestY = y;
                }
            }
    }
    stbi_image_free(a);
    stbi_image_free(b);
    return d;
}

}  // namespace pickray::docs
