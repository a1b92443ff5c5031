// `arena serve` under attack, through the real binary (docs/serve.md, "Limits"): out of
// descriptors it holds back every finished game rather than show one whose deal is in play
// (fail closed) and its accept loop backs off; stalled event streams leave its memory flat;
// slots are freed when clients go and shared when all are taken; every answer carries the
// Content-Security-Policy; a hard link is not served. Every server runs under a descriptor limit set here
// (prlimit), every connection goes to 127.0.0.1, every loop is bounded, and every process is stopped.
#include <boost/json.hpp>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "records/pgn.h"
#include "tests/bin_path.h"
#include "tests/serve/serve_client.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace serve_attack_test {

using namespace arena;
using namespace servetest;
using shelltest::slurp;

namespace {

using shelltest::kBin;

// Where the `arena` whose own descriptors and memory a test measures is: this build's, or in a
// sanitizer build the normal build's beside it (ARENA_PLAIN_BUILD, as scripts/test sets it), or
// none (a sanitizer build alone).
std::optional<std::string> measured_server_bin() {
#if defined(ARENA_PLAIN_BIN_DIR)
  return std::string(ARENA_PLAIN_BIN_DIR);
#elif defined(__SANITIZE_ADDRESS__)
  return std::nullopt;
#else
  return kBin;
#endif
}

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

// `text` without the state's list of held-back games ("held":[{"r":...,"rn":...},...]).
std::string without_held_list(std::string text) {
  for (std::size_t at = text.find("\"held\":["); at != std::string::npos; at = text.find("\"held\":[", at)) {
    const std::size_t end = text.find(']', at);
    text.erase(at, end == std::string::npos ? std::string::npos : end + 1 - at);
  }
  return text;
}

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
    // The page may say that a game it watched is held back (its round and number, for the
    // viewer's "held back until its table's other game ends"), and nothing else of it: the
    // state's "held" list (also embedded in the page) is left out of the search.
    const std::string body = without_held_list(a.response.body);
    if (a.target == "/api/state" && a.response.status == 200) {
      const boost::json::object state = boost::json::parse(a.response.body).as_object();
      CHECK(state.at("games").as_int64() == 0);
      if (const auto* held = state.if_contains("held"))
        for (const auto& h : held->as_array()) CHECK(h.as_object().size() == 2);
    }
    CHECK(body.find(seed) == std::string::npos);
    CHECK(body.find(round) == std::string::npos);
    CHECK(body.find(records[0].round + "\"]") == std::string::npos);  // the PGN's Round tag
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

namespace {

// CPU time process `pid` has used so far, in clock ticks (utime + stime of /proc/PID/stat).
long cpu_ticks(pid_t pid) {
  const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
  std::istringstream rest(stat.substr(stat.rfind(')') + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stol(field);
    if (i == 15) stime = std::stol(field);
  }
  return utime + stime;
}

// Resident memory of process `pid` in KiB (VmRSS of /proc/PID/status).
long resident_kib(pid_t pid) {
  const std::string status = slurp("/proc/" + std::to_string(pid) + "/status");
  const std::size_t at = status.find("VmRSS:");
  return at == std::string::npos ? 0 : std::stol(status.substr(at + 6));
}

// An event-stream client that never reads: its receive buffer is made small so that the
// server's writes to it back up soon.
int stalled_stream(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  REQUIRE(fd >= 0);
  const int small = 4096;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  const std::string req = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  REQUIRE(::write(fd, req.data(), req.size()) == static_cast<ssize_t>(req.size()));
  return fd;
}

// Whether the server closed connection `fd` (read gives end of file or an error), waiting at
// most `ms`; what it sends before is read and dropped.
bool closed_by_server(int fd, int ms) {
  const auto until = Clock::now() + std::chrono::milliseconds(ms);
  char buf[65536];
  while (Clock::now() < until) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    if (::read(fd, buf, sizeof buf) <= 0) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("serve: out of descriptors the accept loop backs off instead of spinning", "[serve][cli]") {
  // The sanitizer's runtime takes descriptors of its own under the 32 allowed here (a server it
  // reports from may not answer again): a sanitizer build measures the normal build's server.
  const std::optional<std::string> bin = measured_server_bin();
  if (!bin) {
    WARN(
        "not measured under AddressSanitizer without a normal build (ARENA_PLAIN_BUILD): the runtime's own "
        "descriptors count against the limit");
    return;
  }
  TempDir tmp;
  Server server(tmp.path, tmp.path + "/serve.log", "prlimit --nofile=32 ", *bin);
  const pid_t pid = server.process.pid;
  // More connections than descriptors: those the server cannot take wait in its backlog.
  std::vector<int> idle;
  for (int i = 0; i < 80; ++i) idle.push_back(connect_to(server.port));
  REQUIRE(wait_for([&] { return open_descriptors(pid) >= 31; }, 10));
  const long before = cpu_ticks(pid);
  ::sleep(5);
  const long used = cpu_ticks(pid) - before;
  INFO("CPU used in 5 s out of descriptors: " << used << " ticks of 1/" << ::sysconf(_SC_CLK_TCK) << " s");
  CHECK(used * 10 < ::sysconf(_SC_CLK_TCK) * 5);  // under a tenth of the time (it spun at 100%)
  // Refused rather than left waiting: the server closed some of those it could not take.
  int refused = 0;
  for (int fd : idle) refused += closed_by_server(fd, 1);
  CHECK(refused > 0);
  for (int fd : idle) ::close(fd);
  // Descriptors free again: answered as before.
  CHECK(wait_for(
      [&] {
        std::optional<Response> r = try_request(server.port, "/api/state");
        return r && r->status == 200;
      },
      30));
  CHECK(server.process.stop() == 0);
}

TEST_CASE("serve: memory stays flat while event-stream clients stall during a tournament", "[serve][cli]") {
  // AddressSanitizer keeps freed memory in quarantine (256 MB by default) and adds shadow
  // memory: resident size says nothing of the server's own buffers there. A sanitizer build
  // measures the normal build's server.
  const std::optional<std::string> bin = measured_server_bin();
  if (!bin) {
    WARN(
        "not measured under AddressSanitizer without a normal build (ARENA_PLAIN_BUILD): its quarantine "
        "keeps "
        "freed memory resident");
    return;
  }
  TempDir tmp;
  const std::string dir = tmp.path + "/t";
  std::filesystem::create_directories(dir);
  Server server(dir, tmp.path + "/serve.log", "", *bin);
  const pid_t pid = server.process.pid;
  // Moves every few milliseconds in four games at once: the state (each game's number of
  // actions) changes all the time, and long bot names make each state event about 700 bytes.
  const std::string bot = "'" + kBin + "/timing_bot sleep 2'", name(60, 'n');
  Background tournament(kBin + "/arena tournament clump:size=8 --bot a" + name + "=" + bot + " --bot b" +
                            name + "=" + bot + " --games 2000 --concurrency 4 --quiet --out '" + dir + "'",
                        tmp.path + "/tournament.log");
  REQUIRE(wait_for([&] { return in_play(dir, "game-1") || in_play(dir, "game-2"); }, 60));
  std::vector<int> stalled;
  for (int i = 0; i < 64; ++i) stalled.push_back(stalled_stream(server.port));
  // One client asks for the state as fast as it is answered: every answer is a new state, to
  // be sent to every stream. 40 s, at most 200,000 requests.
  const long start_kib = resident_kib(pid);
  long peak_kib = start_kib;
  int answered = 0;
  const auto until = Clock::now() + std::chrono::seconds(40);
  constexpr long kBoundKiB = 64 * 1024;  // docs/serve.md, "Limits"
  for (int i = 0; i < 200000 && Clock::now() < until && peak_kib < 2 * kBoundKiB; ++i) {
    answered += try_request(server.port, "/api/state").has_value();
    if (i % 50 == 0) peak_kib = std::max(peak_kib, resident_kib(pid));
  }
  peak_kib = std::max(peak_kib, resident_kib(pid));
  INFO("resident memory: " << start_kib << " KiB at the start, at most " << peak_kib << " KiB over "
                           << answered << " answers");
  CHECK(answered > 1000);
  CHECK(peak_kib < kBoundKiB);
  // The stalled clients were cut (30 s without taking an event): their slots are free.
  int cut = 0;
  const auto cut_by = Clock::now() + std::chrono::seconds(45);
  for (int fd : stalled)
    cut += closed_by_server(
        fd, static_cast<int>(std::max<std::int64_t>(
                100, std::chrono::duration_cast<std::chrono::milliseconds>(cut_by - Clock::now()).count())));
  CHECK(cut == 64);
  for (int fd : stalled) ::close(fd);
  Events viewer(server.port);
  CHECK(wait_for(
      [&] {
        viewer.read_some(50);
        return !viewer.last_state().empty();
      },
      10));
  tournament.stop();
  CHECK(server.process.stop() == 0);
}

TEST_CASE("serve: an event-stream slot is free as soon as its client goes and shared when all are taken",
          "[serve][cli]") {
  TempDir tmp;
  Server server(tmp.path, tmp.path + "/serve.log");
  const auto fill = [&] {
    std::vector<std::unique_ptr<Events>> streams;
    for (int i = 0; i < 64; ++i) streams.push_back(std::make_unique<Events>(server.port));
    for (auto& s : streams)
      REQUIRE(wait_for(
          [&] {
            s->read_some(20);
            return !s->last_state().empty();
          },
          10));
    return streams;
  };
  std::vector<std::unique_ptr<Events>> first = fill();
  // All taken, and none has had its turn (10 s): a newcomer is told to come back, with the
  // policy header as every answer.
  Response busy = request(server.port, "/events");
  CHECK(busy.status == 503);
  CHECK(busy.head.find("Retry-After: ") != std::string::npos);
  CHECK(busy.head.find("Content-Security-Policy: default-src 'none'") != std::string::npos);
  // Their clients go: 64 others get a slot at once, not after a keep-alive finds them gone.
  first.clear();
  std::vector<std::unique_ptr<Events>> second = fill();
  // After their turn (10 s), the oldest makes room for a newcomer, which is served.
  ::sleep(11);
  Events newcomer(server.port);
  CHECK(wait_for(
      [&] {
        newcomer.read_some(20);
        return !newcomer.last_state().empty();
      },
      10));
  int cut = 0;
  const auto cut_by = Clock::now() + std::chrono::seconds(5);  // the oldest first, then any
  for (auto& s : second)
    cut += closed_by_server(
        s->fd,
        cut == 0
            ? static_cast<int>(std::max<std::int64_t>(
                  100, std::chrono::duration_cast<std::chrono::milliseconds>(cut_by - Clock::now()).count()))
            : 100);
  CHECK(cut == 1);
  CHECK(server.process.stop() == 0);
}

TEST_CASE(
    "serve: every answer carries the policy (scripts by hash only) and HEAD /events no body and "
    "a hard link is not served",
    "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/t";
  REQUIRE(shelltest::run_arena("tournament clump:size=8 --bot a=" + kBin + "/random_bot --bot b=" + kBin +
                               "/random_bot --games 2 --seed 9 --quiet --out '" + dir + "'")
              .status == 0);
  std::ofstream(tmp.path + "/secret.txt") << "SECRET-OUTSIDE\n";
  std::filesystem::remove(dir + "/faults.txt");
  std::filesystem::create_hard_link(tmp.path + "/secret.txt", dir + "/faults.txt");
  Server server(dir, tmp.path + "/serve.log");
  for (const char* target :
       {"/", "/api/state", "/api/data", "/api/replay/1", "/files/ratings.txt", "/nothing", "/../x"}) {
    const Response r = request(server.port, target);
    INFO(target << " -> " << r.status << "\n" << r.head);
    const std::size_t at = r.head.find("Content-Security-Policy: ");
    REQUIRE(at != std::string::npos);
    const std::string policy = r.head.substr(at, r.head.find("\r\n", at) - at);
    CHECK(policy.find("default-src 'none'") != std::string::npos);
    CHECK(policy.find("'unsafe-inline'; style-src") == std::string::npos);
    CHECK(policy.find("script-src 'sha256-") != std::string::npos);
    CHECK(policy.find("'unsafe-eval'") == std::string::npos);
  }
  CHECK(request(server.port, "/", "POST").head.find("Content-Security-Policy: ") != std::string::npos);
  // The stream's head, with the policy too, and nothing after it for HEAD.
  Events events(server.port);
  REQUIRE(wait_for(
      [&] {
        events.read_some(20);
        return !events.last_state().empty();
      },
      10));
  CHECK(events.text.find("Content-Security-Policy: default-src 'none'") != std::string::npos);
  const Response head = request(server.port, "/events", "HEAD");
  CHECK(head.status == 200);
  CHECK(head.head.find("text/event-stream") != std::string::npos);
  CHECK(head.body.empty());
  // A hard link to a file outside the folder, under a name /files/ serves.
  const Response linked = request(server.port, "/files/faults.txt");
  CHECK((linked.status == 403 || linked.status == 404));
  CHECK(linked.body.find("SECRET-OUTSIDE") == std::string::npos);
  CHECK(request(server.port, "/files/ratings.txt").status == 200);
  CHECK(server.process.stop() == 0);
}

}  // namespace serve_attack_test
