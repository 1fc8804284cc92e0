"""pip install ./python: the package, with the build's libgamelearn.so
copied next to it when one is found (GAMELEARN_LIB, else
../build/release/libgamelearn.so), so that the installed package needs no
environment variable. Without one, the package loads the system's
libgamelearn.so.0 (after `make install`). Everything else is in
pyproject.toml.

A relative GAMELEARN_LIB is taken from the directory pip was started in
(the shell's PWD: pip runs this file from the package's own folder), then
from this process's working directory; a GAMELEARN_LIB that names no file
stops the install with an error naming it, rather than installing without
the library it asked for."""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def gamelearn_lib(env):
    """The file GAMELEARN_LIB=env names, as an absolute path; SystemExit
    with a message naming it and where it was looked for when there is
    none."""
    if os.path.isabs(env):
        tried = [env]
    else:
        dirs = []
        pwd = os.environ.get("PWD")
        if pwd and os.path.isabs(pwd) and os.path.isdir(pwd):
            dirs.append(pwd)
        if os.getcwd() not in dirs:
            dirs.append(os.getcwd())
        tried = [os.path.normpath(os.path.join(d, env)) for d in dirs]
    for path in tried:
        if os.path.isfile(path):
            return path
    raise SystemExit("gamelearn: GAMELEARN_LIB=%s names no file (looked for "
                     "%s); give the path of the build's libgamelearn.so, "
                     "absolute or from the directory pip is run in"
                     % (env, " and ".join(tried)))


def built_library():
    env = os.environ.get("GAMELEARN_LIB")
    if env:
        return gamelearn_lib(env)
    path = os.path.join(HERE, "..", "build", "release", "libgamelearn.so")
    return path if os.path.exists(path) else None


LIB = built_library()


class BuildPy(build_py):
    def run(self):
        super().run()
        if LIB:
            dest = os.path.join(self.build_lib, "gamelearn", "libgamelearn.so")
            shutil.copyfile(os.path.realpath(LIB), dest)
            self.announce("gamelearn: copied %s" % LIB, 2)


setup(cmdclass={"build_py": BuildPy})
