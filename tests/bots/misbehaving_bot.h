// Shared skeleton of the misbehaving test bots: a correct protocol loop that plays the
// first legal move, with hooks where each bot goes wrong.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace testbot {

struct Hooks {
  bool handshake = true;
  // Called on "go" with the legal moves and the 1-based count of this bot's decisions;
  // returns true when it handled the decision itself (wrote or did something else).
  bool (*on_go)(const std::vector<std::string>& legal, int decision) = nullptr;
  void (*on_quit)() = nullptr;
};

inline void say(const std::string& line) {
  std::fputs((line + "\n").c_str(), stdout);
  std::fflush(stdout);
}

inline int run(const Hooks& hooks) {
  std::string line;
  std::vector<std::string> legal;
  int decision = 0;
  while (std::getline(std::cin, line)) {
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "arena" && hooks.handshake) {
      say("name misbehaving");
      say("ready");
    } else if (key == "legal") {
      legal.clear();
      for (std::string m; ss >> m;) legal.push_back(m);
    } else if (key == "go") {
      ++decision;
      if (hooks.on_go && hooks.on_go(legal, decision)) continue;
      say("move " + legal.front());
    } else if (key == "quit") {
      if (hooks.on_quit) hooks.on_quit();
      return 0;
    }
  }
  return 0;
}

inline void sleep_ms(long ms) { ::usleep(static_cast<useconds_t>(ms) * 1000); }

}  // namespace testbot
