#include "tournaments/journal_index.h"

#include <cstring>
#include <stdexcept>

namespace arena {

namespace {

template <typename T>
void append_bytes(std::string& key, const T& value) {
  key.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// The outcome's fields as bytes, each vector and string preceded by its length, so two
// outcomes have the same key exactly when every field is equal (scores bit for bit).
void outcome_key(const JournalEntry& e, std::string& key) {
  key.clear();
  append_bytes(key, e.ranks.size());
  for (int r : e.ranks) append_bytes(key, r);
  append_bytes(key, e.scores.size());
  for (double s : e.scores) append_bytes(key, s);
  append_bytes(key, e.teams.size());
  for (int t : e.teams) append_bytes(key, t);
  append_bytes(key, e.fault_seat);
  append_bytes(key, e.pressure);
  key += e.termination;  // last: needs no length
}

// Offsets are 32-bit to keep the index small; 4 GB of round text is no tournament.
std::uint32_t offset(std::size_t size) {
  if (size > UINT32_MAX) throw std::length_error("journal index: more than 4 GB of round names or seats");
  return static_cast<std::uint32_t>(size);
}

}  // namespace

int JournalIndex::name_id(const std::string& name) {
  auto it = name_ids_.find(name);
  if (it != name_ids_.end()) return it->second;
  names_.push_back(name);
  return name_ids_.emplace(name, name_count() - 1).first->second;
}

std::uint32_t JournalIndex::outcome_id(const JournalEntry& e) {
  outcome_key(e, key_);
  auto it = outcome_ids_.find(key_);
  if (it != outcome_ids_.end()) return it->second;
  outcomes_.push_back(JournalOutcome{e.ranks, e.scores, e.teams, e.termination, e.fault_seat, e.pressure});
  return outcome_ids_.emplace(key_, offset(outcomes_.size() - 1)).first->second;
}

void JournalIndex::add(const JournalEntry& e) {
  seeds_.push_back(e.seed);
  pgn_ends_.push_back(e.pgn_end);
  round_begin_.push_back(offset(round_chars_.size()));
  round_chars_ += e.round;
  players_begin_.push_back(offset(player_ids_.size()));
  for (const auto& p : e.players) player_ids_.push_back(name_id(p));
  outcome_of_.push_back(outcome_id(e));
}

std::string_view JournalIndex::round(std::size_t i) const {
  const std::size_t end = i + 1 < size() ? round_begin_[i + 1] : round_chars_.size();
  return std::string_view(round_chars_).substr(round_begin_[i], end - round_begin_[i]);
}

std::span<const int> JournalIndex::players(std::size_t i) const {
  const std::size_t end = i + 1 < size() ? players_begin_[i + 1] : player_ids_.size();
  return std::span<const int>(player_ids_.data() + players_begin_[i], end - players_begin_[i]);
}

JournalEntry JournalIndex::entry(std::size_t i) const {
  JournalEntry e;
  e.index = static_cast<int>(i);
  e.round = round(i);
  e.seed = seed(i);
  for (int p : players(i)) e.players.push_back(names_[p]);
  const JournalOutcome& o = outcome(i);
  e.ranks = o.ranks;
  e.scores = o.scores;
  e.teams = o.teams;
  e.termination = o.termination;
  e.fault_seat = o.fault_seat;
  e.pressure = o.pressure;
  e.pgn_end = pgn_end(i);
  return e;
}

std::vector<JournalEntry> JournalIndex::entries(std::size_t begin, std::size_t end) const {
  std::vector<JournalEntry> out;
  for (std::size_t i = begin; i < end && i < size(); ++i) out.push_back(entry(i));
  return out;
}

}  // namespace arena
