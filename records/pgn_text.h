// Shared pieces of the PGN writer and reader (records/pgn_writer.cpp, pgn_reader.cpp): the
// escapes of tag values and action texts, times, numbers and result tokens, each written
// and read back by one pair of functions here, so the two directions cannot disagree.
// Internal to records/; the public interface is records/pgn.h.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "records/record.h"

namespace arena::pgn_detail {

// Tag values: PGN's \" and \\ plus \n, \r, \t and \xHH, so a tag stays on one line.
std::string escape_tag(std::string_view v);
int hex_value(char c);  // -1 for a non-hex character

// Action texts inside {...}: %HH for anything that could end the comment early.
std::string encode_token(std::string_view v);
std::optional<std::string> decode_token(std::string_view v);

// "0.512s": milliseconds when exact, else microseconds; the reader takes 0..6 decimals.
std::string format_seconds(std::int64_t micros);
std::optional<std::int64_t> parse_seconds(std::string_view s);

std::string format_number(double x);  // shortest text that reads back exactly

// Whole-string parses: no sign tricks, no trailing bytes.
template <class Int>
bool parse_int(std::string_view s, Int& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}
bool parse_double(std::string_view s, double& out);  // finite only

std::vector<std::string_view> split_ws(std::string_view s);

// The standard PGN result of a two-seat game from seat 1's side ("*" otherwise).
std::string result_token(const GameRecord& r);
bool is_result_token(std::string_view t);
bool default_teams(const GameRecord& r);     // every seat its own team
bool is_known_tag(const std::string& name);  // read into a GameRecord field (else an extra tag)

}  // namespace arena::pgn_detail
