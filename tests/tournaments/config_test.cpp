#include <catch2/catch.hpp>

#include "tournaments/config.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace config_test {

using namespace arena;

namespace {
std::string error_of(const std::string& text) {
  try {
    validate_config(parse_config(text, "t.json"));
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}
const char* kGood = R"({"game":"clump:size=6","out":"o","seed":7,"concurrency":2,"tc":"5+0.05",
  "bots":[{"name":"a","command":"bin/random_bot","args":["--x"]},{"name":"b","command":"python3","workdir":"/tmp"}]})";
}  // namespace

TEST_CASE("config: a good file parses and round-trips", "[config]") {
  auto c = parse_config(kGood, "t.json");
  validate_config(c);
  CHECK(c.game == "clump:size=6");
  CHECK(c.seed == 7);
  CHECK(c.concurrency == 2);
  REQUIRE(c.bots.size() == 2);
  CHECK(c.bots[0].args == std::vector<std::string>{"--x"});
  CHECK(c.bots[1].workdir == "/tmp");
  CHECK(parse_config(config_to_json(c), "again") == c);
}

TEST_CASE("config: errors name the key's path and what was expected", "[config]") {
  CHECK_THAT(error_of(R"({"game":"clump","colour":1})"), Catch::Contains("t.json: colour: unknown key"));
  CHECK_THAT(error_of(R"({"bots":[{"name":"a","comand":"x"}]})"), Catch::Contains("bots[0].comand: unknown key"));
  CHECK_THAT(error_of(R"({"bots":[{"name":"a"}]})"), Catch::Contains("bots[0].command: missing"));
  CHECK_THAT(error_of(R"({"concurrency":0})"), Catch::Contains("concurrency: must be a whole number from 1 to 1024, not '0'"));
  CHECK_THAT(error_of(R"({"concurrency":"2"})"), Catch::Contains("concurrency: expected an integer"));
  CHECK_THAT(error_of(R"({"format":"ladder"})"), Catch::Contains("format: 'ladder' is not one of round-robin, gauntlet, swiss, knockout, adaptive"));
  CHECK_THAT(error_of(R"({"gauntlet":[1]})"), Catch::Contains("gauntlet[0]: expected a string"));
  CHECK_THAT(error_of("[1,2]"), Catch::Contains("expected a JSON object"));
  CHECK_THAT(error_of("{"), Catch::Contains("not valid JSON"));
  CHECK_THAT(error_of(R"({"game":"clump","out":"o","bots":[{"name":"a","command":"x"},{"name":"a","command":"y"}]})"),
             Catch::Contains("two bots are named 'a'"));
  CHECK_THAT(error_of(R"({"game":"clump","out":"o","format":"gauntlet","gauntlet":["z"],
      "bots":[{"name":"a","command":"x"},{"name":"b","command":"y"}]})"),
             Catch::Contains("'z' is not one of the bots"));
}

TEST_CASE("config: bot commands split like a shell", "[config]") {
  BotConfig b{"x", "python3 'my bot.py' --level \"2 3\" a\\ b", {"--extra"}, ""};
  CHECK(bot_argv(b) == std::vector<std::string>{"python3", "my bot.py", "--level", "2 3", "a b", "--extra"});
  b.command = "bot 'open";
  CHECK_THROWS_WITH(bot_argv(b), Catch::Contains("unterminated"));
  b.command = "  ";
  CHECK_THROWS_WITH(bot_argv(b), Catch::Contains("empty command"));
}

}  // namespace config_test
