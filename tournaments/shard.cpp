#include "tournaments/shard.h"

#include <charconv>

namespace arena {

namespace {

// "R.T.G" -> "R.T": the set of arrangements a game belongs to.
std::string_view set_of(const std::string& label) {
  return std::string_view(label).substr(0, label.rfind('.'));
}

bool parse_int(std::string_view text, int& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const std::size_t slash = text.find('/');
  Shard s;
  if (slash == std::string::npos || !parse_int(std::string_view(text).substr(0, slash), s.index) ||
      !parse_int(std::string_view(text).substr(slash + 1), s.count))
    throw ConfigError("shard: '" + text + "' is not I/N (shard I of N, counted from 0)");
  if (s.count < 1 || s.count > 1000000)
    throw ConfigError("shard: " + std::to_string(s.count) + " shards (expected 1 to 1000000)");
  if (s.index < 0 || s.index >= s.count)
    throw ConfigError("shard: " + std::to_string(s.index) + " is not a shard of " + std::to_string(s.count) +
                      " (shards are counted from 0 to " + std::to_string(s.count - 1) + ")");
  return s;
}

std::string shard_text(const Shard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

std::vector<ScheduledGame> shard_games(const std::vector<ScheduledGame>& schedule, const Shard& shard) {
  std::vector<ScheduledGame> out;
  long set = -1;
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    if (i == 0 || set_of(schedule[i].round) != set_of(schedule[i - 1].round)) ++set;
    if (set % shard.count == shard.index) out.push_back(schedule[i]);
  }
  return out;
}

void check_shardable(const TournamentConfig& c) {
  const char* why =
      c.format == Format::kSwiss      ? "a Swiss pairs each round from the results of the rounds before"
      : c.format == Format::kKnockout ? "a knockout pairs each round from the winners of the one before"
      : c.format == Format::kAdaptive
          ? "an adaptive tournament chooses each batch from the ratings of the games before"
      : !c.sprt.empty() ? "an SPRT gauntlet decides from each pair's result whether to play another"
                        : nullptr;
  if (why)
    throw ConfigError(std::string("--shard: a ") +
                      (c.sprt.empty() ? format_name(c.format) : "gauntlet with sprt") +
                      " tournament cannot be split: " + why +
                      ", so no shard can know its games in advance (only round-robin and gauntlet "
                      "schedules are fixed lists; docs/cluster.md)");
}

}  // namespace arena
