# `cmake --install build --prefix P`: the arena binary, the sample bots, the engine and
# protocol libraries with their headers, a CMake package (find_package(Arena)) and a
# pkg-config file, so a bot builds out of tree (kits/cpp/, docs/bots.md).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ARENA_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/arena)
set(ARENA_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Arena)

set_target_properties(arena_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(arena_protocol PROPERTIES EXPORT_NAME protocol)
install(TARGETS arena_engine arena_protocol EXPORT ArenaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${ARENA_INSTALL_INCLUDEDIR})
install(TARGETS arena first_move_bot greedy_bot random_bot mcts_bot RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

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
