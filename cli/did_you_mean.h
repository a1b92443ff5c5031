// "did you mean": the name a mistyped word was most likely meant to be (`tabel` -> `table`,
// `--game` -> `--games`), for the messages of an unknown subcommand or option.
#pragma once

#include <string>
#include <vector>

namespace arena::cli {

// The name of `names` closest to `word`: within one edit (a letter added, dropped, changed,
// or two neighbours swapped) for short words, two for words of 5 letters and more, or the one
// name that `word` begins (3 letters at least). "" when none is that close.
std::string closest_name(const std::string& word, const std::vector<std::string>& names);

}  // namespace arena::cli
