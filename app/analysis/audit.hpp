// SPDX-License-Identifier: MIT
#pragma once
// The pick audit: every pixel of a frame's ID buffer (what the GPU drew there: object
// index + 1, 0 the background) against the CPU's pick through that pixel's centre, the route a
// click takes: clickRay (the frame's rotation and eye), then the BVH's nearest hit, hits beyond
// the far plane left out (the GPU clips there).
//
//   * A pixel is a mismatch when the GPU's ID differs from the CPU's.
//   * It is robust when the CPU answers the same for the rays through the four points
//     auditProbePixels(frame) from its centre (left, right, above, below): no float rounding of
//     the ray can change its answer. A robust mismatch is the picture being wrong, not an edge.
//   * It is a depth tie when the CPU's two nearest hits are within kDepthTieSteps float steps in t
//     (either object may be drawn there).
//
// compareIds() is the comparison alone, pure (no GL, no scene): the unit tests plant buffers.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <stop_token>
#include <vector>

#include <glm/vec2.hpp>

#include "editor/pick.hpp"
#include "scene/scene_index.hpp"

namespace pickray::app {

/// How far from a pixel's centre the robustness probes are, in drawable pixels.
inline constexpr float kAuditProbePixels = 1e-3f;
/// The rounding of a click ray's origin, in world units: half a float step of the eye's largest
/// |component|. clickRay adds the eye last and rounds the sum to float once, so the origin moves
/// by up to half a step of its own coordinates, which are the eye's (the near plane is close to
/// the eye; an origin that crosses into the next binade of floats is not counted). 0 for an eye
/// at the origin. E.g. 1e4 is in [2^13, 2^14): a step is 2^-10, the rounding 2^-11 = 4.88e-4.
[[nodiscard]] double originRounding(glm::vec3 eye) noexcept;
/// The probe distance of `frame`'s audit, in drawable pixels: max(kAuditProbePixels,
/// kAuditProbeRoundings × the origin's rounding in pixels). Each of the origin's three coordinates
/// rounds by up to r (world units), so the CPU's ray lies up to √3·r from the exact one, which is
/// √3·r / pixelAtTarget pixels at the target's distance (perspective: pixelAtTarget =
/// 2·|target − eye|·tan(fov/2) / height; orthographic: orthoHeight / height, the same at every
/// depth). A probe ray rounds as much, so probes 2·√3·r away still land outside every rounding of
/// the centre's: when they agree with it, no rounding can change its answer, and a GPU that draws
/// the exact ray (the analytic renderer, relative to the eye) differing there is wrong. Nearer
/// probes could all round onto one side of an edge the exact ray is on the other side of (seen: the
/// default scene 1e4 out, orthographic, one pixel of a capsule's silhouette). Near the origin this
/// is kAuditProbePixels; 1e4 from it, 11.5 from the target at 45 degrees and 360 px high,
/// 2·√3 · 4.88e-4 / 0.0265 = 0.0638 px.
[[nodiscard]] float auditProbePixels(const FrameMatrices& frame) noexcept;
/// The probe's distance in roundings of the origin: 2·√3 (see auditProbePixels).
inline constexpr double kAuditProbeRoundings = 3.4641016151377544;
/// Two hits are a depth tie when their t are at most this many floats apart (t2 <= t1 stepped up
/// kDepthTieSteps times with nextafter). One surface given twice (a sphere and a zero-length
/// capsule; an Aabb and the same box as an OrientedBox, identity, moved into place, or turned 90
/// degrees with its sizes swapped), seen through every pixel of a view at 2.5, 6 and 30 from it,
/// gives two t within a few float steps (Audit.OneSurfaceGivenTwice... checks that 8 holds them,
/// with room). 8 steps at t = 30 is 1.5e-5, far below any depth a picture shows.
inline constexpr int kDepthTieSteps = 8;
/// How far `worst` looks for a pixel where the CPU gives the GPU's answer, in pixels.
inline constexpr int kAuditSearchPixels = 16;

/// The CPU's answers at one pixel.
struct CpuPixel {
    std::uint32_t id = 0;  ///< object index + 1 the centre's ray hits first (0: nothing before the far plane)
    float t = std::numeric_limits<float>::quiet_NaN();  ///< that hit's t (NaN for none)
    std::array<std::uint32_t, 4> probes{};              ///< the same for the four probe rays
    bool depthTie = false;                              ///< the two nearest hits within kDepthTieSteps
    [[nodiscard]] bool robust() const noexcept {
        return probes[0] == id && probes[1] == id && probes[2] == id && probes[3] == id;
    }
};

struct AuditMismatch {
    glm::ivec2 pixel{0};
    std::uint32_t gpuId = 0;
    std::uint32_t cpuId = 0;
    std::optional<float> gpuT;  ///< the CPU's t on the GPU's object along the same ray (none: it misses)
    std::optional<float> cpuT;
    /// Chebyshev distance in pixels to the nearest pixel whose centre the CPU gives the GPU's
    /// answer (none: not within kAuditSearchPixels): how far the picture is off there.
    std::optional<int> distance;
};

/// Each pixel's class in AuditCounts::classes: bits, agreeing pixels 0.
enum AuditPixel : std::uint8_t {
    kAuditMismatch = 1,  ///< the GPU's ID differs from the CPU's
    kAuditRobust = 2,    ///< ... and the probes agree with the centre (set only with kAuditMismatch)
    kAuditDepthTie = 4,  ///< the CPU's two nearest hits are a depth tie (whatever the GPU says)
};

struct AuditCounts {
    glm::ivec2 size{0};
    std::size_t objects = 0;  ///< the scene's (auditFrame)
    bool perspective = true;  ///< the frame's projection (auditFrame)
    ClipDepth clipDepth = ClipDepth::NegativeOneToOne;
    std::size_t pixels = 0;
    std::size_t mismatches = 0;
    std::size_t robustMismatches = 0;
    std::size_t depthTies = 0;
    float probePixels = kAuditProbePixels;  ///< auditProbePixels(frame)
    double originRounding = 0.0;            ///< originRounding(frame.eye), world units
    /// Up to 20 robust mismatches, the farthest from agreement first (no distance counts as the
    /// farthest), then by row and column.
    std::vector<AuditMismatch> worst;
    /// Every pixel's AuditPixel bits, top row first (size.x * size.y): the heat map's.
    std::vector<std::uint8_t> classes;
};
inline constexpr std::size_t kAuditWorst = 20;

/// The CPU's t on object `id - 1` along the ray of `pixel`'s centre (none: missed or no object).
using GpuHitT = std::function<std::optional<float>(glm::ivec2 pixel, std::uint32_t id)>;

/// Compares an ID buffer (`size.x * size.y` values, top row first) with the CPU's answers at the
/// same pixels. std::invalid_argument when the sizes differ.
[[nodiscard]] AuditCounts compareIds(std::span<const std::uint32_t> gpu, glm::ivec2 size, std::span<const CpuPixel> cpu,
                                     const GpuHitT& gpuT);

/// The ray a click at drawable point `cursor` gets, and the t of the far plane along it.
struct AuditRay {
    Ray ray;
    float tFar = 0.0f;
};
[[nodiscard]] AuditRay auditRay(glm::vec2 cursor, const FrameMatrices& frame) noexcept;
/// The same with the frame's clickUnprojection, bit for bit (the audit's rays: no inversion each).
[[nodiscard]] AuditRay auditRay(glm::vec2 cursor, const Unprojection& click) noexcept;

/// How many rows of pixels cpuPicks casts at a time: the rays, their far planes and hits it holds
/// are a band's (1280 px wide: 32·1280·5 rays of 76 bytes, 16 MB), not the view's (350 MB at
/// 1280x720), and a stop is seen within a band's time.
inline constexpr int kAuditBandRows = 32;

/// The CPU's answers at every pixel of `frame`'s viewport (top row first), the rays through all
/// cores (the BVH's batch query), in bands of kAuditBandRows rows. Nothing (std::nullopt) when
/// `stop` is requested before the last band is done (looked at before each band): never a part
/// of the view.
[[nodiscard]] std::optional<std::vector<CpuPixel>> cpuPicks(const scene::SceneIndex& index, const FrameMatrices& frame,
                                                            std::stop_token stop = {});

/// The whole audit of a frame's ID buffer (whose size is the frame's viewport); nothing when
/// `stop` is requested before cpuPicks is done.
[[nodiscard]] std::optional<AuditCounts> auditFrame(std::span<const std::uint32_t> gpu, const scene::SceneIndex& index,
                                                    const FrameMatrices& frame, std::stop_token stop = {});

}  // namespace pickray::app
