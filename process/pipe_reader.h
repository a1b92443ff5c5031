// The read end of a pipe on an Asio event loop that takes a short read as proof the pipe is
// empty. Asio's own pipe reads always try a read first when one is started (its speculative
// read); between two moves of a bot that read finds the pipe empty (EAGAIN), one wasted
// system call per ply. Here a read that returns fewer bytes than asked for marks the pipe
// drained, so the next read waits for the loop's edge-triggered wake-up instead: per ply the
// referee makes one wait, one read and one write (docs/referee.md, "System calls per ply").
#pragma once

#include <boost/asio/io_context.hpp>
// After io_context.hpp: the reactor's header needs what it declares.
#include <boost/asio/detail/reactor.hpp>
#include <boost/system/error_code.hpp>
#include <cstddef>

namespace arena {

class PipeReader {
 public:
  // Runs on the loop when a read ends: `n` bytes arrived (0 with `ec` at end of file, on an
  // error, or operation_aborted after close()). When the loop is destroyed with the read
  // still pending it runs with `run` false: release what the read held, call nothing else.
  using Callback = void (*)(void* context, const boost::system::error_code& ec, std::size_t n, bool run);

  explicit PipeReader(boost::asio::io_context& io);
  ~PipeReader();
  PipeReader(const PipeReader&) = delete;
  PipeReader& operator=(const PipeReader&) = delete;

  // Takes ownership of `fd` (made non-blocking) and registers it with the loop.
  void assign(int fd, boost::system::error_code& ec);
  bool is_open() const { return fd_ >= 0; }
  // Closes the descriptor; a pending read ends with operation_aborted.
  void close();
  // One read at a time into [data, data + size); `done(context, ...)` runs on the loop,
  // never from inside this call.
  void async_read_some(char* data, std::size_t size, Callback done, void* context);

 private:
  struct Op;
  boost::asio::detail::reactor& reactor_;
  boost::asio::detail::reactor::per_descriptor_data data_{};
  int fd_ = -1;
  Op* op_;  // reused by every read: the hot path allocates nothing
};

}  // namespace arena
