"""Pages of the rules site: one view renders any registry page in the active language."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.html import escape, strip_tags
from django.utils.text import slugify
from django.utils.translation import get_language_from_request, override
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from rules_pages.numbers import rules_numbers
from rules_pages.pages import LANGUAGES, PAGES, Page, breadcrumb_pages, current_language, get_page

TOC_START = "<!--rules-pages:toc-->"
TOC_END = "<!--rules-pages:toc-end-->"
_H2 = re.compile(r"<h2(?P<attrs>[^>]*)>(?P<body>.*?)</h2>", re.DOTALL)
_ID = re.compile(r'\bid="(?P<id>[^"]+)"')


def absolute_url(path: str) -> str:
    """`path` on the canonical origin (settings.SITE_URL), for canonical and hreflang links."""
    return settings.SITE_URL.rstrip("/") + path


def page_path(page: Page, lang: str) -> str:
    """The path of `page` in `lang`, whatever the active language."""
    with override(lang):
        return reverse(page.url_name)


def alternates(page: Page) -> list[dict[str, str]]:
    """hreflang alternates: one per language, plus x-default (the French page, as for `/`)."""
    links = [{"hreflang": lang, "url": absolute_url(page_path(page, lang))} for lang in LANGUAGES]
    links.append({"hreflang": "x-default", "url": links[0]["url"]})
    return links


def add_table_of_contents(html: str, with_box: bool = True) -> str:
    """Give every h2 of the page body an id and list them in an "On this page" box.

    The box replaces the TOC_START marker of rules_pages/page.html; only the headings between the
    two markers count, and pages with fewer than three sections get no box.
    """
    start, end = html.find(TOC_START), html.find(TOC_END)
    if start < 0 or end < 0:
        return html
    body = html[start + len(TOC_START) : end]
    entries: list[tuple[str, str]] = []
    used: set[str] = set(_ID.findall(html))

    def with_id(match: re.Match[str]) -> str:
        attrs, inner = match["attrs"], match["body"]
        found = _ID.search(attrs)
        if found:
            anchor = found["id"]
        else:
            base = slugify(strip_tags(inner))[:60] or "section"
            anchor, n = base, 2
            while anchor in used:
                anchor, n = f"{base}-{n}", n + 1
            used.add(anchor)
            attrs = f' id="{anchor}"{attrs}'
        entries.append((anchor, html_lib.unescape(strip_tags(inner)).strip()))
        return f"<h2{attrs}>{inner}</h2>"

    body = _H2.sub(with_id, body)
    toc = ""
    if with_box and len(entries) >= 3:
        items = "".join(f'<li><a href="#{a}">{escape(t)}</a></li>' for a, t in entries)
        title = escape(_("On this page"))
        toc = (
            f'<nav class="toc" aria-labelledby="toc-title"><p class="toc-title" id="toc-title">'
            f"{title}</p><ul>{items}</ul></nav>"
        )
    return html[:start] + toc + body + html[end + len(TOC_END) :]


def page_context(request: HttpRequest, page: Page) -> dict[str, Any]:
    """Everything a page template gets (docs/rules-pages.md lists it)."""
    lang = current_language()
    crumbs = [
        {"title": p.short_title if p.key == "home" else p.title, "url": page_path(p, lang)}
        for p in breadcrumb_pages(page)
    ]
    context: dict[str, Any] = {
        "page": page,
        "pages": PAGES,
        "R": rules_numbers(),
        "page_description": page.description(lang),
        "canonical_url": absolute_url(page_path(page, lang)),
        "alternates": alternates(page),
        "breadcrumbs": crumbs,
    }
    context.update(page.extra_context(request))
    return context


@require_GET
def page_view(request: HttpRequest, key: str) -> HttpResponse:
    """Render registry page `key` from its template in the active language."""
    page = get_page(key)
    html = render_to_string(page.template(), page_context(request, page), request=request)
    return HttpResponse(add_table_of_contents(html, with_box=page.toc))


def root(request: HttpRequest) -> HttpResponse:
    """`/` goes to the home page in the language the browser asks for (its language cookie, then
    Accept-Language) when the site has it, and to the French one otherwise (no header, another
    language). A 302 that varies with both headers, so no cache hands one person's to another."""
    lang = get_language_from_request(request)
    with override(lang if lang in LANGUAGES else LANGUAGES[0]):
        response = redirect(reverse("rules_pages:home"))
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


@require_GET
def robots_txt(request: HttpRequest) -> HttpResponse:
    """Crawl the public pages; skip accounts and admin; point to the sitemap."""
    lines = ["User-agent: *"]
    for lang in LANGUAGES:
        lines += [f"Disallow: /{lang}/accounts/", f"Disallow: /{lang}/admin/"]
    lines += ["Allow: /", "", f"Sitemap: {absolute_url(reverse('sitemap'))}", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
