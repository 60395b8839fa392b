// SPDX-License-Identifier: MIT
#pragma once
// Draws a scene with OpenGL 3.3 core: one instanced draw call per mesh kind and level of detail
// (sphere, capsule, capped cylinder: kLodCount levels each; cube; mirrored cube; long side), one
// for dots, then lines (grid), the outlines, lines (faint, solid) and the gizmo's triangles on top: 27.
// The list of draws is fixed, so draw calls per frame do not grow with the scene.
//
// Per object: culled when its bounding sphere is outside the view frustum; drawn as one point of
// its size when that sphere is at most kSilhouetteTolerancePixels in radius on screen (a dot that
// small is within a pixel of any silhouette inside it). Otherwise per instance: the coarsest
// level whose silhouette stays within kSilhouetteTolerancePixels of the analytic shape at the
// instance's projected size, so large instances get the full 96-segment mesh.
//
// Every object is one instance: a capsule or capped cylinder is a unit mesh whose far half is
// stretched to its length (Vertex::stretch); an infinite cylinder a side reaching beyond the far
// plane on both sides; a box a cube instance with world = toWorld · T(min) · S(max − min).
// Markers are unlit sphere instances. Back faces of the closed meshes (all but the infinite
// cylinders' side) are culled, so an object is not drawn from inside it.
//
// The caller owns the context and has loaded GL (gladLoadGL) before constructing a Renderer.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "render/frame.hpp"
#include "render/gl_debug.hpp"
#include "render/gl_objects.hpp"
#include "render/meshes.hpp"
#include "render/resolve_pass.hpp"
#include "render/scene_target.hpp"
#include "render/second_view.hpp"
#include "render/window_target.hpp"
#include "scene/scene.hpp"

namespace pickray::render {

class Renderer {
public:
    explicit Renderer(const std::filesystem::path& shaderDirectory);  // throws std::runtime_error

    /// The largest target the driver allows (GL_MAX_RENDERBUFFER_SIZE and GL_MAX_VIEWPORT_DIMS).
    [[nodiscard]] glm::ivec2 maxTargetSize() const { return maxTargetSize_; }
    /// A drawable of this size can be drawn: at least one pixel, at most maxTargetSize().
    [[nodiscard]] bool canDrawAt(glm::ivec2 size) const;

    /// --renderer analytic: every kind is drawn by casting each pixel centre's ray in the
    /// fragment shader (spheres and markers: sphere.frag; capsules and cylinders: its ROUND variant;
    /// boxes: box.frag) over a screen-space rectangle around each, never by the rasteriser's edge,
    /// with no dots or levels of detail in an exact frame. Every depth-tested pass then writes near / view depth into a
    /// 32-bit float depth buffer, compared GREATER (nearer is larger), so that depth order follows
    /// a click's t. Off (the default): the mesh renderer, unchanged.
    void useAnalyticSpheres(bool analytic);
    [[nodiscard]] bool analyticSpheres() const { return analytic_; }

    /// Anti-aliasing (on by default, --aa off or View > Anti-aliasing (FXAA) turns it
    /// off): each exact frame's colour goes through resolve.frag's FXAA edge filter on its way to
    /// the window, and readPixels(Source::Scene) reads that. Neither approximate frames (moving:
    /// the cost is not worth it) nor supersampled ones (box-filtered instead) get it. Colour only:
    /// the object attachment (readObjectIds) is the same with or without it.
    void useFxaa(bool fxaa) { resolvePass_.useFxaa(fxaa); }
    [[nodiscard]] bool fxaa() const { return resolvePass_.fxaa(); }

    /// The window's pixels in a framebuffer of the renderer's own, sized to the window, instead of
    /// the default framebuffer: headless, SDL's offscreen surface keeps the size the window was
    /// created with, so a window grown later would be drawn and read past its end.
    void useOwnWindowFramebuffer(bool own) { window_.useOwn(own); }
    /// Binds the window's framebuffer (ours made `size` first, if it can be drawn at that size),
    /// for what is drawn over the scene (ImGui).
    void bindWindow(glm::ivec2 size);

    /// Draws into the renderer's own target, then copies it to the window's framebuffer (where an
    /// overlay such as ImGui may be drawn on top).
    FrameStats draw(const scene::Scene& scene, const FrameView& view, const DrawStyle& style, const DebugDraw& debug);
    /// How many times draw() ran: what the target holds changed when this did (FrameCache).
    [[nodiscard]] std::uint64_t draws() const { return draws_; }

    /// Draws a second camera's view (the observer's) exact, at 1x and without FXAA, through the
    /// scene's target (its corner: no target is reallocated for it), then keeps its pixels in a
    /// framebuffer of their own, which present() shows as setInset() says. Call it before draw():
    /// the target, its object IDs (readObjectIds) and the audits are then the main view's.
    void drawSecondView(const scene::Scene& scene, const FrameView& view, const DrawStyle& style,
                        const DebugDraw& debug);
    /// Where present() (and readPixels(Source::Scene)) show the second view; none: not at all.
    void setInset(const std::optional<InsetLayout>& inset) { secondView_.setInset(inset); }

    /// Copies the scene drawn last to the window's framebuffer again (scaled up to the drawable when
    /// it was drawn approximate), for frames where nothing in it changed (redrawing 100,000 objects
    /// on a software rasteriser takes a tenth of a second).
    void present() const;

    /// Draws `rects` in order over what the window shows now (the scene presented, before ImGui),
    /// blended in their alpha; the window's framebuffer is `drawable` pixels. Not part of the
    /// scene: Source::Scene does not see them.
    void drawOverScene(const std::vector<ScreenRect>& rects, glm::ivec2 drawable);

    /// Waits until the GPU has finished the frame (for honest frame timings on a software rasteriser).
    void finish() const;
    /// Drains glGetError and the KHR_debug messages (called once per frame: cheap, and a frame is
    /// the unit a test can blame). Returns what was found; each is also written to `log`.
    GlProblems takeGlProblems(std::ostream& log) { return debugOutput_.take(log); }
    [[nodiscard]] bool debugOutputInstalled() const { return debugOutput_.installed(); }
    /// One invalid GL call (GL_INVALID_ENUM), for tests that prove errors are caught and counted.
    void provokeGlErrorForTests() const;

    enum class Source { Scene, Window };
    /// RGBA8 rows, top row first (PNG order), alpha forced opaque: the scene alone (Source::Scene;
    /// after FXAA or supersampling's filter when the last draw had them) or the window's
    /// framebuffer with whatever was drawn over it (Source::Window). The second view (setInset) is
    /// in both.
    [[nodiscard]] std::vector<std::uint8_t> readPixels(glm::ivec2 size, Source source) const;
    /// The object attachment of the last scene drawn, one value a pixel, top row first: object
    /// index + 1, 0 where no object was drawn, 0xFFFFFFFF under a marker. Its size is the
    /// drawn target's (the drawable's, unless the frame was approximate).
    [[nodiscard]] std::vector<std::uint32_t> readObjectIds() const;
    [[nodiscard]] glm::ivec2 drawnSize() const { return drawnSize_; }

private:
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
    struct LineVertex {
        glm::vec3 position;
        glm::vec4 color;
    };
    /// A line as wide_line.vert draws it (one instance): its ends, its colour (alpha: faint or
    /// solid) and its width at a and at b in drawn pixels.
    struct WideLine {
        glm::vec3 a;
        glm::vec3 b;
        glm::vec4 color;
        glm::vec2 width;
    };

    class Collector;

    static Batch makeBatch(const MeshData& mesh);
    /// `make(segments)` is the drawn mesh; `outline(segments)` the mesh whose silhouette it has.
    template <class Make, class Outline>
    static LodBatches makeLodBatches(Make make, Outline outline);
    [[nodiscard]] std::vector<Batch*> allBatches();
    /// The frame's draws into the target's bottom-left `view.drawableSize` pixels; `outputHeight`
    /// is the height of the picture they become (line widths), `scale` the supersample factor.
    void drawTarget(const scene::Scene& scene, const FrameView& view, int outputHeight, int scale,
                    const DrawStyle& style, const DebugDraw& debug, FrameStats& stats);
    /// The scene (and the second view, per setInset) into `framebuffer`, the drawable's size.
    void compose(GLuint framebuffer) const;
    /// The frame's CPU stage (collect.cpp): sorts the objects into the batches' instance lists, the
    /// dots and the outlined areas. A function of its own, not a member, so that every member
    /// function of the Renderer is in renderer.cpp.
    friend void collectDraws(Renderer& renderer, const scene::Scene& scene, const FrameView& view,
                             const DrawStyle& style, const DebugDraw& debug, FrameStats& stats);
    void drawBatch(Batch& batch, FrameStats& stats);
    enum class Primitive { Lines, Triangles };
    /// Pairs of vertices as lines, or triples as triangles, with the line program.
    void drawLines(const std::vector<LineVertex>& vertices, FrameStats& stats, Primitive primitive = Primitive::Lines);
    /// Segments as quads (wide_line.vert) with the program in use, one instanced draw.
    void drawWideLines(const std::vector<WideLine>& lines, FrameStats& stats);
    void drawDots(const FrameView& view, FrameStats& stats);
    /// The analytic spheres (useAnalyticSpheres), one instanced draw.
    void drawAnalyticSpheres(const FrameView& view, FrameStats& stats);
    /// The uniforms of the analytic depth (eye, forward, near) of `program`.
    void setDepthUniforms(GLuint program, const FrameView& view) const;
    /// Outlines around the picked, selected and hovered objects, from the object attachment,
    /// within the rectangles of styledAreas_; their widths in output pixels, `scale` drawn pixels
    /// each (the supersample factor), so that a supersampled picture's are as wide as at 1x.
    void drawOutlines(glm::vec2 targetSize, int scale, FrameStats& stats);

    GlDebugOutput debugOutput_;  // first: it sees the errors of everything constructed after it
    glm::ivec2 maxTargetSize_{0};
    Program meshProgram_;
    Program lineProgram_;
    Program dotProgram_;
    Program outlineProgram_;
    VertexArray outlineVao_;  ///< one rectangle per instance (styledAreas_), corners from gl_VertexID
    Buffer outlineBuffer_;
    LodBatches spheres_;
    LodBatches capsules_;
    LodBatches cylinders_;
    Batch longSides_;  ///< infinite cylinders: the side cut into many rings (see kLongSideRings)
    Batch cubes_;
    Batch mirroredCubes_;  ///< boxes with a negative scale determinant: their faces wind the other way
    VertexArray lineVao_;
    Buffer lineBuffer_;
    Program wideLineProgram_;  ///< the grid and the debug lines (wide_line.vert / .frag)
    VertexArray wideLineVao_;
    Buffer wideLineBuffer_;
    VertexArray dotVao_;
    Buffer dotBuffer_;
    std::vector<Dot> dots_;
    bool analytic_ = false;
    std::filesystem::path shaderDirectory_;
    // useAnalyticSpheres: the sphere program and the depth-writing variants of the mesh, dot and
    // line programs (ANALYTIC_DEPTH), made when first used.
    Program sphereProgram_;
    Program meshDepthProgram_;
    Program dotDepthProgram_;
    Program wideLineDepthProgram_;
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
    SceneTarget target_;
    std::vector<glm::vec4> styledAreas_;  ///< pixels (min x, min y, max x, max y) of each emphasised object
    glm::ivec2 presentedSize_{0};         ///< the drawable's size in the last draw
    glm::ivec2 drawnSize_{0};  ///< the pixels the last draw filled, from the target's corner (fewer when approximate)
    ResolvePass resolvePass_;
    SecondView secondView_;
    std::uint64_t draws_ = 0;
    WindowTarget window_;
};

}  // namespace pickray::render
