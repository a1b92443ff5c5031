// The report library (report/): JSON patches, replays that reproduce every picture of every
// view, and the HTML page: self-contained, embedding the chosen replays only.
#include <algorithm>
#include <boost/json/parse.hpp>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdint>
#include <functional>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "records/json_text.h"
#include "report/json_patch.h"
#include "report/picture_json.h"
#include "report/replay.h"
#include "report/replay_pack.h"
#include "report/report_data.h"
#include "report/report_html.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace report_test {

using namespace arena;
namespace json = boost::json;

namespace {

// `text` with every `what` taken out.
std::string without(std::string text, const std::string& what) {
  for (std::size_t at; (at = text.find(what)) != std::string::npos;) text.erase(at, what.size());
  return text;
}

// The first <script>, <img>, <link> or <iframe> tag with a src= or href= attribute (it would
// fetch something), or "".
std::string fetching_tag(const std::string& html) {
  for (const char* name : {"<script", "<img", "<link", "<iframe"})
    for (std::size_t at = html.find(name); at != std::string::npos; at = html.find(name, at + 1)) {
      const std::string tag = html.substr(at, html.find('>', at) - at);
      for (const char* attribute : {"src=", "href="})
        for (std::size_t a = tag.find(attribute); a != std::string::npos; a = tag.find(attribute, a + 1))
          if (!std::isalnum(static_cast<unsigned char>(tag[a - 1])) && tag[a - 1] != '_') return tag;
    }
  return "";
}

// A record of one random game (only what the report reads: spec, players, actions, results).
GameRecord random_record(const std::string& spec, std::uint64_t seed, int max_actions = 400) {
  auto game = make_game(spec);
  Rng rng(seed);
  std::vector<Move> scratch;
  GameRecord r;
  r.spec = game->spec();
  for (int s = 1; s <= game->num_players(); ++s) r.players.push_back(s % 2 ? "alpha" : "beta");
  auto state = game->new_initial_state();
  while (!state->is_terminal() && static_cast<int>(r.actions.size()) < max_actions) {
    const Move m = random_action(*state, rng, scratch);
    r.actions.push_back({state->is_chance() ? kChance : state->current_player(), state->move_to_string(m),
                         state->is_chance() ? -1 : 1000});
    state->apply(m);
  }
  if (state->is_terminal()) r.results = state->results();
  return r;
}

}  // namespace

TEST_CASE("report: a JSON patch turns one value into the other", "[report]") {
  const json::value a =
      json::parse(R"({"s":0,"k":[[0,0,"a1",1],[1,0,"b1",2]],"z":[["hand",1,["7","8"],[],0]],"c":"x"})");
  const json::value b = json::parse(R"({"s":0,"k":[[0,0,"a1",2],[1,0,"b1",1],[2,0,"c1",0]],"z":[],"c":"y"})");
  CHECK(report::json_patch(a, a).is_null());
  CHECK(report::apply_json_patch(a, report::json_patch(a, b)) == b);
  CHECK(report::apply_json_patch(b, report::json_patch(b, a)) == a);
  // Objects inside replacements are wrapped, so they are not read as patches.
  const json::value c = json::parse(R"({"v":1})"), d = json::parse(R"({"v":{"=":2}})");
  CHECK(report::apply_json_patch(c, report::json_patch(c, d)) == d);
}

TEST_CASE("report: a board's walls are in its JSON only when it has them", "[report]") {
  const json::value flume = report::picture_to_json(make_game("flume")->new_initial_state()->picture(0));
  const json::value clump = report::picture_to_json(make_game("clump")->new_initial_state()->picture(0));
  CHECK(flume.at("b").at(0).at("r") == json::value(true));
  CHECK_FALSE(clump.at("b").at(0).as_object().contains("r"));
}

TEST_CASE("report: card faces follow their zone's cards in the JSON", "[report]") {
  const json::value deck = report::picture_to_json(make_game("flume-cards")->new_initial_state()->picture(0));
  for (const json::value& zone : deck.at("z").as_array()) {
    if (zone.at(0) != json::value("stock")) continue;
    const json::array& cards = zone.at(2).as_array();
    REQUIRE(zone.as_array().size() == 6);
    const json::array& faces = zone.at(5).as_array();
    REQUIRE(faces.size() == cards.size());
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (cards[i] == json::value("TD")) CHECK(faces[i] == json::parse(R"(["10","D","",0])"));
      if (cards[i] == json::value("HJ")) CHECK(faces[i] == json::parse(R"(["Joker","","high",1])"));
    }
  }
  // A Flows tile is no card: its zone has no faces.
  auto flows = make_game("flows");
  auto state = flows->new_initial_state();
  std::vector<Move> scratch;
  Rng rng(3);
  state->apply(random_action(*state, rng, scratch));  // chance draws a tile
  const json::value drawn = report::picture_to_json(state->picture(0));
  REQUIRE(drawn.at("z").as_array().size() == 1);
  CHECK(drawn.at("z").at(0).as_array().size() == 5);
}

TEST_CASE("report: a JSON patch deletes from and inserts into an array and edits its elements in place",
          "[report]") {
  // A card taken from the middle of a stock: the patch deletes it, it does not re-send the stock.
  json::array stock;
  for (int i = 0; i < 40; ++i) stock.push_back(json::value("card" + std::to_string(i)));
  json::array taken = stock;
  taken.erase(taken.begin() + 17);
  const json::value p = report::json_patch(stock, taken);
  CHECK(json_text(p) == R"({"@":[17,-1]})");
  CHECK(report::apply_json_patch(stock, p) == json::value(taken));
  // A zone inserted before others, one zone's field edited, one at the end removed.
  const json::value a = json::parse(R"([["hand",1,["A","B","C"]],["hand",2,["D"]],["pile",0,[]]])");
  const json::value b = json::parse(R"([["hand",1,["A","C"]],["discards",1,["B"]],["hand",2,["D"]]])");
  CHECK(report::apply_json_patch(a, report::json_patch(a, b)) == b);
  CHECK(report::apply_json_patch(b, report::json_patch(b, a)) == a);
  // An edit past the array's end is a clear error, not a crash.
  CHECK_THROWS_AS(report::apply_json_patch(json::parse("[1]"), json::parse(R"({"@":[-2]})")), UserError);
}

TEST_CASE("report: JSON patches round-trip random arrays and objects", "[report]") {
  Rng rng(28);
  // Small values from a few shapes, so that random edits share, move and change elements.
  std::function<json::value(int)> random_value = [&](int depth) -> json::value {
    const auto kind = rng.below(depth > 2 ? 3 : 5);
    if (kind == 0) return static_cast<std::int64_t>(rng.below(4));
    if (kind == 1) return json::value(std::string(1, static_cast<char>('a' + rng.below(4))));
    if (kind == 2) return rng.below(2) == 0;
    if (kind == 3) {
      json::array out;
      for (std::size_t n = rng.below(7); n-- > 0;) out.push_back(random_value(depth + 1));
      return out;
    }
    json::object out;
    for (std::size_t n = rng.below(4); n-- > 0;)
      out[std::string(1, static_cast<char>('p' + rng.below(4)))] = random_value(depth + 1);
    return out;
  };
  for (int i = 0; i < 3000; ++i) {
    const json::value a = random_value(0), b = random_value(0);
    INFO(json_text(a) << " -> " << json_text(b));
    if (a == b) continue;
    REQUIRE(report::apply_json_patch(a, report::json_patch(a, b)) == b);
  }
}

TEST_CASE("report: a packed replay unpacks to its text", "[report]") {
  for (const std::string& text :
       {std::string(), std::string("x"), std::string("{\"a\":[1,2,3]}"), std::string(70000, 'q')})
    CHECK(report::unpack_replay(report::pack_replay(text)) == text);
  CHECK(report::pack_replay(std::string(70000, 'q')).size() < 1000);
  CHECK_THROWS_AS(report::unpack_replay("not base 85"), UserError);  // the spaces
  CHECK_THROWS_AS(report::unpack_replay("Xk~0{Zy"), UserError);      // base 85, but not LZMA
}

// The window (dictionary size) in a packed replay's LZMA header: bytes 1-4, little-endian, of
// the first two groups of base-85 digits (report/replay_pack.cpp).
std::uint32_t packed_window(const std::string& packed) {
  const std::string digits =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;.=>?@^_`{|}~";
  std::string header;
  for (std::size_t i = 0; i < 10; i += 5) {
    std::uint64_t n = 0;
    for (std::size_t k = 0; k < 5; ++k) n = n * 85 + digits.find(packed.at(i + k));
    for (int k = 3; k >= 0; --k) header += static_cast<char>((n >> (8 * k)) & 0xff);
  }
  std::uint32_t window = 0;
  for (int k = 4; k >= 1; --k) window = (window << 8) | static_cast<unsigned char>(header[k]);
  return window;
}

// A window beyond the text compresses nothing more, and the encoder's tables grow with it
// (preset 6's 8 MiB are about 90 MB, made for every replay of a report).
TEST_CASE("report: a replay is packed with a window no larger than its text needs", "[report]") {
  CHECK(packed_window(report::pack_replay("x")) == 4096);  // liblzma's smallest
  CHECK(packed_window(report::pack_replay(std::string(70000, 'q'))) == 131072);
  const std::string long_text(9'000'000, 'q');
  CHECK(packed_window(report::pack_replay(long_text)) == 8u << 20);  // preset 6's, no more
  CHECK(report::unpack_replay(report::pack_replay(long_text)) == long_text);
}

// Incompressible bytes use every digit of base 85: none is '<', which could start a tag in the
// page's <script> element (report/replay_pack.h).
TEST_CASE("report: a packed replay holds no '<'", "[report]") {
  std::string bytes;
  std::uint32_t x = 12345;
  for (int i = 0; i < 100000; ++i) bytes += static_cast<char>((x = x * 1103515245u + 12345u) >> 24);
  const std::string packed = report::pack_replay(bytes);
  CHECK(packed.size() > 100000);
  CHECK(packed.find('<') == std::string::npos);
  CHECK(report::unpack_replay(packed) == bytes);
}

// Every frame of every view decoded as the page decodes it (frames.js: patches, a seat's number
// u for view u's patch) equals the engine's picture: random whole games of every game.
TEST_CASE("report: replays reproduce the engine's picture of every ply and view", "[report]") {
  for (const GameEntry* g : all_games())
    for (std::uint64_t seed = 5; seed < 8; ++seed) {
      // Three seats where the game allows them: views of several hidden hands.
      const std::string spec =
          spec_for(g->info, std::clamp(3, g->info.min_players, g->info.max_players), true);
      const GameRecord r = random_record(spec, seed, seed == 5 ? 100000 : 150);
      const json::object replay = report::replay_json(r, true);
      REQUIRE(!replay.contains("x"));
      const json::array& views = replay.at("f").as_array();
      const bool hidden = make_game(spec)->hidden_information();
      REQUIRE(views.size() == (hidden ? r.players.size() + 1 : 1u));
      auto game = make_game(spec);
      for (std::size_t v = 0; v < views.size(); ++v) {
        const json::array& frames = views[v].as_array();
        REQUIRE(frames.size() == r.actions.size() + 1);
        json::value picture = frames[0];
        auto state = game->new_initial_state();
        for (std::size_t ply = 0; ply < frames.size(); ++ply) {
          if (ply > 0) {
            const json::value& patch =
                frames[ply].is_number()
                    ? views.at(static_cast<std::size_t>(frames[ply].to_number<std::int64_t>())).at(ply)
                    : frames[ply];
            if (!patch.is_null()) picture = report::apply_json_patch(picture, patch);
            state->apply(state->parse_move(r.actions[ply - 1].text).move);
          }
          INFO(spec << " seed " << seed << " view " << v << " ply " << ply);
          REQUIRE(picture == report::picture_to_json(state->picture(static_cast<int>(v))));
        }
      }
      if (hidden) CHECK(replay.at("w").as_array().size() == r.players.size());
    }
}

TEST_CASE("report: one self-contained page holding the chosen replays", "[report]") {
  std::vector<GameRecord> records;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) records.push_back(random_record("clump:size=6", seed));
  records[1].termination = Termination::kIllegalMove;
  records[1].fault_seat = 2;
  records[1].termination_detail = "illegal move '</script><script>alert(1)'";
  report::ReportOptions o;
  const std::string html = report::report_html(records, o);
  // Nothing fetched from anywhere: no URLs, no external scripts, styles, fonts or images.
  // (The SVG namespace name is an identifier, never fetched.)
  CHECK(without(html, "http://www.w3.org/2000/svg").find("http://") == std::string::npos);
  CHECK(html.find("https://") == std::string::npos);
  CHECK(fetching_tag(html).empty());
  CHECK(html.find("@import") == std::string::npos);
  CHECK(html.find("url(") == std::string::npos);
  // The detail is data, not markup: "</" is escaped inside the data element.
  CHECK(html.find("</script><script>alert") == std::string::npos);
  CHECK(html.find("<\\/script><script>alert") != std::string::npos);
  for (int n = 1; n <= 4; ++n)
    CHECK(html.find("id=\"replay-" + std::to_string(n) + "\"") != std::string::npos);

  o.games = {2, 4};
  const std::string chosen = report::report_html(records, o);
  CHECK(chosen.find("id=\"replay-1\"") == std::string::npos);
  CHECK(chosen.find("id=\"replay-2\"") != std::string::npos);
  CHECK(chosen.find("id=\"replay-4\"") != std::string::npos);
  CHECK(chosen.find("\"embedded\":[2,4]") != std::string::npos);

  o.games.clear();
  o.replay_budget = 1;  // the first replay passes the budget: the others are left out
  const std::string small = report::report_html(records, o);
  CHECK(small.find("id=\"replay-1\"") != std::string::npos);
  CHECK(small.find("id=\"replay-2\"") == std::string::npos);
  CHECK(small.find("\"embedded\":[1]") != std::string::npos);
}

TEST_CASE("report: the ratings table carries the marks and legend of `arena ratings`", "[report]") {
  std::vector<GameRecord> records;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    records.push_back(random_record("clump:size=6", seed));
    records.back().results = {{1, 1, 0}, {2, 0, 1}};  // alpha (seat 1) wins every game
  }
  const json::object data = report::report_data(records, {});
  const json::object& ratings = data.at("ratings").as_object();
  const json::array& bots = ratings.at("bots").as_array();
  REQUIRE(bots.size() == 2);
  for (const json::value& b : bots) {
    const std::string text(b.at("elo_text").as_string());
    const bool alpha = b.at("name").as_string() == "alpha";
    INFO(text);
    CHECK(text.front() == '~');
    CHECK(text.back() == (alpha ? '+' : '-'));
  }
  CHECK(std::string(ratings.at("marks").as_string()).find("~ held finite by the prior") != std::string::npos);
}

}  // namespace report_test
