#include <catch2/catch.hpp>

#include "engine/core/spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace spec_test {

using namespace arena;

namespace {
GameInfo sample_info() {
  GameInfo info;
  info.id = "sample";
  info.params = {int_param("size", 8, 4, 26, "board size", "even"), bool_param("fast", false, "fast end"),
                 choice_param("mode", "a", {"a", "b"}, "mode")};
  return info;
}
}  // namespace

TEST_CASE("spec: defaults are filled in, in declared order") {
  auto info = sample_info();
  auto p = resolve_params(info, split_spec("sample:mode=b"));
  CHECK(canonical_spec(info, p) == "sample:size=8,fast=false,mode=b");
  CHECK(p.integer("size") == 8);
  CHECK_FALSE(p.boolean("fast"));
}

TEST_CASE("spec: values are canonicalised") {
  auto info = sample_info();
  auto p = resolve_params(info, split_spec("sample:fast=yes,size=06"));
  CHECK(canonical_spec(info, p) == "sample:size=6,fast=true,mode=a");
}

TEST_CASE("spec: bad input is rejected with the allowed values") {
  auto info = sample_info();
  auto msg = [&](const char* s) {
    try {
      resolve_params(info, split_spec(s));
    } catch (const SpecError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(msg("sample:colour=red"), Catch::Contains("unknown parameter 'colour'") && Catch::Contains("size"));
  CHECK_THAT(msg("sample:size=30"), Catch::Contains("from 4 to 26"));
  CHECK_THAT(msg("sample:size=x"), Catch::Contains("bad value 'x' for size"));
  CHECK_THAT(msg("sample:mode=c"), Catch::Contains("one of a, b"));
  CHECK_THAT(msg("sample:fast=maybe"), Catch::Contains("true or false"));
  CHECK_THAT(msg("sample:size=6,size=8"), Catch::Contains("given twice"));
  CHECK_THROWS_AS(split_spec("sample:size"), SpecError);
  CHECK_THROWS_AS(split_spec(":size=4"), SpecError);
  CHECK_THROWS_AS(split_spec("sample:size=4,"), SpecError);
}

}  // namespace spec_test
