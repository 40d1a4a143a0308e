"""The optional compiled engine: the engine's modules built as C extensions by mypyc.

The ``.py`` sources stay the engine; the compiled modules are an accelerator built from them at
install time (``make engine``, which ``make`` runs with the install step) and imported in their
place when they are present and current. Nothing is downloaded: mypyc comes with mypy
(requirements.lock) and the build needs a C compiler and Python's headers. Without them the build
says why and the engine stays pure Python, with the same behaviour.

Which one is in use: ``spades.engine.COMPILED`` (and ``ENGINE_BUILD``, why), or
``python -m spades.engine info``. ``SPADES_ENGINE=pure`` in the environment makes a process use
the sources even where a compiled build is present and current (to compare, or to debug). A build
records a hash of the sources it came from (``.compiled.json`` beside them): after an edit of a
source the stale build is ignored until the next ``make engine``, never run in its place.

    python -m spades.engine compile [--clean]

This module is never compiled itself, and imports setuptools and mypyc only to build.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The modules compiled. ``__init__``, ``__main__`` and this one stay Python, and so do
#: ``actions`` (types only; a compiled ``TypedDict`` loses the keys it inherits) and ``rules``
#: (a compiled dataclass refuses a value of the wrong type with its own ``TypeError`` before
#: ``Rules`` can say what is wrong with it).
MODULES: tuple[str, ...] = (
    "cards",
    "checks",
    "hand",
    "match",
    "record",
    "scoring",
    "shuffle",
    "variants",
)
#: The shared library of the compiled modules (``spades/engine/_mypyc__mypyc.*.so``).
GROUP = "spades.engine._mypyc"
STAMP = HERE / ".compiled.json"
#: ``SPADES_ENGINE=pure``: use the sources even where a current build is present.
ENV = "SPADES_ENGINE"


def sources_hash() -> str:
    """SHA-256 over the compiled modules' sources (names and contents) and the interpreter's
    extension suffix: what a build is valid for."""
    digest = hashlib.sha256(importlib.machinery.EXTENSION_SUFFIXES[0].encode())
    for name in MODULES:
        digest.update(name.encode() + b"\0" + (HERE / f"{name}.py").read_bytes() + b"\0")
    return digest.hexdigest()


def _built_files() -> list[Path]:
    """Every file a build leaves beside the sources (for any interpreter)."""
    out = [p for name in MODULES for p in HERE.glob(f"{name}.*.so")]
    out += HERE.glob("_mypyc__mypyc.*.so")
    if STAMP.exists():
        out.append(STAMP)
    return out


def _built() -> str | None:
    """Why no current build is present (None: there is one for these sources)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    missing = [n for n in MODULES if not (HERE / f"{n}{suffix}").exists()]
    if missing or not (HERE / f"_mypyc__mypyc{suffix}").exists():
        return "not built (make engine)"
    try:
        recorded = json.loads(STAMP.read_text())["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return "no build record (make engine)"
    if recorded != sources_hash():
        return "built from other sources: stale, ignored (make engine)"
    return None


def status() -> tuple[bool, str]:
    """(use the compiled modules?, why): a current build is present and not turned off."""
    if os.environ.get(ENV) == "pure":
        return False, f"{ENV}=pure"
    why_not = _built()
    return (False, why_not) if why_not else (True, "compiled by mypyc")


class _Sources:
    """Finds the compiled modules as their ``.py`` sources, ahead of any compiled file."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> object:
        package, _, module = name.rpartition(".")
        if package == __package__ and module in MODULES:
            return importlib.util.spec_from_file_location(name, HERE / f"{module}.py")
        return None


#: Does this process run the compiled modules, and why (or why not)? Decided once, when the
#: package is imported (``spades/engine/__init__.py`` imports this module first); without a
#: current build, the sources are found ahead of any compiled file.
COMPILED, ENGINE_BUILD = status()
if not COMPILED:
    sys.meta_path.insert(0, _Sources)  # type: ignore[arg-type]


def clean() -> None:
    """Remove every compiled file: the engine is pure Python again."""
    for path in _built_files():
        path.unlink(missing_ok=True)


def _why_no_compiler() -> str | None:
    """Why a C extension cannot be built here, or None (checked before starting mypyc)."""
    import shutil
    import sysconfig

    # setuptools compiles with $CC when it is set, else with the compiler Python was built with.
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        return f"no Python.h in {include}"
    for package in ("mypyc", "setuptools"):
        if importlib.util.find_spec(package) is None:
            return f"{package} is not installed"
    return None


_BUILD_SCRIPT = """
import json, sys
from mypyc.build import mypycify
from setuptools import setup

args = json.loads(sys.argv[1])
options = ["--config-file=", "--strict", "--cache-dir=" + args["work"] + "/mypy"]
ext = mypycify(
    options + args["paths"],
    opt_level="3",
    group_name=args["group"],
    target_dir=args["work"] + "/c",
)
build = ["build_ext", "--inplace", "--build-temp", args["work"] + "/temp"]
build += ["--build-lib", args["work"] + "/lib"]
setup(name="spades-engine", packages=[], py_modules=[], ext_modules=ext, script_args=build)
"""


def _compile(work: Path) -> None:
    """mypyc then setuptools' ``build_ext --inplace``, in a child process (mypyc exits on an
    error; its output is kept for the message). Its own mypy settings: the project's config
    would load the Django plugin."""
    import subprocess

    args = {
        "work": str(work),
        "group": GROUP,
        "paths": [f"spades/engine/{name}.py" for name in MODULES],
    }
    subprocess.run(
        [sys.executable, "-c", _BUILD_SCRIPT, json.dumps(args)],
        cwd=ROOT,
        check=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _check_import() -> None:
    """Import the fresh build in a child process and play a hand: a build that cannot load or
    play is removed rather than left to break the site."""
    import subprocess

    code = (
        "import random, spades.engine as e\n"
        "assert e.COMPILED, e.ENGINE_BUILD\n"
        "m = e.Match(e.STANDARD_RULES, 1)\n"
        "r = random.Random(1)\n"
        "while len(m.history) < 1: m.apply(m.to_move, r.choice(m.legal_actions()))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != ENV}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True)


def build() -> bool:
    """Build the compiled engine if it is not current; on any failure leave pure Python."""
    import subprocess
    import tempfile
    import time

    if _built() is None:
        print("engine: compiled build is current")
        return True
    reason = _why_no_compiler()
    if reason is not None:
        print(f"engine: pure Python ({reason}; the compiled engine is optional)")
        return False
    clean()
    start = time.perf_counter()
    expected = sources_hash()
    with tempfile.TemporaryDirectory(prefix="spades-engine-") as tmp:
        try:
            _compile(Path(tmp))
        except subprocess.CalledProcessError as exc:
            clean()
            lines = (exc.stdout or "").strip().splitlines()
            log = [line for line in lines if "error" in line.lower()][:15] or lines[-15:]
            print("engine: pure Python (the mypyc build failed):", *log, sep="\n  ")
            return False
    STAMP.write_text(json.dumps({"sources": expected, "python": sys.version.split()[0]}) + "\n")
    try:
        _check_import()
    except subprocess.CalledProcessError as exc:
        clean()
        print("engine: pure Python (the compiled build did not load):", exc.stderr[-2000:])
        return False
    print(f"engine: compiled by mypyc in {time.perf_counter() - start:.0f} s")
    return True
