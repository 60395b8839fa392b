#pragma once
// Draws a scene with OpenGL 3.3 core: one instanced draw call per mesh kind (sphere, cylinder
// side, disk, cube), then debug lines (grid, pick ray, normals, ...) in one call.
//
// A capsule is a cylinder-side instance plus two sphere instances; a capped cylinder a side plus
// two disks; an infinite cylinder a side reaching beyond the far plane on both sides; a box a
// cube instance with world = toWorld · T(min) · S(max − min). Markers are unlit sphere instances.
//
// The caller owns the context and has loaded GL (gladLoadGL) before constructing a Renderer.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pickray/render/gl_objects.hpp"
#include "pickray/render/meshes.hpp"
#include "pickray/scene/scene.hpp"

namespace pickray::render {

/// The matrices a frame is drawn with. `viewProjection` must already produce GL clip space
/// (for a 0..1 projection: glClipRemap(ZeroToOne) · proj · view).
struct FrameView {
    glm::mat4 viewProjection{1.0f};
    glm::vec3 eye{0.0f};            ///< for lighting
    glm::vec3 lookTarget{0.0f};     ///< where "infinite" cylinders are centred
    float farDistance = 100.0f;     ///< infinite cylinders extend beyond this from the eye
    glm::ivec2 drawableSize{1, 1};  ///< pixels
};

struct DebugLine {
    glm::vec3 a;
    glm::vec3 b;
    glm::vec3 color;
};

struct DebugMarker {
    glm::vec3 center;
    float radius;
    glm::vec3 color;
};

/// Debug geometry of one frame; lines are drawn over the scene (faint where hidden).
struct DebugDraw {
    std::vector<DebugLine> lines;
    std::vector<DebugMarker> markers;
};

/// How objects are emphasised: the picked one in the highlight colour, selected ones with a rim.
struct DrawStyle {
    std::optional<std::size_t> highlighted;
    std::optional<std::size_t> hovered;
    std::vector<std::size_t> selected;
    bool grid = true;
};

/// The colour a highlighted object is tinted towards (tests look for it in screenshots).
inline constexpr glm::vec3 kHighlightColor{1.0f, 0.8f, 0.1f};

/// The shader directory: $PICKRAY_SHADER_DIR if set, else the source tree's shaders/ if present,
/// else the installed share/pickray/shaders.
[[nodiscard]] std::filesystem::path defaultShaderDirectory();

/// Rings along an infinite cylinder's drawn side. Facets that are slivers (a fraction of a pixel
/// wide, thousands of pixels long) get their depth interpolated so badly by llvmpipe (seen: > 4
/// world units off at 14 units from the eye, radius 0.3) that a pole was drawn in front of nearer
/// objects; short rings and a frustum-clipped length keep every triangle small.
inline constexpr int kLongSideRings = 64;

class Renderer {
public:
    explicit Renderer(const std::filesystem::path& shaderDirectory);  // throws std::runtime_error

    /// Draws into the renderer's own target, then copies it to the default framebuffer (where an
    /// overlay such as ImGui may be drawn on top).
    void draw(const scene::Scene& scene, const FrameView& view, const DrawStyle& style, const DebugDraw& debug);

    enum class Source { Scene, Window };
    /// RGBA8 rows, top row first (PNG order), alpha forced opaque: the scene alone (Source::Scene)
    /// or the default framebuffer's back buffer with whatever was drawn over it (Source::Window).
    [[nodiscard]] std::vector<std::uint8_t> readPixels(glm::ivec2 size, Source source) const;

private:
    struct Instance {
        glm::mat4 model;
        glm::vec4 color;  ///< rgb, a = 1 lit / 0 unlit (markers)
        glm::vec4 style;  ///< x highlight, y selected, z hovered
    };
    struct Batch {
        VertexArray vao;
        Buffer vertices;
        Buffer indices;
        Buffer instances;
        GLsizei indexCount = 0;
        std::vector<Instance> pending;
    };
    struct LineVertex {
        glm::vec3 position;
        glm::vec4 color;
    };

    static Batch makeBatch(const MeshData& mesh);
    void resizeTarget(glm::ivec2 size);
    void collect(const scene::Scene& scene, const FrameView& view, const DrawStyle& style, const DebugDraw& debug);
    void drawBatch(Batch& batch);
    void drawLines(const std::vector<LineVertex>& vertices);

    Program meshProgram_;
    Program lineProgram_;
    Batch spheres_;
    Batch sides_;
    Batch longSides_;  ///< infinite cylinders: the side cut into many rings (see kLongSideRings)
    Batch disks_;
    Batch cubes_;
    VertexArray lineVao_;
    Buffer lineBuffer_;
    // The scene is drawn into this target with a depth buffer we choose (24 bits): the default
    // framebuffer of some drivers (SDL offscreen/EGL on llvmpipe) resolves depth far too coarsely.
    Framebuffer target_;
    Renderbuffer targetColor_;
    Renderbuffer targetDepth_;
    glm::ivec2 targetSize_{0};
};

}  // namespace pickray::render
