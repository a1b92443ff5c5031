// What a user reads for bad input (engine/core/user_error.h): through the real `arena`, the
// error of the layer that found it, printed once as "arena: error: ..." with exit status 2,
// no prefix added on the way (both commands below once printed "--sprt: --sprt ..." or
// "gauntlet: sprt: --sprt: ...").
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/shell_run.h"

using shelltest::run_arena;

namespace {

const std::string kRandom = std::string(ARENA_BIN_DIR) + "/random_bot";
const std::string kBots = " --bot a=" + kRandom + " --bot b=" + kRandom + " --bot c=" + kRandom;

}  // namespace

TEST_CASE("cli: a user error is printed once, as its layer words it, with status 2", "[cli][user_error]") {
  shelltest::Run r =
      run_arena("match clump:size=4 --games 2 --bot a=" + kRandom + " --bot b=" + kRandom + " --sprt elo0=1");
  CHECK(r.status == 2);
  CHECK(r.out == "arena: error: --sprt needs elo0=..,elo1=..,alpha=..,beta=..\n");

  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("arena-user-error-cli-" + std::to_string(::getpid()));
  r = run_arena("tournament clump:size=4 --format gauntlet --gauntlet a --sprt x --out " + out.string() +
                kBots);
  CHECK(r.status == 2);
  CHECK(r.out == "arena: error: sprt: 'x' is not KEY=VALUE\n");
  CHECK_FALSE(std::filesystem::exists(out));  // refused before anything was made
}
