// SPDX-License-Identifier: MIT
#pragma once
// The unit tests' small scene of the editor and the view.

#include <string>

#include <glm/vec3.hpp>

#include "scene/scene.hpp"

namespace pickray::app {

// s0, s1, s2: radius 0.5 at x = 0, 2, 4 on the x axis, seen by the default camera (eye (6, 4.5, 9),
// target (0, 0.5, 0), 45 degrees): each is about 19 pixels across in a 640x360 view.
inline scene::Scene threeSpheres() {
    scene::Scene s;
    for (int i = 0; i < 3; ++i) {
        std::string name = "s";
        name += std::to_string(i);  // in two steps: GCC 12 warns falsely (-Wrestrict) on "s" + string
        s.objects.push_back({name, glm::vec3(0.5f), Sphere{{2.0f * static_cast<float>(i), 0.0f, 0.0f}, 0.5f}});
    }
    return s;
}

}  // namespace pickray::app
