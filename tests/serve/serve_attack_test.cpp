// `arena serve` under attack, through the real binary (docs/serve.md, "Limits"): out of
// descriptors it holds back every finished game rather than show one whose deal is in play
// (fail closed). Every server runs under a descriptor limit set here (prlimit), every
// connection goes to 127.0.0.1, every loop is bounded, and every process is stopped.
#include <boost/json.hpp>
#include <memory>

#include "records/pgn.h"
#include "tests/serve/serve_client.h"

using namespace arena;
using namespace servetest;
using shelltest::slurp;

namespace {

const std::string kBin = ARENA_BIN_DIR;

int journal_lines(const std::string& dir) {
  const std::string text = slurp(dir + "/journal.jsonl");
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Whether game `name` is in play: its live file is in some run's folder (DIR/live/OWNER/).
bool in_play(const std::string& dir, const std::string& name) {
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir + "/live", ec), end; !ec && it != end; it.increment(ec))
    if (std::filesystem::exists(it->path() / (name + ".live"))) return true;
  return false;
}

struct Answer {
  std::string target;
  Response response;
};

}  // namespace

TEST_CASE("serve: out of descriptors the server holds back every finished game (fail closed)",
          "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/t";
  std::filesystem::create_directories(dir);
  constexpr int kLimit = 40;
  Server server(dir, tmp.path + "/serve.log", "prlimit --nofile=" + std::to_string(kLimit) + " ");
  const pid_t pid = server.process.pid;
  // A pair of Flush games on one deal: game 2 replays game 1's deal with the seats swapped, so
  // game 1's record (its seed, its deal, its result) stays back while game 2 plays. Each game
  // lasts about 15 s whatever the machine's load: slow_bot's clock runs out at its second move.
  Background tournament(
      kBin + "/arena tournament flush:players=2 --bot a=" + kBin + "/slow_bot --bot b=" + kBin +
          "/random_bot --games 2 --seed 11 --tc 15+0 --concurrency 1 --quiet --out '" + dir + "'",
      tmp.path + "/tournament.log");
  REQUIRE(wait_for([&] { return journal_lines(dir) == 1 && in_play(dir, "game-2"); }, 120));
  REQUIRE(boost::json::parse(request(server.port, "/api/state").body).at("games").as_int64() == 0);

  // Event streams until the server has one descriptor left: enough to take a request, not to
  // open a file while answering it.
  // (The fewest of a few looks: a poll holds a descriptor or two for a moment.)
  const auto held_open = [&] {
    int fewest = kLimit;
    for (int i = 0; i < 3; ++i, ::usleep(5 * 1000)) fewest = std::min(fewest, open_descriptors(pid, kLimit));
    return fewest;
  };
  std::vector<std::unique_ptr<Events>> streams;
  for (int open = held_open(); open < kLimit - 1 && streams.size() < kLimit; open = held_open()) {
    streams.push_back(std::make_unique<Events>(server.port));
    wait_for([&] { return open_descriptors(pid, kLimit) > open; }, 10);
    for (auto& s : streams) s->read_some(0);
  }
  // Every address that shows finished games, asked again and again while game 2 is in play.
  const std::vector<std::string> targets = {"/files/games.pgn", "/api/data", "/api/state", "/api/replay/1",
                                            "/"};
  std::vector<Answer> answers;
  const auto until = Clock::now() + std::chrono::seconds(10);
  for (int i = 0; i < 400 && Clock::now() < until && in_play(dir, "game-2"); ++i) {
    const std::string& target = targets[static_cast<std::size_t>(i) % targets.size()];
    std::optional<Response> r = try_request(server.port, target);
    for (auto& s : streams) s->read_some(0);
    if (r && in_play(dir, "game-2")) answers.push_back(Answer{target, std::move(*r)});
    ::usleep(20 * 1000);
  }
  std::string streamed;
  for (auto& s : streams) streamed += s->text;
  streams.clear();
  tournament.stop();  // game 1's record is all the checks need
  {
    const int stopped = server.process.stop();
    const std::string log = slurp(tmp.path + "/serve.log");
    INFO(log.substr(0, 400) << " ... " << log.substr(log.size() > 400 ? log.size() - 400 : 0));
    CHECK(stopped == 0);
  }

  std::vector<PgnError> errors;
  const std::vector<GameRecord> records = parse_pgn(slurp(dir + "/games.pgn"), errors);
  REQUIRE(!records.empty());
  const std::string seed = std::to_string(records[0].seed), round = "\"" + records[0].round + "\"";
  INFO(slurp(tmp.path + "/serve.log"));
  CHECK(answers.size() >= 5);
  for (const Answer& a : answers) {
    INFO(a.target << " answered " << a.response.status << " while game 2 was in play:\n"
                  << a.response.body.substr(0, 600));
    CHECK(a.response.body.find(seed) == std::string::npos);
    CHECK(a.response.body.find(round) == std::string::npos);
    CHECK(a.response.body.find(records[0].round + "\"]") == std::string::npos);  // the PGN's Round tag
    if (a.target == "/api/state" && a.response.status == 200)
      CHECK(boost::json::parse(a.response.body).at("games").as_int64() == 0);
    if (a.target == "/api/data" && a.response.status == 200)
      CHECK(boost::json::parse(a.response.body).at("games").as_array().empty());
    if (a.target == "/api/replay/1") CHECK(a.response.status != 200);
  }
  // No state event counted game 1 while game 2 was still listed in play.
  for (std::size_t at = streamed.find("\"games\":1,"); at != std::string::npos;
       at = streamed.find("\"games\":1,", at + 1))
    CHECK(streamed.substr(at, streamed.find('\n', at) - at).find("game-2") == std::string::npos);
  // The fail-closed path was taken: the server could not read the held lists and said so.
  CHECK(slurp(tmp.path + "/serve.log").find("every finished game is held back") != std::string::npos);
}
