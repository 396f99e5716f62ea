"""Builds the private extension duidiao._core from src/core, src/search and bindings.

Environment switches:
  DUIDIAO_SANITIZE=1   build with AddressSanitizer + UBSan (see docs/development.md)
  DUIDIAO_DEBUG=1      build with -O0 -g
"""

import os
import platform
from glob import glob

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

ParallelCompile("NPY_NUM_BUILD_JOBS", default=2).install()

sources = sorted(
    glob("src/core/*.cpp") + glob("src/search/*.cpp") + glob("src/search/solver/*.cpp")
    + glob("bindings/*.cpp")
)

compile_args = ["-Wall", "-Wextra"]
# Card sets are bit masks: let popcount be one instruction (every x86-64 CPU since 2008 has it).
if platform.machine().lower() in ("x86_64", "amd64"):
    compile_args.append("-mpopcnt")
link_args = []
if os.environ.get("DUIDIAO_SANITIZE"):
    flags = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined"]
    compile_args += flags + ["-O1", "-g"]
    link_args += flags
elif os.environ.get("DUIDIAO_DEBUG"):
    compile_args += ["-O0", "-g"]
else:
    compile_args += ["-O3"]

ext = Pybind11Extension(
    "duidiao._core",
    sources,
    include_dirs=["src"],
    cxx_std=17,
    extra_compile_args=compile_args,
    extra_link_args=link_args,
)

setup(ext_modules=[ext], cmdclass={"build_ext": build_ext})
