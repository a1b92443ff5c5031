// A bot's text is shown escaped: on the terminal, in records and in logs (protocol/bot_text.h).
#include "protocol/bot_text.h"

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "referee_test_util.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace bot_text_test {

using arena::protocol::printable;

namespace {

bool has_raw_control(const std::string& s) {
  for (unsigned char c : s)
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return true;
  return false;
}

// Every byte sequence valid UTF-8 (RFC 3629), checked independently of printable().
bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

using shelltest::run_arena;

}  // namespace

TEST_CASE("bot text: control bytes and invalid UTF-8 are escaped, characters kept whole", "[referee]") {
  CHECK(printable("plain e2-e4", 100) == "plain e2-e4");
  CHECK(printable("\x1b[2J\x07\r", 100) == "\\x1B[2J\\x07\\x0D");
  CHECK(printable("a\xff"
                  "b",
                  100) == "a\\xFFb");
  CHECK(printable("\xc2\x9b"
                  "31m",
                  100) == "\\xC2\\x9B31m");                    // C1 CSI
  CHECK(printable("\xed\xa0\x80", 100) == "\\xED\\xA0\\x80");  // a surrogate
  CHECK(printable("\xc0\xaf", 100) == "\\xC0\\xAF");           // overlong '/'
  CHECK(printable("Ünï", 100) == "Ünï");
  CHECK(printable("aÜ", 2) == "a...");  // never half a character
  CHECK(printable("abc", 3) == "abc");
  CHECK(printable("abcd", 3) == "abc...");
  const std::string once = printable("\x1b\xff Ü", 100);
  CHECK(printable(once, 100) == once);  // idempotent
}

TEST_CASE("bot text: escape sequences in a handshake or a move never reach the terminal or the record",
          "[adversarial]") {
  const std::string tag = reftest::new_tag();
  const std::string exe = reftest::bin("escape_bot");
  char dir_template[] = "/tmp/arena-escape-XXXXXX";
  REQUIRE(::mkdtemp(dir_template));
  const std::string dir = dir_template;
  const std::string handshake =
      run_arena("match clump:size=4 --games 2 --seed 1 --bot evil=\"" + exe + " name " + tag +
                "\" --bot good=" + reftest::bin("random_bot") + " -o " + dir + "/h.pgn")
          .out;
  INFO(handshake);
  CHECK(handshake.find("\\x1B]0;pwned\\x07") != std::string::npos);
  CHECK_FALSE(has_raw_control(handshake));
  const std::string move = run_arena("match clump:size=4 --games 2 --seed 1 --bot evil=\"" + exe + " " + tag +
                                     "\" --bot good=" + reftest::bin("random_bot") + " -o " + dir +
                                     "/m.pgn --log-dir " + dir + "/logs")
                               .out;
  INFO(move);
  CHECK_FALSE(has_raw_control(move));
  CHECK(valid_utf8(move));
  std::ifstream in(dir + "/m.pgn");
  std::stringstream pgn;
  pgn << in.rdbuf();
  INFO(pgn.str());
  CHECK(pgn.str().find("TerminationDetail") != std::string::npos);
  CHECK(pgn.str().find("\\\\x1B[31mred\\\\xFF") != std::string::npos);  // \x1B as text, PGN-escaped
  CHECK_FALSE(has_raw_control(pgn.str()));
  CHECK(valid_utf8(pgn.str()));
  // The bot's name and author reach its log, escaped too.
  std::string logs;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/logs")) {
    std::ifstream f(e.path());
    std::stringstream ss;
    ss << f.rdbuf();
    logs += ss.str();
  }
  CHECK(logs.find("ready: name 'Ünïcödé bot'") != std::string::npos);
  std::filesystem::remove_all(dir);
  CHECK(reftest::processes_left(tag).empty());
}

}  // namespace bot_text_test
