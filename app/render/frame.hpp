// SPDX-License-Identifier: MIT
#pragma once
// What a frame is drawn with and what it did: the view, the style, the debug geometry over the
// scene, the counts of one draw, and the sizes and colours the passes share.

#include <cstddef>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "render/meshes.hpp"

namespace pickray::render {

/// The matrices a frame is drawn with. `viewProjection` must already produce GL clip space
/// (for a 0..1 projection: glClipRemap(ZeroToOne) · proj · view).
struct FrameView {
    glm::mat4 viewProjection{1.0f};
    glm::vec3 eye{0.0f};            ///< for lighting
    glm::vec3 lookTarget{0.0f};     ///< where "infinite" cylinders are centred
    float farDistance = 100.0f;     ///< infinite cylinders extend beyond this from the eye
    glm::ivec2 drawableSize{1, 1};  ///< pixels
    // The analytic renderer's camera (useAnalyticSpheres): everything relative to the eye, as a
    // click's ray is built (the library's cursorRayFromEye).
    glm::mat4 rotationView{1.0f};  ///< the view of the camera moved to the origin (its rotation)
    glm::mat4 projection{1.0f};    ///< GL clip space (for a 0..1 projection: glClipRemap(ZeroToOne) · proj)
    float nearDistance = 0.1f;     ///< the near plane's distance from the eye
    float pixelScale = 1.0f;       ///< drawn pixels per 720p pixel of lines and markers (outputPixelScale)
    bool operator==(const FrameView&) const = default;
};

/// What one draw() did (tests and the overlay read it).
struct FrameStats {
    int drawCalls = 0;                     ///< glDraw* calls, all kinds and levels together
    std::size_t instances = 0;             ///< mesh instances drawn
    std::size_t culled = 0;                ///< objects outside the view, not drawn
    std::size_t triangles = 0;             ///< triangles submitted
    std::size_t perLevel[kLodCount] = {};  ///< round instances per level of detail, finest first
    std::size_t dots = 0;                  ///< objects drawn as a single point
    std::size_t analyticSpheres = 0;       ///< spheres (markers too) drawn by their ray test (useAnalyticSpheres)
    std::size_t analyticRounds = 0;        ///< capsules, capped and infinite cylinders drawn by their ray test
    std::size_t analyticBoxes = 0;         ///< axis-aligned and oriented boxes drawn by their ray test
    bool approximate = false;              ///< drawn as DrawStyle::approximate asks (coarser)
    glm::ivec2 drawnSize{0};               ///< the pixels drawn (the drawable's, or fewer when approximate)
};

/// Largest distance in pixels a round silhouette may lie from the analytic one: within a pixel,
/// no drawn outline can be told from the exact one.
inline constexpr float kSilhouetteTolerancePixels = 1.0f;

/// An approximate frame (DrawStyle::approximate, while the camera moves) is drawn at 1/this of the
/// drawable's width and height and scaled up (linear filtering), with the silhouette tolerance below
/// in those coarser pixels: an object whose bounding sphere is at most that radius is one dot with
/// its mean projected area (collect.cpp, meanProjectedSide), the rest coarser levels. On llvmpipe a
/// frame costs its triangles, its points and its pixels; at 1e5 objects this cuts the frame to about
/// a fifth (docs/PERFORMANCE.md). The draw calls stay the same fixed list.
inline constexpr int kMovingResolutionDivisor = 2;
inline constexpr float kMovingSilhouetteTolerancePixels = 4.0f;

/// Sizes over the scene (line widths, markers, the normal's arrow) are given in pixels of a
/// 1280x720 picture. Drawn, a size of n such pixels is n · FrameView::pixelScale pixels, and the
/// scale of a picture h pixels high is outputPixelScale(h) = max(1, h / 720): a 2560x1440
/// screenshot (or a HiDPI window of that drawable) shows them as a 1280x720 one does, with twice
/// the pixels; below 720 they keep their size (a 1-pixel line stays one pixel). One number to
/// multiply: a picture drawn at N times its output size and filtered down takes N · the output's.
[[nodiscard]] inline float outputPixelScale(float heightPixels) noexcept {
    return heightPixels > 720.0f ? heightPixels / 720.0f : 1.0f;
}
/// A debug line's width (the pick ray) and the grid's, in 720p pixels (see outputPixelScale).
inline constexpr float kDebugLinePixels = 2.0f;
inline constexpr float kGridLinePixels = 1.0f;

/// A segment drawn as a screen-space quad (shaders/wide_line.vert): `width` pixels wide at a and
/// `widthAtB` at b (in 720p pixels, see outputPixelScale; a taper to 0 is a screen-facing triangle,
/// an arrowhead), with a one-pixel fade at its edges and ends (anti-aliased). Cut at the near plane,
/// and at the pixels along its middle at its own depth (the analytic depth too).
struct DebugLine {
    glm::vec3 a;
    glm::vec3 b;
    glm::vec3 color;
    float width = kDebugLinePixels;
    float widthAtB = kDebugLinePixels;
    /// Solid over everything, hidden or not (the capsule pair's closest segment), instead of
    /// faint where hidden.
    bool overEverything = false;
    bool operator==(const DebugLine&) const = default;
};

struct DebugMarker {
    glm::vec3 center;
    float radius;
    glm::vec3 color;
    bool operator==(const DebugMarker&) const = default;
};

/// A triangle drawn over everything, in its colour's alpha (the transform gizmo's pieces).
struct DebugTriangle {
    glm::vec3 a;
    glm::vec3 b;
    glm::vec3 c;
    glm::vec4 color;
    bool operator==(const DebugTriangle&) const = default;
};

/// Debug geometry of one frame; lines are drawn over the scene (faint where hidden; the grid and
/// the lines never write depth), markers as unlit spheres (analytic ones with --renderer analytic),
/// `onTop`
/// triangles over everything, whole and in their order (the transform gizmo: it must be seen and
/// grabbed wherever it is; its wide lines are triangles too, as GL 3.3 core has no wide lines).
struct DebugDraw {
    std::vector<DebugLine> lines;
    std::vector<DebugMarker> markers;
    std::vector<DebugTriangle> onTop;
    bool operator==(const DebugDraw&) const = default;
};

/// A rectangle of the window's pixels drawn over the scene in its colour's alpha (the pick
/// audit's heat map, viewport/audit_heat_map.hpp): `min` inclusive, `max` exclusive, in drawable
/// pixels from the top-left corner.
struct ScreenRect {
    glm::ivec2 min{0};
    glm::ivec2 max{0};
    glm::vec4 color{0.0f};
    bool operator==(const ScreenRect&) const = default;
};

/// Where present() shows the second view (Renderer::drawSecondView, the observer's): a
/// rectangle of the window's drawable pixels from its top-left corner. Not swapped: the scene fills
/// the window and the second view is in the rectangle; swapped: the second view (drawn at the
/// drawable's size) fills it and the scene is scaled down into the rectangle.
struct InsetLayout {
    glm::ivec2 min{0};
    glm::ivec2 size{0};
    bool swapped = false;
    bool operator==(const InsetLayout&) const = default;
};
/// The line around the rectangle, in drawable pixels and its colour.
inline constexpr int kInsetBorderPixels = 2;
inline constexpr glm::vec3 kInsetBorderColor{0.55f, 0.57f, 0.62f};

/// How objects are emphasised: each keeps its colour and gets an outline, the picked one in the
/// highlight colour, the selected ones blue, the hovered one a thin light line.
struct DrawStyle {
    std::optional<std::size_t> highlighted;
    std::optional<std::size_t> hovered;
    std::vector<std::size_t> selected;
    bool grid = true;
    /// The camera is moving (an orbit, pan or zoom in progress): the frame may be approximate, see
    /// kMovingResolutionDivisor. Every still frame, screenshot and ID buffer is drawn without it;
    /// being part of the style, a change of it makes a caller that compares styles redraw.
    bool approximate = false;
    /// Supersampling (--supersample): the frame is drawn at `supersample` times the drawable's
    /// width and height and box-filtered down to it (Renderer::resolve); 1 (the default) draws at
    /// the drawable's size. Everything measured in the drawn target's pixels (dots, levels of
    /// detail, the analytic quads) follows from the larger target by itself, and the widths in 720p
    /// pixels (lines, see outputPixelScale) are multiplied by the drawn / drawable height, so they
    /// come out as at 1x; so are the outlines' widths (drawOutlines: `supersample` drawn pixels to
    /// an output pixel). The ID buffer is never supersampled: readObjectIds after such a frame has
    /// its larger size.
    int supersample = 1;
    bool operator==(const DrawStyle&) const = default;
};

/// The outline colours (tests look for them in screenshots): picked, selected, hovered.
inline constexpr glm::vec3 kHighlightColor{1.0f, 0.8f, 0.1f};
inline constexpr glm::vec3 kSelectedColor{0.35f, 0.72f, 1.0f};
inline constexpr glm::vec3 kHoveredColor{0.9f, 0.92f, 0.95f};

/// Rings along an infinite cylinder's drawn side. Facets that are slivers (a fraction of a pixel
/// wide, thousands of pixels long) get their depth interpolated so badly by llvmpipe (seen: > 4
/// world units off at 14 units from the eye, radius 0.3) that a pole was drawn in front of nearer
/// objects; short rings and a frustum-clipped length keep every triangle small.
inline constexpr int kLongSideRings = 64;

}  // namespace pickray::render
