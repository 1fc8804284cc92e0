"""The package's tests run on the library GAMELEARN_LIB names (CTest sets
it to the build's libgamelearn.so) and import the package from this
checkout's python/ unless it is installed."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
GDL = os.path.join(ROOT, "tests", "data", "gdl", "games")
