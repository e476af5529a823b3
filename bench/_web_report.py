"""The RESULTS.md sections of bench/bench_web.py, one per part, each run a row with the
machine's load at its start and whether its process was fresh or warm; and the targets
a run missed."""

from __future__ import annotations

from typing import Any

from bench._results import write_section

TITLES = {
    "fanout": "Issue 33: the web table, one table watched by 2,000 sockets",
    "spectators": "Issue 33: the web table, 400 tables watched by 5 sockets each",
    "page": "Issue 33: the web table, the page's first load",
}
FANOUT_P99_MS = 50.0
SOCKET_KB = 50.0
FRAME_P99_MS = 100.0
ANSWER_P99_MS = 1000.0
PAGE_KB = 300.0
DRAWN_MS = 1000.0


def _load(run: dict[str, Any]) -> str:
    """The 1-minute load at the run's start and end."""
    after = run.get("load_after") or run.get("load_after_web", "")
    return f"{run['load'].split(',')[0]} -> {after.split(',')[0]}"


def fanout_rows(runs: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The fan-out table, and what was missed."""
    lines = [
        "`bench/bench_web.py fanout`: a Tilters table of two players, a move every second,"
        " watched by 2,000 sockets of the spectators' process (bench/_sockets.py, plain"
        " sockets in one epoll loop: every Nth read as its frames come and timed, the others"
        " read between moves and counted); the collector set as the bot sets it (bot/heap.py)."
        " Memory: this process's resident memory before and after the sockets opened and"
        " each had its first frame, over the sockets. Target: every frame, p99 ≤ 50 ms,"
        " ≤ 50 KB a socket.",
        "",
        "| run | load | sockets | moves (s apart) | every frame to every socket"
        " | commit to written to the last socket p50 / p99 / max ms (left to pumps)"
        " | commit to read by each timed socket p50 / p99 / max ms (timed) | memory per socket KB"
        " | spectators' CPU per frame µs |",
        "| --- | --- | ---: | --- | --- | --- | --- | ---: | ---: |",
    ]
    missed = []
    for r in runs:
        every = r["sockets_with_every_frame"] == r["sockets"]
        lines.append(
            f"| {r['process']} | {_load(r)} | {r['sockets']:,} | {r['moves']} ({r['pace_s']})"
            f" | {'yes' if every else 'no'} ({r['sockets_with_every_frame']:,} sockets)"
            f" | {r['written_p50_ms']:.0f} / {r['written_p99_ms']:.0f} / {r['written_max_ms']:.0f}"
            f" ({r['pumped']})"
            f" | {r['p50_ms']:.0f} / {r['p99_ms']:.0f} / {r['max_ms']:.0f}"
            f" (1 in {r['timed_every']})"
            f" | {r['socket_kb']:.1f} | {1000 * r['client_cpu_ms_per_frame']:.0f} |"
        )
        missed += ["a socket missed a frame"] * (not every)
        missed += [f"fan-out p99 {r['p99_ms']:.0f} ms"] * (r["p99_ms"] > FANOUT_P99_MS)
        missed += [f"{r['socket_kb']:.1f} KB a socket"] * (r["socket_kb"] > SOCKET_KB)
    return lines, missed


def spectator_rows(runs: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The 400 tables' table (each run: with the web, and without), and what was missed."""
    lines = [
        "`bench/bench_web.py spectators`: bench/bench_discord.py's 400 black-joke tables"
        " (a player and an AI each, the player taking 2-8 s a move in Discord through the"
        " fake, 5 moves), once with the web on and 5 sockets on every table (2,000 in the"
        " spectators' process) and once without, on fresh SQLite files, the order"
        " alternating. Commit to frame: from the presenters being told of a version (just"
        " after its commit) to a socket reading its frame. Targets: p99 ≤ 100 ms, and the"
        " Discord figures unchanged (answer p99 ≤ 1 s).",
        "",
        "| run | load | web | moves | frames to sockets | commit to frame p50 / p99 / max ms"
        " | bot CPU ms/move | lag p99 ms | answer p50 / p99 / max ms | not acked in 3 s |",
        "| --- | --- | --- | ---: | ---: | --- | ---: | ---: | --- | ---: |",
    ]
    missed = []
    for r in runs:
        for part in ("plain", "web"):
            f = r[part]
            frames = "-"
            if part == "web":
                frames = f"{f['frames']:,} ({f['sockets']:,} sockets)"
                frames_ms = (
                    f"{f['frame_p50_ms']:.0f} / {f['frame_p99_ms']:.0f} / {f['frame_max_ms']:.0f}"
                )
                missed += [f"frame p99 {f['frame_p99_ms']:.0f} ms"] * (
                    f["frame_p99_ms"] > FRAME_P99_MS
                )
            else:
                frames_ms = "-"
            missed += [f"answer p99 {f['answer_p99_ms']:.0f} ms ({part})"] * (
                f["answer_p99_ms"] > ANSWER_P99_MS
            )
            web = "on, 5 sockets a table" if part == "web" else "off"
            lines.append(
                f"| {r['process']} | {_load(r)} | {web}"
                f" | {f['moves']:,} | {frames} | {frames_ms} | {f['bot_cpu_ms_per_move']:.1f}"
                f" | {f['lag_p99_ms']:.1f} | {f['answer_p50_ms']:.0f} / {f['answer_p99_ms']:.0f}"
                f" / {f['answer_max_ms']:.0f} | {f['not_acked_in_3s']} |"
            )
    return lines, missed


def page_rows(runs: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The page's loads, and what was missed."""
    lines = [
        "`bench/bench_web.py page`: a table's page in headless Chromium (Debian's 156),"
        " a Tilters table in play: a new browser context, another new one, and the first"
        " again (its cache). Bytes as Chromium counts them (headers too). Drawn: the page's"
        " own clock from navigation to the table first drawn. Targets: ≤ 300 KB, ≤ 1 s.",
        "",
        "| run | load | load of the page | requests | bytes sent (bodies) | navigation to drawn"
        " table ms | goto to drawn, ms |",
        "| --- | --- | --- | ---: | --- | ---: | ---: |",
    ]
    missed = []
    for r in runs:
        for kind in ("cold", "new_context", "cached"):
            f = r[kind]
            lines.append(
                f"| {r['process']} | {_load(r)} | {kind.replace('_', ' ')} | {f['requests']}"
                f" | {f['bytes']:,} ({f['body_bytes']:,}) | {f['drawn_ms']:.0f}"
                f" | {f['wall_ms']:.0f} |"
            )
            missed += [f"{kind} drawn in {f['drawn_ms']:.0f} ms"] * (f["drawn_ms"] > DRAWN_MS)
        missed += [f"{r['cold']['bytes'] / 1024:.0f} KB"] * (r["cold"]["bytes"] > PAGE_KB * 1024)
    static = runs[-1]["static"]
    lines.append("")
    lines.append(
        f"The static files (HTML, style, scripts; cards are drawn by the page, no images):"
        f" {static['raw']:,} bytes, {static['gzipped']:,} gzipped."
    )
    return lines, missed


def write(part: str, runs: list[dict[str, Any]], to_file: bool) -> list[str]:
    """Print (and with `to_file`, write) the part's section; what was missed."""
    rows = {"fanout": fanout_rows, "spectators": spectator_rows, "page": page_rows}[part]
    lines, missed = rows(runs)
    print("\n".join(lines))
    if to_file:
        write_section(TITLES[part], lines)
    return missed
