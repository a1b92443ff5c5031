// LZMA-compressed, base-85 replays (report/replay_pack.h), with Debian's liblzma. LZMA rather
// than zlib's deflate: a card game's replay repeats itself at distances far beyond deflate's
// 32 KB window (each hand's pictures and lines are like the last hand's), and LZMA's window is
// the whole replay: 40% smaller for a four-seat flume-cards game (docs/performance.md).
#include "report/replay_pack.h"

#include <lzma.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "engine/core/user_error.h"

namespace arena::report {

namespace {

// RFC 1924's digits with '.' in place of '<' (report/replay_pack.h).
constexpr char kDigits[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;.=>?@^_`{|}~";

// Each 4 bytes (big-endian) as 5 digits, most significant first; a last group of n < 4 bytes
// is padded with zeros and written as its first n + 1 digits (as Python's b85encode).
std::string base85(const std::string& data) {
  std::string out;
  out.reserve(data.size() / 4 * 5 + 5);
  for (std::size_t i = 0; i < data.size(); i += 4) {
    std::uint32_t n = 0;
    for (std::size_t k = 0; k < 4; ++k)
      n = (n << 8) | (i + k < data.size() ? static_cast<unsigned char>(data[i + k]) : 0u);
    std::array<char, 5> digits;
    for (int k = 4; k >= 0; --k, n /= 85) digits[static_cast<std::size_t>(k)] = kDigits[n % 85];
    out.append(digits.data(), std::min<std::size_t>(5, data.size() - i + 1));
  }
  return out;
}

std::string from_base85(const std::string& text) {
  std::array<int, 256> value;
  value.fill(-1);
  for (int i = 0; i < 85; ++i) value[static_cast<unsigned char>(kDigits[i])] = i;
  std::string out;
  for (std::size_t i = 0; i < text.size(); i += 5) {
    const std::size_t digits = std::min<std::size_t>(5, text.size() - i);
    if (digits == 1) throw UserError("replay: not base 85");
    std::uint64_t n = 0;
    for (std::size_t k = 0; k < 5; ++k) {
      const int v = k < digits ? value[static_cast<unsigned char>(text[i + k])] : 84;
      if (v < 0) throw UserError("replay: not base 85");
      n = n * 85 + static_cast<std::uint64_t>(v);
    }
    if (n > 0xffffffffu) throw UserError("replay: not base 85");
    for (std::size_t k = 0; k + 1 < digits; ++k) out += static_cast<char>((n >> (24 - 8 * k)) & 0xff);
  }
  return out;
}

// Runs `stream` over `input` to its end.
std::string run(lzma_stream& stream, const std::string& input, const char* what) {
  stream.next_in = reinterpret_cast<const std::uint8_t*>(input.data());
  stream.avail_in = input.size();
  std::string out;
  std::array<std::uint8_t, 1 << 16> chunk;
  lzma_ret status = LZMA_OK;
  while (status == LZMA_OK) {
    stream.next_out = chunk.data();
    stream.avail_out = chunk.size();
    status = lzma_code(&stream, LZMA_FINISH);
    out.append(reinterpret_cast<const char*>(chunk.data()), chunk.size() - stream.avail_out);
  }
  lzma_end(&stream);
  if (status != LZMA_STREAM_END) throw UserError(std::string("replay: ") + what);
  return out;
}

}  // namespace

std::string pack_replay(const std::string& text) {
  // Preset 6 (xz's default) with pb=0 (byte positions tell nothing in text) and the longest
  // matches sought (nice_len 273: 3% smaller than 6's 64, a third more time): within 1% of the
  // smallest (-9e) at a third of its time, about 0.2 s of CPU for a card game of 1,600 actions.
  lzma_options_lzma options;
  lzma_lzma_preset(&options, 6);
  options.pb = 0;
  options.nice_len = 273;
  // No larger a window than the text: the same output but for the header's size, and the
  // encoder's tables shrink with it (preset 6's 8 MiB window is about 90 MB of them, made and
  // cleared for every replay: most of a tournament's report under AddressSanitizer).
  options.dict_size =
      std::clamp(std::bit_ceil(static_cast<std::uint32_t>(std::min<std::size_t>(text.size(), 1u << 30))),
                 std::uint32_t{LZMA_DICT_SIZE_MIN}, options.dict_size);
  lzma_stream stream = LZMA_STREAM_INIT;
  if (lzma_alone_encoder(&stream, &options) != LZMA_OK) throw UserError("replay: liblzma could not start");
  return base85(run(stream, text, "liblzma could not compress it"));
}

std::string unpack_replay(const std::string& packed) {
  const std::string compressed = from_base85(packed);
  lzma_stream stream = LZMA_STREAM_INIT;
  if (lzma_alone_decoder(&stream, UINT64_MAX) != LZMA_OK) throw UserError("replay: liblzma could not start");
  return run(stream, compressed, "not an LZMA text");
}

}  // namespace arena::report
