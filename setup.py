"""Builds the private extensions duidiao._core and duidiao._core3 from src/core, src/search and
bindings: the same sources twice, for the most copies of a card the engine plays (src/core/types.h):
_core for the one- and two-deck games (two bit planes a card set), _core3 for three decks; and
duidiao._climb, the climbing games (src/core/climbing, bindings/climbing).

Environment switches:
  DUIDIAO_SANITIZE=1   build with AddressSanitizer + UBSan (see docs/development.md); the
                       pybind11 glue in bindings/ is compiled plainly (-O1), the engine's
                       sources instrumented
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
SANITIZE = bool(os.environ.get("DUIDIAO_SANITIZE"))
SANITIZER_ARGS = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer",
                  "-fno-sanitize-recover=undefined"]
if SANITIZE:
    compile_args += SANITIZER_ARGS + ["-O1", "-g"]
    link_args += SANITIZER_ARGS
elif os.environ.get("DUIDIAO_DEBUG"):
    compile_args += ["-O0", "-g"]
else:
    compile_args += ["-O3"]



def core_build(module: str, copies: int) -> Pybind11Extension:
    # The three-deck build renames the C++ namespace so that its types and the two-deck build's
    # are distinct types to pybind11 in one process.
    macros = [("DUIDIAO_COPIES", str(copies)), ("DUIDIAO_MODULE", module.rpartition(".")[2])]
    if copies != 2:
        macros.append(("duidiao", f"duidiao{copies}"))
    return Pybind11Extension(
        module,
        sources,
        include_dirs=["src"],
        cxx_std=17,
        define_macros=macros,
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    )


class build_each_apart(build_ext):
    """Each build's objects in a folder of its own: the two compile the same sources with
    different macros, and setuptools would otherwise take one's objects for the other's."""

    def build_extensions(self):
        # One build after the other (each sets build_temp; the files of one build still compile
        # in parallel, ParallelCompile): setuptools' -j would run the builds in threads.
        self.parallel = None
        super().build_extensions()

    def build_extension(self, ext):
        base = self.build_temp
        self.build_temp = os.path.join(base, ext.name)
        try:
            if SANITIZE:
                self.compile_glue_plainly(ext)
            super().build_extension(ext)
        finally:
            self.build_temp = base

    def compile_glue_plainly(self, ext):
        """The sanitizer build's pybind11 glue (bindings/), without the sanitizers: instrumented,
        those few files of templates made the build take 680 CPU seconds instead of 280, and
        the rules and searches they call are all instrumented. A process that loads the extension
        preloads the sanitizers' runtimes, so plain and instrumented objects link together."""
        glue = [source for source in ext.sources if source.startswith("bindings")]
        ext.sources = [source for source in ext.sources if source not in glue]
        plain = [arg for arg in ext.extra_compile_args
                 if arg not in SANITIZER_ARGS and arg not in ("-O1", "-g")] + ["-O1"]
        ext.extra_objects = list(ext.extra_objects or []) + self.compiler.compile(
            glue, output_dir=self.build_temp, macros=ext.define_macros,
            include_dirs=ext.include_dirs, extra_postargs=plain, depends=ext.depends)


def climbing_build() -> Pybind11Extension:
    # The climbing games share no rule with the trick games: their core is a module of its own,
    # so building it changes nothing in the trick games' builds.
    return Pybind11Extension(
        "duidiao._climb",
        sorted(glob("src/core/climbing/*.cpp") + glob("src/search/climbing/*.cpp")
               + glob("bindings/climbing/*.cpp")),
        include_dirs=["src"],
        cxx_std=17,
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    )


setup(ext_modules=[core_build("duidiao._core", 2), core_build("duidiao._core3", 3), climbing_build()],
      cmdclass={"build_ext": build_each_apart})
