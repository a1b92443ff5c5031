// Puts its move line across a boundary of the referee's reads: one write(2) holds an info
// line of about 4 KiB and then the move, the info line's length shifted by one byte per
// decision so that the 4096-byte mark falls on every byte of the move line in turn (and the
// move sometimes starts exactly at it). Every 7th decision the info line is 60 KiB, longer
// than many reads but under the referee's 64 KiB line cap.
#include "misbehaving_bot.h"
#include "raw_write.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int decision) {
    const std::size_t info_bytes = decision % 7 == 0 ? 60000 : 4096 - static_cast<std::size_t>(decision % 12);
    std::string text = "info string ";
    text.append(info_bytes - text.size() - 1, 'x');
    text += "\nmove " + legal.front() + "\n";
    testbot::raw_write(text);
    return true;
  };
  return testbot::run(h);
}
