"""docs/PYTHON.md's examples: each ```python block runs, from the
repository's top folder, and exits 0."""
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

DOC = os.path.join(ROOT, "docs", "PYTHON.md")


def blocks():
    with open(DOC) as f:
        return re.findall(r"```python\n(.*?)```", f.read(), re.S)


def test_doc_has_the_examples():
    assert len(blocks()) >= 5


@pytest.mark.parametrize("i", range(len(blocks())))
def test_doc_example_runs(i):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(ROOT, "python") + os.pathsep + \
        env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-c", blocks()[i]], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip()
