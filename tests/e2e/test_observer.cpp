// SPDX-License-Identifier: MIT
// The observer's view, end to end with the real binary, headless: the frustum it draws
// against the camera's own definition in long double, its cut past the scene, a click and a drag
// over it that pick nothing and move only its camera, its picture in the corner; its default
// framing (both planes inside the picture, the near one large enough to see) and the command
// line's framing of it (eye, target, zoom, corner, orbit).
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
// it with the panels shown (observer.hpp: a quarter of the window, centred on the top edge of the
// part the panels leave free, 12 units under the menu bar, 19 high).
constexpr glm::ivec2 kWindow{1280, 720};
constexpr glm::ivec2 kInsetMin{480, 31};
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

// The observer's camera as the report gives it, as the reference sees it in a picture of `size`.
Frame observerFrame(const json& camera, glm::ivec2 size) {
    const auto vec = [&](const char* key) {
        const json& v = camera.at(key);
        return glm::vec3(v.at(0).get<float>(), v.at(1).get<float>(), v.at(2).get<float>());
    };
    ps::Camera c;
    c.eye = vec("eye");
    c.target = vec("target");
    c.up = vec("up");
    c.fovYDegrees = camera.at("fovYDegrees").get<float>();
    c.near = camera.at("near").get<float>();
    c.far = camera.at("far").get<float>();
    c.projection = ps::Projection::Perspective;
    return frameFor(c, size);
}

// Where the reference draws the report's point `p` in `frame` (pixels; nothing behind the eye).
std::optional<glm::dvec2> pixelIn(const Frame& frame, const json& p) {
    const auto s = pickref::project(frame.camera, {p.at(0).get<Real>(), p.at(1).get<Real>(), p.at(2).get<Real>()});
    if (!s) return std::nullopt;
    return glm::dvec2(static_cast<double>(s->x), static_cast<double>(s->y));
}

glm::ivec2 ivec(const json& pair) { return {pair.at(0).get<int>(), pair.at(1).get<int>()}; }

}  // namespace

// Near 0.25, far 20: the far plane lies within a quarter past the deepest object (the pole), so the
// frustum is drawn whole. A click on the ball picks and selects it; then a click over
// an object drawn under the corner picture picks nothing and leaves both; a drag there turns the
// observer, not the camera.
TEST(Observer, DrawsTheWholeFrustumWhenItsFarPlaneIsNearTheSceneAndAClickOrDragOverItPicksNothing) {
    const ps::Camera camera = sceneCamera(0.25f, 20.0f);
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
        runForReport("observer_whole", {"--headless", "--observer", "pip", "--near", "0.25", "--far", "20", "--click",
                                        pixelArg(ball), "--click", pixelArg(*underInset), "--drag",
                                        pixelArg(dragFrom) + "," + pixelArg(dragFrom + glm::ivec2(60, 20))});
    ASSERT_TRUE(r.at("observer").is_object()) << r.dump(1);
    const json& o = r.at("observer");
    EXPECT_EQ(o.at("mode"), "pip");
    EXPECT_EQ(o.at("inset").at("pos"), json::array({kInsetMin.x, kInsetMin.y}));
    EXPECT_EQ(o.at("inset").at("size"), json::array({kInsetSize.x, kInsetSize.y}));
    const json& f = o.at("frustum");
    EXPECT_FALSE(f.at("truncated").get<bool>());
    EXPECT_EQ(f.at("drawnFar").get<double>(), 20.0);
    const Real aspect = static_cast<Real>(kWindow.x) / kWindow.y;
    int checked = expectCorners(f.at("near"), textbookCorners(camera, aspect, 0.25L), camera, "near");
    checked += expectCorners(f.at("far"), textbookCorners(camera, aspect, 20.0L), camera, "far");
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
    const json still =
        runForReport("observer_still", {"--headless", "--observer", "pip", "--near", "0.25", "--far", "20"});
    const V3 eye0 = v3(still.at("observer").at("camera").at("eye"));
    EXPECT_GT(length(eye - eye0), 0.1L * length(eye0 - target)) << "the drag turned the observer";
    // Orbiting keeps the distance to the target up to float rounding of the rotated eye (a few
    // 2^-24 of it): 1e-5 of it allowed.
    EXPECT_NEAR(static_cast<double>(length(eye - target)), static_cast<double>(length(eye0 - target)),
                1e-5 * static_cast<double>(length(eye0 - target)));
    const V3 frustumEye = v3(f.at("eye"));
    EXPECT_EQ(static_cast<double>(length(frustumEye - v3(camera.eye))), 0.0) << "the camera did not move";
}

// Far 25000 at near 0.25: the frustum is cut past the scene (beyond the target, far nearer than
// the far plane), and says so.
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
    const Real cut = f.at("drawnFar").get<Real>();
    const Real toTarget = length(v3(camera.target) - v3(camera.eye));
    EXPECT_GT(cut, toTarget);
    EXPECT_LT(cut, 2.0L * toTarget);
    EXPECT_NE(o.at("label").get<std::string>().find("frustum cut at"), std::string::npos) << o.at("label");
    const Real aspect = static_cast<Real>(kWindow.x) / kWindow.y;
    int checked = expectCorners(f.at("near"), textbookCorners(camera, aspect, 0.25L), camera, "near");
    checked += expectCorners(f.at("far"), textbookCorners(camera, aspect, cut), camera, "cut");
    EXPECT_EQ(checked, 8);
    // The observer as the main view: the click on the ball's pixel picked nothing.
    EXPECT_EQ(r.at("clicks").size(), 0u) << r.at("clicks").dump(1);
    EXPECT_TRUE(r.at("editor").at("picked").is_null());

    const Image a = loadPng(off), b = loadPng(on);
    ASSERT_EQ(a.width, kWindow.x);
    ASSERT_EQ(b.width, kWindow.x);
    // The panels hidden: the top edge of the window is the room's, the picture kInsetMargin under it.
    const glm::ivec2 lo{kInsetMin.x, 12}, hi = lo + kInsetSize;
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

// The default scene's near 0.1 and far 100, the observer as it starts: both planes lie inside its
// corner picture as the reference projects them with the reported camera (the far one cut past the
// scene, nearer than 100), the near one drawn about its own centre, at least 12 pixels across; and
// the picture shows the near plane's light blue and the far plane's red.
TEST(Observer, ByDefaultFramesBothPlanesInsideItsPictureTheNearOneLargeEnoughToSee) {
    const fs::path shot = scratchDir("observer_default") / "pip.png";
    const json r = runForReport("observer_default",
                                {"--headless", "--hide-ui", "--observer", "pip", "--screenshot", shot.string()});
    ASSERT_TRUE(r.at("observer").is_object()) << r.dump(1);
    const json& o = r.at("observer");
    EXPECT_EQ(o.at("corner"), "top");
    EXPECT_EQ(o.at("zoom").get<double>(), 1.0);
    const glm::ivec2 min = ivec(o.at("inset").at("pos")), size = ivec(o.at("inset").at("size"));
    EXPECT_EQ(size, kInsetSize);
    const json& f = o.at("frustum");
    EXPECT_TRUE(f.at("truncated").get<bool>()) << "far 100 is cut";
    EXPECT_LT(f.at("drawnFar").get<double>(), 100.0);
    const ps::Camera camera = sceneCamera(0.1f, 100.0f);
    EXPECT_GT(f.at("drawnFar").get<Real>(), length(v3(camera.target) - v3(camera.eye))) << "past the target";
    const Frame frame = observerFrame(o.at("camera"), size);
    const auto inside = [&](const json& corners, const char* what) {
        for (std::size_t i = 0; i < 4; ++i) {
            const auto at = pixelIn(frame, corners.at(i));
            ASSERT_TRUE(at) << what << " corner " << i << " behind the observer";
            EXPECT_TRUE(at->x >= 0 && at->y >= 0 && at->x <= size.x && at->y <= size.y)
                << what << " corner " << i << " at " << at->x << "," << at->y << " of " << size.x << "x" << size.y;
        }
    };
    inside(f.at("nearDrawn"), "near (drawn)");
    inside(f.at("far"), "far (cut)");
    // The near plane drawn enlarged about its centre: each corner's offset from it a multiple of the true one's.
    const Real scale = f.at("nearScale").get<Real>();
    EXPECT_GT(scale, 1.0L);
    V3 centre{0, 0, 0};
    for (std::size_t i = 0; i < 4; ++i) centre = centre + v3(f.at("near").at(i)) * 0.25L;
    for (std::size_t i = 0; i < 4; ++i) {
        const V3 expected = centre + (v3(f.at("near").at(i)) - centre) * scale;
        EXPECT_LT(length(v3(f.at("nearDrawn").at(i)) - expected), 1e-9L * scale) << "near corner " << i;
    }
    const glm::dvec2 a = *pixelIn(frame, f.at("nearDrawn").at(0)), c = *pixelIn(frame, f.at("nearDrawn").at(2));
    EXPECT_GE(glm::length(a - c), 12.0) << "the near plane's diagonal in the observer's pixels";
    EXPECT_NE(o.at("label").get<std::string>().find("near plane drawn"), std::string::npos) << o.at("label");

    const Image image = loadPng(shot);
    const glm::ivec3 nearColor(77, 217, 255), farColor(255, 77, 77);  // kNearPlaneColor, kFarPlaneColor
    EXPECT_GT(countNear(image, nearColor, min, min + size), 20) << "the near plane is seen";
    EXPECT_GT(countNear(image, farColor, min, min + size), 100) << "the far plane (cut) is seen";
}

// --observer-eye, --observer-target and --observer-zoom place its camera (the eye twice as close
// to the target as given), --observer-corner bottom-right its picture: kInsetMargin in from the
// window's bottom-right corner (the panels hidden), clear of the window's centre. O shows it there
// and nowhere else.
TEST(Observer, TheCommandLinesEyeTargetZoomAndCornerPlaceItsCameraAndItsPicture) {
    const fs::path dir = scratchDir("observer_options");
    const fs::path off = dir / "off.png", on = dir / "on.png";
    const json r =
        runForReport("observer_options", {"--headless", "--hide-ui", "--observer-eye", "-6,18,16", "--observer-target",
                                          "0,0.8,0", "--observer-zoom", "2", "--observer-corner", "bottom-right",
                                          "--screenshot", off.string(), "--key", "o", "--screenshot", on.string()});
    ASSERT_TRUE(r.at("observer").is_object()) << r.dump(1);
    const json& o = r.at("observer");
    EXPECT_EQ(o.at("corner"), "bottom-right");
    EXPECT_EQ(o.at("zoom").get<double>(), 2.0);
    const V3 target = v3(o.at("camera").at("target")), eye = v3(o.at("camera").at("eye"));
    EXPECT_LT(length(target - V3{0, 0.8L, 0}), 1e-6L);
    EXPECT_LT(length(eye - (V3{0, 0.8L, 0} + (V3{-6, 18, 16} - V3{0, 0.8L, 0}) * 0.5L)), 1e-5L);
    const glm::ivec2 min = ivec(o.at("inset").at("pos")), size = ivec(o.at("inset").at("size"));
    EXPECT_EQ(size, kInsetSize);
    EXPECT_EQ(min + size, kWindow - 12) << "12 in from the bottom-right corner";
    const glm::ivec2 centre = kWindow / 2;
    EXPECT_FALSE(centre.x >= min.x && centre.y >= min.y && centre.x < min.x + size.x && centre.y < min.y + size.y);

    const Image a = loadPng(off), b = loadPng(on);
    EXPECT_GT(differingPixels(a, b, min, min + size), size.x * size.y / 4) << "the picture is in that corner";
    // The note about the planes goes above the picture when there is no room below, ending at its
    // right edge: a line of text in the 19 rows over the picture's border.
    const glm::ivec2 noteLo(0, min.y - 2 - 19), noteHi(min.x + size.x + 2, min.y - 2);
    const int note = differingPixels(a, b, noteLo, noteHi);
    EXPECT_GT(note, 0) << "the note is drawn above the picture";
    EXPECT_EQ(differingPixels(a, b) - differingPixels(a, b, min - 2, min + size + 2) - note, 0) << "and only there";
}

// --observer-orbit turns the observer about its target, the picture drawn after each turn: its
// target and distance kept, its eye a quarter turn round the up axis. Without the observer shown
// the step fails and says why.
TEST(Observer, AnOrbitStepTurnsItAboutItsTargetAndSaysWhenItIsNotShown) {
    const json still = runForReport("observer_unturned", {"--headless", "--hide-ui", "--observer", "pip"});
    const json turned =
        runForReport("observer_turned", {"--headless", "--hide-ui", "--observer", "pip", "--observer-orbit", "90,0,3"});
    const json& a = still.at("observer").at("camera");
    const json& b = turned.at("observer").at("camera");
    const V3 target = v3(a.at("target"));
    EXPECT_LT(length(v3(b.at("target")) - target), 1e-6L);
    const V3 from = v3(a.at("eye")) - target, to = v3(b.at("eye")) - target;
    EXPECT_NEAR(static_cast<double>(length(to)), static_cast<double>(length(from)),
                1e-5 * static_cast<double>(length(from)));
    EXPECT_NEAR(static_cast<double>(to.y), static_cast<double>(from.y), 1e-4 * static_cast<double>(length(from)));
    const Real across = from.x * to.x + from.z * to.z;  // the horizontal parts at right angles
    EXPECT_LT(std::abs(static_cast<double>(across)), 1e-4 * static_cast<double>(dot(from, from)));

    const ProcessResult refused = runPickray({"--headless", "--hide-ui", "--observer-orbit", "90,0"});
    EXPECT_NE(refused.exitCode, 0);
    EXPECT_NE(refused.output.find("--observer-orbit: the observer is not shown"), std::string::npos) << refused.output;
}

// In the top-right corner the note under the picture ("near plane drawn ..., frustum cut at ...")
// is wider than the picture: it ends at the picture's right edge, so nothing the observer adds to
// the window lies right of the picture's border (where a panel or the window's edge would cut it).
TEST(Observer, TheNoteUnderAPictureInARightCornerEndsAtItsRightEdge) {
    const fs::path dir = scratchDir("observer_note");
    const fs::path off = dir / "off.png", on = dir / "on.png";
    const json r =
        runForReport("observer_note", {"--headless", "--hide-ui", "--observer-corner", "top-right", "--screenshot",
                                       off.string(), "--key", "o", "--screenshot", on.string()});
    ASSERT_TRUE(r.at("observer").is_object()) << r.dump(1);
    const glm::ivec2 min = ivec(r.at("observer").at("inset").at("pos"));
    const glm::ivec2 size = ivec(r.at("observer").at("inset").at("size"));
    const Image a = loadPng(off), b = loadPng(on);
    const int right = min.x + size.x + 2;  // the picture's border included
    const glm::ivec2 below(min.x - 200, min.y + size.y + 2), belowEnd(right, min.y + size.y + 4 + 13 + 2);
    EXPECT_GT(differingPixels(a, b, below, belowEnd), 0) << "the note is drawn under the picture";
    EXPECT_EQ(differingPixels(a, b, glm::ivec2(right, 0), kWindow), 0) << "and nothing right of it";
}

}  // namespace e2e
