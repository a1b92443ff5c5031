// Appends every line it receives, as received, to the file named by its argument, and plays
// the first legal move: the referee's lines to a seat, kept for comparison with what
// `arena repro --print-lines` regenerates from the record.
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "misbehaving_bot.h"

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::FILE* out = std::fopen(argv[1], "ab");
  if (!out) return 2;
  std::string line;
  std::vector<std::string> legal;
  while (std::getline(std::cin, line)) {
    std::fputs((line + "\n").c_str(), out);
    std::fflush(out);
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "arena") {
      testbot::say("name echo");
      testbot::say("ready");
    } else if (key == "legal") {
      legal.clear();
      for (std::string m; ss >> m;) legal.push_back(m);
    } else if (key == "go") {
      testbot::say("move " + legal.front());
    } else if (key == "quit") {
      break;
    }
  }
  std::fclose(out);
  return 0;
}
