"""The pure-Python catalogue tools: English repeats the msgid, fuzzy guesses never survive."""

import polib

from config import translations


def _catalogue(tmp_path, entries):
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    for entry in entries:
        po.append(entry)
    folder = tmp_path / "en" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / "django.po"
    po.save(str(path))
    return path


def test_fill_english_replaces_a_fuzzy_guess_with_the_msgid(tmp_path, monkeypatch):
    path = _catalogue(
        tmp_path,
        [
            polib.POEntry(msgid="Quick table", msgstr="Table", flags=["fuzzy"]),
            polib.POEntry(msgid="Bags", msgstr=""),
            polib.POEntry(msgid="Kept", msgstr="Kept as it is"),
        ],
    )
    monkeypatch.setattr(translations, "LOCALE_DIR", tmp_path)
    translations.fill_english()
    result = {entry.msgid: entry for entry in polib.pofile(str(path))}
    assert result["Quick table"].msgstr == "Quick table"
    assert "fuzzy" not in result["Quick table"].flags
    assert result["Bags"].msgstr == "Bags"
    assert result["Kept"].msgstr == "Kept as it is"


def test_fill_english_forgets_every_previous_line_of_a_fuzzy_guess(tmp_path, monkeypatch):
    guess = polib.POEntry(
        msgctxt="seat role", msgid="Partner", msgstr="partner", flags=["fuzzy"],
        previous_msgctxt="seat seen from you", previous_msgid="partner",
    )  # fmt: skip
    path = _catalogue(tmp_path, [guess])
    monkeypatch.setattr(translations, "LOCALE_DIR", tmp_path)
    translations.fill_english()
    assert "#|" not in path.read_text()
    assert polib.pofile(str(path))[0].msgstr == "Partner"


def test_check_reports_missing_and_fuzzy_entries(tmp_path):
    path = _catalogue(
        tmp_path,
        [
            polib.POEntry(msgid="A", msgstr=""),
            polib.POEntry(msgid="B", msgstr="Bé", flags=["fuzzy"]),
            polib.POEntry(msgid="C", msgstr="Cé"),
        ],
    )
    assert translations.problems(path) == ["missing: 'A'", "fuzzy: 'B'"]
