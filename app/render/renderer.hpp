// SPDX-License-Identifier: MIT
#pragma once
// Draws a scene with OpenGL 3.3 core, in one of two ways (useAnalyticSpheres below): analytic,
// each object drawn by casting each pixel centre's ray, which the demo uses unless given
// --renderer mesh (cli.hpp); or as meshes, a new Renderer's state. Either way the list of draws is
// fixed, so draw calls per frame do not grow with the scene.
//
// The meshes: one instanced draw call per mesh kind and level of detail (sphere, capsule, capped
// cylinder: kLodCount levels each; cube; mirrored cube; long side), one for dots, then lines
// (grid), the outlines, lines (faint, solid) and the gizmo's triangles on top. Per object: culled
// when its bounding sphere is outside the view frustum; drawn as one point of its size when that
// sphere is at most kSilhouetteTolerancePixels in radius on screen (a dot that small is within a
// pixel of any silhouette inside it). Otherwise per instance: the coarsest level whose silhouette
// stays within kSilhouetteTolerancePixels of the analytic shape at the instance's projected size,
// so large instances get the full 96-segment mesh.
//
// As meshes, every object is one instance: a capsule or capped cylinder is a unit mesh whose far half is
// stretched to its length (Vertex::stretch); an infinite cylinder a side reaching beyond the far
// plane on both sides; a box a cube instance with world = toWorld · T(min) · S(max − min).
// Markers are unlit sphere instances. Back faces of the closed meshes (all but the infinite
// cylinders' side) are culled, so an object is not drawn from inside it.
//
// The Renderer composes one object per pass, each with its GL objects, shaders and per-frame
// lists: the tessellated shapes (MeshPass), the analytic ones (AnalyticPass), the lines and
// triangles over them (OverlayPass), the outlines (OutlinePass), FXAA and supersampling's filter
// (ResolvePass), the second view (SecondView); they draw into one SceneTarget (which also holds
// the object IDs), collect.cpp fills their lists, and the window is a WindowTarget.
//
// The caller owns the context and has loaded GL (gladLoadGL) before constructing a Renderer.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include <glm/vec2.hpp>

#include "render/analytic_pass.hpp"
#include "render/frame.hpp"
#include "render/gl_debug.hpp"
#include "render/gl_objects.hpp"
#include "render/mesh_pass.hpp"
#include "render/outline_pass.hpp"
#include "render/overlay_pass.hpp"
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
    /// a click's t. Off (a new Renderer's state): the mesh renderer.
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
    /// The frame's draws into the target's bottom-left `view.drawableSize` pixels; `outputHeight`
    /// is the height of the picture they become (line widths), `scale` the supersample factor.
    void drawTarget(const scene::Scene& scene, const FrameView& view, int outputHeight, int scale,
                    const DrawStyle& style, const DebugDraw& debug, FrameStats& stats);
    /// The scene (and the second view, per setInset) into `framebuffer`, the drawable's size.
    void compose(GLuint framebuffer) const;

    GlDebugOutput debugOutput_;  // first: it sees the errors of everything constructed after it
    glm::ivec2 maxTargetSize_{0};
    std::filesystem::path shaderDirectory_;  ///< the analytic programs are made when first used
    bool analytic_ = false;
    SceneTarget target_;
    MeshPass meshPass_;
    AnalyticPass analyticPass_;
    OverlayPass overlayPass_;
    OutlinePass outlinePass_;
    ResolvePass resolvePass_;
    SecondView secondView_;
    WindowTarget window_;
    glm::ivec2 presentedSize_{0};  ///< the drawable's size in the last draw
    glm::ivec2 drawnSize_{0};  ///< the pixels the last draw filled, from the target's corner (fewer when approximate)
    std::uint64_t draws_ = 0;
};

}  // namespace pickray::render
