// Plays the first legal move and follows the protocol to the letter, except in one rare
// situation: when it is asked to act again right after its own action (a multi-step turn,
// e.g. Flume's second placement), it crashes (SIGABRT). For `arena check-bot` tests.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main() {
  std::string line, my_seat, last_actor;
  std::vector<std::string> legal;
  auto say = [](const std::string& s) {
    std::fputs((s + "\n").c_str(), stdout);
    std::fflush(stdout);
  };
  while (std::getline(std::cin, line)) {
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "arena") {
      say("ready");
    } else if (key == "newgame") {
      std::string spec;
      ss >> spec >> my_seat;
      last_actor.clear();
    } else if (key == "event") {
      ss >> last_actor;
    } else if (key == "legal") {
      legal.clear();
      for (std::string m; ss >> m;) legal.push_back(m);
    } else if (key == "go") {
      if (last_actor == my_seat) std::abort();
      say("move " + legal.front());
    } else if (key == "quit") {
      return 0;
    }
  }
  return 0;
}
