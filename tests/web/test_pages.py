"""The web table's addresses: a table's page by its key, 404 for any other key exactly as
for an unknown table, nothing that lists tables, the security headers, the socket's
Origin check, and /healthz and /metrics."""

from __future__ import annotations

import re

import aiohttp
import pytest

from tests.web.conftest import Site


async def test_a_table_s_page_is_served_by_its_key_with_the_security_headers(site: Site) -> None:
    table = await site.table("tilters", 2)
    key = await site.key(table)
    assert len(key) >= 24
    page = await site.client.get(f"/t/{key}")
    assert page.status == 200
    body = await page.text()
    assert "<script" in body and "table.js" in body and key not in body
    assert "<script>" not in body  # no inline script: the CSP allows none
    csp = page.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    assert page.headers["Referrer-Policy"] == "no-referrer"
    script = await site.client.get("/static/table.js")
    assert script.status == 200 and script.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", ["/t/{wrong}", "/t/{wrong}/ws", "/t/{old}", "/t/{old}/ws"])
async def test_a_wrong_or_replaced_key_is_answered_as_an_unknown_table(
    site: Site, path: str
) -> None:
    table = await site.table("tilters", 2)
    old = await site.key(table)
    assert site.web.keys is not None
    await site.web.keys.reset(table.id)
    unknown = await site.client.get("/t/no-such-table-at-all")
    wanted = (unknown.status, await unknown.text())
    assert wanted == (404, "There is no table at this address.")
    answer = await site.client.get(path.format(wrong=old[:-1] + "x", old=old))
    assert (answer.status, await answer.text()) == wanted


@pytest.mark.parametrize("path", ["/", "/t/", "/t", "/static/", "/tables"])
async def test_nothing_lists_tables(site: Site, path: str) -> None:
    await site.table("tilters", 2)
    answer = await site.client.get(path)
    assert answer.status in (404, 403)
    text = await answer.text()
    assert len(text) < 80 and "<" not in text


async def test_a_socket_from_another_site_is_refused(site: Site) -> None:
    key = await site.key(await site.table("tilters", 2))
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await site.socket(key, Origin="https://evil.example")
    assert refused.value.status == 403
    plain = await site.client.get(f"/t/{key}/ws", headers={"Origin": "http://parlour.test"})
    assert plain.status == 400 and "WebSocket" in await plain.text()


async def test_a_method_the_site_does_not_take_gets_a_short_plain_answer(site: Site) -> None:
    key = await site.key(await site.table("tilters", 2))
    answer = await site.client.post(f"/t/{key}", data=b"x")
    assert answer.status == 405 and await answer.text() == "Method Not Allowed."


async def test_healthz_says_ready_only_when_the_bot_is(site: Site) -> None:
    site.ready[0] = "waiting for its shards"
    waiting = await site.client.get("/healthz")
    assert waiting.status == 503 and "waiting for its shards" in await waiting.text()
    site.ready[0] = None
    ready = await site.client.get("/healthz")
    assert (ready.status, await ready.text()) == (200, "ready")


SAMPLE = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]* -?[0-9.e+]+")


async def test_metrics_are_in_prometheus_text_format(site: Site) -> None:
    table = await site.table("black-joke", 3)
    ws = await site.socket(await site.key(table))
    answer = await site.client.get("/metrics")
    assert answer.status == 200 and answer.content_type == "text/plain"
    text = await answer.text()
    names = {}
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split()
            names[name] = kind
        elif not line.startswith("# HELP "):
            assert SAMPLE.fullmatch(line), line
            name, value = line.split()
            names[name + "="] = value
    assert names["parlour_tables_open"] == "gauge" and names["parlour_tables_open="] == "1"
    assert names["parlour_web_sockets_open="] == "1"
    assert names["parlour_moves_total"] == "counter"
    assert int(names["parlour_ledger_transfers_total="]) >= 3  # the buy-ins
    await ws.close()
