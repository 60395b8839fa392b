// SPDX-License-Identifier: MIT
// Numbers as the panels print them (panels/number_text.hpp): no "-0.0000", scientific notation
// only where the fixed form is wider than the room, and every text read back (strtod, the C
// library's own reading) the value to within half a unit of its last printed digit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "panels/number_text.hpp"

namespace pickray::app {
namespace {

TEST(NumberText, AValueThatPrintsAsZeroHasNoSign) {
    EXPECT_EQ(numberText(-0.00001), "0.0000");
    EXPECT_EQ(numberText(-0.0), "0.0000");
    EXPECT_EQ(numberText(0.0), "0.0000");
    EXPECT_EQ(numberText(-0.00004), "0.0000");
    EXPECT_EQ(numberText(-1e-30), "0.0000");
    EXPECT_EQ(numberText(-0.04, 1), "0.0");
    EXPECT_EQ(numberText(-0.0001), "-0.0001") << "not zero: the sign stays";
    EXPECT_EQ(numberText(-2.5, 1), "-2.5");
    EXPECT_EQ(numberText(3.5244), "3.5244");
}

TEST(NumberText, ScientificOnlyWhereTheFixedFormDoesNotFit) {
    EXPECT_EQ(numberText(1234567.0, 4, 12), "1234567.0000") << "12 characters fit in 12";
    EXPECT_EQ(numberText(-1234567.0, 4, 12), "-1.2345670e6") << "13 do not: as many digits as fit in 12";
    EXPECT_EQ(numberText(1e30, 4, 12), "1.0000000e30");
    EXPECT_EQ(numberText(-1.5e-7, 4, 12), "0.0000") << "small: zero, not 1.5e-7";
    EXPECT_EQ(numberText(2e9, 4, 6), "2.00e9");
    EXPECT_EQ(numberText(-2e9, 4, 3), "-2e9") << "too narrow for any: one digit at the least";
    EXPECT_EQ(numberText(INFINITY), "inf");
    EXPECT_EQ(numberText(-INFINITY), "-inf");
}

// Half a unit of the last digit of `text` (fixed or scientific), from the text itself.
double halfUnit(const std::string& text) {
    const std::size_t e = text.find('e');
    const std::string mantissa = text.substr(0, e);
    const std::size_t point = mantissa.find('.');
    const int decimals = point == std::string::npos ? 0 : static_cast<int>(mantissa.size() - point - 1);
    const int exponent = e == std::string::npos ? 0 : std::atoi(text.c_str() + e + 1);
    return 0.5 * std::pow(10.0, exponent - decimals);
}

TEST(NumberText, EveryTextFitsItsWidthAndReadsBackToItsPrecision) {
    std::mt19937 random(24);
    std::uniform_real_distribution<double> exponent(-12.0, 38.0);
    int checked = 0, scientific = 0;
    for (int i = 0; i < 20000; ++i) {
        const double value = (i % 2 ? -1.0 : 1.0) * std::pow(10.0, exponent(random));
        const int width = 6 + i % 10;  // 6 to 15 characters: "-1e-38" is the longest one-digit form
        const int decimals = i % 6;
        const std::string text = numberText(value, decimals, width);
        char fixed[512];
        std::snprintf(fixed, sizeof fixed, "%.*f", decimals, value);
        const bool fits = static_cast<int>(std::string(fixed).size()) <= width;
        ASSERT_LE(static_cast<int>(text.size()), width) << value << " " << text;
        const double back = std::strtod(text.c_str(), nullptr);
        if (back == 0.0) {
            ASSERT_NE(text[0], '-') << value << " prints as zero: no sign";
        } else if (fits) {
            ASSERT_EQ(text, fixed) << "fixed where it fits";
        } else {
            ++scientific;
            ASSERT_NE(text.find('e'), std::string::npos) << text;
            ASSERT_EQ(text.find('+'), std::string::npos) << text;
            // The most digits that fit: one more would make it at least one character wider
            // (two for the point after a single digit), so at most one character is left over.
            ASSERT_GE(static_cast<int>(text.size()), width - 1) << value << " " << text;
        }
        // Read back: the printed value to within half a unit of its last digit (the text is the
        // correctly rounded decimal; strtod and the subtraction of two doubles this close add at
        // most a relative 2^-52 of the value, allowed for).
        ASSERT_LE(std::abs(back - value), halfUnit(text) + std::abs(value) * 0x1p-52) << value << " " << text;
        ++checked;
    }
    EXPECT_EQ(checked, 20000);
    EXPECT_GT(scientific, 5000) << "the large values went to scientific notation";
}

TEST(NumberText, AVectorsPiecesEachHoldOneWholeNumber) {
    const auto parts = vectorParts({3.5244f, -0.00001f, 1e30f});
    EXPECT_EQ(parts[0], "(3.5244,");
    EXPECT_EQ(parts[1], "0.0000,");
    EXPECT_EQ(parts[2], "1.0000000e30)");
}

// An editable field (the Inspector's radius, a vector's components) keeps its fixed format while
// that is at most 12 characters, and turns scientific past it: a radius of 1e30 is 1.0000e+30,
// not 31 digits that overflow the field.
TEST(NumberText, AFieldTurnsScientificWhereItsFixedFormWouldBeWiderThanTwelve) {
    EXPECT_STREQ(fieldFormat(0.5), "%.3f");
    EXPECT_STREQ(fieldFormat(-0.5), "%.3f");
    EXPECT_STREQ(fieldFormat(99999999.0), "%.3f") << "\"99999999.000\": 12 characters";
    EXPECT_STREQ(fieldFormat(100000000.0), "%.4e") << "\"100000000.000\": 13";
    EXPECT_STREQ(fieldFormat(-9999999.0), "%.3f") << "the sign is not counted: the largest magnitude is given";
    EXPECT_STREQ(fieldFormat(1e30), "%.4e");
    EXPECT_STREQ(fieldFormat(1e30, "%.1f"), "%.4e");
    EXPECT_STREQ(fieldFormat(123.0, "%.1f"), "%.1f");
}

}  // namespace
}  // namespace pickray::app
