// SPDX-License-Identifier: MIT
#pragma once
// The analytic shapes (--renderer analytic, Renderer::useAnalyticSpheres): each pixel centre's ray
// cast in the fragment shader over a screen-space rectangle around each shape, one instanced draw
// per program: spheres and markers (sphere.frag), capsules and capped and infinite cylinders (its
// ROUND variant), boxes (box.frag). They write near / view depth, the analytic depth.

#include <cstdint>
#include <filesystem>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "render/collect.hpp"
#include "render/frame.hpp"
#include "render/gl_objects.hpp"

namespace pickray::render {

/// The uniforms of the analytic depth (eye, forward, near) of `program`, which is in use.
void setDepthUniforms(GLuint program, const FrameView& view);

class AnalyticPass {
public:
    /// Nothing made until load(): the mesh renderer never needs these programs.
    AnalyticPass() = default;
    /// The programs and vertex arrays, once.
    void load(const std::filesystem::path& shaderDirectory);
    [[nodiscard]] bool loaded() const { return sphereProgram_.get() != 0; }

    /// The collected spheres, then the other round kinds, then the boxes.
    void draw(const FrameView& view, FrameStats& stats);

private:
    friend class Collector;
    friend void collectDraws(const DrawLists& lists, const scene::Scene& scene, const FrameView& view,
                             const DrawStyle& style, const DebugDraw& debug, FrameStats& stats);

    /// An analytic sphere (sphere.vert): its centre relative to the eye, formed in double.
    struct SphereInstance {
        glm::vec3 center;
        float radius = 0.0f;
        glm::vec4 color;
        glm::vec4 style;
        std::uint32_t object = 0;
    };
    /// An analytic capsule, capped or infinite cylinder (sphere.vert, ROUND): the sphere of its
    /// radius around a (a relative to the eye, formed in double; sphere.vert's quad holds it and
    /// b's), b - a, the kind (0 capsule, 1 capped cylinder, 2 infinite cylinder).
    struct RoundInstance {
        SphereInstance end;  ///< first: the sphere program's attributes are the same
        glm::vec3 axis;
        std::uint32_t kind = 0;
    };
    /// An analytic box (box.vert / box.frag): toWorld's translation relative to the eye (formed in
    /// double), its linear part by columns, the inverse of that by rows (the library's, formed in
    /// double), the local box. An Aabb: its bounds relative to the eye under the identity.
    struct BoxInstance {
        glm::vec3 translation;
        glm::vec3 columns[3];
        glm::vec3 inverse[3];
        glm::vec3 min;
        glm::vec3 max;
        glm::vec4 color;
        glm::vec4 style;
        std::uint32_t object = 0;
    };

    /// Empties the instance lists (collectDraws, before it fills them).
    void clear();

    Program sphereProgram_;
    VertexArray sphereVao_;
    Buffer sphereBuffer_;
    std::vector<SphereInstance> spheresToCast_;
    Program roundProgram_;  ///< sphere.vert / sphere.frag with ROUND
    VertexArray roundVao_;
    Buffer roundBuffer_;
    std::vector<RoundInstance> roundsToCast_;
    Program boxProgram_;  ///< box.vert / box.frag
    VertexArray boxVao_;
    Buffer boxBuffer_;
    std::vector<BoxInstance> boxesToCast_;
};

}  // namespace pickray::render
