// `arena openings GAME_SPEC --count C --plies N --seed S`: writes an openings file of
// balanced start positions (referee/openings.h) for --openings.
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "engine/core/registry.h"
#include "referee/openings.h"

namespace arena::cli {

namespace {

struct OpeningsOptions {
  std::string spec, out;
  int count = 50, plies = 4;
  std::uint64_t seed = 1;
};

void run_openings(const OpeningsOptions& o) {
  const auto game = make_game(o.spec);
  const auto openings = generate_openings(*game, o.count, o.plies, o.seed);
  if (openings.empty())
    throw CommandError{game->spec() + ": no opening of " + std::to_string(o.plies) +
                       " moves without chance, still open and balanced was found"};
  std::ofstream file;
  if (!o.out.empty()) {
    file.open(o.out);
    if (!file) throw CommandError{"--out: cannot write '" + o.out + "'"};
  }
  std::ostream& out = o.out.empty() ? std::cout : file;
  out << "# arena openings " << game->spec() << " --count " << o.count << " --plies " << o.plies << " --seed "
      << o.seed << "\n";
  for (const auto& opening : openings) out << opening_line(*game, opening) << "\n";
  if (!out) throw CommandError{"writing the openings failed"};
  if (static_cast<int>(openings.size()) < o.count)
    std::cerr << "arena: note: only " << openings.size() << " of " << o.count << " openings found\n";
}

}  // namespace

void add_openings_command(CLI::App& app) {
  auto o = std::make_shared<OpeningsOptions>();
  auto* cmd = app.add_subcommand("openings", "Write a file of balanced start positions for --openings");
  cmd->add_option("game", o->spec, "Game spec, e.g. clump:size=8")->required();
  cmd->add_option("--count", o->count, "Openings to write (default 50)")->check(whole_number(1, 100000));
  cmd->add_option("--plies", o->plies, "Moves in each opening (default 4)")->check(whole_number(1, 1000));
  cmd->add_option("--seed", o->seed, "Seed (default 1)")->check(seed_number());
  cmd->add_option("--out,-o", o->out, "Write to this file (default: standard output)");
  cmd->callback([o] { run_openings(*o); });
}

}  // namespace arena::cli
