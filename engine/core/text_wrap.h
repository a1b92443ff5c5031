// Fitting text meant for a person to a terminal's width: the layouts of State::render_for
// stay within 80 columns however many seats or cards a line lists.
#pragma once

#include <cstddef>
#include <string>

namespace arena {

// Every line of `text` longer than `width` broken at spaces, the rest of it continued on
// lines indented four columns more than the line's own indent. A word longer than a line
// stands alone.
std::string wrap_to_width(const std::string& text, std::size_t width = 80);

}  // namespace arena
