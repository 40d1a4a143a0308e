"""Compile and check the gettext catalogues in pure Python (no GNU gettext tools needed).

`python -m config.translations compile` writes each locale/*/LC_MESSAGES/django.mo from its .po;
`python -m config.translations check` lists messages that are missing or fuzzy. Make runs the first
before serving or testing, so a fresh clone needs nothing but Python.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# The site's "tu" French for texts of django-allauth and Django (kept by hand, not by makemessages).
OVERRIDES_DIR = LOCALE_DIR.parent / "locale_overrides"


def app_locale_dirs() -> list[Path]:
    """The catalogues an app keeps beside its code (``tournaments/locale``), which Django finds
    by itself for each installed app."""
    return sorted(path for path in LOCALE_DIR.parent.glob("*/locale") if path.is_dir())


def catalogues() -> list[Path]:
    apps = [po for folder in app_locale_dirs() for po in sorted(folder.glob("*/LC_MESSAGES/*.po"))]
    return (
        sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))
        + apps
        + sorted(OVERRIDES_DIR.glob("*/LC_MESSAGES/*.po"))
    )


def compile_all() -> int:
    for po_path in catalogues():
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    return 0


def problems(po_path: Path) -> list[str]:
    """Untranslated or fuzzy entries of one catalogue (obsolete ones do not count)."""
    catalogue = polib.pofile(str(po_path))
    found = []
    for entry in catalogue:
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            found.append(f"fuzzy: {entry.msgid!r}")
        elif not entry.translated():
            found.append(f"missing: {entry.msgid!r}")
    return found


def fill_english() -> int:
    """Source messages are English: the English catalogue repeats each msgid as its msgstr."""
    english = [LOCALE_DIR, *app_locale_dirs()]
    for po_path in (po for folder in english for po in folder.glob("en/LC_MESSAGES/*.po")):
        catalogue = polib.pofile(str(po_path))
        for entry in catalogue:
            # A fuzzy entry holds gettext's guess from a neighbouring message: replace it too.
            fuzzy = "fuzzy" in entry.flags
            if entry.msgid_plural:
                if fuzzy or not all(entry.msgstr_plural.values()):
                    entry.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
            elif fuzzy or not entry.msgstr:
                entry.msgstr = entry.msgid
            if fuzzy:
                entry.flags.remove("fuzzy")
                # All of gettext's "#|" memory of the guess: a "#| msgctxt" left alone, without
                # its "#| msgid", is a syntax error for the next msgmerge (makemessages).
                entry.previous_msgctxt = None
                entry.previous_msgid = None
                entry.previous_msgid_plural = None
        catalogue.save()
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["compile"]:
        return compile_all()
    if argv[:1] == ["fill-english"]:
        return fill_english()
    if argv[:1] == ["check"]:
        bad = {str(p): problems(p) for p in catalogues()}
        for path, items in bad.items():
            for item in items:
                print(f"{path}: {item}")
        return 1 if any(bad.values()) else 0
    print("usage: python -m config.translations compile|check|fill-english", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
