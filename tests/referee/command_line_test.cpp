#include "process/command_line.h"

#include <catch2/catch.hpp>

#include "engine/core/user_error.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace command_line_test {

using namespace arena;
using V = std::vector<std::string>;

TEST_CASE("command line: splitting with quotes and escapes, no expansion", "[referee]") {
  CHECK(split_command_line("./bot") == V{"./bot"});
  CHECK(split_command_line("  python3  bots/a.py --depth 3 ") == V{"python3", "bots/a.py", "--depth", "3"});
  CHECK(split_command_line("'my bot' \"x y\" a\\ b") == V{"my bot", "x y", "a b"});
  CHECK(split_command_line("a '' b") == V{"a", "", "b"});
  CHECK(split_command_line("$HOME *.py") == V{"$HOME", "*.py"});
  CHECK_THROWS_WITH(split_command_line("'open"), Catch::Contains("unterminated"));
  CHECK_THROWS_AS(split_command_line("   "), UserError);
}

TEST_CASE("command line: NAME=CMD", "[referee]") {
  auto nc = parse_named_command("alpha=python3 a.py --x=1");
  CHECK(nc.name == "alpha");
  CHECK(nc.command == "python3 a.py --x=1");
  CHECK_THROWS_WITH(parse_named_command("alpha"), Catch::Contains("NAME=COMMAND"));
  CHECK_THROWS_AS(parse_named_command("=./x"), UserError);
  // One rule for names everywhere (process/bot_name.h): spaces inside are fine, control
  // characters are not.
  CHECK(parse_named_command("a b=./x").name == "a b");
  CHECK_THROWS_WITH(parse_named_command("a\tb=./x"), Catch::Contains("control characters"));
  CHECK_THROWS_AS(parse_named_command("a="), UserError);
}

}  // namespace command_line_test
