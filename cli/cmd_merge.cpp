// `arena merge DIR... --out DIR [--partial]`: shard folders of one tournament back into the
// folder one unsharded run would have written, report included (docs/cluster.md).
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "referee/decision_lines.h"
#include "report/report_html.h"
#include "tournaments/merge.h"

namespace arena::cli {

namespace {

struct MergeFlags {
  std::vector<std::string> dirs;
  std::string out;
  bool partial = false;
  bool quiet = false;
};

void run(const MergeFlags& f) {
  const MergeResult r = merge_shards(MergeRequest{f.dirs, f.out, f.partial});
  const bool partial = r.merged < r.total;
  const std::string label = "partial: " + std::to_string(r.merged) + " of " + std::to_string(r.total) +
                            " games (shards still playing or unfinished); not the final result";
  if (!f.quiet) {
    std::cout << "merged " << r.merged << " of " << r.total << " games into " << f.out << "\n";
    if (partial) std::cout << "\nStandings so far (" << label << ")\n";
    std::cout << r.tables;
  }
  report::ReportOptions o;
  o.title = partial ? "Arena report (" + label + ")" : o.title;
  o.protocol_lines = seat_decision_lines;
  const std::string html = (std::filesystem::path(f.out) / "report.html").string();
  try {
    report::write_report({f.out}, html, o);
    if (!f.quiet) std::cout << "report: " << html << "\n";
  } catch (const UserError& e) {
    std::cerr << "arena: warning: no report written: " << e.what() << "\n";
  }
}

}  // namespace

void add_merge_command(CLI::App& app) {
  auto f = std::make_shared<MergeFlags>();
  auto* cmd = app.add_subcommand("merge", "Merge the shard folders of one tournament into one result");
  cmd->add_option("dirs", f->dirs, "Shard folders (arena tournament --shard I/N --out DIR)")->required();
  cmd->add_option("--out,-o", f->out, "The merged tournament folder")->required();
  cmd->add_flag("--partial", f->partial,
                "Merge the games played so far (shards still running): standings labelled partial");
  cmd->add_flag("--quiet,-q", f->quiet, "Print nothing but errors");
  cmd->footer(
      "Exit status: 0 merged; 2 the folders are not shards of one configuration, or a game is missing "
      "(without --partial) or doubled.");
  cmd->callback([f] { run(*f); });
}

}  // namespace arena::cli
