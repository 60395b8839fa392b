// SPDX-License-Identifier: MIT
// The picking setup's checks with reasons: isValidPickingSetup's rules one by one, and the clip
// planes a projection puts under the convention it is used with.
#include <cmath>
#include <limits>

#include "pickray/picking.hpp"

namespace pickray {

ClipPlanes clipPlanes(const glm::mat4& proj, ClipDepth depth) noexcept {
    // A point on the view axis at eye depth d, (0, 0, −d, 1), goes to clip z = −A·d + B and
    // w = −C·d + D (GLM's columns: proj[column][row]); its NDC depth c = z / w when
    // d = (B − c·D) / (A − c·C). A zero divisor puts that depth at infinity.
    const double a = proj[2][2], b = proj[3][2], c = proj[2][3], d = proj[3][3];
    const auto at = [&](double ndc) {
        const double divisor = a - ndc * c, numerator = b - ndc * d;
        if (divisor == 0.0)
            return numerator == 0.0 ? std::numeric_limits<double>::quiet_NaN()
                                    : std::numeric_limits<double>::infinity();
        return numerator / divisor;
    };
    return {at(depth == ClipDepth::ZeroToOne ? 0.0 : -1.0), at(1.0)};
}

Validity pickingSetupValidity(const glm::mat4& view, const glm::mat4& proj, const Viewport& vp,
                              ClipDepth depth) noexcept {
    if (!std::isfinite(vp.x) || !std::isfinite(vp.y)) return {"viewport", "its x and y must be finite"};
    if (!std::isfinite(vp.width) || !(vp.width > 0.0f)) return {"viewport.width", "must be finite and > 0"};
    if (!std::isfinite(vp.height) || !(vp.height > 0.0f)) return {"viewport.height", "must be finite and > 0"};
    if (!std::isfinite(vp.minZ) || !std::isfinite(vp.maxZ)) return {"viewport", "its minZ and maxZ must be finite"};
    // isValidPickingSetup's own test of each matrix, the other one the identity.
    const glm::mat4 identity(1.0f);
    if (!isValidPickingSetup(view, identity, vp)) return {"view", "must be finite and invertible"};
    if (!isValidPickingSetup(identity, proj, vp)) return {"proj", "must be finite and invertible"};
    const ClipPlanes planes = clipPlanes(proj, depth);
    if (!(planes.near > 0.0 && planes.near < std::numeric_limits<double>::infinity())) {
        return {"proj", depth == ClipDepth::ZeroToOne
                            ? "must put the near plane (NDC depth 0, ClipDepth::ZeroToOne) in front of the eye: "
                              "a projection for OpenGL's -1..1, or with reversed depth?"
                            : "must put the near plane (NDC depth -1, ClipDepth::NegativeOneToOne) in front of the "
                              "eye: a projection for Direct3D's 0..1, or with reversed depth?"};
    }
    if (!(planes.far > planes.near))
        return {"proj", "must put the far plane (NDC depth 1) beyond the near plane: reversed depth?"};
    return {};
}

}  // namespace pickray
