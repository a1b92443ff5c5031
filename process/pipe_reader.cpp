#include "process/pipe_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <boost/asio/detail/reactor_op.hpp>
#include <boost/asio/error.hpp>
#include <cerrno>

namespace arena {

namespace asio = boost::asio;
using boost::system::error_code;

// One read, queued in Asio's reactor like Asio's own descriptor reads; the difference is
// what perform() reports. A pipe's read(2) returns fewer bytes than asked for only when it
// emptied the pipe, so such a read is "done and exhausted": the reactor then makes no
// speculative read when the next one starts and waits for the descriptor's next edge (the
// bot's next write). A full buffer is plain "done": more may be waiting, and the next read
// tries at once.
struct PipeReader::Op : asio::detail::reactor_op {
  Op() : reactor_op(error_code(), &Op::perform, &Op::complete) {}

  int fd = -1;
  char* data = nullptr;
  std::size_t size = 0;
  Callback callback = nullptr;
  void* context = nullptr;
  bool pending = false;   // queued in the reactor or posted for completion
  bool orphaned = false;  // its PipeReader is gone: delete on completion

  static status perform(reactor_op* base) {
    Op* o = static_cast<Op*>(base);
    for (;;) {
      const ssize_t n = ::read(o->fd, o->data, o->size);
      if (n > 0) {
        o->bytes_transferred_ = static_cast<std::size_t>(n);
        return o->bytes_transferred_ < o->size ? done_and_exhausted : done;
      }
      if (n == 0) {
        o->ec_ = asio::error::eof;
        return done;
      }
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return not_done;
      o->ec_ = error_code(errno, boost::system::system_category());
      return done;
    }
  }

  // owner is null when the loop is destroyed with the read pending.
  static void complete(void* owner, asio::detail::scheduler_operation* base, const error_code&, std::size_t) {
    Op* o = static_cast<Op*>(base);
    o->pending = false;
    if (o->orphaned) {
      delete o;
      return;
    }
    const error_code ec = o->ec_;
    const std::size_t n = o->bytes_transferred_;
    // The callback may destroy the PipeReader and with it this op: nothing of `o` after it.
    o->callback(o->context, ec, n, owner != nullptr);
  }
};

PipeReader::PipeReader(asio::io_context& io)
    : reactor_(asio::use_service<asio::detail::reactor>(io)), op_(new Op) {
  reactor_.init_task();
}

PipeReader::~PipeReader() {
  close();
  if (op_->pending)
    op_->orphaned = true;  // completes (aborted) later and deletes itself
  else
    delete op_;
}

void PipeReader::assign(int fd, error_code& ec) {
  close();
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
    ec = error_code(errno, boost::system::system_category());
    return;
  }
  if (const int err = reactor_.register_descriptor(fd, data_)) {
    ec = error_code(err, boost::system::system_category());
    return;
  }
  fd_ = fd;
  ec.clear();
}

void PipeReader::close() {
  if (fd_ < 0) return;
  reactor_.deregister_descriptor(fd_, data_, true);  // a pending read: operation_aborted
  ::close(fd_);
  reactor_.cleanup_descriptor_data(data_);
  fd_ = -1;
}

void PipeReader::async_read_some(char* data, std::size_t size, Callback done, void* context) {
  Op& op = *op_;
  op.fd = fd_;
  op.data = data;
  op.size = size;
  op.callback = done;
  op.context = context;
  op.ec_ = error_code();
  op.bytes_transferred_ = 0;
  op.pending = true;
  if (fd_ < 0) {
    op.ec_ = asio::error::bad_descriptor;
    reactor_.post_immediate_completion(&op, false);
    return;
  }
  // Speculative reads allowed: the reactor skips them after a short read (see Op).
  reactor_.start_op(asio::detail::reactor::read_op, fd_, data_, &op, false, true);
}

}  // namespace arena
