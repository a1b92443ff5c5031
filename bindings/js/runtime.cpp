// What the JavaScript engine takes from the C++ runtime without having it: Debian's libc++ for
// WebAssembly comes without exceptions' unwinding or threads (as for the report page's engine,
// bindings/page_engine/runtime.cpp, where a throw stops the program). Here a throw becomes a
// JavaScript exception instead: __cxa_throw hands the message to arena.mjs's import
// `arena.throw_error`, which throws; the exception leaves the WebAssembly frames without running
// their destructors, and arena.mjs puts the stack pointer back and raises an ArenaError with the
// engine's words. The program stays usable: the engine throws only before it changes a state
// (a bad spec, seen actions no state shows), and what the left frames held stays allocated: a
// few hundred bytes for a bad spec, the states its search had built for a failed sample. Every exception the
// engine throws derives from std::exception by single inheritance, so the thrown object is one at its own
// address.
#include <cstdlib>
#include <exception>
#include <string>

#include "engine/core/user_error.h"

extern "C" {

// Throws a JavaScript exception with the `size` bytes of text at `what`; `user_error` is 1 for
// the engine's UserError (bad input), 0 for anything else (a bug in Arena). Never returns.
__attribute__((import_module("arena"), import_name("throw_error"))) void arena_js_throw(const char* what,
                                                                                        int size,
                                                                                        int user_error);

void* __cxa_allocate_exception(std::size_t size) { return std::malloc(size); }

// On WebAssembly a destructor returns `this`, hence the type of `destroy`.
[[noreturn]] void __cxa_throw(void* thrown, void*, void* (*destroy)(void*)) {
  static std::string message;
  const auto* error = static_cast<const std::exception*>(thrown);
  message = error->what();
  const int user_error = dynamic_cast<const arena::UserError*>(error) != nullptr ? 1 : 0;
  if (destroy) destroy(thrown);
  std::free(thrown);
  arena_js_throw(message.data(), static_cast<int>(message.size()), user_error);
  __builtin_trap();  // the import throws; a host that returns has broken its contract
}

// A thread_local's destructor: one thread that lives as long as the program, so never run.
int __cxa_thread_atexit(void (*)(void*), void*, void*) { return 0; }

}  // extern "C"
