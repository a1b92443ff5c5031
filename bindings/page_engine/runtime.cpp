// What the page's engine takes from the C++ runtime without having it: Debian's WebAssembly
// libc++ (libc++-14-dev-wasm32) comes without exceptions' unwinding or threads. The engine
// replays only records that replayed here, so nothing throws; a throw that happens anyway
// stops the program (a trap), which the page reports as a replay it could not draw.
#include <cstdlib>

extern "C" {

void* __cxa_allocate_exception(std::size_t size) { return std::malloc(size); }

[[noreturn]] void __cxa_throw(void*, void*, void (*)(void*)) { __builtin_trap(); }

// A thread_local's destructor: one thread that lives as long as the page, so never run.
int __cxa_thread_atexit(void (*)(void*), void*, void*) { return 0; }

}  // extern "C"
