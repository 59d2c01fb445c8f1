"""Cheaper axe passes for the page tests (imported by tests/test_explore.py and
tests/test_multihead_page.py, not a conftest): axe-core injected once per document, not once per
pass, and a pass limited to the part of the page that changed since a full pass over it."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import AxeResults

NO_ANIMATION = "document.getAnimations().every(a => a.playState !== 'running')"


def axe(page, within: str | None = None) -> AxeResults:
    """Axe's violations on `page` once no CSS animation or transition is running (as
    player_fixtures.axe: a panel fading in has text in a colour between its own and the
    background's); with `within`, a CSS selector, on that part of the page alone: for a state
    that differs from one a full pass found clean only inside it (a panel's step changed)."""
    from axe_playwright_python.base import AXE_SCRIPT

    page.wait_for_function(NO_ANIMATION)
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    return AxeResults(page.evaluate("""within => axe.run(within || document, {resultTypes: ['violations']})
        .then(r => ({violations: r.violations}))""", within))
