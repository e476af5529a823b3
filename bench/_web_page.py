"""bench/bench_web.py's `page`: a table's page loaded in headless Chromium (Debian's, as
the browser tests drive it), three times: in a new browser context (nothing cached), in
another new one (the server warm), and again in the first (its cache). Each load: the
requests, their bytes as sent (body and headers, as Chromium counts them: compressed
where the server compressed), and the time from navigation to a drawn table (the page's
own clock, `performance.now()`, when the table first has something drawn in it)."""

from __future__ import annotations

import gzip
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, Request, async_playwright

from bench._places import load_average
from bench._web_site import site, two_players
from tests.browser.conftest import ARGS, chromium_path
from web.server import STATIC

PAGE_KB = 300.0
DRAWN_MS = 1000.0
OBSERVER = """
new MutationObserver((_, watch) => {
  const felt = document.getElementById("felt");
  if (felt && felt.children.length) {
    window.parlourDrawnAt = performance.now();
    watch.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""
"""Notes the moment the table is first drawn (the page's own script fills `#felt`)."""


async def load_once(context: BrowserContext, url: str) -> dict[str, Any]:
    """Load the page once in the context: its requests, bytes and time to a drawn table."""
    page = await context.new_page()
    await page.add_init_script(OBSERVER)
    done: list[Request] = []
    page.on("requestfinished", lambda request: done.append(request))
    started = time.perf_counter()
    await page.goto(url)
    await page.wait_for_function("window.parlourDrawnAt !== undefined")
    wall_ms = 1000 * (time.perf_counter() - started)
    drawn_ms = float(await page.evaluate("window.parlourDrawnAt"))
    sizes = [await r.sizes() for r in done]
    await page.close()
    return {
        "requests": len(done),
        # a size Chromium does not know (-1: from its cache) counts as nothing sent
        "body_bytes": sum(max(s["responseBodySize"], 0) for s in sizes),
        "bytes": sum(max(s["responseBodySize"], 0) + s["responseHeadersSize"] for s in sizes),
        "drawn_ms": drawn_ms,
        "wall_ms": wall_ms,
    }


def gzipped_bytes() -> dict[str, int]:
    """The static files' sizes as they are and gzipped (what compression would send)."""
    files = [p for p in STATIC.iterdir() if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    return {"raw": raw, "gzipped": sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)}


async def first_load() -> dict[str, Any]:
    """The page's three loads, and the static files' sizes."""
    path, missing = chromium_path()
    assert path is not None, missing
    load = load_average()
    with tempfile.TemporaryDirectory() as folder:
        async with site(Path(folder)) as where, async_playwright() as playwright:
            table = await two_players(where)
            assert where.web.keys is not None
            url = f"{where.base}/t/{await where.web.keys.key_of(table.id)}"
            browser = await playwright.chromium.launch(
                executable_path=path, args=list(ARGS), headless=True
            )
            first = await browser.new_context()
            loads = {
                "cold": await load_once(first, url),
                "new_context": await load_once(await browser.new_context(), url),
                "cached": await load_once(first, url),
            }
            await browser.close()
    return {"load": load, "load_after": load_average(), **loads, "static": gzipped_bytes()}
