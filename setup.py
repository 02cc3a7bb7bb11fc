"""Build hook: compiles the engine with mypyc when ``RIVERBOX_COMPILE=1``, else a pure install.

Everything else about the package is in ``pyproject.toml``; setuptools' build backend runs this
file. The list of compiled modules lives in ``riverbox/buildinfo.py`` (read here by path, so
nothing of the package is imported before it is built).

Compiling needs mypy (mypyc ships with it). It is named in ``setup_requires`` only for a compiled
build: setuptools' backend turns that into a build requirement, so an isolated build
(``RIVERBOX_COMPILE=1 pip install .``) fetches it and a pure install never does.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent
MYPY = "mypy>=1.10"
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""setup.py commands that build extensions (metadata-only runs skip the slow mypyc step)."""


def _engine_files() -> list[str]:
    spec = importlib.util.spec_from_file_location("_riverbox_buildinfo", ROOT / "riverbox" / "buildinfo.py")
    assert spec is not None and spec.loader is not None
    buildinfo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(buildinfo)
    files: list[str] = buildinfo.engine_files(ROOT)
    return files


def _ext_modules() -> list[Any]:
    if not BUILDS.intersection(sys.argv[1:]) or importlib.util.find_spec("mypyc") is None:
        return []  # asking for metadata or build requirements: nothing to compile yet
    from mypyc.build import mypycify

    os.chdir(ROOT)  # mypyc reads the files and writes its C code relative to the project
    opt_level = os.environ.get("MYPYC_OPT_LEVEL", "3")
    return list(mypycify(_engine_files(), opt_level=opt_level))


if os.environ.get("RIVERBOX_COMPILE", "") == "1":
    setup(setup_requires=[MYPY], ext_modules=_ext_modules())
else:
    setup()
