// SPDX-License-Identifier: MIT
// The observer's view, end to end with the real binary, headless: the frustum it draws
// against the camera's own definition in long double, its cut beyond far/near = 1e3, a click and a
// drag over it that pick nothing and move only its camera, and its picture in the corner.
#include <cmath>
#include <cstddef>
#include <string>

#include "e2e_support.hpp"

namespace e2e {
namespace {

using Real = long double;
struct V3 {
    Real x, y, z;
};
V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
V3 operator*(V3 a, Real s) { return {a.x * s, a.y * s, a.z * s}; }
Real dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V3 cross(V3 a, V3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
V3 normalize(V3 a) { return a * (1.0L / std::sqrt(dot(a, a))); }
Real length(V3 a) { return std::sqrt(dot(a, a)); }
V3 v3(glm::vec3 v) { return {v.x, v.y, v.z}; }
V3 v3(const json& j) { return {j.at(0).get<Real>(), j.at(1).get<Real>(), j.at(2).get<Real>()}; }

// The window the scripts run in, and the corner picture's rectangle the observer's rule gives for
// it (observer.hpp: a quarter of the window, centred on its top edge, 32 units down).
constexpr glm::ivec2 kWindow{1280, 720};
constexpr glm::ivec2 kInsetMin{480, 32};
constexpr glm::ivec2 kInsetSize{320, 180};

// The corners of the view at depth `depth` from the eye, in the window's order (top-left, top-right,
// bottom-right, bottom-left), from the textbook's camera: forward f, right r = f × up, up u = r × f,
// half-height depth · tan(fov / 2), half-width that · aspect.
std::array<V3, 4> textbookCorners(const ps::Camera& c, Real aspect, Real depth) {
    const V3 eye = v3(c.eye);
    const V3 f = normalize(v3(c.target) - eye);
    const V3 r = normalize(cross(f, v3(c.up)));
    const V3 u = cross(r, f);
    const Real pi = std::acos(-1.0L);
    const Real halfHeight = depth * std::tan(static_cast<Real>(c.fovYDegrees) * pi / 360.0L);
    const Real halfWidth = halfHeight * aspect;
    const Real sx[4] = {-1, 1, 1, -1};
    const Real sy[4] = {1, 1, -1, -1};
    std::array<V3, 4> out{};
    for (std::size_t i = 0; i < 4; ++i) out[i] = eye + f * depth + r * (sx[i] * halfWidth) + u * (sy[i] * halfHeight);
    return out;
}

// The report's corners against the textbook's. The app's come from the library's unprojection of
// float matrices (the rotation from a float lookAt, the projection in float): every entry within
// a few float roundings, 2^-24 relative each, of the exact one, inverted in double. A corner's
// offset from the eye is then within about 8 · 2^-24 ≈ 4.8e-7 of its length; 2e-6 of it is allowed
// (a factor 4). The eye's coordinates are floats given exactly (the scene file's).
int expectCorners(const json& reported, const std::array<V3, 4>& expected, const ps::Camera& c,
                  const std::string& what) {
    int checked = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const V3 got = v3(reported.at(i));
        const Real error = length(got - expected[i]);
        const Real tolerance = 2e-6L * length(expected[i] - v3(c.eye));
        EXPECT_LE(error, tolerance) << what << " corner " << i << ": off by " << static_cast<double>(error);
        ++checked;
    }
    return checked;
}

int countNear(const Image& image, glm::ivec3 color, glm::ivec2 min, glm::ivec2 max) {
    // Within 24/255 a channel: the line's colour where it covers its pixel fully, as drawn (no
    // FXAA in the corner picture), whatever its faint anti-aliased edge adds.
    int n = 0;
    for (int y = min.y; y < max.y; ++y)
        for (int x = min.x; x < max.x; ++x)
            if (glm::all(glm::lessThanEqual(glm::abs(image.at(x, y) - color), glm::ivec3(24)))) ++n;
    return n;
}

// Camera of the default scene, near and far as the runs give them.
ps::Camera sceneCamera(float near, float far) {
    ps::Camera c = loadDefaultScene().camera;
    c.near = near;
    c.far = far;
    return c;
}

}  // namespace

// Near 0.25, far 250: far/near = 1e3 exactly, not beyond it, so the frustum is drawn whole. A click
// on the ball picks and selects it; then a click over an object drawn under the corner picture
// picks nothing and leaves both; a drag there turns the observer, not the camera.
TEST(Observer, DrawsTheWholeFrustumAtARatioOf1e3AndAClickOrDragOverItPicksNothing) {
    const ps::Camera camera = sceneCamera(0.25f, 250.0f);
    const Frame frame = frameFor(camera, kWindow);
    // A pixel of the corner picture under which the main view shows an object (the reference's
    // robust hit): without the observer, a click there would pick it.
    const ReferenceScene solids(loadDefaultScene());
    std::optional<glm::ivec2> underInset;
    for (int y = kInsetMin.y + 20; y < kInsetMin.y + kInsetSize.y - 20 && !underInset; y += 8)
        for (int x = kInsetMin.x + 20; x < kInsetMin.x + kInsetSize.x - 20 && !underInset; x += 8)
            if (robustHit(solids.allHits(rayAt({x, y}, frame)))) underInset = glm::ivec2(x, y);
    ASSERT_TRUE(underInset) << "an object is drawn under the corner picture";
    const glm::ivec2 ball = pixelOf("ball", kWindow);
    const glm::ivec2 dragFrom = kInsetMin + glm::ivec2(100, 120);
    const json r =
        runForReport("observer_whole", {"--headless", "--observer", "pip", "--near", "0.25", "--far", "250", "--click",
                                        pixelArg(ball), "--click", pixelArg(*underInset), "--drag",
                                        pixelArg(dragFrom) + "," + pixelArg(dragFrom + glm::ivec2(60, 20))});
    ASSERT_TRUE(r.at("observer").is_object()) << r.dump(1);
    const json& o = r.at("observer");
    EXPECT_EQ(o.at("mode"), "pip");
    EXPECT_EQ(o.at("inset").at("pos"), json::array({kInsetMin.x, kInsetMin.y}));
    EXPECT_EQ(o.at("inset").at("size"), json::array({kInsetSize.x, kInsetSize.y}));
    const json& f = o.at("frustum");
    EXPECT_FALSE(f.at("truncated").get<bool>());
    EXPECT_EQ(o.at("label"), "");
    EXPECT_EQ(f.at("drawnFar").get<double>(), 250.0);
    const Real aspect = static_cast<Real>(kWindow.x) / kWindow.y;
    int checked = expectCorners(f.at("near"), textbookCorners(camera, aspect, 0.25L), camera, "near");
    checked += expectCorners(f.at("far"), textbookCorners(camera, aspect, 250.0L), camera, "far");
    EXPECT_EQ(checked, 8);
    // The click over the corner picture is not the view's: one click recorded, the ball's.
    ASSERT_EQ(r.at("clicks").size(), 1u) << r.at("clicks").dump(1);
    EXPECT_EQ(r.at("clicks").at(0).at("picked"), "ball");
    EXPECT_EQ(r.at("editor").at("picked"), "ball");
    EXPECT_EQ(r.at("editor").at("selection"), json::array({"ball"}));
    // The drag turned the observer about its target (distance kept, eye moved) and not the camera
    // (the frustum's eye is the scene's).
    const json& oc = o.at("camera");
    const V3 eye = v3(oc.at("eye"));
    const V3 target = v3(oc.at("target"));
    const json still = runForReport("observer_still", {"--headless", "--observer", "pip"});
    const V3 eye0 = v3(still.at("observer").at("camera").at("eye"));
    EXPECT_GT(length(eye - eye0), 0.1L * length(eye0 - target)) << "the drag turned the observer";
    // Orbiting keeps the distance to the target up to float rounding of the rotated eye (a few
    // 2^-24 of it): 1e-5 of it allowed.
    EXPECT_NEAR(static_cast<double>(length(eye - target)), static_cast<double>(length(eye0 - target)),
                1e-5 * static_cast<double>(length(eye0 - target)));
    const V3 frustumEye = v3(f.at("eye"));
    EXPECT_EQ(static_cast<double>(length(frustumEye - v3(camera.eye))), 0.0) << "the camera did not move";
}

// Far 25000 at near 0.25 (far/near = 1e5): the frustum is cut at 1e3 · near = 250 (more than twice
// the target's distance, 12.9), and says so.
// O turns the observer on (in the corner) and then makes it the main view, where a click picks
// nothing. The corner picture is drawn (its pixels are not the main view's, and the frustum's
// colour is in it), the main view and its object IDs stay as they were without it.
TEST(Observer, CutsTheFrustumBeyondARatioOf1e3AndDrawsItsCornerPictureOverAnUnchangedView) {
    const ps::Camera camera = sceneCamera(0.25f, 25000.0f);
    const fs::path dir = tempDir();
    const fs::path off = dir / "observer_off.png", on = dir / "observer_on.png";
    const fs::path idsOff = dir / "observer_ids_off.png", idsOn = dir / "observer_ids_on.png";
    const json r = runForReport("observer_cut", {"--headless",   "--hide-ui",
                                                 "--near",       "0.25",
                                                 "--far",        "25000",
                                                 "--screenshot", off.string(),
                                                 "--id-buffer",  idsOff.string(),
                                                 "--key",        "o",
                                                 "--screenshot", on.string(),
                                                 "--id-buffer",  idsOn.string(),
                                                 "--key",        "o",
                                                 "--click",      pixelArg(pixelOf("ball", kWindow))});
    ASSERT_TRUE(r.at("observer").is_object()) << r.dump(1);
    const json& o = r.at("observer");
    EXPECT_EQ(o.at("mode"), "main");
    const json& f = o.at("frustum");
    EXPECT_TRUE(f.at("truncated").get<bool>());
    EXPECT_EQ(f.at("farDistance").get<double>(), 25000.0);
    EXPECT_EQ(f.at("drawnFar").get<double>(), 250.0);
    EXPECT_EQ(o.at("label"), "frustum cut at 250, far 2.5e+04: far/near = 1e+05");
    const Real aspect = static_cast<Real>(kWindow.x) / kWindow.y;
    int checked = expectCorners(f.at("near"), textbookCorners(camera, aspect, 0.25L), camera, "near");
    checked += expectCorners(f.at("far"), textbookCorners(camera, aspect, 250.0L), camera, "cut");
    EXPECT_EQ(checked, 8);
    // The observer as the main view: the click on the ball's pixel picked nothing.
    EXPECT_EQ(r.at("clicks").size(), 0u) << r.at("clicks").dump(1);
    EXPECT_TRUE(r.at("editor").at("picked").is_null());

    const Image a = loadPng(off), b = loadPng(on);
    ASSERT_EQ(a.width, kWindow.x);
    ASSERT_EQ(b.width, kWindow.x);
    const glm::ivec2 lo = kInsetMin, hi = kInsetMin + kInsetSize;
    const int inside = differingPixels(a, b, lo, hi);
    // Both pictures have the same background colour: a quarter of the pixels is asked for.
    EXPECT_GT(inside, kInsetSize.x * kInsetSize.y / 4) << "the corner picture is drawn";
    const glm::ivec3 frustumColor(255, 140, 26);  // kFrustumColor (1, 0.55, 0.1)
    EXPECT_GT(countNear(b, frustumColor, lo, hi), 100) << "the frustum's lines are in the corner picture";
    EXPECT_EQ(countNear(a, frustumColor, lo, hi), 0) << "... and not in the view without it";
    // Outside the rectangle and its 2-pixel border, the main view is untouched but for the cut's
    // label under it (drawn over the view as the constructions' labels are: in the scene alone too),
    // a line of text 4 pixels below the corner picture.
    const glm::ivec2 bLo = lo - 2, bHi = hi + 2;
    const glm::ivec2 labelLo(bLo.x, bHi.y), labelHi(kWindow.x, hi.y + 4 + 13 + 2);
    const int everywhere = differingPixels(a, b);
    const int label = differingPixels(a, b, labelLo, labelHi);
    EXPECT_GT(label, 0) << "the cut's label is drawn under the corner";
    EXPECT_EQ(everywhere - differingPixels(a, b, bLo, bHi) - label, 0)
        << "the main view outside the corner is unchanged";
    EXPECT_EQ(fileText(idsOff), fileText(idsOn)) << "the object IDs are the main view's";
}

}  // namespace e2e
