"""Each pytest-xdist worker on a Redis database of its own (loaded with ``-p`` in pyproject.toml).

The workers share one Redis server (CI's, or the one ``config.launcher exec`` embeds) and each has
a test database of its own, so their tables have the same ids: on one Redis database a worker's
consumers would hear the other's group messages ("table.1.state") and read its cache entries
(pub/sub ignores the database number: the channel layer's names carry it, config/settings.py). xdist
names the worker in the environment before its configuration (hence Django's settings) is read;
the controller and a run without workers keep the URL as it is.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

_worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ...
_url = os.environ.get("REDIS_URL")
if _worker.startswith("gw") and _url:
    _base = int(urlsplit(_url).path.strip("/") or 0)
    os.environ["REDIS_URL"] = (
        urlsplit(_url)._replace(path=f"/{_base + 1 + int(_worker[2:])}").geturl()
    )
