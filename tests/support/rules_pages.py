"""Helpers shared by the rules site's tests: fetch a registry page and read its HTML."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from rules_pages.pages import Page


def url_of(page: Page | str, lang: str) -> str:
    """The path of a registry page in `lang`."""
    key = page if isinstance(page, str) else page.key
    with override(lang):
        return reverse(f"rules_pages:{key}")


def normalize(text: str) -> str:
    """Collapse whitespace (including no-break spaces) and straighten apostrophes."""
    text = text.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ")
    return " ".join(text.split())


@dataclass
class ParsedPage:
    """What the tests look at in a rendered page."""

    lang: str = ""
    title: str = ""
    description: str | None = None
    canonical: str | None = None
    alternates: dict[str, str] = field(default_factory=dict)
    headings: list[tuple[int, str]] = field(default_factory=list)
    links: list[dict[str, str]] = field(default_factory=list)
    json_ld: list[str] = field(default_factory=list)
    main_text: str = ""
    ids: list[str] = field(default_factory=list)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = ParsedPage()
        self._in_title = False
        self._heading: int | None = None
        self._heading_text: list[str] = []
        self._script: str | None = None
        self._script_text: list[str] = []
        self._main_depth = 0
        self._skip = 0
        self._main_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.page.ids.append(a["id"])
        if tag == "html":
            self.page.lang = a.get("lang", "")
        elif tag == "title":
            self._in_title = True
        elif tag == "meta" and a.get("name") == "description":
            self.page.description = a.get("content")
        elif tag == "link" and a.get("rel") == "canonical":
            self.page.canonical = a.get("href")
        elif tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.page.alternates[a["hreflang"]] = a["href"]
        elif tag == "a":
            self.page.links.append(a)
        elif tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            self._heading, self._heading_text = int(tag[1]), []
        elif tag == "script":
            self._script, self._script_text = a.get("type", ""), []
        elif tag == "main":
            self._main_depth += 1
        if tag in {"script", "style"}:
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in {"h1", "h2", "h3", "h4", "h5", "h6"} and self._heading:
            self.page.headings.append((self._heading, normalize("".join(self._heading_text))))
            self._heading = None
        elif tag == "script":
            if self._script == "application/ld+json":
                self.page.json_ld.append("".join(self._script_text))
            self._script = None
        elif tag == "main":
            self._main_depth -= 1
        if tag in {"script", "style"}:
            self._skip -= 1
        if self._main_depth and tag in {"p", "li", "h1", "h2", "h3", "td", "th", "figcaption"}:
            self._main_text.append(" ")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.page.title += data
        if self._heading:
            self._heading_text.append(data)
        if self._script is not None:
            self._script_text.append(data)
        elif self._main_depth and not self._skip:
            self._main_text.append(data)


def parse(content: bytes | str) -> ParsedPage:
    text = content.decode() if isinstance(content, bytes) else content
    parser = _Parser()
    parser.feed(text)
    parser.close()
    page = parser.page
    page.title = normalize(page.title)
    page.main_text = normalize(html.unescape("".join(parser._main_text)))
    return page


def fetch(client: Client, page: Page | str, lang: str) -> ParsedPage:
    response = client.get(url_of(page, lang))
    assert response.status_code == 200, (url_of(page, lang), response.status_code)
    return parse(response.content)


def json_ld_objects(page: ParsedPage) -> list[dict]:
    return [json.loads(block) for block in page.json_ld]


def strip_tags(text: str) -> str:
    return normalize(html.unescape(re.sub(r"<[^>]+>", " ", text)))
