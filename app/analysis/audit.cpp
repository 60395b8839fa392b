// SPDX-License-Identifier: MIT
#include "analysis/audit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>

#include <glm/geometric.hpp>

namespace pickray::app {
namespace {

// fn(i) for i in [0, n), spread over the machine's cores in contiguous runs.
template <class Fn>
void parallelFor(std::size_t n, const Fn& fn) {
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 64);
    const std::size_t run = (n + threads - 1) / threads;
    std::vector<std::thread> pool;
    for (std::size_t begin = run; begin < n; begin += run)
        pool.emplace_back([&fn, begin, end = std::min(n, begin + run)] {
            for (std::size_t i = begin; i < end; ++i) fn(i);
        });
    for (std::size_t i = 0; i < std::min(n, run); ++i) fn(i);
    for (std::thread& t : pool) t.join();
}

constexpr std::size_t kRaysPerPixel = 5;  // the centre, then the probes

std::uint32_t idOf(const std::optional<scene::ObjectHit>& hit, float tFar) {
    return hit && hit->hit.t <= tFar ? static_cast<std::uint32_t>(hit->object + 1) : 0u;
}

}  // namespace

double originRounding(glm::vec3 eye) noexcept {
    const float largest = std::max({std::abs(eye.x), std::abs(eye.y), std::abs(eye.z)});
    if (!(largest > 0.0f) || !std::isfinite(largest)) return 0.0;
    int exponent = 0;
    std::frexp(largest, &exponent);  // largest in [2^(exponent-1), 2^exponent): a step is 2^(exponent-24)
    return std::ldexp(1.0, exponent - 25);
}

float auditProbePixels(const FrameMatrices& frame) noexcept {
    const double pixels = kAuditProbeRoundings * originRounding(frame.eye) / static_cast<double>(frame.pixelAtTarget);
    return std::isfinite(pixels) ? std::max(kAuditProbePixels, static_cast<float>(pixels)) : kAuditProbePixels;
}

AuditRay auditRay(glm::vec2 cursor, const FrameMatrices& frame) noexcept {
    return auditRay(cursor, clickUnprojection(frame));
}

AuditRay auditRay(glm::vec2 cursor, const Unprojection& click) noexcept {
    const Unprojection::RayAndFarPoint r = click.rayAndFarPoint(cursor);
    return {r.ray, farPlaneT(r.ray, r.farPoint, click.eye())};
}

std::optional<std::vector<CpuPixel>> cpuPicks(const scene::SceneIndex& index, const FrameMatrices& frame,
                                              std::stop_token stop) {
    const auto width = static_cast<std::size_t>(std::max(0.0f, frame.viewport.width));
    const auto height = static_cast<std::size_t>(std::max(0.0f, frame.viewport.height));
    const std::size_t pixels = width * height;
    const Unprojection click = clickUnprojection(frame);
    // The probe points' offsets from a pixel's centre: left, right, above, below.
    const float probe = auditProbePixels(frame);
    const glm::vec2 probes[4] = {{-probe, 0.0f}, {probe, 0.0f}, {0.0f, -probe}, {0.0f, probe}};
    const std::size_t bandPixels = width * static_cast<std::size_t>(kAuditBandRows);
    std::vector<Ray> rays(std::min(pixels, bandPixels) * kRaysPerPixel);
    std::vector<float> tFar(rays.size());
    std::vector<std::optional<scene::ObjectHit>> hits(rays.size());
    std::vector<CpuPixel> out(pixels);
    for (std::size_t band = 0; band < pixels; band += bandPixels) {
        if (stop.stop_requested()) return std::nullopt;
        const std::size_t n = std::min(bandPixels, pixels - band);  // pixels band .. band + n
        parallelFor(n, [&](std::size_t i) {
            const std::size_t p = band + i;
            const glm::vec2 centre(static_cast<float>(p % width) + 0.5f, static_cast<float>(p / width) + 0.5f);
            for (std::size_t k = 0; k < kRaysPerPixel; ++k) {
                const AuditRay r = auditRay(k == 0 ? centre : centre + probes[k - 1], click);
                rays[i * kRaysPerPixel + k] = r.ray;
                tFar[i * kRaysPerPixel + k] = r.tFar;
            }
        });
        index.nearestBatch(std::span<const Ray>(rays).first(n * kRaysPerPixel),
                           std::span<std::optional<scene::ObjectHit>>(hits).first(n * kRaysPerPixel));
        parallelFor(n, [&](std::size_t i) {
            const std::size_t first = i * kRaysPerPixel;
            CpuPixel& c = out[band + i];
            c.id = idOf(hits[first], tFar[first]);
            for (std::size_t k = 0; k < 4; ++k) c.probes[k] = idOf(hits[first + 1 + k], tFar[first + 1 + k]);
            if (c.id == 0) return;
            c.t = hits[first]->hit.t;
            float tieLimit = c.t;
            for (int step = 0; step < kDepthTieSteps; ++step) tieLimit = std::nextafter(tieLimit, INFINITY);
            c.depthTie = index.hitCount(rays[first], std::min(tieLimit, tFar[first])) >= 2;
        });
    }
    return out;
}

AuditCounts compareIds(std::span<const std::uint32_t> gpu, glm::ivec2 size, std::span<const CpuPixel> cpu,
                       const GpuHitT& gpuT) {
    const std::size_t pixels =
        static_cast<std::size_t>(std::max(size.x, 0)) * static_cast<std::size_t>(std::max(size.y, 0));
    if (gpu.size() != pixels || cpu.size() != pixels)
        throw std::invalid_argument("compareIds: " + std::to_string(gpu.size()) + " GPU and " +
                                    std::to_string(cpu.size()) + " CPU answers for " + std::to_string(pixels) +
                                    " pixels");
    AuditCounts counts;
    counts.size = size;
    counts.pixels = pixels;
    counts.classes.assign(pixels, 0);
    std::vector<AuditMismatch> robust;
    for (std::size_t i = 0; i < pixels; ++i) {
        const CpuPixel& c = cpu[i];
        counts.depthTies += c.depthTie;
        if (c.depthTie) counts.classes[i] |= kAuditDepthTie;
        if (gpu[i] == c.id) continue;
        ++counts.mismatches;
        counts.classes[i] |= kAuditMismatch;
        if (!c.robust()) continue;
        ++counts.robustMismatches;
        counts.classes[i] |= kAuditRobust;
        const glm::ivec2 pixel(static_cast<int>(i % static_cast<std::size_t>(size.x)),
                               static_cast<int>(i / static_cast<std::size_t>(size.x)));
        AuditMismatch m{pixel, gpu[i], c.id, std::nullopt, c.id ? std::optional(c.t) : std::nullopt, std::nullopt};
        // The nearest pixel, in rings, whose centre the CPU gives what the GPU drew here.
        for (int r = 1; r <= kAuditSearchPixels && !m.distance; ++r)
            for (int y = pixel.y - r; y <= pixel.y + r && !m.distance; ++y)
                for (int x = pixel.x - r; x <= pixel.x + r; ++x) {
                    if (std::max(std::abs(x - pixel.x), std::abs(y - pixel.y)) != r) continue;
                    if (x < 0 || y < 0 || x >= size.x || y >= size.y) continue;
                    if (cpu[static_cast<std::size_t>(y) * static_cast<std::size_t>(size.x) +
                            static_cast<std::size_t>(x)]
                            .id == gpu[i]) {
                        m.distance = r;
                        break;
                    }
                }
        robust.push_back(m);
    }
    // The farthest from agreement first; ties in reading order (the loop's).
    std::stable_sort(robust.begin(), robust.end(), [](const AuditMismatch& a, const AuditMismatch& b) {
        return a.distance.value_or(kAuditSearchPixels + 1) > b.distance.value_or(kAuditSearchPixels + 1);
    });
    if (robust.size() > kAuditWorst) robust.resize(kAuditWorst);
    for (AuditMismatch& m : robust)
        if (m.gpuId != 0 && gpuT) m.gpuT = gpuT(m.pixel, m.gpuId);
    counts.worst = std::move(robust);
    return counts;
}

std::optional<AuditCounts> auditFrame(std::span<const std::uint32_t> gpu, const scene::SceneIndex& index,
                                      const FrameMatrices& frame, std::stop_token stop) {
    const glm::ivec2 size(static_cast<int>(frame.viewport.width), static_cast<int>(frame.viewport.height));
    const std::optional<std::vector<CpuPixel>> cpu = cpuPicks(index, frame, stop);
    if (!cpu) return std::nullopt;
    const Unprojection click = clickUnprojection(frame);
    AuditCounts counts = compareIds(gpu, size, *cpu, [&](glm::ivec2 pixel, std::uint32_t id) -> std::optional<float> {
        const AuditRay r = auditRay(glm::vec2(pixel) + 0.5f, click);
        const auto hit = index.hitOn(r.ray, id - 1);
        if (!hit || hit->t > r.tFar) return std::nullopt;
        return hit->t;
    });
    counts.objects = index.size();
    counts.perspective = frame.projection[3][3] == 0.0f;  // w' = -z: a perspective divide
    counts.clipDepth = frame.clipDepth;
    counts.probePixels = auditProbePixels(frame);
    counts.originRounding = originRounding(frame.eye);
    return counts;
}

}  // namespace pickray::app
