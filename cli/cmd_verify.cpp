// `arena verify FILE...`: replays every recorded game and reports the first discrepancy of each.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "records/verify.h"

namespace arena::cli {

namespace {

struct VerifyOptions {
  std::vector<std::string> files;
  bool quiet = false;
};

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return !in.bad();
}

}  // namespace

void add_verify_command(CLI::App& app) {
  auto opts = std::make_shared<VerifyOptions>();
  auto* cmd =
      app.add_subcommand("verify", "Replay recorded games with the rules and report every bad record");
  cmd->add_option("files", opts->files, "PGN record files")->required();
  cmd->add_flag("-q,--quiet", opts->quiet, "Print failures only");
  cmd->callback([opts] {
    const GameFactory factory = registry_game_factory();
    int games = 0, failed = 0, bad_files = 0;
    for (const std::string& path : opts->files) {
      std::string text;
      if (!read_file(path, text)) {
        std::cerr << path << ": cannot read the file\n";
        ++bad_files;
        continue;
      }
      VerifyReport report = verify_pgn(text, factory);
      for (const VerifyFailure& f : report.failures)
        std::cout << path << ":" << f.line << ": game " << f.game << ": " << f.message << "\n";
      if (report.games == 0) {
        std::cout << path << ": no games found\n";
        ++bad_files;
      }
      if (!opts->quiet)
        std::cout << path << ": " << report.games << " games, " << report.passed << " passed, "
                  << report.failures.size() << " failed\n";
      games += report.games;
      failed += static_cast<int>(report.failures.size());
    }
    if (opts->files.size() > 1 && !opts->quiet)
      std::cout << "total: " << games << " games, " << games - failed << " passed, " << failed << " failed\n";
    if (failed > 0 || bad_files > 0)
      throw CommandError{
          std::to_string(failed) + " of " + std::to_string(games) + " games failed verification" +
              (bad_files ? ", " + std::to_string(bad_files) + " files unreadable or empty" : ""),
          1};
  });
}

}  // namespace arena::cli
