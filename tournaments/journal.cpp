#include "tournaments/journal.h"

#include <unistd.h>

#include <boost/json.hpp>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace arena {

namespace json = boost::json;

void write_durably(std::FILE* f, const std::string& text, const std::string& path) {
  if (std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0 ||
      ::fsync(fileno(f)) != 0)
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

std::string journal_line(const JournalEntry& e) {
  json::object o;
  o["index"] = e.index;
  o["round"] = e.round;
  o["seed"] = std::to_string(e.seed);  // as text: JSON readers lose 64-bit integers
  json::array players, ranks, scores, teams;
  for (const auto& p : e.players) players.emplace_back(p);
  for (int r : e.ranks) ranks.emplace_back(r);
  for (double s : e.scores) scores.emplace_back(s);
  for (int t : e.teams) teams.emplace_back(t);
  o["players"] = std::move(players);
  o["ranks"] = std::move(ranks);
  o["scores"] = std::move(scores);
  o["teams"] = std::move(teams);
  o["termination"] = e.termination;
  o["fault_seat"] = e.fault_seat;
  o["pgn_end"] = e.pgn_end;
  return json::serialize(o) + "\n";
}

JournalEntry parse_journal_line(const std::string& line) {
  json::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) throw std::runtime_error("not a JSON object");
  const json::object& o = v.as_object();
  auto field = [&](const char* key) -> const json::value& {
    auto it = o.find(key);
    if (it == o.end()) throw std::runtime_error(std::string("missing \"") + key + "\"");
    return it->value();
  };
  try {
    JournalEntry e;
    e.index = json::value_to<int>(field("index"));
    e.round = json::value_to<std::string>(field("round"));
    e.seed = std::stoull(json::value_to<std::string>(field("seed")));
    e.players = json::value_to<std::vector<std::string>>(field("players"));
    e.ranks = json::value_to<std::vector<int>>(field("ranks"));
    e.scores = json::value_to<std::vector<double>>(field("scores"));
    e.teams = json::value_to<std::vector<int>>(field("teams"));
    e.termination = json::value_to<std::string>(field("termination"));
    e.fault_seat = json::value_to<int>(field("fault_seat"));
    e.pgn_end = json::value_to<std::uint64_t>(field("pgn_end"));
    return e;
  } catch (const std::runtime_error&) {
    throw;
  } catch (const std::exception& ex) {
    throw std::runtime_error(std::string("bad field: ") + ex.what());
  }
}

Journal::Journal(const std::string& path) : path_(path) {
  std::string content;
  {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::ostringstream ss;
      ss << in.rdbuf();
      content = ss.str();
    }
  }
  std::size_t good_end = 0, pos = 0;
  int line_number = 0;
  while (pos < content.size()) {
    std::size_t nl = content.find('\n', pos);
    if (nl == std::string::npos) break;  // torn last line: dropped below
    ++line_number;
    std::string line = content.substr(pos, nl - pos);
    JournalEntry e;
    try {
      e = parse_journal_line(line);
    } catch (const std::exception& ex) {
      throw std::runtime_error(path + ":" + std::to_string(line_number) + ": " + ex.what());
    }
    if (e.index != static_cast<int>(entries_.size()))
      throw std::runtime_error(path + ":" + std::to_string(line_number) + ": game index " +
                               std::to_string(e.index) + " out of order (expected " +
                               std::to_string(entries_.size()) + ")");
    entries_.push_back(std::move(e));
    pos = good_end = nl + 1;
  }
  if (good_end < content.size() && ::truncate(path.c_str(), static_cast<off_t>(good_end)) != 0)
    throw std::runtime_error("cannot repair " + path + ": " + std::strerror(errno));
  file_ = std::fopen(path.c_str(), "ab");
  if (!file_) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
}

Journal::~Journal() {
  if (file_) std::fclose(file_);
}

void Journal::append(const JournalEntry& e) {
  write_durably(file_, journal_line(e), path_);
  entries_.push_back(e);
}

void Journal::append(const std::vector<JournalEntry>& entries) {
  if (entries.empty()) return;
  std::string text;
  for (const auto& e : entries) text += journal_line(e);
  write_durably(file_, text, path_);
  entries_.insert(entries_.end(), entries.begin(), entries.end());
}

}  // namespace arena
