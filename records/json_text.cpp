#include "records/json_text.h"

#include <boost/json/serialize.hpp>
#include <charconv>
#include <cmath>

namespace arena {

namespace {

void write(const boost::json::value& v, std::string& out) {
  switch (v.kind()) {
    case boost::json::kind::double_: {
      const double d = v.get_double();
      if (!std::isfinite(d)) {
        out += "null";
        return;
      }
      char buf[32];
      const auto r = std::to_chars(buf, buf + sizeof buf, d);
      out.append(buf, r.ptr);
      return;
    }
    case boost::json::kind::array: {
      out += '[';
      bool first = true;
      for (const auto& x : v.get_array()) {
        if (!first) out += ',';
        first = false;
        write(x, out);
      }
      out += ']';
      return;
    }
    case boost::json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& kv : v.get_object()) {
        if (!first) out += ',';
        first = false;
        out += boost::json::serialize(boost::json::value(kv.key()));
        out += ':';
        write(kv.value(), out);
      }
      out += '}';
      return;
    }
    default:
      out += boost::json::serialize(v);  // strings, integers, booleans, null
  }
}

}  // namespace

std::string json_text(const boost::json::value& v) {
  std::string out;
  write(v, out);
  return out;
}

}  // namespace arena
