// The scale of a standing league (issue 27, docs/performance.md "A league of 200 bots and a
// million games"): fills a league folder made by `arena league new` with BOTS bots and GAMES
// synthetic games directly through the store API (league/league_summary.h's tallies with
// each), not by playing them. bench/league_scale.sh then times `arena league table` and
// `arena league run` on it through the binary.
//
// Each game is a copy of TEMPLATE (the PGN of one real game of the league's game, whose moves
// and times it keeps) with two bots drawn at random, the seats in random order and the result
// drawn from a Bradley-Terry model of fixed strengths (bot k at 4·k Elo; 5% draws). A few bots
// are versions of another (their games against the parent are 1 in 200). So the records are
// as long as real ones and the tallies as many as a real league's of these bots.
//
//   league_scale_bench DIR TEMPLATE.pgn BOT_COMMAND [--bots 200] [--games 1000000]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "league/league_summary.h"
#include "records/game_summary.h"
#include "records/pgn.h"
#include "store/league_store.h"

using namespace arena;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kVersions = 5;  // bots 1, 3, ... 9 are versions of bots 0, 2, ... 8

std::string name_of(int k) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "bot%03d", k);
  return buf;
}

GameRecord read_template(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<PgnError> errors;
  std::vector<GameRecord> records = parse_pgn(text.str(), errors);
  if (records.empty() || records[0].players.size() != 2) {
    std::fprintf(stderr, "%s: no two-seat game\n", path.c_str());
    std::exit(2);
  }
  return records[0];
}

// One synthetic game: bots a and b (a in seat 1), a's result drawn from their strengths.
GameRecord synthetic(const GameRecord& base, int a, int b, long index, std::mt19937_64& rng) {
  GameRecord r = base;
  r.players = {name_of(a), name_of(b)};
  r.seed = static_cast<std::uint64_t>(index / 2 + 1);  // two games per seed, as a league's tables
  r.round = std::to_string(index / 2 + 1) + ".1." + std::to_string(index % 2 + 1);
  const double p_a = 1 / (1 + std::pow(10.0, (4.0 * b - 4.0 * a) / 400));
  const double u = std::uniform_real_distribution<double>(0, 1)(rng);
  const int rank_a = u < 0.05 ? 1 : u < 0.05 + 0.95 * p_a ? 1 : 2, rank_b = u < 0.05 ? 1 : 3 - rank_a;
  r.results[0].rank = rank_a;
  r.results[1].rank = rank_b;
  r.results[0].score = rank_a < rank_b ? 1 : rank_a == rank_b ? 0.5 : 0;
  r.results[1].score = 1 - r.results[0].score;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: league_scale_bench DIR TEMPLATE.pgn BOT_COMMAND [--bots N] [--games N]\n");
    return 2;
  }
  int bots = 200;
  long games = 1000000;
  for (int i = 4; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--bots")) bots = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--games")) games = std::atol(argv[i + 1]);
  }
  const GameRecord base = read_template(argv[2]);
  auto store = open_league_store(argv[1]);
  ensure_tallied(*store, argv[1]);
  std::vector<LeagueBot> league;
  for (int k = 0; k < bots; ++k) {
    LeagueBot b{name_of(k), argv[3], ".", "", "", false};
    if (k % 2 == 1 && k < 2 * kVersions) b.parent = name_of(k - 1);
    store->add_bot(b);
    league.push_back(b);
  }
  std::mt19937_64 rng(2026);
  const auto start = Clock::now();
  std::vector<GameToKeep> chunk;
  for (long g = 0; g < games; g += 2) {
    // Two games per table, seats swapped: 1 table in 200 a version against its parent.
    int a = static_cast<int>(rng() % bots), b = static_cast<int>(rng() % (bots - 1));
    if (rng() % 200 == 0)
      a = 2 * static_cast<int>(rng() % kVersions) + 1, b = a - 1;
    else if (b >= a)
      ++b;
    for (int k = 0; k < 2 && g + k < games; ++k) {
      const GameRecord r = k == 0 ? synthetic(base, a, b, g, rng) : synthetic(base, b, a, g + 1, rng);
      chunk.push_back({format_pgn(r), game_tallies(r, league), summary_text(summarize(r))});
    }
    if (chunk.size() >= 20000 || g + 2 >= games) {
      store->add_games(chunk);
      chunk.clear();
      std::fprintf(stderr, "\r%ld games", std::min(g + 2, games));
    }
  }
  std::fprintf(stderr, "\n");
  std::printf("filled %ld games of %d bots in %.1f s\n", games, bots,
              std::chrono::duration<double>(Clock::now() - start).count());
  return 0;
}
