// What a user reads for bad input (engine/core/user_error.h): through the real `arena`, the
// error of the layer that found it, printed once as "arena: error: ..." with exit status 2,
// no prefix added on the way (both commands below once printed "--sprt: --sprt ..." or
// "gauntlet: sprt: --sprt: ...").
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/bin_path.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace user_error_cli_test {

using shelltest::run_arena;

namespace {

using shelltest::kRandom;
const std::string kBots = " --bot a=" + kRandom + " --bot b=" + kRandom + " --bot c=" + kRandom;

}  // namespace

TEST_CASE("cli: a user error is printed once, as its layer words it, with status 2", "[cli][user_error]") {
  shelltest::Run r =
      run_arena("match clump:size=4 --games 2 --bot a=" + kRandom + " --bot b=" + kRandom + " --sprt elo0=1");
  CHECK(r.status == 2);
  // A flag's value is refused by the option table's check, with the --help hint of a bad flag.
  CHECK(r.out ==
        "arena: error: --sprt: needs elo0=..,elo1=..,alpha=..,beta=..\n(run 'arena match --help' for the "
        "options)\n");

  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("arena-user-error-cli-" + std::to_string(::getpid()));
  r = run_arena("tournament clump:size=4 --format gauntlet --gauntlet a --sprt x --out " + out.string() +
                kBots);
  CHECK(r.status == 2);
  CHECK(r.out ==
        "arena: error: --sprt: 'x' is not KEY=VALUE\n(run 'arena tournament --help' for the options)\n");
  CHECK_FALSE(std::filesystem::exists(out));  // refused before anything was made

  // The same setting in a configuration file: named by its key, after the file's name.
  const std::filesystem::path config = out.string() + ".json";
  std::ofstream(config) << R"({"sprt": "x"})";
  r = run_arena("tournament --config " + config.string());
  std::filesystem::remove(config);
  CHECK(r.status == 2);
  CHECK(r.out == "arena: error: " + config.string() + ": sprt: 'x' is not KEY=VALUE\n");
}

}  // namespace user_error_cli_test
