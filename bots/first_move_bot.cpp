// First-move bot: answers every "go" at once with the first move of the last "legal" line.
// It exists to measure the referee: it does no thinking, reads stdin in large blocks with
// read(2) and answers with a single write(2), so nearly all of a match's time is the
// referee's and the pipes'. Plays every game as long as the referee sends legal moves.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

namespace {

bool write_all(std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(1, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool starts_with(std::string_view line, std::string_view word) {
  return line.size() >= word.size() && line.substr(0, word.size()) == word &&
         (line.size() == word.size() || line[word.size()] == ' ');
}

}  // namespace

int main() {
  std::string input, first_legal, answer;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(0, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    input.append(buf, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t nl; (nl = input.find('\n', start)) != std::string::npos; start = nl + 1) {
      std::string_view line(input.data() + start, nl - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (starts_with(line, "arena")) {
        answer += "name first-move\nready\n";
      } else if (starts_with(line, "legal")) {
        std::string_view rest = line.substr(line.size() > 6 ? 6 : line.size());
        first_legal.assign(rest.substr(0, rest.find(' ')));
      } else if (starts_with(line, "go")) {
        answer += "move " + first_legal + "\n";
      } else if (starts_with(line, "quit")) {
        write_all(answer);
        return 0;
      }
    }
    input.erase(0, start);
    // Everything answered in one go, once the input read so far is consumed.
    if (!answer.empty()) {
      if (!write_all(answer)) return 0;
      answer.clear();
    }
  }
}
