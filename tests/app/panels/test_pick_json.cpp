// SPDX-License-Identifier: MIT
// The Pick panel's "Copy as JSON" (panels/pick_json.hpp): it parses as JSON, holds the ray, the
// pick and every span, and every float reads back (std::from_chars into a float, of the number's
// own text as nlohmann's SAX parser hands it over) bit for bit equal to the pick's.
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "panels/pick_json.hpp"

namespace pickray::app {
namespace {

// Every number's text, in document order, as the parser read it.
struct NumberTexts : nlohmann::json_sax<nlohmann::json> {
    std::vector<std::string> numbers;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t value) override { return keep(std::to_string(value)); }
    bool number_unsigned(number_unsigned_t value) override { return keep(std::to_string(value)); }
    bool number_float(number_float_t, const string_t& text) override { return keep(text); }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
    bool keep(std::string text) {
        numbers.push_back(std::move(text));
        return true;
    }
};

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

scene::Object named(const std::string& name) {
    scene::Object o;
    o.name = name;
    o.shape = Sphere{{0.0f, 0.0f, 0.0f}, 1.0f};
    return o;
}

TEST(PickJson, ParsesAndEveryFloatReadsBackBitForBit) {
    scene::Scene scene;
    scene.objects = {named("ball"), named("a \"quoted\" \\ name\n"), named("bo\xc3\xaete")};
    Pick pick;
    pick.cursorWindow = {320, -4};
    // Floats whose shortest text is short (0.1), long (nextafter), tiny (the smallest
    // subnormal), huge (FLT_MAX, 1e30), a negative zero and a whole number.
    const float tiny = std::numeric_limits<float>::denorm_min();
    const float huge = std::numeric_limits<float>::max();
    pick.ray.origin = {0.1f, -0.0f, std::nextafter(1.0f, 2.0f)};
    pick.ray.direction = {tiny, -huge, 7.0f};
    scene::ObjectHit hit;
    hit.object = 1;
    hit.hit.t = 1e30f;
    hit.hit.point = {3.5244f, 1.2099f, -1.6203f};
    hit.hit.normal = {-1e-8f, 0.99999994f, 1.0f / 3.0f};
    pick.hits = {hit};
    pick.spans = {{1, {-2.5e-7f, 1e30f}}, {2, {0.3f, 123456.79f}}, {0, {-INFINITY, INFINITY}}};
    const std::string text = pickJson(pick, scene);

    const nlohmann::json j = nlohmann::json::parse(text);
    EXPECT_EQ(j["cursor"], nlohmann::json::array({320, -4}));
    EXPECT_EQ(j["pick"]["object"], scene.objects[1].name) << "escaped and read back as it was";
    ASSERT_EQ(j["hits"].size(), 3u);
    EXPECT_EQ(j["hits"][2]["object"], "ball");
    EXPECT_EQ(j["hits"][1]["object"], scene.objects[2].name);
    EXPECT_TRUE(j["hits"][2]["enter"].is_null()) << "an infinite end is null";
    EXPECT_TRUE(j["hits"][2]["exit"].is_null());

    // The floats in document order: ray origin, direction, t, point, normal, the finite spans.
    const std::vector<float> expected = {pick.ray.origin.x,
                                         pick.ray.origin.y,
                                         pick.ray.origin.z,
                                         pick.ray.direction.x,
                                         pick.ray.direction.y,
                                         pick.ray.direction.z,
                                         hit.hit.t,
                                         hit.hit.point.x,
                                         hit.hit.point.y,
                                         hit.hit.point.z,
                                         hit.hit.normal.x,
                                         hit.hit.normal.y,
                                         hit.hit.normal.z,
                                         -2.5e-7f,
                                         1e30f,
                                         0.3f,
                                         123456.79f};
    NumberTexts numbers;
    ASSERT_TRUE(nlohmann::json::sax_parse(text, &numbers));
    ASSERT_EQ(numbers.numbers.size(), 2 + expected.size()) << "the cursor's two, then every float";
    int checked = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const std::string& number = numbers.numbers[2 + i];
        float back = 0.0f;
        const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), back);
        ASSERT_TRUE(error == std::errc{} && end == number.data() + number.size()) << number;
        EXPECT_EQ(bits(back), bits(expected[i])) << number;
        // Read as a double and rounded to a float, as most JSON readers would, it is the same too.
        EXPECT_EQ(bits(static_cast<float>(std::strtod(number.c_str(), nullptr))), bits(expected[i])) << number;
        ++checked;
    }
    EXPECT_EQ(checked, 17);
}

TEST(PickJson, NothingPickedIsANullPickAndNoHits) {
    scene::Scene scene;
    Pick pick;
    pick.ray.direction = {0.0f, 0.0f, -1.0f};
    const nlohmann::json j = nlohmann::json::parse(pickJson(pick, scene));
    EXPECT_TRUE(j["pick"].is_null());
    EXPECT_EQ(j["hits"], nlohmann::json::array());
    EXPECT_EQ(j["ray"]["direction"], nlohmann::json::array({0.0, 0.0, -1.0}));
}

}  // namespace
}  // namespace pickray::app
