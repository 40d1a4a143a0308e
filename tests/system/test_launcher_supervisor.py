"""The restart loop around each Procfile line (config.supervisor, `config.launcher keep`): a dead
child is started again with a growing pause, the others run on, only stop() ends them, and
nothing outlives a launcher killed -9; the embedded Redis keeps its port in the run directory."""

from __future__ import annotations

import shlex
import signal
import socket
import subprocess
import sys
import time

import psutil

from config import supervisor as sup
from config.launcher import kept_redis_port
from config.supervisor import Child, Supervisor, describe_exit
from tests.support.launcher import ROOT, free_port, wait_for

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
    children = [Child("web1", SLEEPER), Child("web2", SLEEPER)]
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


def _gone(pid: int, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)
    return False


def _keep(tmp_path, line: str, launcher_pid: int, *options: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "config.launcher", "keep", "--name", "web",
         "--launcher-pid", str(launcher_pid), *options, "--", line],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip


def _kept(loop: subprocess.Popen, count: int) -> list[psutil.Process]:
    return wait_for(lambda: len(kids := psutil.Process(loop.pid).children()) == count and kids, 10)


def test_nothing_outlives_a_launcher_killed_without_warning(tmp_path):
    """kill -9 of the launcher leaves no orphan holding the ports of the next `make run`: the
    restart loop notices its launcher is gone and stops what it keeps."""
    launcher = subprocess.Popen(SLEEPER)
    loop = _keep(tmp_path, shlex.join(SLEEPER), launcher.pid)
    try:
        (program,) = _kept(loop, 1)
        launcher.send_signal(signal.SIGKILL)
        launcher.wait()
        assert loop.wait(timeout=15) == 0
        assert _gone(program.pid)
    finally:
        loop.kill()


def test_a_program_dies_with_its_restart_loop_killed_without_warning(tmp_path):
    launcher = subprocess.Popen(SLEEPER)
    loop = _keep(tmp_path, shlex.join(SLEEPER), launcher.pid)
    try:
        (program,) = _kept(loop, 1)
        loop.send_signal(signal.SIGKILL)
        loop.wait()
        assert _gone(program.pid)
    finally:
        launcher.kill()
        launcher.wait()


def test_copies_share_one_listening_socket_named_in_daphne_endpoint(tmp_path):
    """`keep --copies 2 --port P`: each copy is told the same inherited socket; a connection is
    accepted by either, and still by the other while one is dead."""
    port = free_port()
    accept = (
        "import os, socket; fd = int(os.environ['DAPHNE_ENDPOINT'].split('=')[1]); "
        "s = socket.socket(fileno=fd)\n"
        "while True:\n c, _ = s.accept(); c.sendall(os.environ['ATOUT_PROCESS'].encode()); c.close()"
    )
    launcher = subprocess.Popen(SLEEPER)
    loop = _keep(tmp_path, shlex.join([sys.executable, "-c", accept]), launcher.pid,
                 "--copies", "2", "--port", str(port))  # fmt: skip
    try:
        first, second = _kept(loop, 2)
        # A copy just forked shows its restart loop's environment until it runs the program.
        wait_for(lambda: all("DAPHNE_ENDPOINT" in p.environ() for p in (first, second)), 10)
        endpoints = {p.environ()["DAPHNE_ENDPOINT"] for p in (first, second)}
        assert len(endpoints) == 1 and endpoints.pop().startswith("fd:fileno=")
        assert {p.environ()["ATOUT_PROCESS"] for p in (first, second)} == {"web1", "web2"}

        def answer() -> str:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                return conn.recv(16).decode()

        wait_for(lambda: answer() in ("web1", "web2"), 10)
        first.send_signal(signal.SIGKILL)
        first.wait()
        assert all(answer() in ("web1", "web2") for _ in range(5))
        assert _kept(loop, 2)  # the dead copy is back
    finally:
        loop.terminate()
        loop.wait(timeout=15)
        launcher.kill()
        launcher.wait()
    assert "stopping web1, web2" in loop.stdout.read()


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
