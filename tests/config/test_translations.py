"""Every interface message has a French and an English translation, none fuzzy."""

from config.translations import catalogues, problems


def test_both_languages_have_a_catalogue():
    languages = {path.parts[-3] for path in catalogues()}
    assert {"fr", "en"} <= languages


def test_no_message_is_missing_or_fuzzy_in_any_catalogue():
    found = {str(path): problems(path) for path in catalogues()}
    assert not any(found.values()), found
