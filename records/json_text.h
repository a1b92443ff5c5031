// JSON text with ordinary numbers. Boost.JSON writes doubles in its own exponent form
// (0 as 0E0, 0.92 as 9.2E-1); tables and reports are read by people and by scripts that
// expect 0 and 0.92, so doubles are written as the shortest decimal that reads back exactly
// (std::to_chars), integers as integers, and NaN or infinity (not JSON) as null.
#pragma once

#include <boost/json/value.hpp>
#include <string>

namespace arena {

std::string json_text(const boost::json::value& v);

}  // namespace arena
