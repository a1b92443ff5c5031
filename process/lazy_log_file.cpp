#include "process/lazy_log_file.h"

#include <utility>

#include "process/log_file.h"

namespace arena {

LazyLogFile::LazyLogFile(std::string path, std::size_t cap, std::string header)
    : path_(std::move(path)), cap_(cap), header_(std::move(header)) {}

LazyLogFile::~LazyLogFile() = default;

LogFile* LazyLogFile::file(std::string& error) {
  if (file_ || failed_) return file_.get();
  file_ = LogFile::open(path_, cap_, error);
  if (!file_) {
    failed_ = true;  // not retried for every line: one failed open per file is enough
    return nullptr;
  }
  // Not flushed here: what made the file is written right after and flushed or not as it says.
  file_->note(header_, false);
  return file_.get();
}

}  // namespace arena
