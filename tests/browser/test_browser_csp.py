"""The Content-Security-Policy allows no inline script, and the pages break none of it: in a real
Chromium, the home page, the lobby and a quick table (bidding over its socket) report no
violation."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import chromium_page, serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLLECT = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def test_the_policy_forbids_inline_scripts(client):
    policy = client.get("/fr/")["Content-Security-Policy"]
    script_src = re.search(r"script-src ([^;]*)", policy)[1]
    assert script_src.strip() == "'self'"
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


def test_the_pages_and_a_live_table_report_no_violation(live_site, chromium):
    with chromium_page(chromium, bypass_csp=False) as (page, errors):
        page.add_init_script(COLLECT)
        seen = []
        for path in ("/fr/", "/fr/jouer/"):
            page.goto(live_site + path)
            seen += page.evaluate("window.cspViolations")
        page.locator("#quick-play").click()
        page.wait_for_url("**/fr/jouer/pseudo/**")
        page.locator("input[name=nickname]").fill("Sécurité")
        page.locator("#nickname-submit").click()
        page.wait_for_url(re.compile(r".*/fr/tables/\d+/$"))
        page.wait_for_selector("body[data-socket='open']")  # no string predicate: no eval
        page.wait_for_selector(".bid-grid button, .hand-wrap button.look", timeout=30_000)
        seen += page.evaluate("window.cspViolations")
        assert seen == []
        assert not errors, errors
