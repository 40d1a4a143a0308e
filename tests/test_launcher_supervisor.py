"""The launcher's supervisor: a dead child is started again with a growing pause, the others
run on, only stop() ends them; the embedded Redis keeps its port in the run directory."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import psutil

from config import supervisor as sup
from config.launcher import kept_redis_port
from config.supervisor import Child, Supervisor, describe_exit

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]
CRASHER = [sys.executable, "-c", "raise SystemExit(3)"]


def run_for(supervisor: Supervisor, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        supervisor.check()
        time.sleep(0.02)


def test_a_killed_child_is_started_again_and_the_others_keep_running(tmp_path):
    lines: list[str] = []
    web, worker = Child("web", SLEEPER), Child("worker", SLEEPER)
    supervisor = Supervisor([web, worker], {}, tmp_path, log=lines.append)
    supervisor.start_all()
    try:
        first_web, first_worker = web.pid, worker.pid
        web.proc.send_signal(signal.SIGKILL)
        run_for(supervisor, 0.6)
        assert web.pid != first_web and web.proc.poll() is None
        assert worker.pid == first_worker
        assert lines[0].startswith(f"web (pid {first_web}) killed by SIGKILL after ")
        assert lines[0].endswith("restarting in 0.1 s")
        assert lines[1] == f"web started again (pid {web.pid}, was {first_web})"
    finally:
        supervisor.stop()
    assert web.proc.poll() is not None and worker.proc.poll() is not None


def test_a_child_that_keeps_dying_young_waits_longer_each_time(tmp_path):
    lines: list[str] = []
    crasher = Child("beat", CRASHER)
    supervisor = Supervisor([crasher], {}, tmp_path, log=lines.append)
    supervisor.start_all()
    run_for(supervisor, 2.5)
    supervisor.stop()
    pauses = [line.rsplit("restarting in ", 1)[1] for line in lines if "restarting" in line]
    assert pauses[:4] == ["0.1 s", "0.2 s", "0.4 s", "0.8 s"]
    assert "exited with code 3" in lines[0]


def test_the_pause_stops_growing_and_starts_again_small_after_a_long_life():
    child = Child("web", SLEEPER, quick_deaths=20)
    assert child.next_delay() == sup.MAX_DELAY
    child.quick_deaths = 1
    assert child.next_delay() == sup.BASE_DELAY


def test_stop_terminates_every_child_and_nothing_is_started_again(tmp_path):
    lines: list[str] = []
    children = [Child("web", SLEEPER), Child("redis", SLEEPER, stop_last=True)]
    supervisor = Supervisor(children, {}, tmp_path, log=lines.append)
    supervisor.start_all()
    supervisor.request_stop()
    supervisor.stop()
    supervisor.check()
    assert [c.proc.returncode for c in children] == [-signal.SIGTERM, -signal.SIGTERM]
    assert lines == []


def test_exits_are_described_by_signal_name_or_code():
    assert describe_exit(-9) == "killed by SIGKILL"
    assert describe_exit(1) == "exited with code 1"


def test_the_redis_port_is_kept_in_the_run_directory(tmp_path):
    port = kept_redis_port(tmp_path)
    assert (tmp_path / "redis-port").read_text().strip() == str(port)
    assert kept_redis_port(tmp_path) == port


def test_a_kept_port_taken_by_something_else_is_replaced_and_remembered(tmp_path, capsys):
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen(1)
        taken = squatter.getsockname()[1]
        (tmp_path / "redis-port").write_text(f"{taken}\n")
        port = kept_redis_port(tmp_path)
    assert port != taken
    assert (tmp_path / "redis-port").read_text().strip() == str(port)
    assert f"port {taken} of" in capsys.readouterr().out


def test_a_garbled_port_file_is_replaced(tmp_path):
    (tmp_path / "redis-port").write_text("not a port\n")
    port = kept_redis_port(tmp_path)
    assert 0 < port < 65536


def test_children_die_with_a_launcher_killed_without_warning(tmp_path):
    """kill -9 of the launcher leaves no orphan holding the ports of the next `make run`."""
    code = (
        "import sys, time; from pathlib import Path; "
        "from config.supervisor import Child, Supervisor; "
        f"s = Supervisor([Child('web', {SLEEPER!r})], {{}}, Path('.')); s.start_all(); "
        "print(s.children[0].pid, flush=True); time.sleep(60)"
    )
    launcher = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    child_pid = int(launcher.stdout.readline())
    launcher.send_signal(signal.SIGKILL)
    launcher.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and psutil.pid_exists(child_pid):
        try:
            if psutil.Process(child_pid).status() == psutil.STATUS_ZOMBIE:
                break
        except psutil.NoSuchProcess:
            break
        time.sleep(0.05)
    alive = psutil.pid_exists(child_pid) and psutil.Process(child_pid).status() != "zombie"
    assert not alive


def test_a_web_port_already_in_use_is_a_clear_error_and_starts_nothing(tmp_path, capsys):
    from config.launcher import main

    with socket.socket() as other_site:
        other_site.bind(("127.0.0.1", 0))
        other_site.listen(1)
        port = other_site.getsockname()[1]
        code = main(["run", "--port", str(port), "--run-dir", str(tmp_path)])
    assert code == 2
    out = capsys.readouterr().out
    assert f"cannot listen on 127.0.0.1:{port}" in out and "PORT=" in out
    assert "started" not in out
