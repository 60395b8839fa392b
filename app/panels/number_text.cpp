// SPDX-License-Identifier: MIT
#include "panels/number_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pickray::app {
namespace {

std::string printed(const char* format, int precision, double value) {
    char text[512];  // the widest "%.Nf" of a double: 309 digits, a sign, a point and N <= 17 decimals
    std::snprintf(text, sizeof text, format, precision, value);
    return text;
}

// "1.2346e+30" -> "1.2346e30", "1.5e-07" -> "1.5e-7": the exponent without '+' or leading zeros.
std::string compactExponent(std::string text) {
    const std::size_t e = text.find('e');
    if (e == std::string::npos) return text;
    std::string exponent = text.substr(e + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
    exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
    text.resize(e + 1);  // appended piece by piece: GCC 12 warns falsely (-Wrestrict) on a + b + c
    if (negative) text += '-';
    text += exponent;
    return text;
}

}  // namespace

std::string numberText(double value, int decimals, int width) {
    decimals = std::clamp(decimals, 0, 17);
    std::string fixed = printed("%.*f", decimals, value);
    // Printed as zero ("-0.0000"): no sign.
    if (fixed.find_first_of("123456789") == std::string::npos && fixed[0] == '-' &&
        fixed.find_first_of("ni") == std::string::npos)
        fixed.erase(0, 1);
    const bool zero = fixed.find_first_of("123456789") == std::string::npos;
    if (static_cast<int>(fixed.size()) <= width || zero) return fixed;
    // Too wide: the most digits that fit, one at the least.
    std::string best = compactExponent(printed("%.*e", 0, value));
    for (int precision = 1; precision <= 16; ++precision) {
        std::string next = compactExponent(printed("%.*e", precision, value));
        if (static_cast<int>(next.size()) > width) break;
        best = std::move(next);
    }
    return best;
}

std::array<std::string, 3> vectorParts(glm::vec3 v, int decimals, int width) {
    std::array<std::string, 3> parts{"(", numberText(v.y, decimals, width), numberText(v.z, decimals, width)};
    parts[0] += numberText(v.x, decimals, width);
    parts[0] += ',';
    parts[1] += ',';
    parts[2] += ')';
    return parts;
}

const char* fieldFormat(double largest, const char* fixed) {
    constexpr int kWidestField = 12;
    char text[400];
    const int width = std::snprintf(text, sizeof text, fixed, std::fabs(largest));
    return width >= 0 && width <= kWidestField ? fixed : "%.4e";
}

}  // namespace pickray::app
