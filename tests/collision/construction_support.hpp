// SPDX-License-Identifier: MIT
#pragma once
// What the constructions' tests share: long-double vectors from float ones, and a check of two
// float vectors to the bit.
#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "reference/reference.hpp"

namespace pickray::test {

inline pickref::Vec ref(glm::vec3 v) { return {v.x, v.y, v.z}; }
inline long double distance(pickref::Vec a, pickref::Vec b) { return pickref::length(a - b); }

}  // namespace pickray::test

/// Same bits, NaN never expected here (EXPECT_EQ on floats is exact; ±inf compare equal to themselves).
#define EXPECT_SAME_VEC(a, b)                                                                                       \
    EXPECT_TRUE((a) == (b)) << "(" << (a).x << ", " << (a).y << ", " << (a).z << ") vs (" << (b).x << ", " << (b).y \
                            << ", " << (b).z << ")"
