// SPDX-License-Identifier: MIT
#pragma once
// Why an input is refused. Every query treats invalid input as a miss (no hit, no span): quiet, as
// a picking loop over a scene wants. validity() says why, for one input: the field that breaks a
// rule and the rule, in words a message can use, or nothing when the input is valid. It applies
// the very checks the queries apply, so valid() is exactly "a query may hit it".
//
// PICKRAY_ASSERT_VALID_INPUTS (a CMake option of the library, or a definition before the first
// pickray include) makes the ray queries stop at the first invalid input instead: they print what
// validity() says, with the argument and where it was passed, and abort. For debug builds.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/ray_triangle.hpp"
#include "pickray/collision/shapes.hpp"

namespace pickray {

/// Nothing when valid; otherwise the field (as the struct names it: "radius", "direction",
/// "toWorld", "local.min") and the rule it breaks ("must be finite and >= 0").
struct Validity {
    std::string_view field;
    std::string_view rule;

    [[nodiscard]] bool valid() const noexcept { return field.empty(); }
    /// "field: rule", or "valid".
    [[nodiscard]] std::string message() const {
        return valid() ? std::string("valid") : std::string(field) + ": " + std::string(rule);
    }
};

namespace detail {
inline constexpr std::string_view kMustBeFinite = "must be finite (no NaN, no infinity)";
inline constexpr std::string_view kRadiusRule = "must be finite and >= 0";
}  // namespace detail

[[nodiscard]] inline Validity validity(const Ray& ray) noexcept {
    if (isValidRay(ray)) return {};
    if (!detail::isFinite(ray.origin)) return {"origin", detail::kMustBeFinite};
    return {"direction", "must be finite and not zero, its squared length a normal float (about 1e-19 to 1e19)"};
}

/// tMax, the longest t a ray query may answer: a number >= 0 (infinity is fine).
[[nodiscard]] inline Validity tMaxValidity(float tMax) noexcept {
    if (detail::isValidTMax(tMax)) return {};
    return {"tMax", "must be >= 0 and not NaN"};
}

[[nodiscard]] inline Validity validity(const Sphere& sphere) noexcept {
    if (!detail::isFinite(sphere.center)) return {"center", detail::kMustBeFinite};
    if (!detail::isValidRadius(sphere.radius)) return {"radius", detail::kRadiusRule};
    return {};
}

[[nodiscard]] inline Validity validity(const Capsule& capsule) noexcept {
    if (!detail::isFinite(capsule.a)) return {"a", detail::kMustBeFinite};
    if (!detail::isFinite(capsule.b)) return {"b", detail::kMustBeFinite};
    if (!detail::isValidRadius(capsule.radius)) return {"radius", detail::kRadiusRule};
    return {};
}

[[nodiscard]] inline Validity validity(const Cylinder& cylinder) noexcept {
    if (!detail::isFinite(cylinder.a)) return {"a", detail::kMustBeFinite};
    if (!detail::isFinite(cylinder.b)) return {"b", detail::kMustBeFinite};
    if (!detail::isValidRadius(cylinder.radius) || cylinder.radius == 0.0f)
        return {"radius", "must be finite and > 0 (a capped cylinder of radius 0 has no inside)"};
    if (cylinder.a == cylinder.b) return {"b", "must differ from a (the axis has no direction)"};
    return {};
}

[[nodiscard]] inline Validity validity(const InfiniteCylinder& cylinder) noexcept {
    if (!detail::isFinite(cylinder.a)) return {"a", detail::kMustBeFinite};
    if (!detail::isFinite(cylinder.b)) return {"b", detail::kMustBeFinite};
    if (!detail::isValidRadius(cylinder.radius)) return {"radius", detail::kRadiusRule};
    if (cylinder.a == cylinder.b) return {"b", "must differ from a (the axis has no direction)"};
    return {};
}

[[nodiscard]] inline Validity validity(const Aabb& box) noexcept {
    if (!detail::isFinite(box.min)) return {"min", detail::kMustBeFinite};
    if (!detail::isFinite(box.max)) return {"max", detail::kMustBeFinite};
    if (!detail::isValidAabb(box)) return {"max", "must be >= min on every axis (a flat box is fine)"};
    return {};
}

[[nodiscard]] inline Validity validity(const OrientedBox& box) noexcept {
    if (!detail::isFinite(box.local.min)) return {"local.min", detail::kMustBeFinite};
    if (!detail::isFinite(box.local.max)) return {"local.max", detail::kMustBeFinite};
    if (!detail::isValidAabb(box.local)) return {"local.max", "must be >= local.min on every axis"};
    const glm::mat4& m = box.toWorld;
    if (m[0][3] != 0.0f || m[1][3] != 0.0f || m[2][3] != 0.0f || m[3][3] != 1.0f)
        return {"toWorld", "must be affine: its bottom row (0, 0, 0, 1)"};
    for (int column = 0; column < 4; ++column)
        if (!detail::isFinite(glm::vec3(m[column]))) return {"toWorld", detail::kMustBeFinite};
    if (!detail::cofactors(m)) return {"toWorld", "must be invertible (its determinant is exactly 0 or overflows)"};
    return {};
}

[[nodiscard]] inline Validity validity(const PreparedOrientedBox& box) noexcept { return validity(box.box); }

/// Finite vertices. A zero-area triangle (collinear or repeated vertices) is valid, and never hit:
/// a ray crosses no area, just as it crosses no triangle it runs parallel to.
[[nodiscard]] inline Validity validity(const Triangle& triangle) noexcept {
    if (!detail::isFinite(triangle.a)) return {"a", detail::kMustBeFinite};
    if (!detail::isFinite(triangle.b)) return {"b", detail::kMustBeFinite};
    if (!detail::isFinite(triangle.c)) return {"c", detail::kMustBeFinite};
    return {};
}

namespace detail {

/// An invalid input's end under PICKRAY_ASSERT_VALID_INPUTS: what it was, where it was passed and
/// why it is refused; then abort.
[[noreturn]] inline void invalidInput(const Validity& why, const char* argument, const char* function) noexcept {
    std::fprintf(stderr, "pickray: invalid input to %s: `%s`, %s\n", function, argument, why.message().c_str());
    std::abort();
}

#if defined(PICKRAY_ASSERT_VALID_INPUTS) && PICKRAY_ASSERT_VALID_INPUTS
template <typename Input>
void expectValid(const Input& input, const char* argument, const char* function) noexcept {
    if (const Validity why = validity(input); !why.valid()) invalidInput(why, argument, function);
}
inline void expectValidTMax(float tMax, const char* argument, const char* function) noexcept {
    if (const Validity why = tMaxValidity(tMax); !why.valid()) invalidInput(why, argument, function);
}
#endif

}  // namespace detail
}  // namespace pickray
