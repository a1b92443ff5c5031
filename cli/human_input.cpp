#include "cli/human_input.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace arena::cli {

namespace {

std::string with_case(std::string s, int (*change)(int)) {
  for (char& c : s) c = static_cast<char>(change(static_cast<unsigned char>(c)));
  return s;
}

// The moves `text` can mean once its case is changed (none when it means nothing).
std::set<std::string> case_readings(const State* state, const std::vector<std::string>& legal,
                                    const std::string& text) {
  std::set<std::string> readings;
  const std::string lower = with_case(text, ::tolower);
  if (state)
    for (const std::string& variant : {lower, with_case(text, ::toupper)}) {
      const ParsedMove p = state->parse_move(variant);
      if (p.ok()) readings.insert(state->move_to_string(p.move));
    }
  for (const std::string& m : legal)
    if (with_case(m, ::tolower) == lower) readings.insert(m);
  return readings;
}

}  // namespace

TypedMove read_typed_move(const State* state, const std::vector<std::string>& legal,
                          const std::string& text) {
  std::string reason;
  if (state) {
    const ParsedMove p = state->parse_move(text);
    if (p.ok()) return {true, state->move_to_string(p.move), ""};
    reason = p.error + " (type 'help' for the notation)";
  } else {
    // Without a state the referee's list decides; without a list, the referee judges.
    if (legal.empty() || std::find(legal.begin(), legal.end(), text) != legal.end()) return {true, text, ""};
    reason = "'" + text + "' is not one of the legal moves; type 'help' for the notation";
  }
  const std::set<std::string> readings = case_readings(state, legal, text);
  if (readings.size() == 1) return {true, *readings.begin(), ""};
  if (readings.empty()) return {false, "", reason};
  std::string names;
  for (const std::string& m : readings) names += (names.empty() ? "" : " or ") + m;
  return {false, "", "'" + text + "' could be " + names + ": type the one you mean as it is written"};
}

}  // namespace arena::cli
