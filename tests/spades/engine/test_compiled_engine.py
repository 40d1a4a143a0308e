"""The optional compiled engine (spades/engine/compiled.py): which one runs, and that it plays
exactly as the sources do."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

import spades.engine as engine
from spades.engine import compiled, hand
from spades.engine.shuffle import FairDeals

ROOT = Path(__file__).resolve().parents[3]
SOURCES = compiled.HERE

# Random legal play of a few matches (variants, blind nil when behind), with every seat's view
# along the way and each error raised by a few bad actions: a digest of all of it.
PLAY = """
import hashlib, json, random, sys
import spades.engine as e

digest = hashlib.sha256()
for k, rules in enumerate([
    e.STANDARD_RULES,
    e.Rules(variant="joker", blind_nil_min_deficit=100, target=200),
    e.Rules(variant="suicide", nil_tricks_count_for_contract=False, hand_limit=3),
]):
    rng = random.Random(k)
    match = e.Match(rules, f"seed{k}")
    while not match.is_over and len(match.history) < 6:
        for bad in (None, {"type": "play", "card": "XX"}, {"type": "bid", "bid": 14}):
            try:
                match.apply(match.to_move, bad)
            except e.IllegalAction as exc:
                digest.update(f"{exc.code}:{exc}".encode())
        digest.update(json.dumps([*match.views("NESW").values()], sort_keys=True).encode())
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    digest.update(json.dumps(match.history, sort_keys=True).encode())
print(json.dumps({"compiled": e.COMPILED, "digest": digest.hexdigest()}))
"""


def run(code: str, **env: str) -> dict[str, object]:
    """Run ``code`` in a fresh interpreter from the repository; its JSON line."""
    environ = {k: v for k, v in os.environ.items() if k != compiled.ENV} | env
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout.splitlines()[-1])
    return result


def test_the_engine_says_whether_it_runs_compiled_and_its_modules_agree():
    assert (not hand.__file__.endswith(".py")) == engine.COMPILED
    assert (engine.ENGINE_BUILD == "compiled by mypyc") == engine.COMPILED


def test_info_names_the_engine_in_use_and_spades_engine_pure_runs_the_sources():
    code = "import json, spades.engine.hand as h\nprint(json.dumps({'file': h.__file__}))\n"
    assert run(code, SPADES_ENGINE="pure")["file"] == str(SOURCES / "hand.py")
    info = subprocess.run(
        [sys.executable, "-m", "spades.engine", "info"],
        cwd=ROOT,
        env=os.environ | {compiled.ENV: "pure"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(info.stdout) == {"compiled": False, "why": "SPADES_ENGINE=pure"}


@pytest.mark.skipif(not engine.COMPILED, reason="no compiled build here: nothing to compare")
def test_the_compiled_engine_plays_views_and_refuses_exactly_as_the_sources():
    compiled_run = run(PLAY)
    pure_run = run(PLAY, SPADES_ENGINE="pure")
    assert compiled_run["compiled"] is True and pure_run["compiled"] is False
    assert compiled_run["digest"] == pure_run["digest"]


def fake_build(folder: Path) -> None:
    """The sources and the files of a build of them, in ``folder``."""
    suffix = compiled.importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in compiled.MODULES:
        (folder / f"{name}.py").write_bytes((SOURCES / f"{name}.py").read_bytes())
        (folder / f"{name}{suffix}").write_bytes(b"")
    (folder / f"_mypyc__mypyc{suffix}").write_bytes(b"")


def test_a_build_is_used_only_while_it_matches_the_sources(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "HERE", tmp_path)
    monkeypatch.setattr(compiled, "STAMP", tmp_path / ".compiled.json")
    monkeypatch.delenv(compiled.ENV, raising=False)
    fake_build(tmp_path)
    assert compiled.status() == (False, "no build record (make engine)")
    compiled.STAMP.write_text(json.dumps({"sources": compiled.sources_hash()}))
    assert compiled.status() == (True, "compiled by mypyc")

    source = tmp_path / "hand.py"
    source.write_text(source.read_text() + "\n# edited\n")
    assert compiled.status() == (False, "built from other sources: stale, ignored (make engine)")
    monkeypatch.setenv(compiled.ENV, "pure")
    assert compiled.status() == (False, "SPADES_ENGINE=pure")

    compiled.clean()
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".py"] * len(compiled.MODULES)
    monkeypatch.delenv(compiled.ENV)
    assert compiled.status() == (False, "not built (make engine)")


def test_without_a_c_compiler_the_build_says_why_and_leaves_the_engine_as_it_is(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(compiled, "HERE", tmp_path)
    monkeypatch.setattr(compiled, "STAMP", tmp_path / ".compiled.json")
    fake_build(tmp_path)
    before = sorted(tmp_path.iterdir())
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))

    assert compiled.build() is False

    assert capsys.readouterr().out == (
        f"engine: pure Python (no C compiler ({tmp_path / 'no-such-cc'}); "
        "the compiled engine is optional)\n"
    )
    assert sorted(tmp_path.iterdir()) == before


def test_the_sources_digest_covers_every_compiled_module():
    digest = hashlib.sha256(compiled.importlib.machinery.EXTENSION_SUFFIXES[0].encode())
    for name in compiled.MODULES:
        digest.update(name.encode() + b"\0" + (compiled.HERE / f"{name}.py").read_bytes() + b"\0")
    assert compiled.sources_hash() == digest.hexdigest()
    assert {p.stem for p in compiled.HERE.glob("*.py")} - set(compiled.MODULES) == {
        "__init__",
        "__main__",
        "actions",
        "compiled",
        "rules",
    }


def test_a_match_copied_or_pickled_plays_on_exactly_as_the_original():
    deals = FairDeals(3, 4, fresh=lambda: "cd" * 32)
    match = engine.Match(engine.Rules(variant="joker"), "copied", deals)
    rng = random.Random(2)
    while len(match.history) < 2 or match.hand.bidding:
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    copies = [copy.deepcopy(match), copy.copy(match)]
    deals.fresh = None  # a pickle cannot carry the lambda
    copies.append(pickle.loads(pickle.dumps(match)))
    deals.fresh = copies[0].deals.fresh
    for other in copies:
        assert other.hand is not match.hand or other is copies[1]
        assert other.view("N") == match.view("N") and other.history == match.history
    twin = copies[0]
    for _ in range(60):
        action = rng.choice(match.legal_actions())
        match.apply(match.to_move, action)
        twin.apply(twin.to_move, copy.deepcopy(action))
    assert twin.view("E") == match.view("E") and twin.actions == match.actions
    assert copy.deepcopy(match.hand).hand_ints(2) == match.hand.hand_ints(2)
    assert copy.deepcopy(engine.VARIANTS["joker"]) is engine.VARIANTS["joker"]
