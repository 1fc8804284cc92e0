"""pip install ./python: the package, with the build's libgamelearn.so
copied next to it when one is found (GAMELEARN_LIB, else
../build/release/libgamelearn.so), so that the installed package needs no
environment variable. Without one, the package loads the system's
libgamelearn.so.0 (after `make install`). Everything else is in
pyproject.toml."""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def built_library():
    env = os.environ.get("GAMELEARN_LIB")
    if env:
        return env if os.path.exists(env) else None
    path = os.path.join(HERE, "..", "build", "release", "libgamelearn.so")
    return path if os.path.exists(path) else None


class BuildPy(build_py):
    def run(self):
        super().run()
        lib = built_library()
        if lib:
            dest = os.path.join(self.build_lib, "gamelearn", "libgamelearn.so")
            shutil.copyfile(os.path.realpath(lib), dest)
            self.announce("gamelearn: copied %s" % lib, 2)


setup(cmdclass={"build_py": BuildPy})
