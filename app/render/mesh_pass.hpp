// SPDX-License-Identifier: MIT
#pragma once
// The tessellated shapes (--renderer mesh): one instanced draw call per mesh kind and level of
// detail (sphere, capsule, capped cylinder: kLodCount levels each; cube; mirrored cube; long
// side), and one for the dots, objects drawn as a point of their size. With the analytic renderer
// the same draws (then empty but for an approximate frame's dots) write the analytic depth.

#include <cstdint>
#include <filesystem>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "render/collect.hpp"
#include "render/frame.hpp"
#include "render/gl_objects.hpp"
#include "render/meshes.hpp"

namespace pickray::render {

class MeshPass {
public:
    explicit MeshPass(const std::filesystem::path& shaderDirectory);  // throws std::runtime_error
    /// The mesh and dot programs that write the analytic depth (ANALYTIC_DEPTH), once.
    void loadDepthPrograms(const std::filesystem::path& shaderDirectory);

    /// Every batch, with the analytic depth when `analytic`; leaves back-face culling off.
    void drawBatches(const FrameView& view, bool analytic, FrameStats& stats);
    void drawDots(const FrameView& view, bool analytic, FrameStats& stats);

private:
    friend class Collector;
    friend void collectDraws(const DrawLists& lists, const scene::Scene& scene, const FrameView& view,
                             const DrawStyle& style, const DebugDraw& debug, FrameStats& stats);

    struct Instance {
        glm::mat4 model;
        glm::vec4 color;           ///< rgb, a = 1 lit / 0 unlit (markers)
        glm::vec4 style;           ///< x highlight, y selected, z hovered, w stretch (Vertex::stretch)
        std::uint32_t object = 0;  ///< index + 1 in the scene (0xFFFFFFFF: a marker), for the outlines
    };
    struct Batch {
        VertexArray vao;
        Buffer vertices;
        Buffer indices;
        Buffer instances;
        GLsizei indexCount = 0;
        std::vector<Instance> pending;
        /// Back faces culled: closed meshes, seen from outside (an infinite cylinder is open).
        bool closed = true;
        bool mirrored = false;  ///< instances wind clockwise (negative determinant)
    };
    /// One batch per level of detail of a round mesh, and each level's silhouetteDeviation.
    struct LodBatches {
        Batch levels[kLodCount];
        float deviation[kLodCount] = {};
    };
    struct Dot {
        glm::vec3 center;
        float sizePixels;
        glm::vec4 color;
        glm::vec4 style;
        std::uint32_t object = 0;
    };

    static Batch makeBatch(const MeshData& mesh);
    /// `make(segments)` is the drawn mesh; `outline(segments)` the mesh whose silhouette it has.
    template <class Make, class Outline>
    static LodBatches makeLodBatches(Make make, Outline outline);
    [[nodiscard]] std::vector<Batch*> allBatches();
    void drawBatch(Batch& batch, FrameStats& stats);
    /// Empties the instance lists and the dots (collectDraws, before it fills them).
    void clear();

    Program meshProgram_;
    Program dotProgram_;
    Program meshDepthProgram_;  ///< made by loadDepthPrograms
    Program dotDepthProgram_;
    LodBatches spheres_;
    LodBatches capsules_;
    LodBatches cylinders_;
    Batch longSides_;  ///< infinite cylinders: the side cut into many rings (see kLongSideRings)
    Batch cubes_;
    Batch mirroredCubes_;  ///< boxes with a negative scale determinant: their faces wind the other way
    VertexArray dotVao_;
    Buffer dotBuffer_;
    std::vector<Dot> dots_;
};

}  // namespace pickray::render
