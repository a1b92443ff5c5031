# The JavaScript engine (bindings/js/, docs/javascript.md): the games compiled to WebAssembly
# once for the report page's engine (cmake/page_engine.cmake) and linked here with the exports
# of bindings/js/engine_api.cpp into a program of its own, beside the module that wraps it:
# <build>/js/ holds arena.mjs, arena.d.ts, arena.wasm and a package.json, and
# `cmake --install` puts them in <prefix>/share/arena/js/. Built with the page's engine (same
# toolchain, same option ARENA_PAGE_ENGINE); included from the top CMakeLists.txt.
if(NOT ARENA_PAGE_ENGINE)
  return()
endif()

include(GNUInstallDirs)
set(ARENA_JS_DIR ${CMAKE_BINARY_DIR}/js)
set(js_objects)
arena_wasm_compile(js_objects ${CMAKE_SOURCE_DIR}/bindings/js/engine_api.cpp ${CMAKE_SOURCE_DIR}/bindings/js/games_json.cpp
                   ${CMAKE_SOURCE_DIR}/bindings/js/runtime.cpp
                   ${CMAKE_SOURCE_DIR}/bindings/js/flows_sat_absent.cpp)
# The stack pointer is exported: arena.mjs puts it back after an engine error unwound the stack
# (bindings/js/runtime.cpp).
arena_wasm_link(OUTPUT ${ARENA_JS_DIR}/arena.wasm OBJECTS ${ARENA_WASM_ENGINE_OBJECTS} ${js_objects}
                FLAGS -Wl,--export=__stack_pointer)
configure_file(${CMAKE_SOURCE_DIR}/bindings/js/package.json.in ${ARENA_JS_DIR}/package.json @ONLY)
set(js_copies)
foreach(file arena.mjs arena.d.ts)
  add_custom_command(OUTPUT ${ARENA_JS_DIR}/${file}
                     COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/bindings/js/${file} ${ARENA_JS_DIR}/${file}
                     DEPENDS ${CMAKE_SOURCE_DIR}/bindings/js/${file} VERBATIM)
  list(APPEND js_copies ${ARENA_JS_DIR}/${file})
endforeach()
add_custom_target(arena_js ALL DEPENDS ${ARENA_JS_DIR}/arena.wasm ${js_copies})
add_dependencies(arena_js arena_wasm_engine)
install(FILES ${ARENA_JS_DIR}/arena.mjs ${ARENA_JS_DIR}/arena.d.ts ${ARENA_JS_DIR}/arena.wasm ${ARENA_JS_DIR}/package.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/arena/js)
