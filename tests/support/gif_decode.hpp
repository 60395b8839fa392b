// SPDX-License-Identifier: MIT
#pragma once
// A GIF read with giflib's own decoder (DGifSlurp), each frame drawn over the one before as
// --record-gif's frames are (no disposal): the tests' and the docs' check's reference reading.

#include <gif_lib.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace pickray::gifcheck {

/// An index into a row-major picture `width` wide (the GIF's non-negative sizes).
inline std::size_t pixelIndex(int x, int y, int width) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
}

struct DecodedGif {
    std::string error;  ///< the decoder's, when the file cannot be read
    int width = 0, height = 0;
    std::vector<GifColorType> palette;           ///< the global colour map
    std::vector<std::vector<std::uint8_t>> rgb;  ///< each frame as shown: RGB, top row first
    std::vector<int> delays;                     ///< each frame's, in 1/100 s
    bool loops = false;                          ///< a NETSCAPE2.0 application extension
    int localMaps = 0;                           ///< frames with a colour map of their own
};

inline DecodedGif decodeGif(const std::string& path) {
    DecodedGif d;
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    if (!gif) {
        d.error = GifErrorString(error);
        return d;
    }
    if (DGifSlurp(gif) != GIF_OK || !gif->SColorMap) {
        d.error = gif->SColorMap ? GifErrorString(gif->Error) : "no global colour map";
        DGifCloseFile(gif, &error);
        return d;
    }
    d.width = gif->SWidth;
    d.height = gif->SHeight;
    d.palette.assign(gif->SColorMap->Colors, gif->SColorMap->Colors + gif->SColorMap->ColorCount);
    std::vector<std::uint8_t> canvas(pixelIndex(0, d.height, d.width) * 3, 0);
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage& image = gif->SavedImages[i];
        if (image.ImageDesc.ColorMap) ++d.localMaps;
        for (int e = 0; e < image.ExtensionBlockCount; ++e) {
            const ExtensionBlock& b = image.ExtensionBlocks[e];
            if (b.Function == APPLICATION_EXT_FUNC_CODE && b.ByteCount == 11 &&
                std::string(reinterpret_cast<const char*>(b.Bytes), 11) == "NETSCAPE2.0")
                d.loops = true;
        }
        GraphicsControlBlock control{};
        d.delays.push_back(DGifSavedExtensionToGCB(gif, i, &control) == GIF_OK ? control.DelayTime : -1);
        const GifImageDesc& r = image.ImageDesc;
        if (r.Left < 0 || r.Top < 0 || r.Left + r.Width > d.width || r.Top + r.Height > d.height) {
            d.error = "frame " + std::to_string(i) + " lies outside the picture";
            break;
        }
        for (int y = 0; y < r.Height; ++y)
            for (int x = 0; x < r.Width; ++x) {
                const int index = image.RasterBits[pixelIndex(x, y, r.Width)];
                if (index >= static_cast<int>(d.palette.size())) {
                    d.error = "frame " + std::to_string(i) + " uses a colour outside the palette";
                    break;
                }
                const GifColorType c = d.palette[static_cast<std::size_t>(index)];
                std::uint8_t* p = &canvas[pixelIndex(r.Left + x, r.Top + y, d.width) * 3];
                p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
            }
        d.rgb.push_back(canvas);
    }
    DGifCloseFile(gif, &error);
    return d;
}

/// Squared RGB distance between a pixel and a palette entry.
inline int squaredDistance(const std::uint8_t* a, const GifColorType& b) {
    const int dr = a[0] - b.Red, dg = a[1] - b.Green, db = a[2] - b.Blue;
    return dr * dr + dg * dg + db * db;
}

/// The squared distance from `pixel` to the palette's nearest entry (all tried).
inline int nearestSquaredDistance(const std::uint8_t* pixel, const std::vector<GifColorType>& palette) {
    int best = 1 << 30;
    for (const GifColorType& entry : palette) best = std::min(best, squaredDistance(pixel, entry));
    return best;
}

}  // namespace pickray::gifcheck
