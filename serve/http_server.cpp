#include "serve/http_server.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <csignal>
#include <deque>
#include <memory>
#include <vector>

#include "engine/core/user_error.h"
#include "serve/routes.h"

namespace arena::serve {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

constexpr std::size_t kMaxStreams = 64;  // open event streams; more are refused (503)
// No resource from anywhere but this server: the page is self-contained.
constexpr const char* kPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src "
    "'self'";

// One open /events stream: its socket and the events not yet written, written one at a time.
struct Stream {
  explicit Stream(tcp::socket s) : socket(std::move(s)) {}
  tcp::socket socket;
  std::deque<std::string> queue;
  bool writing = false, closed = false;
};

class Server {
 public:
  Server(asio::io_context& io, FolderWatch& folder, const ServeOptions& options)
      : io_(io), folder_(folder), options_(options), acceptor_(io), timer_(io) {}

  std::string listen();
  void add_stream(tcp::socket socket);
  // Reads the folder again; what changed goes to every stream. Every poll, and before every
  // answer: a game in play is listed from the instant its live file exists, whenever the last
  // poll was (a bot asking at its first move sees its own game).
  void refresh();
  FolderWatch& folder() { return folder_; }

 private:
  void accept();
  void tick();
  void send(const std::shared_ptr<Stream>& s, std::string text);
  void write_next(const std::shared_ptr<Stream>& s);

  asio::io_context& io_;
  FolderWatch& folder_;
  ServeOptions options_;
  tcp::acceptor acceptor_;
  asio::steady_timer timer_;
  std::vector<std::shared_ptr<Stream>> streams_;
  std::string state_;  // the last state sent
  int quiet_ticks_ = 0;
};

// One request: read it, answer it (or hand the socket to the event streams), close.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, Server& server) : stream_(std::move(socket)), server_(server) {}

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
    if (!reply) {  // the event stream
      stream_.expires_never();
      return server_.add_stream(stream_.release_socket());
    }
    answer(std::move(*reply), head, false);
  }

  void answer(Reply reply, bool head, bool allow) {
    auto res =
        std::make_shared<http::response<http::string_body>>(static_cast<http::status>(reply.status), 11);
    res->set(http::field::server, "arena serve");
    res->set(http::field::content_type, reply.type);
    res->set(http::field::cache_control, "no-store");
    res->set("X-Content-Type-Options", "nosniff");
    res->set("Content-Security-Policy", kPolicy);
    if (allow) res->set(http::field::allow, "GET, HEAD");
    res->keep_alive(false);
    res->content_length(reply.body.size());
    if (!head) res->body() = std::move(reply.body);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, std::size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    });
  }

  beast::tcp_stream stream_;
  Server& server_;
  beast::flat_buffer buffer_;
  http::request_parser<http::empty_body> parser_;
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
  if (ec)
    throw UserError("cannot listen on " + options_.address + " port " + std::to_string(options_.port) + ": " +
                    ec.message());
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
    if (!ec) std::make_shared<Connection>(std::move(socket), *this)->start();
    accept();
  });
}

void Server::add_stream(tcp::socket socket) {
  std::erase_if(streams_, [](const auto& s) { return s->closed; });
  std::string head;
  if (streams_.size() >= kMaxStreams) {
    head = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    auto text = std::make_shared<std::string>(std::move(head));
    auto s = std::make_shared<tcp::socket>(std::move(socket));
    asio::async_write(*s, asio::buffer(*text), [s, text](boost::system::error_code, std::size_t) {});
    return;
  }
  auto s = std::make_shared<Stream>(std::move(socket));
  streams_.push_back(s);
  send(s,
       "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
       "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\nretry: 1000\n\n");
  send(s, "event: state\ndata: " + state_ + "\n\n");
}

void Server::send(const std::shared_ptr<Stream>& s, std::string text) {
  if (s->closed) return;
  s->queue.push_back(std::move(text));
  if (!s->writing) write_next(s);
}

void Server::write_next(const std::shared_ptr<Stream>& s) {
  if (s->queue.empty() || s->closed) {
    s->writing = false;
    return;
  }
  s->writing = true;
  asio::async_write(s->socket, asio::buffer(s->queue.front()),
                    [this, s](boost::system::error_code ec, std::size_t) {
                      if (ec) {
                        s->closed = true;
                        s->queue.clear();
                        boost::system::error_code ignored;
                        s->socket.close(ignored);
                        return;
                      }
                      s->queue.pop_front();
                      write_next(s);
                    });
}

void Server::refresh() {
  if (!folder_.poll()) return;
  std::string state = folder_.state_json();
  if (state == state_) return;
  state_ = std::move(state);
  for (const auto& s : streams_) send(s, "event: state\ndata: " + state_ + "\n\n");
  quiet_ticks_ = 0;
}

// Every poll: what changed goes to every stream; a comment line now and then finds closed ones.
void Server::tick() {
  refresh();
  if (++quiet_ticks_ * options_.poll >= std::chrono::seconds(10)) {
    quiet_ticks_ = 0;
    for (const auto& s : streams_) send(s, ": still here\n\n");
  }
  std::erase_if(streams_, [](const auto& s) { return s->closed; });
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
