#include "serve/http_server.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cerrno>
#include <csignal>
#include <memory>
#include <vector>

#include "engine/core/user_error.h"
#include "serve/page_policy.h"
#include "serve/routes.h"

namespace arena::serve {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// The limits of docs/serve.md, "Limits".
constexpr std::size_t kMaxStreams = 64;                       // open event streams
constexpr auto kTenure = std::chrono::seconds(10);            // a stream keeps its slot this long at least
constexpr auto kStalled = std::chrono::seconds(30);           // a write pending this long: its client is cut
constexpr std::size_t kMaxConnections = 512;                  // requests being read or answered at once
constexpr std::size_t kAnswerBudget = std::size_t{64} << 20;  // bytes of answers being written
constexpr int kStreamSendBuffer = 16 * 1024;                  // the kernel's share of a stream's backlog
constexpr auto kFirstBackoff = std::chrono::milliseconds(50), kLastBackoff = std::chrono::milliseconds(1000);

// One open /events stream. The client sends nothing after its request: a read that ends says
// it went. At most two events are held for it: the one being written and the next, which the
// latest state replaces (each state supersedes the one before).
struct Stream {
  explicit Stream(tcp::socket s) : socket(std::move(s)), opened(Clock::now()) {}
  tcp::socket socket;
  std::string inflight, pending;
  bool writing = false, closed = false;
  Clock::time_point opened, write_started;
  std::array<char, 256> ignored{};
};

std::string event_stream_head() {
  return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
         "X-Content-Type-Options: nosniff\r\nContent-Security-Policy: " +
         content_policy() + "\r\nConnection: keep-alive\r\n\r\nretry: 1000\n\n";
}

std::string streams_busy() {
  const std::string body = "every event stream is taken: try again in a few seconds\n";
  return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n"
         "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nContent-Security-Policy: " +
         content_policy() + "\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}

class Server {
 public:
  Server(asio::io_context& io, FolderWatch& folder, const ServeOptions& options)
      : folder_(folder), options_(options), acceptor_(io), timer_(io), accept_timer_(io) {}
  ~Server() {
    if (reserve_ >= 0) ::close(reserve_);
  }

  std::string listen();
  void add_stream(tcp::socket socket);
  // Reads the folder again; what changed goes to every stream. Every poll, and before every
  // answer: a game in play is listed from the instant its live file exists, whenever the last
  // poll was (a bot asking at its first move sees its own game).
  void refresh();
  FolderWatch& folder() { return folder_; }
  // Answers being written: their bytes count against kAnswerBudget.
  bool take_answer_bytes(std::size_t n) {
    if (answer_bytes_ + n > kAnswerBudget && answer_bytes_ > 0) return false;
    answer_bytes_ += n;
    return true;
  }
  void give_answer_bytes(std::size_t n) { answer_bytes_ -= n; }
  std::size_t connections = 0;  // Connection objects alive

 private:
  void accept();
  void on_accept_error(const boost::system::error_code& ec);
  void tick();
  void state_to(const std::shared_ptr<Stream>& s);
  void write_next(const std::shared_ptr<Stream>& s);
  void watch_close(const std::shared_ptr<Stream>& s);
  void drop(const std::shared_ptr<Stream>& s);
  bool make_room();

  FolderWatch& folder_;
  ServeOptions options_;
  tcp::acceptor acceptor_;
  asio::steady_timer timer_, accept_timer_;
  int reserve_ = -1;  // a descriptor kept for refusing a connection when none is left
  std::chrono::milliseconds backoff_{0};
  std::vector<std::shared_ptr<Stream>> streams_;
  std::string state_;  // the last state sent
  int quiet_ticks_ = 0;
  std::size_t answer_bytes_ = 0;
};

// One request: read it, answer it (or hand the socket to the event streams), close.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, Server& server) : stream_(std::move(socket)), server_(server) {
    ++server_.connections;
  }
  ~Connection() { --server_.connections; }

  void start() {
    parser_.header_limit(8192);
    parser_.body_limit(0);
    stream_.expires_after(std::chrono::seconds(10));
    http::async_read(stream_, buffer_, parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

 private:
  void on_read(beast::error_code ec) {
    if (ec) return;
    const auto& req = parser_.get();
    const bool head = req.method() == http::verb::head;
    if (req.method() != http::verb::get && !head)
      return answer(Reply{405, "text/plain; charset=utf-8", "only GET and HEAD\n"}, false, true);
    server_.refresh();
    std::optional<Reply> reply =
        route(server_.folder(), std::string_view(req.target().data(), req.target().size()));
    if (!reply && head) reply = Reply{200, "text/event-stream", ""};  // the stream's head only
    if (!reply) {                                                     // the event stream
      stream_.expires_never();
      return server_.add_stream(stream_.release_socket());
    }
    answer(std::move(*reply), head, false);
  }

  void answer(Reply reply, bool head, bool allow) {
    if (!server_.take_answer_bytes(reply.body.size()))
      reply = Reply{503, "text/plain; charset=utf-8", "busy: try again in a moment\n"};
    else
      taken_bytes_ = reply.body.size();
    auto res =
        std::make_shared<http::response<http::string_body>>(static_cast<http::status>(reply.status), 11);
    res->set(http::field::server, "arena serve");
    res->set(http::field::content_type, reply.type);
    res->set(http::field::cache_control, "no-store");
    res->set("X-Content-Type-Options", "nosniff");
    res->set("Content-Security-Policy", content_policy());
    if (allow) res->set(http::field::allow, "GET, HEAD");
    if (reply.status == 503) res->set(http::field::retry_after, "1");
    res->keep_alive(false);
    res->content_length(reply.body.size());
    if (!head) res->body() = std::move(reply.body);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, std::size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
      self->server_.give_answer_bytes(self->taken_bytes_);
      self->taken_bytes_ = 0;
    });
  }

  beast::tcp_stream stream_;
  Server& server_;
  beast::flat_buffer buffer_;
  http::request_parser<http::empty_body> parser_;
  std::size_t taken_bytes_ = 0;  // this answer's bytes taken from the server's budget
};

std::string Server::listen() {
  boost::system::error_code ec;
  const asio::ip::address address = asio::ip::make_address(options_.address, ec);
  if (ec) throw UserError("--address " + options_.address + ": not an IP address");
  const tcp::endpoint endpoint(address, options_.port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (!ec) acceptor_.native_non_blocking(true, ec);
  if (ec)
    throw UserError("cannot listen on " + options_.address + " port " + std::to_string(options_.port) + ": " +
                    ec.message());
  reserve_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  folder_.poll();
  state_ = folder_.state_json();
  accept();
  tick();
  const unsigned short port = acceptor_.local_endpoint().port();
  const std::string host = address.is_v6() ? "[" + options_.address + "]" : options_.address;
  return "http://" + host + ":" + std::to_string(port) + "/";
}

void Server::accept() {
  acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (ec) return on_accept_error(ec);
    backoff_ = std::chrono::milliseconds(0);
    if (connections >= kMaxConnections) {
      socket.close(ec);  // refused: more requests than kMaxConnections at once
    } else {
      std::make_shared<Connection>(std::move(socket), *this)->start();
    }
    accept();
  });
}

// Out of descriptors (or of kernel memory): the reserve descriptor is given up for a moment to
// take the waiting connection and close it, so it does not wait for nothing, and accepting
// resumes after a pause that doubles up to a second: the loop stays near idle, never spins.
void Server::on_accept_error(const boost::system::error_code& ec) {
  const bool short_of_resources = ec == asio::error::no_descriptors || ec.value() == ENFILE ||
                                  ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
  if (!short_of_resources) return accept();  // the client went before it was taken (ECONNABORTED)
  if (reserve_ >= 0) ::close(reserve_);
  const int refused = ::accept4(acceptor_.native_handle(), nullptr, nullptr, SOCK_CLOEXEC);
  if (refused >= 0) ::close(refused);
  reserve_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  backoff_ = std::clamp(backoff_ * 2, kFirstBackoff, kLastBackoff);
  accept_timer_.expires_after(backoff_);
  accept_timer_.async_wait([this](boost::system::error_code e) {
    if (!e) accept();
  });
}

// A free slot, if there is one or the oldest stream has had its kTenure: then it goes (its
// page reconnects, and waits its turn like everyone else).
bool Server::make_room() {
  if (streams_.size() < kMaxStreams) return true;
  const auto oldest = std::min_element(streams_.begin(), streams_.end(),
                                       [](const auto& a, const auto& b) { return a->opened < b->opened; });
  if (Clock::now() - (*oldest)->opened < kTenure) return false;
  drop(*oldest);
  return true;
}

void Server::add_stream(tcp::socket socket) {
  if (!make_room()) {
    auto text = std::make_shared<std::string>(streams_busy());
    auto s = std::make_shared<tcp::socket>(std::move(socket));
    asio::async_write(*s, asio::buffer(*text), [s, text](boost::system::error_code, std::size_t) {
      boost::system::error_code ignored;
      s->shutdown(tcp::socket::shutdown_both, ignored);
    });
    return;
  }
  boost::system::error_code ignored;
  socket.set_option(asio::socket_base::send_buffer_size(kStreamSendBuffer), ignored);
  auto s = std::make_shared<Stream>(std::move(socket));
  streams_.push_back(s);
  s->pending = event_stream_head();
  state_to(s);
  watch_close(s);
}

// The latest state as the stream's next event, in place of one not yet written.
void Server::state_to(const std::shared_ptr<Stream>& s) {
  if (s->closed) return;
  if (s->writing) s->pending.clear();
  s->pending += "event: state\ndata: " + state_ + "\n\n";
  if (!s->writing) write_next(s);
}

void Server::write_next(const std::shared_ptr<Stream>& s) {
  if (s->pending.empty() || s->closed) {
    s->writing = false;
    return;
  }
  s->writing = true;
  s->write_started = Clock::now();
  std::swap(s->inflight, s->pending);
  s->pending.clear();
  asio::async_write(s->socket, asio::buffer(s->inflight),
                    [this, s](boost::system::error_code ec, std::size_t) {
                      if (ec) return drop(s);
                      write_next(s);
                    });
}

void Server::watch_close(const std::shared_ptr<Stream>& s) {
  s->socket.async_read_some(asio::buffer(s->ignored), [this, s](boost::system::error_code ec, std::size_t) {
    if (ec) return drop(s);
    watch_close(s);
  });
}

// The stream's slot is free at once; its memory goes with the last handler holding it.
void Server::drop(const std::shared_ptr<Stream>& s) {
  if (s->closed) return;
  s->closed = true;
  boost::system::error_code ignored;
  s->socket.close(ignored);
  s->pending = std::string();
  std::erase(streams_, s);
}

void Server::refresh() {
  if (!folder_.poll()) return;
  std::string state = folder_.state_json();
  if (state == state_) return;
  state_ = std::move(state);
  for (const auto& s : streams_) state_to(s);
  quiet_ticks_ = 0;
}

// Every poll: what changed goes to every stream; a comment line now and then keeps idle
// connections open; a client that has not taken an event for kStalled is cut.
void Server::tick() {
  refresh();
  const bool keep_alive = ++quiet_ticks_ * options_.poll >= std::chrono::seconds(10);
  if (keep_alive) quiet_ticks_ = 0;
  const Clock::time_point now = Clock::now();
  for (const auto& s : std::vector<std::shared_ptr<Stream>>(streams_)) {
    if (s->writing && now - s->write_started > kStalled) {
      drop(s);
    } else if (keep_alive && !s->writing) {
      s->pending = ": still here\n\n";
      write_next(s);
    }
  }
  timer_.expires_after(options_.poll);
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) tick();
  });
}

}  // namespace

void serve(FolderWatch& folder, const ServeOptions& options,
           const std::function<void(const std::string&)>& ready) {
  asio::io_context io(1);
  asio::signal_set signals(io, SIGINT, SIGTERM);
  Server server(io, folder, options);
  const std::string url = server.listen();
  signals.async_wait([&io](boost::system::error_code, int) { io.stop(); });
  std::signal(SIGPIPE, SIG_IGN);
  ready(url);
  io.run();
}

}  // namespace arena::serve
