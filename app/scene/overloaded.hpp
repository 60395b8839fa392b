// SPDX-License-Identifier: MIT
#pragma once
// The usual helper for std::visit with one lambda per alternative:
//   std::visit(Overloaded{[](const Sphere&) {...}, [](const Box&) {...}}, shape);

namespace pickray::scene {

template <typename... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;  // clang 14 does not deduce aggregates by itself

}  // namespace pickray::scene
