// `arena serve`'s network side: an HTTP/1.1 server (Boost.Beast, one thread) answering GET and
// HEAD through serve/routes.h, and the Server-Sent Events stream /events that tells every open
// page when the finished games or the games in play change (the folder is polled every
// `poll`). Listens on 127.0.0.1 unless another address is asked for; runs until SIGINT or
// SIGTERM. Only GET and HEAD (405 otherwise); a request is read within 10 s or dropped.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "serve/folder_watch.h"

namespace arena::serve {

struct ServeOptions {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port
  std::chrono::milliseconds poll{200};
};

// Serves `folder` until a signal; `ready` is called once listening, with the page's address.
// Throws UserError when the address is not one or cannot be listened on.
void serve(FolderWatch& folder, const ServeOptions& options,
           const std::function<void(const std::string& url)>& ready);

}  // namespace arena::serve
