// SPDX-License-Identifier: MIT
// The comparison the stale-picture test relies on: a committed picture against itself is the
// same, and one pixel changed by 3/255 (one step past the tolerance) is caught.
#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include <stb_image_write.h>

#include "png_compare.hpp"

namespace {

namespace fs = std::filesystem;
const fs::path kPicture = fs::path(PICKRAY_SOURCE_DIR) / "docs/screenshots/overview.png";

fs::path perturbed(int x, int y, int channel, int by) {
    int w = 0, h = 0, channels = 0;
    unsigned char* data = stbi_load(kPicture.c_str(), &w, &h, &channels, 4);
    EXPECT_NE(data, nullptr);
    std::vector<unsigned char> rgba(data, data + static_cast<std::ptrdiff_t>(w) * h * 4);
    stbi_image_free(data);
    unsigned char& v =
        rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4 +
             static_cast<std::size_t>(channel)];
    v = static_cast<unsigned char>(v + by <= 255 ? v + by : v - by);
    const fs::path out = fs::temp_directory_path() / ("pickray_perturbed_" + std::to_string(by) + ".png");
    EXPECT_NE(stbi_write_png(out.c_str(), w, h, 4, rgba.data(), w * 4), 0);
    return out;
}

TEST(PngCompare, APictureIsTheSameAsItself) { EXPECT_TRUE(pickray::docs::comparePngs(kPicture, kPicture, 2).same(2)); }

TEST(PngCompare, OnePixelThreeStepsOffFailsAndTwoStepsOffPasses) {
    const auto off3 = pickray::docs::comparePngs(kPicture, perturbed(321, 123, 1, 3), 2);
    EXPECT_FALSE(off3.same(2));
    EXPECT_EQ(off3.pixelsOver, 1);
    EXPECT_EQ(off3.largest, 3);
    EXPECT_EQ(off3.largestX, 321);
    EXPECT_EQ(off3.largestY, 123);
    EXPECT_TRUE(pickray::docs::comparePngs(kPicture, perturbed(5, 7, 0, 2), 2).same(2));
}

TEST(PngCompare, ADifferentSizeOrAMissingFileFails) {
    const auto missing = pickray::docs::comparePngs(kPicture, "/nonexistent.png", 2);
    EXPECT_FALSE(missing.same(2));
    EXPECT_NE(missing.error.find("cannot read"), std::string::npos);
    const auto other =
        pickray::docs::comparePngs(kPicture, fs::path(PICKRAY_SOURCE_DIR) / "docs/screenshots/generated_100k.png", 2);
    EXPECT_NE(other.error.find("sizes differ"), std::string::npos);
}

}  // namespace
