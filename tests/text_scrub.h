// Taking what differs from run to run out of records, journals and reports, so two runs can
// be compared byte for byte. Plain scans, not std::regex: each is one pattern, and
// libstdc++'s regex warns (-Wmaybe-uninitialized) in the sanitizer build.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace scrub {

inline bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Records: the tag lines of what the machine did (records/timing_tags.h), which are measured.
inline std::string without_timing_tags(std::string_view text) {
  static constexpr std::string_view tags[] = {"[RefereeLatency \"", "[ChargedUs \"", "[CpuPressure \"",
                                              "[TimeForfeitUnderPressure \""};
  std::string out;
  out.reserve(text.size());
  for (std::size_t from = 0; from < text.size();) {
    std::size_t end = text.find('\n', from);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view line = text.substr(from, end - from);
    bool measured = false;
    for (std::string_view t : tags) measured = measured || line.substr(0, t.size()) == t;
    if (!measured) out.append(line);
    from = end;
  }
  return out;
}

// Records: the move text's lines joined into one, for the writer wraps it under 80 columns
// with the measured times in, so a time of another width moves the line breaks.
inline std::string unwrapped_move_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_moves = false;  // the line before was move text
  for (std::size_t from = 0; from < text.size();) {
    std::size_t end = text.find('\n', from);
    end = end == std::string_view::npos ? text.size() : end;
    const std::string_view line = text.substr(from, end - from);
    const bool moves = !line.empty() && line[0] != '[';
    if (in_moves && moves) out.back() = ' ';  // the break before this line becomes a space
    out.append(line);
    if (end < text.size()) out += '\n';
    in_moves = moves;
    from = end + 1;
  }
  return out;
}

// Records: the measured time of a move, " 0.012s}" -> "}", the timing tags, and the line
// breaks of the move text (which follow the times' widths).
inline std::string without_times(std::string_view original) {
  const std::string untagged = without_timing_tags(original);
  const std::string_view text = untagged;
  std::string out;
  out.reserve(text.size());
  std::size_t from = 0;
  for (std::size_t at; (at = text.find("s}", from)) != std::string_view::npos; from = at + 2) {
    std::size_t start = at;  // walk back over "D+" or "D+.D+" to the space before it
    while (start > from && digit(text[start - 1])) --start;
    if (start < at && start > from && text[start - 1] == '.') {
      const std::size_t dot = start - 1;
      start = dot;
      while (start > from && digit(text[start - 1])) --start;
      if (start == dot) start = at;  // ".5s}": no digits before the dot
    }
    const bool timed = start < at && start > from && text[start - 1] == ' ' && digit(text[start]);
    out.append(text.substr(from, timed ? start - 1 - from : at - from));
    out += "s}";
    if (timed) out.resize(out.size() - 2), out += "}";
  }
  out.append(text.substr(from));
  return unwrapped_move_text(out);
}

// Journal lines: the PGN offsets, which move with the length of the time comments.
inline std::string without_offsets(std::string_view text) {
  static constexpr std::string_view key = ",\"pgn_end\":";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(key, from)) != std::string_view::npos;) {
    std::size_t end = at + key.size();
    while (end < text.size() && digit(text[end])) ++end;
    if (end == at + key.size()) {  // no number: keep it as it is
      out.append(text.substr(from, end - from));
    } else {
      out.append(text.substr(from, at - from));
    }
    from = end;
  }
  out.append(text.substr(from));
  return out;
}

// The report's protocol lines: each "go REMAINING INCREMENT MOVETIME" (a string of its own,
// report/protocol_compact.h) -> "go", for the clock follows the measured times.
inline std::string without_go_clocks(std::string_view text) {
  static constexpr std::string_view key = "\"go ";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(key, from)) != std::string_view::npos;) {
    std::size_t end = at + key.size();
    int numbers = 0;
    while (end < text.size() && (digit(text[end]) || text[end] == '-' || text[end] == ' ')) {
      if (digit(text[end]) && !digit(text[end - 1])) ++numbers;
      ++end;
    }
    const bool clock = numbers == 3 && end < text.size() && text[end] == '"';
    out.append(text.substr(from, clock ? at + 3 - from : end - from));
    from = end;
  }
  out.append(text.substr(from));
  return out;
}

// A fault's `arena repro PATH ...` (faults.txt, the report): the path of the folder's records.
inline std::string without_repro_paths(std::string_view text) {
  static constexpr std::string_view key = "arena repro ";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(key, from)) != std::string_view::npos;) {
    std::size_t end = at + key.size();
    while (end < text.size() && text[end] != ' ' && text[end] != '"' && text[end] != '\n') ++end;
    out.append(text.substr(from, at + key.size() - from));
    from = end;
  }
  out.append(text.substr(from));
  return out;
}

// The report's games: the referee's measured latency, ,"lat":[p50,p99,max] -> nothing.
inline std::string without_report_latency(std::string_view text) {
  static constexpr std::string_view key = ",\"lat\":[";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(key, from)) != std::string_view::npos;) {
    const std::size_t close = text.find(']', at);
    if (close == std::string_view::npos) break;
    out.append(text.substr(from, at - from));
    from = close + 1;
  }
  out.append(text.substr(from));
  return out;
}

// The report's time per move per bot (records/bot_figures.h), measured: "times":{...} -> "times".
inline std::string without_report_bot_times(std::string_view text) {
  static constexpr std::string_view key = "\"times\":{";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(key, from)) != std::string_view::npos;) {
    std::size_t end = at + key.size();
    for (int depth = 1; end < text.size() && depth > 0; ++end)
      depth += text[end] == '{' ? 1 : text[end] == '}' ? -1 : 0;
    out.append(text.substr(from, at + key.size() - 2 - from));
    from = end;
  }
  out.append(text.substr(from));
  return out;
}

// The report's replays: [seat,"move",microseconds] -> [seat,"move",]; and its latency figures
// and time per move.
inline std::string without_replay_times(std::string_view original) {
  const std::string unmeasured = without_report_latency(without_report_bot_times(original));
  const std::string_view text = unmeasured;
  std::string out;
  std::size_t from = 0;
  for (std::size_t open; (open = text.find('[', from)) != std::string_view::npos;) {
    std::size_t i = open + 1;
    while (i < text.size() && digit(text[i])) ++i;
    std::size_t quote_end = std::string_view::npos;
    if (i > open + 1 && text.substr(i, 2) == ",\"") quote_end = text.find('"', i + 2);
    std::size_t n = quote_end == std::string_view::npos ? 0 : quote_end + 1;
    std::size_t digits_end = n;
    if (n && n < text.size() && text[n] == ',') {
      digits_end = n + 1;
      while (digits_end < text.size() && digit(text[digits_end])) ++digits_end;
    }
    if (n && digits_end > n + 1 && digits_end < text.size() && text[digits_end] == ']') {
      out.append(text.substr(from, n + 1 - from));  // up to and with the comma
      from = digits_end;                            // the ']' follows
    } else {
      out.append(text.substr(from, open + 1 - from));
      from = open + 1;
    }
  }
  out.append(text.substr(from));
  return without_go_clocks(out);
}

}  // namespace scrub
