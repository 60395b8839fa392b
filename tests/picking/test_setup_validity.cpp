// SPDX-License-Identifier: MIT
// pickingSetupValidity() and clipPlanes(): each refusal names its field; a projection is checked
// against the clip-depth convention it is used with (its planes worked out here from near and far
// as GLM's formulas make them, not from the library).
#include <cmath>
#include <limits>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "pickray/picking.hpp"

namespace pickray {
namespace {

constexpr float kNear = 0.1f, kFar = 100.0f;
constexpr double kNearD = kNear, kFarD = kFar;  // the same floats, for the double planes
const Viewport kViewport{0, 0, 1280, 720, 0, 1};
const glm::mat4 kView = glm::lookAt(glm::vec3(0, 2, -8), glm::vec3(0), glm::vec3(0, 1, 0));

// The planes as the float matrix has them: within a few float steps of near and far.
void expectPlanes(ClipPlanes planes, double nearPlane, double farPlane) {
    EXPECT_NEAR(planes.near, nearPlane, 1e-6 * nearPlane);
    EXPECT_NEAR(planes.far, farPlane, 1e-5 * farPlane);
}

TEST(SetupValidity, EachConventionsOwnProjectionsAreValidWithTheirPlanes) {
    const glm::mat4 d3d = glm::perspectiveRH_ZO(0.8f, 16.0f / 9.0f, kNear, kFar);
    const glm::mat4 gl = glm::perspectiveRH_NO(0.8f, 16.0f / 9.0f, kNear, kFar);
    EXPECT_TRUE(pickingSetupValidity(kView, d3d, kViewport, ClipDepth::ZeroToOne).valid());
    EXPECT_TRUE(pickingSetupValidity(kView, gl, kViewport, ClipDepth::NegativeOneToOne).valid());
    expectPlanes(clipPlanes(d3d, ClipDepth::ZeroToOne), kNearD, kFarD);
    expectPlanes(clipPlanes(gl, ClipDepth::NegativeOneToOne), kNearD, kFarD);
    const glm::mat4 orthoD3d = glm::orthoRH_ZO(-8.0f, 8.0f, -4.5f, 4.5f, kNear, kFar);
    const glm::mat4 orthoGl = glm::orthoRH_NO(-8.0f, 8.0f, -4.5f, 4.5f, kNear, kFar);
    expectPlanes(clipPlanes(orthoD3d, ClipDepth::ZeroToOne), kNearD, kFarD);
    expectPlanes(clipPlanes(orthoGl, ClipDepth::NegativeOneToOne), kNearD, kFarD);
    const ClipPlanes endless =
        clipPlanes(glm::infinitePerspectiveRH(0.8f, 16.0f / 9.0f, kNear), ClipDepth::NegativeOneToOne);
    EXPECT_NEAR(endless.near, kNearD, 1e-6 * kNearD);
    EXPECT_EQ(endless.far, std::numeric_limits<double>::infinity());
}

TEST(SetupValidity, AnOpenGlProjectionReadAsZeroToOneShowsItsNearPlaneTwiceAsFar) {
    // Valid (both planes stay in front), but clipPlanes shows the near plane the rays will start
    // on: 2·far·near / (far + near), where the projection was made with `near`.
    const glm::mat4 gl = glm::perspectiveRH_NO(0.8f, 16.0f / 9.0f, kNear, kFar);
    EXPECT_TRUE(pickingSetupValidity(kView, gl, kViewport, ClipDepth::ZeroToOne).valid());
    expectPlanes(clipPlanes(gl, ClipDepth::ZeroToOne), 2.0 * kFarD * kNearD / (kFarD + kNearD), kFarD);
}

TEST(SetupValidity, AReversedDepthProjectionIsRefusedWithItsReason) {
    // Reversed depth: near at NDC 1, far at 0 (perspectiveZO with near and far swapped).
    const glm::mat4 reversed = glm::perspectiveRH_ZO(0.8f, 16.0f / 9.0f, kFar, kNear);
    const Validity why = pickingSetupValidity(kView, reversed, kViewport, ClipDepth::ZeroToOne);
    EXPECT_EQ(why.field, "proj") << why.message();
    EXPECT_NE(why.message().find("reversed depth"), std::string::npos) << why.message();
    EXPECT_TRUE(isValidPickingSetup(kView, reversed, kViewport))
        << "invertible all the same: only the new check sees it";
}

TEST(SetupValidity, EachRefusalOfTheMatricesAndTheViewportNamesItsField) {
    const glm::mat4 proj = glm::perspectiveRH_ZO(0.8f, 16.0f / 9.0f, kNear, kFar);
    const auto field = [&](const glm::mat4& view, const glm::mat4& p, Viewport vp) {
        const Validity why = pickingSetupValidity(view, p, vp, ClipDepth::ZeroToOne);
        EXPECT_EQ(why.valid(), isValidPickingSetup(view, p, vp) && why.field.empty());
        return std::string(why.field);
    };
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(field(kView, proj, {0, 0, 0, 720, 0, 1}), "viewport.width");
    EXPECT_EQ(field(kView, proj, {0, 0, 1280, -1, 0, 1}), "viewport.height");
    EXPECT_EQ(field(kView, proj, {nan, 0, 1280, 720, 0, 1}), "viewport");
    EXPECT_EQ(field(kView, proj, {0, 0, 1280, 720, 0, nan}), "viewport");
    EXPECT_EQ(field(glm::mat4(0.0f), proj, kViewport), "view");
    glm::mat4 notFinite = kView;
    notFinite[3][0] = std::numeric_limits<float>::infinity();
    EXPECT_EQ(field(notFinite, proj, kViewport), "view");
    EXPECT_EQ(field(kView, glm::mat4(0.0f), kViewport), "proj");
    EXPECT_EQ(field(kView, proj, kViewport), "");
}

}  // namespace
}  // namespace pickray
