// Remembers everything: plays its first legal move, and appends a line per game to the file
// named by its first argument: its pid, the game's number in this process, and every card or
// tile it has been shown (its own hand) in this process so far. A test reads what each process
// could know when a game began.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::set<std::string> seen;  // every event token this process was shown, ever
  std::vector<std::string> legal;
  int games = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "arena") {
      std::cout << "name memory\nready" << std::endl;
    } else if (key == "newgame") {
      ++games;
      std::ofstream out(argv[1], std::ios::app);
      out << ::getpid() << ' ' << games << ' ' << seen.size() << '\n';
    } else if (key == "event") {
      std::string actor, token;
      ss >> actor >> token;
      if (actor == "chance" && token.find('?') == std::string::npos) seen.insert(token);
    } else if (key == "legal") {
      legal.clear();
      for (std::string m; ss >> m;) legal.push_back(m);
    } else if (key == "go") {
      std::cout << "move " << legal.front() << std::endl;
    } else if (key == "quit") {
      return 0;
    }
  }
  return 0;
}
