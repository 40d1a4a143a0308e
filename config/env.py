"""Small typed readers for settings that come from the environment.

Every setting the deployment may change is read here once, with a safe local default,
so that `config/settings.py` stays declarative (in the manner of healthchecks' settings).
"""

from __future__ import annotations

import os


def env_str(name: str, default: str = "") -> str:
    """The variable's value, or `default` when it is unset or empty."""
    return os.environ.get(name) or default


def env_bool(name: str, default: bool = False) -> bool:
    """`1/true/yes/on` (any case) mean True, `0/false/no/off` False; anything else is an error."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ValueError(f"{name} must be a boolean (true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    """An integer variable; a value that is not an integer is an error, not a silent default."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, not {raw!r}") from None


def env_float(name: str, default: float) -> float:
    """A number variable (seconds, for instance)."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blanks around items are dropped."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_contact(name: str) -> str:
    """How to reach the site's team, as a link: an e-mail address gives ``mailto:`` it, a form's
    ``https://`` (or ``http://``) address stays as it is; unset gives "" (no contact shown).
    Anything else is an error, not a link to nowhere."""
    raw = (os.environ.get(name) or "").strip()
    if not raw:
        return ""
    if raw.startswith(("https://", "http://")) and "." in raw.split("/")[2]:
        return raw
    address = raw.removeprefix("mailto:")
    user, at, domain = address.partition("@")
    if at and user and "." in domain and not any(ch.isspace() for ch in address):
        return f"mailto:{address}"
    raise ValueError(f"{name} must be an e-mail address or an https:// address, not {raw!r}")
