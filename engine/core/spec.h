// Game specs: "ID[:key=value[,key=value...]]", e.g. "clump:size=6". A GameInfo declares
// a game's parameters; parsing a spec checks every key and value against it and fills
// in defaults, giving the canonical spec that records and the protocol carry.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/user_error.h"

namespace arena {

// Any problem with a game spec; the message names what was wrong and what is allowed. A
// plain UserError: the name is what a game's constructor throws (docs/new-game.md).
using SpecError = UserError;

struct ParamSpec {
  enum class Kind { kInt, kBool, kChoice, kText };
  std::string name;
  Kind kind = Kind::kInt;
  std::string default_value;
  std::string help;
  long min = 0, max = 0;             // kInt: inclusive range
  std::vector<std::string> choices;  // kChoice: allowed values
  std::string constraint;            // extra rule shown to users, e.g. "even"
};

// The kind's name in `arena games --json` and arena_games.games(): "int", "bool", "choice", "text".
const char* param_kind_name(ParamSpec::Kind kind);

// Builders that keep game declarations short.
ParamSpec int_param(std::string name, long def, long min, long max, std::string help,
                    std::string constraint = "");
ParamSpec bool_param(std::string name, bool def, std::string help);
ParamSpec choice_param(std::string name, std::string def, std::vector<std::string> choices, std::string help);
// Free text without spaces, commas, colons or '='; the game validates it.
ParamSpec text_param(std::string name, std::string def, std::string help, std::string format);

struct GameInfo {
  std::string id;
  std::string title;  // e.g. "Clump (Mark Steere)"
  int min_players = 2, max_players = 2;
  std::vector<ParamSpec> params;
  // Parameters of a short game that still shows every rule at work ("max_rounds=1"; "" for
  // the defaults), so tests and examples can play every game quickly without naming any.
  std::string quick_params = "";
};

// Parameter values in the game's declared order, each in canonical text form.
class Params {
 public:
  std::vector<std::pair<std::string, std::string>> values;

  const std::string& text(std::string_view name) const;
  long integer(std::string_view name) const;
  bool boolean(std::string_view name) const;
};

// Splits a spec into id and raw key=value pairs (syntax only).
struct RawSpec {
  std::string id;
  std::vector<std::pair<std::string, std::string>> pairs;
};
RawSpec split_spec(std::string_view spec);

// Validates raw pairs against `info`: unknown keys, bad types, out-of-range values and
// repeated keys throw SpecError. Returns every parameter with defaults filled in.
Params resolve_params(const GameInfo& info, const RawSpec& raw);

// "id:k=v,k=v" in declared order (just "id" when the game has no parameters).
std::string canonical_spec(const GameInfo& info, const Params& params);

// A spec of `info`'s game for `players` seats (players=N only where the count varies: the
// parameter every such game calls `players`), with the quick parameters when `quick`, else
// the defaults. For code that plays every game without naming any (tests, benchmarks).
std::string spec_for(const GameInfo& info, int players, bool quick);

// One line per parameter: name, kind, default, range or choices, help.
std::string describe_params(const GameInfo& info);

}  // namespace arena
