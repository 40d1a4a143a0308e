"""Behind the shipped nginx configuration, Daphne started with the web unit's options sees each
visitor's own address, on pages and on sockets: not nginx's (which every guest would share, so
that one guest's address block would silence them all), and not an address the visitor wrote
in an X-Forwarded-For header of their own."""

from __future__ import annotations

import asyncio
import configparser
import http.client
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import websockets

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
)
PROXY = "127.0.0.2"  # nginx listens here
VISITOR = "127.0.0.3"  # the visitor connects from here; nginx reaches Daphne from 127.0.0.1
SPOOFED = "203.0.113.9"

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(
        NGINX is None, reason="nginx is not installed (apt-get install nginx-light)"
    ),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_port(host: str, port: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection((host, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {host}:{port}")


def daphne_options() -> list[str]:
    """The web unit's Daphne options, between `-m daphne` and its endpoint."""
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.read(DEPLOY / "systemd" / "atout-web@.service")
    words = shlex.split(parser["Service"]["ExecStart"])
    return words[words.index("daphne") + 1 : words.index("-e")]


def nginx_conf(workdir: Path, listen: int, daphne: int) -> str:
    """deploy/nginx/atout.conf's HTTPS server, on a plain port here, with its upstreams pointing
    at the one Daphne of the test."""
    conf = (DEPLOY / "nginx" / "atout.conf").read_text()
    conf = re.sub(r"server \d+\.\d+\.\d+\.\d+:\d+ ", f"server 127.0.0.1:{daphne} ", conf)
    conf = re.sub(r"listen 80;", f"listen {PROXY}:{free_port()};", conf)
    conf = re.sub(r"listen 443 ssl[^;]*;", f"listen {PROXY}:{listen};", conf)
    conf = re.sub(r"\s*ssl_certificate\S* [^;]*;", "", conf)
    temp = "\n".join(
        f"    {name}_temp_path {workdir}/{name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"pid {workdir}/nginx.pid;\nerror_log {workdir}/error.log;\n"
        f"events {{ worker_connections 64; }}\n"
        f"http {{\n    access_log off;\n{temp}\n{conf}\n}}\n"
    )


@pytest.fixture
def layout(tmp_path):
    daphne_port, nginx_port = free_port(), free_port()
    daphne = subprocess.Popen(
        [sys.executable, "-m", "daphne", *daphne_options(),
         "-e", f"tcp:port={daphne_port}:interface=127.0.0.1", "tests.support.echo_client:application"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    (tmp_path / "nginx.conf").write_text(nginx_conf(tmp_path, nginx_port, daphne_port))
    nginx = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
         "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        wait_port("127.0.0.1", daphne_port)
        wait_port(PROXY, nginx_port)
        yield nginx_port
    finally:
        for process in (nginx, daphne):
            process.terminate()
            process.wait(10)


def page_client(port: int, headers: dict[str, str]) -> str:
    connection = http.client.HTTPConnection(PROXY, port, timeout=5, source_address=(VISITOR, 0))
    connection.request("GET", "/fr/", headers=headers)
    return connection.getresponse().read().decode()


async def socket_client(port: int, headers: dict[str, str]) -> str:
    sock = socket.socket()
    sock.bind((VISITOR, 0))
    sock.connect((PROXY, port))
    async with websockets.connect(
        f"ws://{PROXY}:{port}/ws/tables/1/", sock=sock, additional_headers=headers
    ) as ws:
        return await asyncio.wait_for(ws.recv(), 5)


@pytest.mark.parametrize("headers", [{}, {"X-Forwarded-For": SPOOFED}], ids=["plain", "spoofed"])
def test_daphne_behind_nginx_sees_the_visitors_own_address(layout, headers):
    assert page_client(layout, headers) == VISITOR
    assert asyncio.run(socket_client(layout, headers)) == VISITOR
