#include "report/protocol_compact.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "records/json_text.h"
#include "report/page_keys.h"

namespace arena::report {

namespace json = boost::json;

namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t space = line.find(' ', start);
    out.push_back(line.substr(start, space - start));
    if (space == std::string_view::npos) return out;
    start = space + 1;
  }
}

// How many leading words name what a line is about: "legal", "event", "go" one; an observation
// its key too ("obs hand"), and a row or a seat its number as well ("obs row 3 ...").
std::size_t key_words(const std::vector<std::string_view>& w) {
  if (w[0] != "obs") return 1;
  return w.size() >= 4 ? 3 : 2;
}

// The previous line a changed line is written against: the first with the same key, or -1.
int base_of(const std::vector<std::string>& previous, std::string_view line) {
  const std::vector<std::string_view> w = words(line);
  const std::size_t n = std::min(key_words(w), w.size());
  for (std::size_t k = 0; k < previous.size(); ++k) {
    const std::vector<std::string_view> p = words(previous[k]);
    if (p.size() >= n && std::equal(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(n), p.begin()))
      return static_cast<int>(k);
  }
  return -1;
}

// Word edits of `base` into `line`: greedy, a word found a little further on in the base skips
// to it, any other is inserted. Runs of inserted words are one string.
json::array word_edits(int k, std::string_view base, std::string_view line) {
  const std::vector<std::string_view> from = words(base), to = words(line);
  std::unordered_map<std::string_view, std::vector<std::size_t>> at;
  for (std::size_t i = 0; i < from.size(); ++i) at[from[i]].push_back(i);
  json::array ops{k};
  auto push_count = [&](std::int64_t n) {
    if (!ops.empty() && ops.size() > 1 && ops.back().is_int64() && (ops.back().as_int64() > 0) == (n > 0))
      ops.back() = ops.back().as_int64() + n;
    else
      ops.push_back(n);
  };
  std::string inserted;
  auto flush_inserted = [&] {
    if (!inserted.empty()) ops.push_back(json::value(inserted));
    inserted.clear();
  };
  std::size_t i = 0;
  for (std::string_view w : to) {
    std::size_t found = from.size();
    if (const auto it = at.find(w); it != at.end()) {
      const auto p = std::lower_bound(it->second.begin(), it->second.end(), i);
      if (p != it->second.end() && *p - i <= 8) found = *p;
    }
    if (found == from.size()) {
      inserted += (inserted.empty() ? "" : " ") + std::string(w);
      continue;
    }
    flush_inserted();
    if (found > i) push_count(-static_cast<std::int64_t>(found - i));
    push_count(1);
    i = found + 1;
  }
  flush_inserted();
  return ops;
}

json::value line_item(const std::vector<std::string>& previous, const std::string& line) {
  // The clock's line is always itself: it alone depends on measured times, so two runs of the
  // same games differ only in these strings (tests/cluster/slurm_test.sh strips them).
  if (line.rfind("go ", 0) == 0) return json::value(line);
  if (const auto it = std::find(previous.begin(), previous.end(), line); it != previous.end())
    return it - previous.begin();
  if (const int k = base_of(previous, line); k >= 0) {
    json::array edits = word_edits(k, previous[static_cast<std::size_t>(k)], line);
    if (json_text(edits).size() < line.size()) return edits;
  }
  return json::value(line);
}

// The action whose event line `line` is, searching from `next` on (at most `reach` actions);
// -1 for none.
int event_index(const std::vector<std::string>& events, std::size_t next, std::size_t reach,
                const std::string& line) {
  if (line.rfind("event ", 0) != 0) return -1;
  for (std::size_t k = next; k < events.size() && k < next + reach; ++k)
    if (events[k] == line) return static_cast<int>(k);
  return -1;
}

}  // namespace

json::array compact_decision(int ply, const std::string& text, std::vector<std::string>& previous,
                             const std::vector<std::string>& events) {
  json::array out{ply};
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  // Events are of the actions before this decision: look from a little before the first one
  // there can be, then on from the last event found.
  const std::size_t reach = lines.size() + 64;
  std::size_t next = static_cast<std::size_t>(ply) > reach ? static_cast<std::size_t>(ply) - reach : 0;
  for (std::size_t i = 0; i < lines.size();) {
    const int k = event_index(events, next, reach, lines[i]);
    if (k < 0) {
      out.push_back(line_item(previous, lines[i++]));
      continue;
    }
    std::size_t n = 0;
    while (i < lines.size() && k + n < events.size() && lines[i] == events[k + n]) ++i, ++n;
    out.push_back(json::object{{page_key::replay::kEvents, json::array{k, static_cast<std::int64_t>(n)}}});
    next = k + n;
  }
  previous = std::move(lines);
  return out;
}

std::vector<std::string> seat_event_lines(const json::object& replay, int seat) {
  std::vector<std::string> out;
  const json::array& actions = replay.at(page_key::replay::kActions).as_array();
  const json::value* views = replay.if_contains(page_key::replay::kSeen);
  const json::array* seen = views && seat >= 1 && static_cast<std::size_t>(seat) <= views->as_array().size()
                                ? &views->as_array()[static_cast<std::size_t>(seat - 1)].as_array()
                                : nullptr;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const json::array& a = actions[i].as_array();
    const json::value& token = seen && i < seen->size() ? (*seen)[i] : a[1];
    // As the referee writes it (docs/protocol.md, `event <actor> <token>`; report/ does not
    // link protocol/): a line that differs is written out, so a mismatch costs only bytes.
    const std::int64_t actor = a[0].to_number<std::int64_t>();
    out.push_back("event " + (actor == 0 ? std::string("chance") : std::to_string(actor)) + " " +
                  std::string(token.as_string()));
  }
  return out;
}

}  // namespace arena::report
