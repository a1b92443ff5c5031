// Says what it thinks: at every decision one line on standard error ("chatty: seat S turn D obs
// ply K": its D-th decision of the game, at the `obs ply` it was sent, so a test can hold every
// place that numbers decisions to the bot's own view), then `info value`, `info mark` and `info
// data` lines, then the first legal move (tests/cli/bot_lines_test.cpp, tests/cli/decision_numbers_test.cpp,
// tests/browser/report_test.mjs). Its value is +D/10 in seat 1 and -D/10 in the others; it marks
// the first cell of the move it plays, with the note "zebra-D". With
// "--spy FILE" it appends every line it is sent to FILE, so a test can check that no bot ever
// hears another's lines.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

void say(const std::string& line) {
  std::fputs((line + "\n").c_str(), stdout);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::ofstream spy;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--spy") == 0) spy.open(argv[i + 1], std::ios::app);
  std::string line;
  std::vector<std::string> legal;
  int decision = 0, seat = 1;
  std::string obs_ply = "?";
  while (std::getline(std::cin, line)) {
    if (spy.is_open()) spy << line << '\n' << std::flush;
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "arena") {
      say("name chatty");
      say("ready");
    } else if (key == "newgame") {
      std::string spec;
      ss >> spec >> seat;
      decision = 0;
    } else if (key == "obs") {
      std::string what;
      if (ss >> what && what == "ply") ss >> obs_ply;
    } else if (key == "legal") {
      legal.clear();
      for (std::string m; ss >> m;) legal.push_back(m);
    } else if (key == "go") {
      ++decision;
      const std::string move = legal.front();
      const std::string cell = move.substr(0, move.find('-'));
      // One write to stderr before anything on stdout: the referee must hear it first.
      std::fprintf(stderr, "chatty: seat %d turn %d obs ply %s\n", seat, decision, obs_ply.c_str());
      std::fflush(stderr);
      const double value = (seat == 1 ? 1 : -1) * decision / 10.0;
      std::ostringstream v;
      v << value;
      say("info value " + v.str());
      say("info mark " + cell + " zebra-" + std::to_string(decision));
      say("info data nodes " + std::to_string(decision * 100));
      say("move " + move);
      obs_ply = "?";
    } else if (key == "quit") {
      return 0;
    }
  }
  return 0;
}
