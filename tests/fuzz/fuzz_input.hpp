// SPDX-License-Identifier: MIT
#pragma once
// The fuzz targets' reader of their input: floats taken four bytes at a time, 0 once the bytes
// run out, so that every input, however short, is a complete case.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <glm/vec3.hpp>

namespace pickray::fuzz {

struct Input {
    const std::uint8_t* data;
    std::size_t size;
    float next() {
        float f = 0.0f;
        if (size >= sizeof f) {
            std::memcpy(&f, data, sizeof f);
            data += sizeof f;
            size -= sizeof f;
        }
        return f;
    }
    glm::vec3 vec() { return {next(), next(), next()}; }
};

}  // namespace pickray::fuzz
