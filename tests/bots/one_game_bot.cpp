// Plays its first game correctly, then exits after the first "gameover" instead of
// waiting for the next "newgame": a bot that cannot play many games in one process.
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main() {
  std::string line;
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
    } else if (key == "legal") {
      legal.clear();
      for (std::string m; ss >> m;) legal.push_back(m);
    } else if (key == "go") {
      say("move " + legal.front());
    } else if (key == "gameover" || key == "quit") {
      return 0;
    }
  }
  return 0;
}
