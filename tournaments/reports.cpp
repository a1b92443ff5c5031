#include "tournaments/reports.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace arena {

namespace fs = std::filesystem;

namespace {
void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}
}  // namespace

std::string write_reports(const std::string& dir, const Game& game, const std::vector<std::string>& bots,
                          const std::vector<JournalEntry>& entries, const Standings& standings) {
  (void)game;
  (void)bots;
  (void)entries;
  fs::path d(dir);
  write_file(d / "crosstable.txt", standings.crosstable_text());
  write_file(d / "crosstable.csv", standings.crosstable_csv());
  write_file(d / "faults.txt", standings.faults_text());
  write_file(d / "faults.csv", standings.faults_csv());
  std::string out;
  out += "\nCrosstable (points/games, row against column)\n" + standings.crosstable_text();
  out += "\nFaults\n" + standings.faults_text();
  return out;
}

}  // namespace arena
