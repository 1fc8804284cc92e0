"""pip install ./python, offline (no package index, no build isolation:
Debian's setuptools), puts the library beside the package, which then
loads it with no environment variable."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT


def built_lib():
    """The build's library (GAMELEARN_LIB), or skip: nothing to install,
    or no pip."""
    lib = os.environ.get("GAMELEARN_LIB")
    if not lib:
        pytest.skip("GAMELEARN_LIB not set: no built library to install")
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode:
        pytest.skip("no pip (Debian's python3-pip)")
    return lib


def pip_install(tmp_path, lib, cwd=None):
    """pip install of a copy of python/ (so that pip's in-tree build
    leaves the checkout be) into tmp_path/site, with GAMELEARN_LIB=lib,
    run from cwd as a shell there would (PWD set to it)."""
    src = tmp_path / "src"
    if not src.exists():
        shutil.copytree(os.path.join(ROOT, "python"), src,
                        ignore=shutil.ignore_patterns("tests", "__pycache__",
                                                      "build", "*.egg-info"))
    target = tmp_path / "site"
    env = dict(os.environ, GAMELEARN_LIB=str(lib))
    if cwd is not None:
        env["PWD"] = str(cwd)
    return subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                           "--no-build-isolation", "--no-index", "--no-deps",
                           "--target", str(target), str(src)],
                          capture_output=True, text=True, env=env,
                          cwd=None if cwd is None else str(cwd)), target


def test_pip_install_offline(tmp_path):
    lib = built_lib()
    r, target = pip_install(tmp_path, lib)
    assert r.returncode == 0, r.stderr[-2000:]
    assert (target / "gamelearn" / "libgamelearn.so").exists()
    env = {k: v for k, v in os.environ.items()
           if k not in ("GAMELEARN_LIB", "PYTHONPATH")}
    env["PYTHONPATH"] = str(target)
    r = subprocess.run([sys.executable, "-c",
                        "import gamelearn; print(gamelearn.library_path); "
                        "print(gamelearn.perft('tictactoe', 9))"],
                       capture_output=True, text=True, env=env,
                       cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr[-2000:]
    path, n = r.stdout.split()
    assert path == str(target / "gamelearn" / "libgamelearn.so")
    assert n == "127872"


def test_pip_install_relative_lib(tmp_path):
    """A relative GAMELEARN_LIB is taken from the directory pip is run in,
    not from setup.py's folder (where pip runs it)."""
    lib = built_lib()
    work = tmp_path / "work"
    (work / "out").mkdir(parents=True)
    shutil.copyfile(os.path.realpath(lib), work / "out" / "libgamelearn.so")
    r, target = pip_install(tmp_path, os.path.join("out", "libgamelearn.so"),
                            cwd=work)
    assert r.returncode == 0, r.stderr[-2000:]
    copied = target / "gamelearn" / "libgamelearn.so"
    assert copied.exists()
    assert copied.read_bytes() == (work / "out" / "libgamelearn.so").read_bytes()


@pytest.mark.parametrize("name", ["no/such/libgamelearn.so",
                                  "/no/such/dir/libgamelearn.so"])
def test_pip_install_missing_lib_is_an_error(tmp_path, name):
    """A GAMELEARN_LIB that names no file stops the install with a message
    naming it, instead of installing a package without the library."""
    built_lib()
    work = tmp_path / "work"
    work.mkdir()
    r, target = pip_install(tmp_path, name, cwd=work)
    assert r.returncode != 0
    out = r.stdout + r.stderr
    assert "GAMELEARN_LIB=" + name in out, out[-2000:]
    assert not (target / "gamelearn" / "libgamelearn.so").exists()
