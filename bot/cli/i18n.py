"""`parlour i18n extract` (the source catalogue from the code, every locale's brought
level with it) and `parlour i18n check` (every catalogue complete; CI runs it through the
test suite too)."""

from __future__ import annotations

import argparse

from bot.i18n.check import check
from bot.i18n.extract import run


def add_i18n(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`parlour i18n extract|check`."""
    i18n = sub.add_parser("i18n", help="the message catalogues: extract them, check them")
    i18n_sub = i18n.add_subparsers(dest="i18n_command", metavar="COMMAND", required=True)
    extract = i18n_sub.add_parser(
        "extract",
        help="write the source catalogues (a domain each) from the code, every locale's level",
    )
    extract.set_defaults(handler=_extract)
    checked = i18n_sub.add_parser("check", help="check every catalogue complete")
    checked.set_defaults(handler=_check)


def _extract(args: argparse.Namespace) -> int:
    problems = run()
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def _check(args: argparse.Namespace) -> int:
    problems = check()
    for problem in problems:
        print(problem)
    if not problems:
        print("Every catalogue is complete.")
    return 1 if problems else 0
