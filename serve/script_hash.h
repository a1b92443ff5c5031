// The Content-Security-Policy source of an inline script: 'sha256-BASE64', the SHA-256
// (FIPS 180-4) of the script element's text, base64-encoded. The server allows the page's own
// scripts by these hashes, and nothing else inline (serve/page_policy.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace arena::serve {

std::array<std::uint8_t, 32> sha256(std::string_view bytes);

// "'sha256-...'" for a script element whose text is `script`.
std::string script_hash_source(std::string_view script);

}  // namespace arena::serve
