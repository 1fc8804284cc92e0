"""pip install ./python, offline (no package index, no build isolation:
Debian's setuptools), puts the library beside the package, which then
loads it with no environment variable."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT


def test_pip_install_offline(tmp_path):
    lib = os.environ.get("GAMELEARN_LIB")
    if not lib:
        pytest.skip("GAMELEARN_LIB not set: no built library to install")
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode:
        pytest.skip("no pip (Debian's python3-pip)")
    # a copy of python/, so that pip's in-tree build leaves the checkout be
    src = tmp_path / "src"
    shutil.copytree(os.path.join(ROOT, "python"), src,
                    ignore=shutil.ignore_patterns("tests", "__pycache__",
                                                  "build", "*.egg-info"))
    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--no-build-isolation", "--no-index", "--no-deps",
                        "--target", str(target), str(src)],
                       capture_output=True, text=True)
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
