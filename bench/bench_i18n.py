"""Benchmark of the catalogues, written to the "## Catalogues" section of bench/RESULTS.md.

- Start-up: in a fresh process each round, with the storage and the ledger imported
  first (the bot imports them anyway), importing `bot.i18n` (Babel included) and reading
  every shipped `.po` (issue 35's budget: <= 200 ms for all locales).
- The same for catalogues of the size issue 35 will ship once every word is converted:
  2,000 messages (a tenth of them plural) in each of the four locales, made in a
  temporary folder from the shipped French entries' shape.
- One message into words: a nested plural with a grouped number, in English without a
  catalogue (`Message.text`) and in French through the catalogue.

Each figure is the median of `--rounds` runs; the load average at the start is recorded.

Run: nice .venv/bin/python bench/bench_i18n.py [--rounds N] [--quick (no RESULTS.md)]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.games import message  # noqa: E402
from bot.i18n import translate  # noqa: E402

SYNTHETIC = 2000
LOAD = """
import sys, time
import bot.ledger, bot.storage  # the bot imports them whether or not it speaks French
started = time.perf_counter()
from bot.i18n.catalogues import Catalogues
from pathlib import Path
loaded = Catalogues.load(*([Path(sys.argv[1])] if len(sys.argv) > 1 else []))
assert loaded.by_locale
print((time.perf_counter() - started) * 1000)
"""


def load_ms(folder: Path | None) -> float:
    """Milliseconds a fresh process takes to import bot.i18n and read the catalogues."""
    args = [sys.executable, "-c", LOAD, *([str(folder)] if folder else [])]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def synthetic(folder: Path) -> None:
    """Four locales' catalogues of SYNTHETIC messages each."""
    from babel.messages.catalog import Catalog

    from bot.i18n.extract import write

    for locale in ("fr", "de", "es", "pt_BR"):
        catalog = Catalog(locale=locale, fuzzy=False)
        for n in range(SYNTHETIC):
            key = f"bench.{n}"
            if n % 10 == 0:
                catalog.add(
                    (f"{{count}} card of {n}", f"{{count}} cards of {n}"),
                    (f"{{count}} carte de {n}", f"{{count}} cartes de {n}"),
                    context=key,
                )
            else:
                catalog.add(
                    f"{{who}} plays the {n}th card, worth {{points}}.",
                    f"{{who}} joue la {n}e carte, qui vaut {{points}}.",
                    context=key,
                )
        (folder / locale).mkdir(parents=True, exist_ok=True)
        write(catalog, folder / locale / "bench.po")


def per_message_us() -> tuple[float, float]:
    """Microseconds to put one nested plural message into words: English, French."""
    chips = message("chips.amount", "{count} chip", "{count} chips", count=1250)
    said = message("chips.balance.yours", "You have {chips}.", chips=chips)
    rounds = 20_000
    started = time.perf_counter()
    for _ in range(rounds):
        said.text()
    english = (time.perf_counter() - started) / rounds * 1e6
    started = time.perf_counter()
    for _ in range(rounds):
        translate(said, "fr")
    french = (time.perf_counter() - started) / rounds * 1e6
    return english, french


def main() -> None:
    """Measure, print, and (unless --quick) write RESULTS.md's section."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    shipped = [load_ms(None) for _ in range(args.rounds)]
    with tempfile.TemporaryDirectory() as tmp:
        synthetic(Path(tmp))
        big = [load_ms(Path(tmp)) for _ in range(args.rounds)]
    english, french = per_message_us()
    lines = [
        f"Load average {load:.2f} at the start; {args.rounds} rounds, each in a fresh process.",
        "",
        "| catalogues | import + read, median ms | max ms |",
        "| --- | ---: | ---: |",
        f"| shipped (4 locales, the first slice) | {statistics.median(shipped):.0f} "
        f"| {max(shipped):.0f} |",
        f"| {SYNTHETIC:,} messages in each of 4 locales | {statistics.median(big):.0f} "
        f"| {max(big):.0f} |",
        "",
        "Budget (issue 35): <= 200 ms for all locales at start-up.",
        "",
        f"One nested plural message into words: English without a catalogue {english:.1f} µs,"
        f" French through its catalogue {french:.1f} µs.",
    ]
    print("\n".join(lines))
    if not args.quick:
        write_section("Catalogues", lines)


if __name__ == "__main__":
    main()
