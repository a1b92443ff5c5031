# `cmake --install build --prefix P`: the arena binary, the sample bots, the engine and
# protocol libraries with their headers, a CMake package (find_package(Arena)) and a
# pkg-config file, so a bot builds out of tree (kits/cpp/, docs/bots.md); and the command
# line as a library with the libraries under it (find_package(Arena COMPONENTS cli)), so an
# arena with games of one's own builds out of tree too (docs/new-game.md).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ARENA_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/arena)
set(ARENA_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Arena)

set_target_properties(arena_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(arena_protocol PROPERTIES EXPORT_NAME protocol)
install(TARGETS arena_engine arena_protocol EXPORT ArenaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${ARENA_INSTALL_INCLUDEDIR})
# The cli component: its own export set, so that a bot's find_package(Arena) never asks
# for Boost, which these libraries need.
set(ARENA_CLI_LIBRARIES arena_records arena_process arena_referee arena_ratings arena_tournaments arena_store
                        arena_league arena_report arena_serve arena_cli)
foreach(lib ${ARENA_CLI_LIBRARIES})
  string(REPLACE "arena_" "" export_name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
install(TARGETS ${ARENA_CLI_LIBRARIES} EXPORT ArenaCliTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${ARENA_INSTALL_INCLUDEDIR})
install(FILES cli/arena_main.h DESTINATION ${ARENA_INSTALL_INCLUDEDIR}/cli)
install(EXPORT ArenaCliTargets NAMESPACE Arena:: DESTINATION ${ARENA_INSTALL_CMAKEDIR})

install(TARGETS arena RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(bot first_move_bot greedy_bot random_bot mcts_bot)
  if(ARENA_PLAIN_BOTS)  # a normal build's bots, copied (CMakeLists.txt)
    install(PROGRAMS ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${bot} DESTINATION ${CMAKE_INSTALL_BINDIR})
  else()
    install(TARGETS ${bot} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

# Headers keep their paths ("engine/core/game.h", "protocol/arena_bot.hpp").
install(DIRECTORY engine/ DESTINATION ${ARENA_INSTALL_INCLUDEDIR}/engine FILES_MATCHING PATTERN "*.h")
install(FILES protocol/arena_bot.hpp protocol/line_reader.h protocol/messages.h protocol/bot_text.h
        DESTINATION ${ARENA_INSTALL_INCLUDEDIR}/protocol)
install(FILES ${CMAKE_BINARY_DIR}/generated/arena_version.h DESTINATION ${ARENA_INSTALL_INCLUDEDIR})

install(EXPORT ArenaTargets NAMESPACE Arena:: DESTINATION ${ARENA_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/ArenaConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/cmake/ArenaConfig.cmake INSTALL_DESTINATION ${ARENA_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/ArenaConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/ArenaConfig.cmake ${CMAKE_BINARY_DIR}/cmake/ArenaConfigVersion.cmake
        DESTINATION ${ARENA_INSTALL_CMAKEDIR})

# pkg-config, for Makefile users: `c++ -std=c++20 bot.cpp $(pkg-config --cflags --libs arena)`.
# The prefix is found from the .pc file's own place, so `--prefix` at install time works.
file(RELATIVE_PATH ARENA_PC_TO_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
configure_file(${CMAKE_SOURCE_DIR}/cmake/arena.pc.in ${CMAKE_BINARY_DIR}/cmake/arena.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/cmake/arena.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
