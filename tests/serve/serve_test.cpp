// `arena serve` through the real binary (docs/serve.md): the state, the game list, the standings
// and the event stream of a running tournament, a game in play as a spectator sees it, a game
// that finishes during the test shown within 2 s, path traversal refused, and a bot that reads
// the page while it plays a card game seeing no hidden card and no seed.
#include <fcntl.h>

#include <boost/json.hpp>
#include <map>
#include <set>

#include "engine/core/game.h"
#include "engine/core/picture.h"
#include "engine/core/registry.h"
#include "records/pgn.h"
#include "report/json_patch.h"
#include "report/replay.h"
#include "tests/bin_path.h"
#include "tests/serve/serve_client.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace serve_test {

using namespace arena;
using namespace servetest;
using shelltest::slurp;

namespace {

using shelltest::kBin;

std::vector<GameRecord> records_of(const std::string& pgn) {
  std::vector<PgnError> errors;
  auto games = parse_pgn(slurp(pgn), errors);
  REQUIRE(errors.empty());
  return games;
}

int journal_lines(const std::string& dir) {
  const std::string text = slurp(dir + "/journal.jsonl");
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// The words of a text: its runs of letters and digits.
std::set<std::string> words(const std::string& text) {
  std::set<std::string> out;
  std::string w;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w += c;
    } else if (!w.empty()) {
      out.insert(w);
      w.clear();
    }
  }
  return out;
}

// The cards in a hand or the discards (hidden from a spectator) after each ply of a record,
// from the full table's pictures. (Not the stock: between deals the full picture shows the
// whole deck there, the cards just played included.)
std::vector<std::set<std::string>> hidden_cards(const GameRecord& r) {
  auto game = make_game(r.spec);
  auto state = game->new_initial_state();
  std::vector<std::set<std::string>> out;
  for (std::size_t ply = 0;; ++ply) {
    std::set<std::string> hidden;  // none once the game is over (its picture then shows a new deck)
    for (const PictureZone& z : state->is_terminal() ? std::vector<PictureZone>{} : state->picture(0).zones)
      if (z.name == "hand" || z.name == "discards") hidden.insert(z.cards.begin(), z.cards.end());
    out.push_back(std::move(hidden));
    if (ply == r.actions.size()) return out;
    state->apply(parse_or_throw(*state, r.actions[ply].text));
  }
}

// One answer of /api/live/ID read while the game was in play, against the game's record: the
// view of each action names no card still hidden after it (a dealt or discarded card; a played
// card is public), and the spectator's picture at the end of the answer names no card hidden
// then.
void check_spectator_answer(const GameRecord& r, const std::string& answer) {
  static std::map<std::string, std::vector<std::set<std::string>>> cache;  // by round: rotations share seeds
  auto [it, fresh] = cache.try_emplace(r.round);
  if (fresh) it->second = hidden_cards(r);
  const std::vector<std::set<std::string>>& hidden = it->second;
  const boost::json::object replay = boost::json::parse(answer).as_object();
  const boost::json::array& actions = replay.at("a").as_array();
  REQUIRE(actions.size() < hidden.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string view(actions[i].as_array().at(1).as_string());
    for (const std::string& w : words(view)) {
      INFO("action " << i + 1 << " recorded " << r.actions[i].text << ", served " << view);
      CHECK(hidden[i + 1].count(w) == 0);
    }
  }
  const boost::json::array& frames = replay.at("f").as_array().at(0).as_array();
  boost::json::value picture = frames.at(0);
  for (std::size_t i = 1; i < frames.size(); ++i) picture = report::apply_json_patch(picture, frames[i]);
  for (const std::string& w : words(boost::json::serialize(picture))) {
    INFO("ply " << actions.size() << ": the spectator's picture names " << w);
    CHECK(hidden[actions.size()].count(w) == 0);
  }
}

}  // namespace

TEST_CASE("serve: state, game list, standings and events of a running tournament", "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/t";
  std::filesystem::create_directories(dir);
  Server server(dir, tmp.path + "/serve.log");
  Events events(server.port);
  // Two slow games (200 ms a move), one at a time: the first is watched in play, then finishes.
  Background tournament(kBin + "/arena tournament clump:size=8 --bot slow=" + kBin +
                            "/deliberate_bot --bot r=" + kBin +
                            "/random_bot --games 2 --seed 5 --concurrency 1 --quiet --out '" + dir + "'",
                        tmp.path + "/tournament.log");
  // The game in play: in the stream, and as a spectator's replay with its moves.
  const bool in_play = wait_for([&] {
    events.read_some(50);
    return events.last_state().find("\"id\":\"game-1\"") != std::string::npos &&
           events.last_state().find("\"l\":0") == std::string::npos;
  });
  INFO(slurp(tmp.path + "/tournament.log") << events.text);
  REQUIRE(in_play);
  Response live = request(server.port, "/api/live/game-1");
  REQUIRE(live.status == 200);
  const boost::json::object replay = boost::json::parse(live.body).as_object();
  CHECK(!replay.at("a").as_array().empty());
  CHECK(replay.at("f").as_array().size() == 1);  // one view: the spectator's
  // The games finish: the stream says so within 2 s of the last one's journal line (the first
  // is held back until the second, which replays its seed with the seats swapped, is over).
  Clock::time_point journalled{}, shown{};
  REQUIRE(wait_for([&] {
    events.read_some(10);
    if (journalled == Clock::time_point{} && journal_lines(dir) >= 2) journalled = Clock::now();
    if (shown == Clock::time_point{} &&
        events.last_state().find("\"games\":2,\"live\":[]") != std::string::npos)
      shown = Clock::now();
    return journalled != Clock::time_point{} && shown != Clock::time_point{};
  }));
  CHECK(shown - journalled < std::chrono::seconds(2));
  // Game 1's record never shown while game 2, which replays its deal, was in play.
  for (std::size_t at = events.text.find("\"games\":1,"); at != std::string::npos;
       at = events.text.find("\"games\":1,", at + 1))
    CHECK(events.text.substr(at, events.text.find('\n', at) - at).find("game-2") == std::string::npos);
  const Response data = request(server.port, "/api/data");
  REQUIRE(data.status == 200);
  const boost::json::object d = boost::json::parse(data.body).as_object();
  CHECK(d.at("games").as_array().size() == 2);
  CHECK(d.at("ratings").as_object().contains("bots"));  // the standings
  CHECK(request(server.port, "/api/replay/1").status == 200);
  CHECK(request(server.port, "/api/replay/99").status == 404);
  const int status = tournament.wait();
  INFO(slurp(tmp.path + "/tournament.log"));
  REQUIRE(status == 0);
  CHECK(std::filesystem::is_empty(dir + "/live"));
  const Response page = request(server.port, "/");
  CHECK(page.status == 200);
  CHECK(page.body.find("EventSource") != std::string::npos);
  CHECK(page.body.find(" src=") == std::string::npos);  // no external resource
  CHECK(page.body.find("href=\"http") == std::string::npos);
  CHECK(page.head.find("Content-Security-Policy: default-src 'none'") != std::string::npos);
  const Response head = request(server.port, "/", "HEAD");
  CHECK(head.status == 200);
  CHECK(head.body.empty());
  CHECK(request(server.port, "/", "POST").status == 405);
  CHECK(request(server.port, "/files/ratings.txt").status == 200);
  CHECK(server.process.stop() == 0);
  CHECK(slurp(tmp.path + "/serve.log").find("stopped") != std::string::npos);
}

TEST_CASE("serve: nothing outside the folder, nor its seeds, logs or live files", "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/t";
  REQUIRE(shelltest::run_arena("tournament clump:size=8 --bot a=" + kBin + "/random_bot --bot b=" + kBin +
                               "/random_bot --games 2 --seed 9 --quiet --out '" + dir + "'")
              .status == 0);
  std::ofstream(tmp.path + "/secret.txt") << "SECRET-OUTSIDE\n";
  std::filesystem::remove(dir + "/crosstable.csv");
  std::filesystem::create_symlink(tmp.path + "/secret.txt", dir + "/crosstable.csv");  // points out
  // The live file of a run killed with -9: its lock is free.
  std::filesystem::create_directories(dir + "/live/host-1-gone");
  std::ofstream(dir + "/live/host-1-gone/lock");
  std::ofstream(dir + "/live/host-1-gone/game-9.live")
      << "arena-live 1\nnumber 9\npid 1\nspec clump\nactions\n";
  Server server(dir, tmp.path + "/serve.log");
  const std::vector<std::string> forbidden = {"/../secret.txt",
                                              "/files/../secret.txt",
                                              "/files/..%2fsecret.txt",
                                              "/files/%2e%2e/secret.txt",
                                              "/files/%2E%2E%2Fsecret.txt",
                                              "/%2e%2e/%2e%2e/etc/passwd",
                                              "/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
                                              "//etc/passwd",
                                              "/files//etc/passwd",
                                              "/files/%00ratings.txt",
                                              "/files/..%5csecret.txt",
                                              "http://127.0.0.1/../secret.txt",
                                              "/api/live/..",
                                              "/api/live/%2e%2e%2fgame-1",
                                              "/files/crosstable.csv"};
  for (const std::string& target : forbidden) {
    const Response r = request(server.port, target);
    INFO(target << " -> " << r.status << "\n" << r.body);
    CHECK((r.status == 403 || r.status == 404 || r.status == 400));
    CHECK(r.body.find("SECRET-OUTSIDE") == std::string::npos);
    CHECK(r.body.find("root:") == std::string::npos);
  }
  CHECK(request(server.port, "/files/crosstable.csv").status == 403);  // the symlink out
  for (const char* target :
       {"/files/tournament.json", "/files/journal.jsonl", "/files/logs", "/tournament.json", "/files/live",
        "/live/host-1-gone/game-9.live", "/api/live/game-9", "/api/replay/0", "/api/replay/-1", "/nothing"}) {
    INFO(target);
    CHECK(request(server.port, target).status == 404);
  }
  CHECK(request(server.port, "/files/ratings.txt").status == 200);
  CHECK(request(server.port, "/files/games.pgn").status == 200);  // finished games only
  CHECK(server.process.stop() == 0);
}

TEST_CASE("serve: a bot reading the page while it plays flume-cards sees no hidden card and no seed",
          "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/t", spied = tmp.path + "/spied.txt";
  std::filesystem::create_directories(dir);
  Server server(dir, tmp.path + "/serve.log");
  const std::string spy = "'" + kBin + "/spy_bot " + std::to_string(server.port) + " " + spied + "'";
  Background tournament(kBin + "/arena tournament flume-cards:players=4,target=5 --bot spy=" + spy +
                            " --bot a=" + kBin + "/random_bot --bot b=" + kBin +
                            "/random_bot --bot c=" + kBin +
                            "/random_bot --games 1 --seed 77 --concurrency 1 --quiet --out '" + dir + "'",
                        tmp.path + "/tournament.log");
  const int status = tournament.wait(300);
  INFO(slurp(tmp.path + "/tournament.log"));
  REQUIRE(status == 0);
  CHECK(server.process.stop() == 0);
  const std::vector<GameRecord> records = records_of(dir + "/games.pgn");
  REQUIRE(!records.empty());
  const std::string text = slurp(spied);
  // Every answer the spy read while game N was in play, checked against that game's record.
  int checked = 0;
  for (std::size_t at = text.find("=== /api/live/game-"); at != std::string::npos;
       at = text.find("=== /api/live/game-", at + 1)) {
    const int number = std::stoi(text.substr(at + 19));
    const std::size_t body = text.find('\n', at) + 1;
    const std::string answer = text.substr(body, text.find("\n=== ", body) - body);
    if (answer.empty() || answer.starts_with("not found")) continue;  // the game ended in between
    REQUIRE(number >= 1);
    REQUIRE(number <= static_cast<int>(records.size()));
    check_spectator_answer(records[static_cast<std::size_t>(number - 1)], answer);
    ++checked;
  }
  std::string states;  // what the state said at each of the spy's moves, for a failure's message
  for (std::size_t at = text.find("=== /api/state\n"); at != std::string::npos && states.size() < 4000;
       at = text.find("=== /api/state\n", at + 1))
    states += text.substr(at + 15, text.find('\n', at + 15) - at - 15).substr(0, 120) + "\n";
  INFO(states);
  CHECK(checked >= 5);  // the spy really saw games in play
  // No seed of the game the spy was playing in any answer it read then. The spy plays every
  // game, one at a time, each in a fresh process: its k-th process id is game k's. And at every
  // one of its moves, its first included, the state lists that game in play: the server reads
  // the folder before it answers, and a game's live file exists before its first move is asked.
  std::vector<std::string> pids;
  int seeds_checked = 0, states_checked = 0;
  for (std::size_t at = text.find("=== "); at != std::string::npos;) {
    const std::size_t next = text.find("\n=== ", at + 1);
    const std::string block = text.substr(at, next == std::string::npos ? std::string::npos : next - at);
    if (block.starts_with("=== pid ")) {
      const std::string pid = block.substr(8, block.find('\n') - 8);
      if (pids.empty() || pids.back() != pid) pids.push_back(pid);
    } else if (!pids.empty()) {
      REQUIRE(pids.size() <= records.size());
      INFO("game " << pids.size() << " in play; its seed is in " << block.substr(0, 40));
      CHECK(words(block).count(std::to_string(records[pids.size() - 1].seed)) == 0);
      ++seeds_checked;
      if (block.starts_with("=== /api/state\n")) {
        INFO("game " << pids.size() << " in play, the state read at a move of its: " << block.substr(0, 200));
        CHECK(block.find("\"id\":\"game-" + std::to_string(pids.size()) + "\"") != std::string::npos);
        ++states_checked;
      }
    }
    at = next == std::string::npos ? next : next + 1;
  }
  CHECK(pids.size() == records.size());
  CHECK(seeds_checked >= 5);
  CHECK(states_checked >= static_cast<int>(records.size()));  // one at each of the spy's moves
  CHECK(text.find("=== /api/replay/1\nnot found") != std::string::npos);
}

namespace {

// A live folder DIR/live/OWNER/ as a run makes it (tournaments/live_games.h), its lock held by
// this process while `alive`, with one game in play named `game`.
struct OwnerFolder {
  int lock = -1;
  OwnerFolder(const std::string& folder, const std::string& game, bool alive) {
    std::filesystem::create_directories(folder);
    lock = ::open((folder + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    REQUIRE(lock >= 0);
    struct flock whole {};
    whole.l_type = F_WRLCK;
    whole.l_whence = SEEK_SET;
    if (alive) REQUIRE(::fcntl(lock, F_OFD_SETLK, &whole) == 0);
    std::ofstream(folder + "/" + game + ".live") << "arena-live 1\nnumber 0\npid " << ::getpid()
                                                 << "\nspec clump:size=6\nseat 1 x\nseat 2 y\nactions\n";
  }
  ~OwnerFolder() { ::close(lock); }
};

std::vector<std::string> live_ids(int port) {
  std::vector<std::string> ids;
  const boost::json::value state = boost::json::parse(request(port, "/api/state").body);
  for (const auto& l : state.at("live").as_array())
    ids.push_back(std::string(l.as_object().at("id").as_string()));
  return ids;
}

}  // namespace

TEST_CASE("serve: each run writes live files to a folder of its own and the held lists are joined",
          "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/league";
  REQUIRE(shelltest::run_arena("league new '" + dir + "' clump:size=6").status == 0);
  for (const char* bot : {"a", "b"})
    REQUIRE(shelltest::run_arena("league add '" + dir + "' " + bot + "=" + kBin + "/random_bot").status == 0);
  // Another worker's folder (this process holds its lock: it lives) and a gone one's.
  OwnerFolder other(dir + "/live/elsewhere-7-alive", "league-99-1-1", true);
  OwnerFolder gone(dir + "/live/elsewhere-8-gone", "league-98-1-1", false);
  Server server(dir, tmp.path + "/serve.log");
  CHECK(live_ids(server.port) == std::vector<std::string>{"league-99-1-1"});

  const shelltest::Run run = shelltest::run_arena("league run '" + dir + "' --games 2 --quiet");
  INFO(run.out);
  REQUIRE(run.status == 0);
  // The run removed the gone worker's folder and its own, not the living worker's.
  CHECK_FALSE(std::filesystem::exists(dir + "/live/elsewhere-8-gone"));
  CHECK(std::filesystem::exists(dir + "/live/elsewhere-7-alive/league-99-1-1.live"));
  std::vector<std::string> left;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/live"))
    left.push_back(e.path().filename());
  CHECK(left == std::vector<std::string>{"elsewhere-7-alive"});
  CHECK(live_ids(server.port) == std::vector<std::string>{"league-99-1-1"});
  CHECK(boost::json::parse(request(server.port, "/api/state").body).as_object().at("games").as_int64() == 2);

  // A finished game the other worker's list holds back is not served.
  const std::vector<GameRecord> records = [&] {
    std::vector<PgnError> errors;
    return parse_pgn(shelltest::run_arena("league export '" + dir + "'").out, errors);
  }();
  REQUIRE(records.size() == 2);
  std::ofstream(dir + "/live/elsewhere-7-alive/held.txt") << records[0].round << "\n";
  const boost::json::object state = boost::json::parse(request(server.port, "/api/state").body).as_object();
  CHECK(state.at("games").as_int64() == 1);
  CHECK(request(server.port, "/api/data").body.find("\"" + records[0].round + "\"") == std::string::npos);
  CHECK(request(server.port, "/api/replay/2").status == 404);
  CHECK(server.process.stop() == 0);
}

}  // namespace serve_test
