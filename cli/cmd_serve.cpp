// `arena serve DIR [--port P] [--address A]`: the live page of a running (or finished)
// tournament's or league's folder (docs/serve.md): standings and games as they finish, the
// games in play move by move as a spectator sees them. It only reads the folder.
#include <iostream>

#include "cli/commands.h"
#include "cli/league_page.h"
#include "cli/numeric_flag.h"
#include "serve/folder_watch.h"
#include "serve/http_server.h"
#include "store/league_store.h"

namespace arena::cli {

namespace {

struct ServeFlags {
  std::string dir;
  int port = 8080;
  std::string address = "127.0.0.1";
};

bool loopback(const std::string& address) {
  return address == "127.0.0.1" || address == "::1" || address.rfind("127.", 0) == 0 ||
         address == "localhost";
}

void run(const ServeFlags& f) {
  serve::FolderWatch folder(f.dir);
  // A league's folder: the page shows its table as `arena league table` does.
  if (holds_league(f.dir)) folder.set_league_summary([dir = f.dir] { return league_page_summary(dir); });
  serve::ServeOptions o;
  o.address = f.address == "localhost" ? "127.0.0.1" : f.address;
  o.port = static_cast<unsigned short>(f.port);
  if (!loopback(o.address))
    std::cerr << "arena: warning: serving on " << o.address
              << ": everyone who can reach it sees the finished games in full and the games in play as "
                 "spectators\n";
  serve::serve(folder, o, [&](const std::string& url) {
    std::cout << "serving " << f.dir << " at " << url << " (Ctrl-C to stop)" << std::endl;
  });
  std::cout << "stopped" << std::endl;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto f = std::make_shared<ServeFlags>();
  auto* cmd = app.add_subcommand("serve", "Serve a tournament's or league's folder as a live page");
  cmd->add_option("dir", f->dir, "The tournament's or league's folder (running or finished)")->required();
  cmd->add_option("--port", f->port, "The port to listen on (default 8080; 0: any free port, printed)")
      ->check(whole_number(0, 65535));
  cmd->add_option("--address", f->address,
                  "The address to listen on (default 127.0.0.1; another only when asked: everyone who can "
                  "reach it sees the page)");
  cmd->footer("Exit status: 0 stopped by Ctrl-C or SIGTERM; 2 bad input (no such folder, a port in use).");
  cmd->callback([f] { run(*f); });
}

}  // namespace arena::cli
