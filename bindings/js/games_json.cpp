// The JavaScript engine's list of games: the registry (engine/core/registry.h) as the JSON text
// `arena games --json` prints (cli/cmd_games.cpp), the same keys and values, so a script reads
// one description whichever side it asks. Written by hand: the JavaScript engine carries no
// JSON library (Boost.JSON would add about 100 KB to arena.wasm for these few lines).
#include "bindings/js/games_json.h"

#include <cstdio>

#include "engine/core/registry.h"

namespace arena::js {
namespace {

// A JSON string: quotes, backslashes and control characters escaped; other bytes (UTF-8) as is.
void quoted(std::string_view text, std::string& out) {
  out += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  out += '"';
}

// `"key":` after a comma unless it opens its object.
void key(std::string_view name, std::string& out) {
  if (out.back() != '{') out += ',';
  quoted(name, out);
  out += ':';
}

void text_field(std::string_view name, std::string_view value, std::string& out) {
  key(name, out);
  quoted(value, out);
}

void number_field(std::string_view name, long value, std::string& out) {
  key(name, out);
  out += std::to_string(value);
}

void bool_field(std::string_view name, bool value, std::string& out) {
  key(name, out);
  out += value ? "true" : "false";
}

// Values stay in their spec text ("8", "false"), as `arena games --json` gives them.
void param_json(const ParamSpec& p, std::string& out) {
  out += '{';
  text_field("name", p.name, out);
  text_field("kind", param_kind_name(p.kind), out);
  text_field("default", p.default_value, out);
  text_field("help", p.help, out);
  if (p.kind == ParamSpec::Kind::kInt) {
    number_field("min", p.min, out);
    number_field("max", p.max, out);
  }
  if (p.kind == ParamSpec::Kind::kChoice) {
    key("choices", out);
    out += '[';
    for (std::size_t i = 0; i < p.choices.size(); ++i) {
      if (i > 0) out += ',';
      quoted(p.choices[i], out);
    }
    out += ']';
  }
  if (!p.constraint.empty()) text_field("constraint", p.constraint, out);
  out += '}';
}

// One entry per player count: the canonical specs (defaults, quick) and each seat's team.
void player_counts_json(const GameInfo& info, std::string& out) {
  out += '[';
  for (int n = info.min_players; n <= info.max_players; ++n) {
    if (n > info.min_players) out += ',';
    const auto game = make_game(spec_for(info, n, false));
    out += '{';
    number_field("players", n, out);
    text_field("spec", game->spec(), out);
    text_field("quick_spec", make_game(spec_for(info, n, true))->spec(), out);
    key("teams", out);
    out += '[';
    for (int seat = 1; seat <= n; ++seat)
      out += (seat > 1 ? "," : "") + std::to_string(game->team_number(seat));
    out += ']';
    bool_field("hidden_information", game->hidden_information(), out);
    out += '}';
  }
  out += ']';
}

void game_json(const GameInfo& info, std::string& out) {
  out += '{';
  text_field("id", info.id, out);
  text_field("title", info.title, out);
  number_field("min_players", info.min_players, out);
  number_field("max_players", info.max_players, out);
  bool_field("hidden_information", make_game(info.id)->hidden_information(), out);
  key("params", out);
  out += '[';
  for (std::size_t i = 0; i < info.params.size(); ++i) {
    if (i > 0) out += ',';
    param_json(info.params[i], out);
  }
  out += ']';
  text_field("quick_params", info.quick_params, out);
  key("player_counts", out);
  player_counts_json(info, out);
  out += '}';
}

}  // namespace

std::string games_json() {
  std::string out = "[";
  for (const GameEntry* g : all_games()) {
    if (out.size() > 1) out += ',';
    game_json(g->info, out);
  }
  out += ']';
  return out;
}

}  // namespace arena::js
