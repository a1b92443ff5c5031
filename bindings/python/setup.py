"""Builds arena_games' extension with CMake, from Arena's own tree (two folders up): the
project's CMakeLists.txt configured with ARENA_PYTHON_ONLY (the engine, the protocol, the
search, the batch and the module; nothing else is looked for or generated), its one target
arena_games_core, for the Python running this.

Built for a quick install: optimised (-O2) without debug information and without the link-time
optimisation pybind11 adds to a Release module (it redoes the whole module's code generation
at every link, and ccache cannot keep it), with Ninja and through ccache when they are on PATH.

The version is Arena's (the CMake project's). Environment:
  ARENA_CMAKE_ARGS            more arguments for CMake's configure step (they come last and win)
  CMAKE_BUILD_PARALLEL_LEVEL  jobs (default: every core)
  CMAKE_CXX_COMPILER_LAUNCHER e.g. ccache (default: ccache when it is on PATH)
  CMAKE_GENERATOR             e.g. "Unix Makefiles" (default: Ninja when it is on PATH)
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def arena_version() -> str:
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(arena VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    """Configures Arena in build_temp and builds the one target; copies the module where
    setuptools packs it."""

    def build_extension(self, ext: Extension) -> None:
        build = Path(self.build_temp).resolve() / "cmake"
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG", "-DCMAKE_INTERPROCEDURAL_OPTIMIZATION=OFF",
                     "-DARENA_PYTHON_ONLY=ON", "-DARENA_TESTS=OFF", "-DARENA_PAGE_ENGINE=OFF",
                     "-DARENA_PYTHON=ON", "-DARENA_PYTHON_EXECUTABLE=" + sys.executable]
        if "CMAKE_GENERATOR" not in os.environ and shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        if "CMAKE_CXX_COMPILER_LAUNCHER" not in os.environ and shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        configure += shlex.split(os.environ.get("ARENA_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "arena_games_core", "-j", jobs], check=True)
        built = sorted((build / "python" / "arena_games").glob("_core*.so"))
        if not built:
            sys.exit("setup.py: CMake built no arena_games/_core*.so in " + str(build))
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    version=arena_version(),
    ext_modules=[Extension("arena_games._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
)
