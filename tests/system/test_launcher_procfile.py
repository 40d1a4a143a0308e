"""One list of command lines: `make run` runs the Procfile's lines, and each systemd unit runs the
same line, with only these differences: the virtualenv's python by its path, Daphne on the
loopback port of its instance (nginx in front), beat's schedule in the unit's state directory."""

from __future__ import annotations

import configparser
import re
from pathlib import Path

from config.launcher import PROCFILE, procfile_lines

SYSTEMD = Path(__file__).resolve().parents[2] / "deploy" / "systemd"
UNIT_VALUES = {
    "atout-web@.service": {
        "DAPHNE_ENDPOINT": "tcp:port=800%i:interface=127.0.0.1:backlog=1024",
        "DAPHNE_PROXY_HEADERS": "--proxy-headers",
    },
    "atout-worker.service": {"CELERY_BEAT_SCHEDULE": "/var/lib/atout/celerybeat-schedule"},
}


def exec_start(name: str) -> str:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(SYSTEMD / name)
    return parser["Service"]["ExecStart"]


def as_unit_runs_it(line: str, values: dict[str, str]) -> str:
    """The Procfile line with ${NAME:-default} replaced by the unit's value or the default."""
    line = re.sub(r"\$\{(\w+):-([^}]*)\}", lambda m: values.get(m[1], m[2]), line)
    assert "$" not in line, line
    return line.replace("python -m ", "/srv/atout/.venv/bin/python -m ", 1)


def test_each_systemd_unit_runs_its_procfile_line():
    lines = procfile_lines()
    assert exec_start("atout-web@.service") == as_unit_runs_it(
        lines["web"], UNIT_VALUES["atout-web@.service"]
    )
    assert exec_start("atout-worker.service") == as_unit_runs_it(
        lines["worker"], UNIT_VALUES["atout-worker.service"]
    )


def test_the_procfile_has_the_lines_make_run_keeps_and_the_release_step():
    lines = procfile_lines(PROCFILE)
    assert {"web", "worker"} <= set(lines)
    assert "migrate" in lines["release"] and "collectstatic" in lines["release"]
