#include "tournaments/journal.h"

#include <unistd.h>

#include <boost/json.hpp>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace arena {

namespace json = boost::json;

WriteError::WriteError(const std::string& path, int error)
    : UserError("cannot write " + path + ": " + std::strerror(error)), path_(path), error_(error) {}

// One write(2) call for the whole text where the kernel takes it at once (a regular file
// does, short of a full disk or a signal): a kill between the calls of a buffered fwrite
// could leave a torn line at the end of the journal. Then fsync: the commit is on disk.
void write_durably(std::FILE* f, const std::string& text, const std::string& path) {
  const int fd = fileno(f);
  int error = std::fflush(f) == 0 ? 0 : errno;  // nothing is buffered; but never reorder
  for (std::size_t done = 0; error == 0 && done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n > 0)
      done += static_cast<std::size_t>(n);
    else if (n < 0 && errno != EINTR)
      error = errno;
    else if (n == 0)
      error = ENOSPC;
  }
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  if (error != 0) {
    std::clearerr(f);
    throw WriteError(path, error);
  }
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
  if (e.pressure >= 0) o["pressure"] = e.pressure;  // last, and only when flagged: older lines read alike
  return json::serialize(o) + "\n";
}

namespace {
// Read in blocks of this size: a whole journal of a million games would be 200 MB at once.
constexpr std::size_t kBlock = 4 << 20;
}  // namespace

// Every complete line of `in` into the index; `good_end` ends up just past the last one.
void Journal::read(std::FILE* in, std::size_t& good_end) {
  std::string buffer;
  std::size_t line_number = 0, start = 0;  // start: of the first line not yet read, in buffer
  JournalEntry e;                          // reused: its buffers make no allocation per line
  for (;;) {
    buffer.erase(0, start);
    start = 0;
    const std::size_t kept = buffer.size();
    buffer.resize(kept + kBlock);
    const std::size_t got = std::fread(buffer.data() + kept, 1, kBlock, in);
    buffer.resize(kept + got);
    if (got == 0) return;  // what is left is a torn last line
    for (std::size_t nl; (nl = buffer.find('\n', start)) != std::string::npos; start = nl + 1) {
      ++line_number;
      try {
        parse_journal_line(std::string_view(buffer).substr(start, nl - start), e);
      } catch (const UserError& ex) {
        throw UserError(path_ + ":" + std::to_string(line_number) + ": " + ex.what());  // placed in the file
      }
      if (e.index != static_cast<int>(index_.size()))
        throw UserError(path_ + ":" + std::to_string(line_number) + ": game index " +
                        std::to_string(e.index) + " out of order (expected " + std::to_string(index_.size()) +
                        ")");
      index_.add(e);
      good_end += nl + 1 - start;
    }
  }
}

Journal::Journal(const std::string& path) : path_(path) {
  std::size_t good_end = 0;
  if (std::FILE* in = std::fopen(path.c_str(), "rb")) {
    try {
      read(in, good_end);
    } catch (...) {
      std::fclose(in);
      throw;
    }
    const bool torn = static_cast<std::size_t>(std::ftell(in)) > good_end;  // read() stops at the end
    std::fclose(in);
    if (torn && ::truncate(path.c_str(), static_cast<off_t>(good_end)) != 0)
      throw UserError("cannot repair " + path + ": " + std::strerror(errno));
  }
  file_ = std::fopen(path.c_str(), "ab");
  if (!file_) throw UserError("cannot open " + path + ": " + std::strerror(errno));
}

Journal::~Journal() {
  if (file_) std::fclose(file_);
}

void Journal::append(const JournalEntry& e) {
  write_durably(file_, journal_line(e), path_);
  index_.add(e);
}

void Journal::append(const std::vector<JournalEntry>& entries) {
  if (entries.empty()) return;
  std::string text;
  for (const auto& e : entries) text += journal_line(e);
  write_durably(file_, text, path_);
  for (const auto& e : entries) index_.add(e);
}

}  // namespace arena
