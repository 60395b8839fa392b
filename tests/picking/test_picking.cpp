// SPDX-License-Identifier: MIT
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "pickray/picking.hpp"
#include "reference/camera_reference.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

const Viewport kViewport{0, 0, 1280, 720, 0, 1};

struct Camera {
    glm::vec3 eye, target, up;
    float fovY, nearZ, farZ;
    glm::mat4 view() const { return glm::lookAt(eye, target, up); }
    glm::mat4 perspective(ClipDepth depth, float aspect) const {
        return depth == ClipDepth::ZeroToOne ? glm::perspectiveZO(fovY, aspect, nearZ, farZ)
                                             : glm::perspectiveNO(fovY, aspect, nearZ, farZ);
    }
};

const Camera kCamera{{4, 3, 8}, {0, 0.5f, 0}, {0, 1, 0}, glm::radians(50.0f), 0.1f, 100.0f};
const float kAspect = kViewport.width / kViewport.height;

// Tolerances are in units of kUlp = 2^-24: rounding to float moves a value x by at most kUlp·|x|.
constexpr double kUlp = 0x1p-24;

double length(glm::vec3 v) { return glm::length(glm::dvec3(v)); }

/// Eye-space depth (−z) of a world point, in double with the view matrix's float entries: exact
/// but for rounding far below float's.
double eyeDepth(const glm::mat4& view, glm::vec3 world) {
    return -(glm::dmat4(view) * glm::dvec4(glm::dvec3(world), 1.0)).z;
}

/// The near and far planes (eye depths) of a float perspective matrix as its entries have it, in
/// double: clip z = P22·z + P32 and clip w = −z, solved for NDC depth near and 1. (The float
/// entries' rounding moves the far plane of the 0.1..100 camera by about 1e-4 from 100.)
std::pair<double, double> planesOf(const glm::mat4& proj, ClipDepth depth) {
    const double p22 = proj[2][2], p32 = proj[3][2];
    return {depth == ClipDepth::ZeroToOne ? p32 / p22 : p32 / (p22 - 1.0), p32 / (p22 + 1.0)};
}

TEST(ViewportMatrix, MatchesTheArticlesD3DMatrix) {
    // Article 004: _11 = W/2, _22 = −H/2, _33 = MaxZ − MinZ, _41 = X + W/2, _42 = Y + H/2, _43 = MinZ
    // (row-vector form; GLM's column form is its transpose).
    const Viewport vp{10, 20, 640, 480, 0.25f, 0.75f};
    const glm::mat4 m = viewportMatrix(vp, ClipDepth::ZeroToOne);
    EXPECT_EQ(m[0][0], 320.0f);
    EXPECT_EQ(m[1][1], -240.0f);
    EXPECT_EQ(m[2][2], 0.5f);
    EXPECT_EQ(m[3][0], 330.0f);
    EXPECT_EQ(m[3][1], 260.0f);
    EXPECT_EQ(m[3][2], 0.25f);
    EXPECT_EQ(m[3][3], 1.0f);
    EXPECT_EQ(m[0][1], 0.0f);
    EXPECT_EQ(m[2][3], 0.0f);
}

TEST(ViewportMatrix, MapsNdcCornersAndDepthRangeInBothConventions) {
    const Viewport vp{10, 20, 640, 480, 0.25f, 0.75f};
    for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
        const float nearNdc = depth == ClipDepth::ZeroToOne ? 0.0f : -1.0f;
        const glm::mat4 m = viewportMatrix(vp, depth);
        // Exact: every entry (320, -240, 0.5 or 0.25, 330, 260, 0.25 or 0.5) and every product and sum
        // here is a small multiple of a power of two.
        EXPECT_EQ(glm::vec3(m * glm::vec4(-1, 1, nearNdc, 1)), glm::vec3(10, 20, 0.25f));  // top-left, near
        EXPECT_EQ(glm::vec3(m * glm::vec4(1, -1, 1, 1)), glm::vec3(650, 500, 0.75f));      // bottom-right, far
    }
}

TEST(ViewportMatrix, OddHeightIsNotTruncated) {
    // The article computes (float)(vp.Height / 2) in integers: 0.5 px off for odd heights.
    const glm::mat4 m = viewportMatrix(Viewport{0, 0, 101, 101, 0, 1}, ClipDepth::ZeroToOne);
    EXPECT_EQ(m[3][1], 50.5f);
    EXPECT_EQ(m[1][1], -50.5f);
}

TEST(ScreenToWorld, DepthMinIsTheNearPlaneAndMaxTheFar) {
    for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
        const glm::mat4 view = kCamera.view();
        const glm::mat4 proj = kCamera.perspective(depth, kAspect);
        const glm::vec3 nearPoint = screenToWorld({300, 200, 0}, view, proj, kViewport, depth);
        const glm::vec3 farPoint = screenToWorld({300, 200, 1}, view, proj, kViewport, depth);
        // Eye-space depth (−z) of the two points is the matrix's near and far. The library works in
        // double and rounds the point to float, 2^-24·|point| a coordinate: the depth moves by at
        // most √3 times that (the view's rows are unit). Allowed: 2·2^-24·|point|.
        const auto [nearZ, farZ] = planesOf(proj, depth);
        const double nearError = std::abs(eyeDepth(view, nearPoint) - nearZ) / (2 * kUlp * length(nearPoint));
        const double farError = std::abs(eyeDepth(view, farPoint) - farZ) / (2 * kUlp * length(farPoint));
        std::printf("precision: screenToWorld depth %s: near plane off by %.3g, far by %.3g of 2*2^-24*|point|\n",
                    depth == ClipDepth::ZeroToOne ? "0..1" : "-1..1", nearError, farError);
        EXPECT_LE(nearError, 1.0);
        EXPECT_LE(farError, 1.0);
        // And the matrix's planes are the camera's, but for the rounding of the matrix's entries:
        // P22 and P32 each within 2^-24 of their size, which moves a plane p32 / (p22 ± 1) by
        // 2^-24·(1 + |p22| / |p22 ± 1|) of it (about 500 times 2^-24 for the far plane here).
        const double p22 = proj[2][2];
        const double nearDenominator = depth == ClipDepth::ZeroToOne ? p22 : p22 - 1.0;
        const double nearBound = kUlp * (1 + std::abs(p22 / nearDenominator)) * double{kCamera.nearZ};
        const double farBound = kUlp * (1 + std::abs(p22 / (p22 + 1.0))) * double{kCamera.farZ};
        std::printf(
            "precision: the matrix's near plane %.3g and far plane %.3g of their rounding bounds from the camera's\n",
            std::abs(nearZ - double{kCamera.nearZ}) / nearBound, std::abs(farZ - double{kCamera.farZ}) / farBound);
        EXPECT_LE(std::abs(nearZ - double{kCamera.nearZ}), nearBound);
        EXPECT_LE(std::abs(farZ - double{kCamera.farZ}), farBound);
    }
}

TEST(ScreenToWorld, RoundTripThroughWorldToScreen) {
    std::mt19937 rng(12);
    double worst = 0.0;
    for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
        const glm::mat4 view = kCamera.view();
        const glm::mat4 proj = kCamera.perspective(depth, kAspect);
        for (int i = 0; i < 200; ++i) {
            const glm::vec3 world = test::randomIn(rng, -3, 3);
            const glm::vec3 screen = worldToScreen(world, view, proj, kViewport, depth);
            // The screen point is rounded to float, 2^-24 of each coordinate. Along the view ray the
            // depth D follows screen z as dD/dz = D²·(far − near)/(far·near) in both conventions, so
            // z's rounding (z <= 1) moves the point by 2^-24·D²·(far − near)/(far·near)/cos θ (θ: the
            // ray's angle from the view axis); x's and y's move it 2^-24·|x| and 2^-24·|y| pixels of
            // D·2·tan(fov/2)/height each; the answer's own rounding adds √3·2^-24·|world|. Allowed:
            // twice that sum.
            const double d = eyeDepth(view, world);
            const double secant = glm::distance(glm::dvec3(world), glm::dvec3(kCamera.eye)) / d;
            const double pixel = d * 2.0 * std::tan(double{kCamera.fovY} / 2.0) / double{kViewport.height};
            const double bound =
                kUlp * (d * d * double{kCamera.farZ - kCamera.nearZ} / double{kCamera.farZ * kCamera.nearZ} * secant +
                        (std::abs(double{screen.x}) + std::abs(double{screen.y})) * pixel * secant +
                        std::sqrt(3.0) * length(world));
            const double error =
                glm::distance(glm::dvec3(screenToWorld(screen, view, proj, kViewport, depth)), glm::dvec3(world));
            worst = std::max(worst, error / bound);
            EXPECT_LE(error, 2 * bound) << i;
        }
    }
    std::printf("precision: screenToWorld(worldToScreen(p)) worst %.3g of the rounding bound (allowed 2)\n", worst);
}

TEST(CursorRay, CentreOfTheViewLooksAtTheTarget) {
    const Ray ray = cursorRay({640, 360}, kCamera.view(), kCamera.perspective(ClipDepth::ZeroToOne, kAspect), kViewport,
                              ClipDepth::ZeroToOne);
    // Both unit vectors rounded to float (2^-24 a component, √3·2^-24 in all), the expected one
    // after a float division by a rounded length: 4·2^-24.
    EXPECT_VEC_NEAR(ray.direction, glm::normalize(kCamera.target - kCamera.eye), 4 * 0x1p-24f);
    EXPECT_NEAR(glm::length(ray.direction), 1.0f, 0x1p-23f);  // components rounded: 2^-24; twice that
    // The origin is on the near plane, straight ahead of the eye: both sides rounded to float, the
    // library's once (√3·2^-24·|origin|), the expected one twice: 4·2^-24·(|eye| + near).
    EXPECT_VEC_NEAR(ray.origin, kCamera.eye + kCamera.nearZ * ray.direction,
                    4 * 0x1p-24f * (glm::length(kCamera.eye) + kCamera.nearZ));
}

TEST(CursorRay, ProjectThenPickRoundTripInEveryMode) {
    // A world point's projection, picked, gives a ray through that point, at t >= 0; the same
    // ray in the OpenGL and Direct3D depth conventions.
    std::mt19937 rng(13);
    const glm::mat4 view = kCamera.view();
    double worst = 0.0;
    int checked = 0;
    for (const bool ortho : {false, true}) {
        for (int i = 0; i < 300; ++i) {
            const glm::vec3 world = test::randomIn(rng, -3, 3);
            Ray rays[2];
            int k = 0;
            for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
                const glm::mat4 proj =
                    ortho ? (depth == ClipDepth::ZeroToOne ? glm::orthoZO(-8.f, 8.f, -4.5f, 4.5f, 0.1f, 100.f)
                                                           : glm::orthoNO(-8.f, 8.f, -4.5f, 4.5f, 0.1f, 100.f))
                          : kCamera.perspective(depth, kAspect);
                const glm::vec3 screen = worldToScreen(world, view, proj, kViewport, depth);
                const Ray ray = cursorRay({screen.x, screen.y}, view, proj, kViewport, depth);
                const float t = glm::dot(world - ray.origin, ray.direction);
                EXPECT_GE(t, 0.0f);
                // The cursor is rounded to float (2^-24·|x| and 2^-24·|y| pixels, each D·2·tan(fov/2)/
                // height wide at depth D, 16/720 for the orthographic camera); the ray's origin and
                // direction are rounded (√3·2^-24·|origin|, and √3·2^-24 of the direction over t); and
                // here world − origin, the dot product, t·direction and the sum are each rounded, each
                // at most 2^-24·(|origin| + |world| + t) a coordinate. Allowed: the pixel part plus
                // 6·2^-24·(|origin| + |world| + t).
                const double d = eyeDepth(view, world);
                const double pixel = ortho ? 9.0 / 720.0 : d * 2.0 * std::tan(double{kCamera.fovY} / 2.0) / 720.0;
                const double bound = kUlp * ((std::abs(double{screen.x}) + std::abs(double{screen.y})) * pixel * 1.2 +
                                             6 * (length(ray.origin) + length(world) + std::abs(double{t})));
                const double error = glm::distance(glm::dvec3(ray.origin + t * ray.direction), glm::dvec3(world));
                worst = std::max(worst, error / bound);
                EXPECT_LE(error, bound) << i;
                rays[k++] = ray;
            }
            // Both conventions' origins lie on the near plane under the cursor; their projection
            // matrices differ only in rounding, and each origin is rounded to float: 4·2^-24·|origin|.
            EXPECT_VEC_NEAR(rays[0].origin, rays[1].origin, 4 * 0x1p-24f * glm::length(rays[0].origin));
            // The same direction worked out in double, rounded: at most one float step a component.
            EXPECT_VEC_NEAR(rays[0].direction, rays[1].direction, std::sqrt(3.0f) * 0x1p-24f);
            ++checked;
        }
    }
    std::printf("precision: project, then cursorRay: the point off the ray by at most %.3g of its rounding bound\n",
                worst);
    EXPECT_EQ(checked, 600);
}

// The exact direction under a pixel, from the camera's basis in long double.
glm::dvec3 exactDirection(glm::dvec3 eye, glm::dvec3 target, glm::dvec3 up, double fovY, double aspect,
                          glm::dvec2 ndc) {
    const glm::dvec3 forward = glm::normalize(target - eye);
    const glm::dvec3 right = glm::normalize(glm::cross(forward, up));
    const glm::dvec3 trueUp = glm::cross(right, forward);
    const double h = std::tan(fovY / 2);
    return glm::normalize(forward + ndc.x * h * aspect * right + ndc.y * h * trueUp);
}

double angleBetween(glm::dvec3 a, glm::dvec3 b) { return std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b)); }

TEST(CursorRay, DirectionAccurateAtExtremeDepthRatiosAndFarCameras) {
    // Required: < 1e-5 rad for far/near up to 1e6 and cameras up to 1e4 from the origin. The
    // naive way (float inverse of viewport·proj·view, unproject z = 0 and z = 1, subtract) is
    // printed alongside to show why this test exists.
    std::mt19937 rng(14);
    double worst = 0.0, worstNaive = 0.0;
    for (const double distance : {0.0, 1e2, 1e4}) {
        for (const double ratio : {1e2, 1e4, 1e6}) {
            for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
                for (int i = 0; i < 50; ++i) {
                    const glm::vec3 eye = glm::vec3(test::randomUnit(rng) * static_cast<float>(distance));
                    const glm::vec3 target = eye + test::randomUnit(rng) * 10.0f;
                    const float nearZ = 0.01f;
                    const float farZ = nearZ * static_cast<float>(ratio);
                    const Camera cam{eye, target, {0, 1, 0}, glm::radians(60.0f), nearZ, farZ};
                    const glm::mat4 view = cam.view();
                    const glm::mat4 proj = cam.perspective(depth, kAspect);
                    const glm::vec2 cursor(std::uniform_real_distribution<float>(0, 1280)(rng),
                                           std::uniform_real_distribution<float>(0, 720)(rng));
                    const glm::dvec2 ndc(double{cursor.x} / 640.0 - 1.0, 1.0 - double{cursor.y} / 360.0);
                    const glm::dvec3 exact =
                        exactDirection(glm::dvec3(eye), glm::dvec3(target), {0, 1, 0}, cam.fovY, kAspect, ndc);
                    const Ray ray = cursorRay(cursor, view, proj, kViewport, depth);
                    worst = std::max(worst, angleBetween(glm::dvec3(ray.direction), exact));

                    const glm::mat4 naiveInverse = glm::inverse(viewportMatrix(kViewport, depth) * proj * view);
                    const glm::vec4 n = naiveInverse * glm::vec4(cursor, 0, 1);
                    const glm::vec4 f = naiveInverse * glm::vec4(cursor, 1, 1);
                    const glm::vec3 naive = glm::vec3(f) / f.w - glm::vec3(n) / n.w;
                    const double naiveError = angleBetween(glm::dvec3(glm::normalize(naive)), exact);
                    worstNaive = std::max(worstNaive, std::isfinite(naiveError) ? naiveError : M_PI);
                }
            }
        }
    }
    std::printf(
        "precision: cursorRay worst direction error %.3g rad over far/near up to 1e6 and cameras 1e4 away (naive float "
        "unprojection: %.3g rad)\n",
        worst, worstNaive);
    // The issue asks for 1e-5 rad and picking.hpp promises 1e-6. Rounding the unit direction to
    // float tilts it by up to 2^-24 rad; the double arithmetic before it, at far/near 1e6 and 1e4
    // from the origin, adds about as much. Allowed: 8·2^-24 = 4.8e-7.
    EXPECT_LT(worst, 8 * kUlp);
    EXPECT_GT(worstNaive, worst);  // the naive method really is worse here
}

// The exact origin of a ray, from the reference camera (long double, no matrix) of the same
// float eye, target, field of view and near plane.
pickref::Camera referenceCamera(glm::vec3 eye, glm::vec3 target, bool perspective, float fovY, float orthoHeight,
                                double nearZ) {
    pickref::Camera c;
    c.eye = {eye.x, eye.y, eye.z};
    c.target = {target.x, target.y, target.z};
    c.perspective = perspective;
    c.fovYDegrees = static_cast<long double>(glm::degrees(double{fovY}));
    c.orthoHeight = orthoHeight;
    c.near = nearZ;
    c.width = kViewport.width;
    c.height = kViewport.height;
    return c;
}

// Half a float step of x: the most rounding x to float can move it.
double halfUlp(long double x) {
    int exponent = 0;
    std::frexp(static_cast<double>(std::abs(x)), &exponent);  // |x| in [2^(e-1), 2^e)
    return std::ldexp(1.0, exponent - 1 - 24);
}

TEST(CursorRayFromEye, OriginWithinHalfAFloatStepOfTheExactOneFarFromTheOrigin) {
    // Cameras 1e4 from the world origin, far/near 1e6 (the required range): the ray built
    // from the view's rotation and the eye against the exact one (the reference camera in long
    // double), and the full view matrix's cursorRay measured alongside.
    std::mt19937 rng(15);
    double worstFromEye = 0.0, worstFull = 0.0, sumFromEye = 0.0, sumFull = 0.0, worstDirection = 0.0;
    double worstAbsFromEye = 0.0, worstAbsFull = 0.0;  // world units
    int checked = 0;
    for (const bool perspective : {true, false}) {
        for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
            for (int i = 0; i < 100; ++i) {
                const glm::vec3 eye = test::randomUnit(rng) * 1e4f;
                // Not within 25 degrees of straight up or down: there lookAt's float cross product
                // with the up vector (|f × up| >= sin 25° = 0.42) loses up to 2.4 times 2^-24 of
                // the basis, in both routes alike; nearer the pole more (not what is measured here).
                glm::vec3 forward = test::randomUnit(rng);
                while (std::abs(forward.y) > 0.9f) forward = test::randomUnit(rng);
                const glm::vec3 target = eye + forward * 12.0f;
                const float fovY = glm::radians(45.0f), orthoHeight = 8.0f, nearZ = 0.01f, farZ = 1e4f;
                const glm::mat4 proj =
                    perspective ? (depth == ClipDepth::ZeroToOne ? glm::perspectiveZO(fovY, kAspect, nearZ, farZ)
                                                                 : glm::perspectiveNO(fovY, kAspect, nearZ, farZ))
                                : (depth == ClipDepth::ZeroToOne
                                       ? glm::orthoZO(-4.0f * kAspect, 4.0f * kAspect, -4.0f, 4.0f, nearZ, farZ)
                                       : glm::orthoNO(-4.0f * kAspect, 4.0f * kAspect, -4.0f, 4.0f, nearZ, farZ));
                const glm::mat4 rotation = glm::lookAt(glm::vec3(0.0f), target - eye, glm::vec3(0, 1, 0));
                const glm::vec2 cursor(std::floor(std::uniform_real_distribution<float>(0, 1280)(rng)) + 0.5f,
                                       std::floor(std::uniform_real_distribution<float>(0, 720)(rng)) + 0.5f);
                const Ray fromEye = cursorRayFromEye(cursor, glm::dvec3(eye), rotation, proj, kViewport, depth);
                const Ray full =
                    cursorRay(cursor, glm::lookAt(eye, target, glm::vec3(0, 1, 0)), proj, kViewport, depth);
                // The near plane as the float matrix has it (its entries' rounding moves the
                // orthographic one of OpenGL's convention by 5% at far/near 1e6: -1 - P32 cancels),
                // which both routes invert: the reference camera gets that plane.
                const double matrixNear =
                    perspective
                        ? planesOf(proj, depth).first
                        : (double{proj[3][2]} - (depth == ClipDepth::ZeroToOne ? 0.0 : -1.0)) / double{proj[2][2]};
                const pickref::Ray exact = pickref::cursorRay(
                    referenceCamera(eye, target, perspective, fovY, orthoHeight, matrixNear), cursor.x, cursor.y);
                // The direction is cursorRay's with the rotation alone, bit for bit (the contract).
                const Ray rotated = cursorRay(cursor, rotation, proj, kViewport, depth);
                EXPECT_EQ(fromEye.direction, rotated.direction) << i;
                worstDirection =
                    std::max(worstDirection,
                             static_cast<double>(pickref::angleDegrees(
                                 {fromEye.direction.x, fromEye.direction.y, fromEye.direction.z}, exact.direction)));
                // Each coordinate's error in units of half a float step of the exact coordinate.
                const long double exactOrigin[3] = {exact.origin.x, exact.origin.y, exact.origin.z};
                const auto error = [&](glm::vec3 origin) {
                    double worst = 0.0;
                    for (int k = 0; k < 3; ++k)
                        worst = std::max(
                            worst, static_cast<double>(std::abs(origin[k] - exactOrigin[k])) / halfUlp(exactOrigin[k]));
                    return worst;
                };
                const double eFromEye = error(fromEye.origin), eFull = error(full.origin);
                for (int k = 0; k < 3; ++k) {
                    worstAbsFromEye =
                        std::max(worstAbsFromEye, static_cast<double>(std::abs(fromEye.origin[k] - exactOrigin[k])));
                    worstAbsFull =
                        std::max(worstAbsFull, static_cast<double>(std::abs(full.origin[k] - exactOrigin[k])));
                }
                worstFromEye = std::max(worstFromEye, eFromEye);
                worstFull = std::max(worstFull, eFull);
                sumFromEye += eFromEye;
                sumFull += eFull;
                // Allowed: the one rounding to float (half a step), plus the relative point's error
                // from the float matrices: lookAt's and the projection's entries each within a few
                // 2^-24 of the exact camera's, moving a point at most |origin − eye| <= 4·1280/720 + 0.01
                // = 7.1 from the eye by about 8·2^-24·7.1 = 3.4e-6, against half a step of 1e4's
                // components (|c| >= 1: at least 2^-24) — 0.1 half-steps allows it for any coordinate
                // of 2^4 or more; smaller ones (a component near 0) get the absolute 8·2^-24·7.1 below.
                for (int k = 0; k < 3; ++k)
                    EXPECT_LE(std::abs(fromEye.origin[k] - exactOrigin[k]), halfUlp(exactOrigin[k]) + 8 * kUlp * 7.2)
                        << i << " coordinate " << k;
                ++checked;
            }
        }
    }
    std::printf(
        "precision: ray origins 1e4 from the world origin, far/near 1e6, in half float steps of the exact origin: "
        "cursorRayFromEye worst %.3g mean %.3g; cursorRay with the full view matrix worst %.3g mean %.3g; "
        "direction within %.3g degrees; worst in world units %.3g (from the eye) and %.3g (full matrix)\n",
        worstFromEye, sumFromEye / checked, worstFull, sumFull / checked, worstDirection, worstAbsFromEye,
        worstAbsFull);
    EXPECT_EQ(checked, 400);
    // The full matrix's route is measurably worse there (why the app builds its rays from the eye).
    EXPECT_GT(worstFull, 2 * worstFromEye);
    EXPECT_GT(sumFull, 2 * sumFromEye);
    // The direction as cursorRay's: 8·2^-24 rad (DirectionAccurateAtExtremeDepthRatiosAndFarCameras).
    EXPECT_LT(worstDirection, glm::degrees(8 * kUlp));
}

TEST(CursorRayFromEye, NonFiniteEyeGivesNaNNearTheOriginItIsCursorRays) {
    const glm::mat4 rotation = glm::lookAt(glm::vec3(0.0f), kCamera.target - kCamera.eye, kCamera.up);
    const glm::mat4 proj = kCamera.perspective(ClipDepth::ZeroToOne, kAspect);
    const Ray ray =
        cursorRayFromEye({640, 360}, glm::dvec3(NAN, 0, 0), rotation, proj, kViewport, ClipDepth::ZeroToOne);
    EXPECT_TRUE(std::isnan(ray.origin.x));
    // With the eye at the camera's place it is cursorRay's ray, but for rounding: the origin within
    // a few float steps of |eye| + near = 9.53 (each rounds once; the full matrix's route also
    // cancels its float translation, 2^-24·|eye| a coordinate): 8·2^-24·9.9 allows it. The
    // directions: both unit vectors from matrices whose entries differ only by rounding, 4·2^-24.
    const Ray here =
        cursorRayFromEye({640, 360}, glm::dvec3(kCamera.eye), rotation, proj, kViewport, ClipDepth::ZeroToOne);
    const Ray full = cursorRay({640, 360}, kCamera.view(), proj, kViewport, ClipDepth::ZeroToOne);
    EXPECT_VEC_NEAR(here.origin, full.origin, 8 * 0x1p-24f * 9.9f);
    EXPECT_VEC_NEAR(here.direction, full.direction, 4 * 0x1p-24f);
}

// The library's arithmetic before Unprojection, copied unchanged: every call inverted the
// projection and the view (in double) for its one point. Unprojection does that once a frame; its
// answers must be these, bit for bit (the pick audit's counts must not move).
namespace before {

struct Inverse {
    glm::dmat4 projection, view;
    glm::dvec4 toWorld(glm::dvec4 ndc) const { return view * (projection * ndc); }
};
Inverse invert(const glm::mat4& view, const glm::mat4& proj) {
    return {glm::inverse(glm::dmat4(proj)), glm::inverse(glm::dmat4(view))};
}
glm::dvec4 screenToNdc(glm::dvec3 screen, const Viewport& vp, ClipDepth depth) {
    const double x = (screen.x - static_cast<double>(vp.x)) / (0.5 * static_cast<double>(vp.width)) - 1.0;
    const double y = 1.0 - (screen.y - static_cast<double>(vp.y)) / (0.5 * static_cast<double>(vp.height));
    const double unitDepth =
        (screen.z - static_cast<double>(vp.minZ)) / (static_cast<double>(vp.maxZ) - static_cast<double>(vp.minZ));
    const double z = depth == ClipDepth::ZeroToOne ? unitDepth : 2.0 * unitDepth - 1.0;
    return {x, y, z, 1.0};
}
glm::vec3 screenToWorld(glm::vec3 screen, const glm::mat4& view, const glm::mat4& proj, const Viewport& vp,
                        ClipDepth depth) {
    const glm::dvec4 world = invert(view, proj).toWorld(screenToNdc(glm::dvec3(screen), vp, depth));
    return glm::vec3(glm::dvec3(world) / world.w);
}
std::pair<glm::dvec3, glm::dvec3> doubleCursorRay(glm::vec2 cursor, const glm::mat4& view, const glm::mat4& proj,
                                                  const Viewport& vp, ClipDepth depth) {
    const Inverse camera = invert(view, proj);
    const glm::dvec4 cursorNdc =
        screenToNdc(glm::dvec3(cursor.x, cursor.y, static_cast<double>(vp.minZ)), vp, ClipDepth::ZeroToOne);
    const glm::dvec2 ndc(cursorNdc.x, cursorNdc.y);
    const glm::dvec4 nearPoint = camera.toWorld({ndc, depth == ClipDepth::ZeroToOne ? 0.0 : -1.0, 1.0});
    const glm::dvec4 farPoint = camera.toWorld({ndc, 1.0, 1.0});
    glm::dvec3 direction = glm::dvec3(farPoint) * nearPoint.w - glm::dvec3(nearPoint) * farPoint.w;
    if (nearPoint.w * farPoint.w < 0.0) direction = -direction;
    const double largest = std::max(std::abs(direction.x), std::max(std::abs(direction.y), std::abs(direction.z)));
    direction /= largest;
    return {glm::dvec3(nearPoint) / nearPoint.w, direction / glm::length(direction)};
}
Ray cursorRay(glm::vec2 cursor, const glm::mat4& view, const glm::mat4& proj, const Viewport& vp, ClipDepth depth) {
    const auto [origin, direction] = doubleCursorRay(cursor, view, proj, vp, depth);
    return Ray{glm::vec3(origin), glm::vec3(direction)};
}
Ray cursorRayFromEye(glm::vec2 cursor, glm::dvec3 eye, const glm::mat4& rotationView, const glm::mat4& proj,
                     const Viewport& vp, ClipDepth depth) {
    const auto [origin, direction] = doubleCursorRay(cursor, rotationView, proj, vp, depth);
    return Ray{glm::vec3(eye + origin), glm::vec3(direction)};
}

}  // namespace before

/// The bits of a float vector's coordinates: equal bits are the same float (−0 is not 0).
std::vector<std::uint32_t> bits(glm::vec3 v) {
    return {std::bit_cast<std::uint32_t>(v.x), std::bit_cast<std::uint32_t>(v.y), std::bit_cast<std::uint32_t>(v.z)};
}

TEST(Unprojection, EveryRayAndPointIsTheOneCallsBitForBit) {
    // Cameras: the tests' (near the origin, 0.1..100); 1e4 from the origin at far/near 1e6 (as
    // CursorRayFromEye.OriginWithinHalfAFloatStepOfTheExactOneFarFromTheOrigin); one at the origin
    // looking down +z (its rays through the centre column and row have origin coordinates of −0);
    // both projections and clip depths, and an infinite far plane. Cursors: a grid over the
    // viewport, edges included, each at a pixel centre, 1e-3 px off it (the audit's probes) and on
    // the pixel's corner. A viewport moved off the corner with depths 0.25..0.75 too.
    struct View {
        glm::vec3 eye, target;
        float nearZ, farZ;
        Viewport viewport = kViewport;
    };
    const View views[] = {
        {kCamera.eye, kCamera.target, kCamera.nearZ, kCamera.farZ},
        {glm::vec3(6000.0f, -3000.0f, 7416.2f), glm::vec3(6008.0f, -2998.0f, 7407.3f), 0.01f, 1e4f},
        {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 5.0f), 0.5f, 50.0f},
        {kCamera.eye, kCamera.target, kCamera.nearZ, kCamera.farZ, {10, 20, 1280, 720, 0.25f, 0.75f}}};
    int checked = 0, negativeZeros = 0;
    for (const View& v : views) {
        for (const int projection : {0, 1, 2}) {  // perspective, orthographic, infinite perspective
            for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
                const bool zo = depth == ClipDepth::ZeroToOne;
                const float fovY = glm::radians(45.0f), h = 4.0f;
                const glm::mat4 proj = projection == 0 ? (zo ? glm::perspectiveZO(fovY, kAspect, v.nearZ, v.farZ)
                                                             : glm::perspectiveNO(fovY, kAspect, v.nearZ, v.farZ))
                                       : projection == 1
                                           ? (zo ? glm::orthoZO(-h * kAspect, h * kAspect, -h, h, v.nearZ, v.farZ)
                                                 : glm::orthoNO(-h * kAspect, h * kAspect, -h, h, v.nearZ, v.farZ))
                                           : glm::infinitePerspective(fovY, kAspect, v.nearZ);
                const glm::mat4 view = glm::lookAt(v.eye, v.target, glm::vec3(0, 1, 0));
                const glm::mat4 rotation = glm::lookAt(glm::vec3(0.0f), v.target - v.eye, glm::vec3(0, 1, 0));
                const glm::dvec3 eye(v.eye);
                const Unprojection full(view, proj, v.viewport, depth);
                const Unprojection fromEye(rotation, proj, v.viewport, depth, eye);
                for (int i = 0; i <= 16; ++i) {
                    for (int j = 0; j <= 9; ++j) {
                        for (const glm::vec2 offset :
                             {glm::vec2(0.5f), glm::vec2(0.5f + 1e-3f, 0.5f - 1e-3f), glm::vec2(0.0f)}) {
                            const glm::vec2 c = glm::min(glm::vec2(80 * i, 72 * j) + offset, glm::vec2(1280, 720));
                            const Ray ref = before::cursorRay(c, view, proj, v.viewport, depth);
                            const Ray refFromEye = before::cursorRayFromEye(c, eye, rotation, proj, v.viewport, depth);
                            for (const Ray& r : {full.ray(c), cursorRay(c, view, proj, v.viewport, depth)}) {
                                EXPECT_EQ(bits(r.origin), bits(ref.origin)) << c.x << "," << c.y;
                                EXPECT_EQ(bits(r.direction), bits(ref.direction)) << c.x << "," << c.y;
                            }
                            const Unprojection::RayAndFarPoint both = fromEye.rayAndFarPoint(c);
                            EXPECT_EQ(bits(both.farPoint),
                                      bits(before::screenToWorld(glm::vec3(c, v.viewport.maxZ), rotation, proj,
                                                                 v.viewport, depth)));
                            for (const Ray& r : {fromEye.ray(c), both.ray,
                                                 cursorRayFromEye(c, eye, rotation, proj, v.viewport, depth)}) {
                                EXPECT_EQ(bits(r.origin), bits(refFromEye.origin)) << c.x << "," << c.y;
                                EXPECT_EQ(bits(r.direction), bits(refFromEye.direction)) << c.x << "," << c.y;
                            }
                            for (int k = 0; k < 3; ++k)
                                negativeZeros += std::signbit(ref.origin[k]) && ref.origin[k] == 0;
                            for (const float z : {0.0f, 0.37f, 1.0f}) {
                                const glm::vec3 screen(c, z);
                                const glm::vec3 refPoint = before::screenToWorld(screen, view, proj, v.viewport, depth);
                                EXPECT_EQ(bits(full.screenToWorld(screen)), bits(refPoint));
                                EXPECT_EQ(bits(screenToWorld(screen, view, proj, v.viewport, depth)), bits(refPoint));
                                EXPECT_EQ(bits(fromEye.screenToWorld(screen)),
                                          bits(before::screenToWorld(screen, rotation, proj, v.viewport, depth)));
                            }
                            ++checked;
                        }
                    }
                }
            }
        }
    }
    std::printf("Unprojection: %d cursors, %d origin coordinates of -0 among them\n", checked, negativeZeros);
    EXPECT_EQ(checked, 4 * 3 * 2 * 17 * 10 * 3);
    // The camera at the origin gives zeros of both signs: the default eye keeps them as cursorRay.
    EXPECT_GT(negativeZeros, 0);
}

TEST(Unprojection, WhatCannotBeInvertedGivesNaNAsTheCallsDo) {
    const glm::mat4 view = kCamera.view();
    const glm::mat4 proj = kCamera.perspective(ClipDepth::ZeroToOne, kAspect);
    glm::mat4 nanProj = proj;
    nanProj[2][3] = NAN;
    struct Setup {
        glm::mat4 view, proj;
        Viewport viewport;
    };
    const Setup setups[] = {{glm::mat4(0.0f), proj, kViewport},
                            {view, nanProj, kViewport},
                            {view, proj, Viewport{0, 0, 0, 720, 0, 1}},
                            {view, proj, Viewport{0, 0, 1280, NAN, 0, 1}}};
    int checked = 0;
    for (const Setup& s : setups) {
        ASSERT_FALSE(isValidPickingSetup(s.view, s.proj, s.viewport));
        const Unprojection u(s.view, s.proj, s.viewport, ClipDepth::ZeroToOne);
        const glm::vec2 cursor(640.5f, 360.5f);
        const Ray before = before::cursorRay(cursor, s.view, s.proj, s.viewport, ClipDepth::ZeroToOne);
        for (const Ray& r : {u.ray(cursor), before}) {
            for (int k = 0; k < 3; ++k) {
                EXPECT_TRUE(std::isnan(r.origin[k])) << checked << " " << k;
                EXPECT_TRUE(std::isnan(r.direction[k])) << checked << " " << k;
            }
        }
        for (int k = 0; k < 3; ++k) EXPECT_TRUE(std::isnan(u.screenToWorld({cursor, 0.5f})[k])) << checked << " " << k;
        ++checked;
    }
    EXPECT_EQ(checked, 4);
    // A depth range of nothing (minZ = maxZ, which isValidPickingSetup lets through): the ray is
    // there, the far plane's point is NaN (0 / 0), with rayAndFarPoint as with screenToWorld.
    const Viewport flat{0, 0, 1280, 720, 0.5f, 0.5f};
    const Unprojection u(view, proj, flat, ClipDepth::ZeroToOne);
    const Unprojection::RayAndFarPoint both = u.rayAndFarPoint({640.5f, 360.5f});
    const Ray ray = before::cursorRay({640.5f, 360.5f}, view, proj, flat, ClipDepth::ZeroToOne);
    EXPECT_EQ(bits(both.ray.origin), bits(ray.origin));
    EXPECT_EQ(bits(both.ray.direction), bits(ray.direction));
    EXPECT_FALSE(std::isnan(ray.origin.x));
    for (int k = 0; k < 3; ++k) {
        EXPECT_TRUE(std::isnan(both.farPoint[k])) << k;
        EXPECT_TRUE(
            std::isnan(before::screenToWorld({640.5f, 360.5f, 0.5f}, view, proj, flat, ClipDepth::ZeroToOne)[k]))
            << k;
    }
}

// Steps shows the unprojection stage by stage: its ray is ray()'s and its near point rounds to the
// ray's origin, bit for bit; and every stage follows from the one before by the forward map,
// checked here in double from the float matrices' entries (the Direct3D viewport written out,
// clip = proj · (view, 1), view = rotation · (world − eye)): nothing of the library's inverses.
// Cameras: near the origin (0.1..100), 1e4 from it with far/near 1e6, orthographic, a viewport off
// the corner with depths 0.25..0.75; both clip depths; random cursors.
TEST(Unprojection, StepsAreTheRaysOwnAndEachStageMapsForwardToTheNext) {
    struct View {
        glm::vec3 eye, target;
        float nearZ, farZ;
        bool perspective = true;
        Viewport viewport = kViewport;
    };
    const View views[] = {
        {kCamera.eye, kCamera.target, kCamera.nearZ, kCamera.farZ},
        {glm::vec3(6000.0f, -3000.0f, 7416.2f), glm::vec3(6008.0f, -2998.0f, 7407.3f), 0.01f, 1e4f},
        {kCamera.eye, kCamera.target, 0.5f, 50.0f, false},
        {kCamera.eye, kCamera.target, kCamera.nearZ, kCamera.farZ, true, {10, 20, 1280, 720, 0.25f, 0.75f}}};
    std::mt19937 rng(27);
    double worstNdc = 0.0, worstClip = 0.0, worstView = 0.0;
    for (const View& v : views) {
        for (const ClipDepth depth : {ClipDepth::NegativeOneToOne, ClipDepth::ZeroToOne}) {
            const bool zo = depth == ClipDepth::ZeroToOne;
            const float fovY = glm::radians(45.0f), h = 4.0f;
            const glm::mat4 proj = v.perspective
                                       ? (zo ? glm::perspectiveZO(fovY, kAspect, v.nearZ, v.farZ)
                                             : glm::perspectiveNO(fovY, kAspect, v.nearZ, v.farZ))
                                       : (zo ? glm::orthoZO(-h * kAspect, h * kAspect, -h, h, v.nearZ, v.farZ)
                                             : glm::orthoNO(-h * kAspect, h * kAspect, -h, h, v.nearZ, v.farZ));
            const glm::mat4 rotation = glm::lookAt(glm::vec3(0.0f), v.target - v.eye, glm::vec3(0, 1, 0));
            const Unprojection unprojection(rotation, proj, v.viewport, depth, glm::dvec3(v.eye));
            const Viewport& vp = v.viewport;
            const double vx = vp.x, vy = vp.y, vw = vp.width, vh = vp.height, minZ = vp.minZ, maxZ = vp.maxZ;
            std::uniform_real_distribution<float> x(vp.x, vp.x + vp.width), y(vp.y, vp.y + vp.height);
            for (int i = 0; i < 200; ++i) {
                const glm::vec2 c(x(rng), y(rng));
                const Unprojection::Steps steps = unprojection.steps(c);
                const Ray ray = unprojection.ray(c);
                EXPECT_EQ(bits(steps.ray.origin), bits(ray.origin));
                EXPECT_EQ(bits(steps.ray.direction), bits(ray.direction));
                EXPECT_EQ(bits(glm::vec3(steps.nearPoint.world)), bits(ray.origin));
                for (const bool isNear : {true, false}) {
                    const Unprojection::Stages& s = isNear ? steps.nearPoint : steps.farPoint;
                    EXPECT_EQ(s.window, glm::dvec3(c.x, c.y, isNear ? minZ : maxZ));
                    // NDC → window: D3D9's viewport, x_s = X + (1 + x)·W/2, y_s = Y + (1 − y)·H/2, and
                    // z_s = MinZ + z·(MaxZ − MinZ) for 0..1 (OpenGL's −1..1 halved first).
                    const double unitDepth = zo ? s.ndc.z : 0.5 * (s.ndc.z + 1.0);
                    EXPECT_NEAR(vx + (1.0 + s.ndc.x) * 0.5 * vw, double(c.x), 1e-9);
                    EXPECT_NEAR(vy + (1.0 - s.ndc.y) * 0.5 * vh, double(c.y), 1e-9);
                    EXPECT_EQ(minZ + unitDepth * (maxZ - minZ), s.window.z);
                    // Clip → NDC, and view → clip through the projection's float entries.
                    const glm::dvec4 clip = glm::dmat4(proj) * glm::dvec4(s.view, 1.0);
                    for (int k = 0; k < 4; ++k)
                        worstClip = std::max(worstClip, std::abs(clip[k] - s.clip[k]) / std::abs(s.clip.w));
                    worstNdc = std::max(worstNdc, glm::length(glm::dvec3(s.clip) / s.clip.w - s.ndc));
                    // World → view through the rotation's float entries, relative to the eye.
                    const glm::dvec3 view =
                        glm::dvec3(glm::dmat4(rotation) * glm::dvec4(s.world - glm::dvec3(v.eye), 1.0));
                    // Relative to |eye| + |view|: world − eye cancels |eye| (1e4) to |view| (0.01) here.
                    worstView = std::max(
                        worstView, glm::length(view - s.view) / (glm::length(glm::dvec3(v.eye)) + glm::length(s.view)));
                }
                // Near at the near plane, far at the far plane, in the view's own depth (−z): the
                // planes of the float matrix's entries (clip z = P22·z + P32, w = −z or 1, solved
                // for NDC depth −1 or 0, and 1), which at far/near 1e6 lie 486 beyond the far asked.
                const double p22 = proj[2][2], p32 = proj[3][2];
                const auto planeAt = [&](double ndc) { return v.perspective ? p32 / (p22 + ndc) : (p32 - ndc) / p22; };
                const double nearZ = planeAt(zo ? 0.0 : -1.0), farZ = planeAt(1.0);
                EXPECT_NEAR(-steps.nearPoint.view.z, nearZ, 1e-9 * nearZ);
                EXPECT_NEAR(-steps.farPoint.view.z, farZ, 1e-9 * farZ);
            }
        }
    }
    std::printf("Unprojection::steps: worst clip %.2e (of w), NDC %.2e, view %.2e (of |eye| + |view|)\n", worstClip,
                worstNdc, worstView);
    // Double rounding through a 4x4 inverse and back: far below float's 6e-8, the stages
    // agree with the forward map; a stage taken from another (wrong) point would be off by ~1.
    EXPECT_LT(worstClip, 1e-9);
    EXPECT_LT(worstNdc, 1e-9);
    EXPECT_LT(worstView, 1e-14);
}

TEST(PickingSetup, RejectsWhatCannotBeInverted) {
    const glm::mat4 view = kCamera.view();
    const glm::mat4 proj = kCamera.perspective(ClipDepth::ZeroToOne, kAspect);
    EXPECT_TRUE(isValidPickingSetup(view, proj, kViewport));
    EXPECT_FALSE(isValidPickingSetup(glm::mat4(0.0f), proj, kViewport));
    glm::mat4 nanView = view;
    nanView[1][2] = NAN;
    EXPECT_FALSE(isValidPickingSetup(nanView, proj, kViewport));
    EXPECT_FALSE(isValidPickingSetup(view, proj, Viewport{0, 0, 0, 720, 0, 1}));
    EXPECT_FALSE(isValidPickingSetup(view, proj, Viewport{0, 0, 1280, -1, 0, 1}));
    EXPECT_FALSE(isValidPickingSetup(view, proj, Viewport{0, 0, NAN, 720, 0, 1}));
}

TEST(CursorRay, InfiniteFarPlaneStillHasADirection) {
    const glm::mat4 view = kCamera.view();
    const glm::mat4 proj = glm::infinitePerspective(kCamera.fovY, kAspect, kCamera.nearZ);
    const Ray ray = cursorRay({640, 360}, view, proj, kViewport, ClipDepth::NegativeOneToOne);
    // As CentreOfTheViewLooksAtTheTarget: two rounded unit vectors, 4·2^-24.
    EXPECT_VEC_NEAR(ray.direction, glm::normalize(kCamera.target - kCamera.eye), 4 * 0x1p-24f);
}

}  // namespace
}  // namespace pickray
