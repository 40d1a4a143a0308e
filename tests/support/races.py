"""Calls raced against each other, as two workers or two requests would make them."""

from __future__ import annotations

import threading

from django.db import connection


def race(calls, timeout: float = 60) -> list:
    """Run the calls at the same moment in threads, each with its own database connection;
    each call's result, or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    return results
