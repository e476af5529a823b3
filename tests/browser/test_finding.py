"""How the browser tests find their Chromium, and when a missing one fails them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import browser_required, chromium_path


def test_the_chromium_named_is_the_one_driven(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = tmp_path / "my-chromium"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setenv("PARLOUR_CHROMIUM", str(program))
    assert chromium_path() == (program, "")


@pytest.mark.parametrize("made", [False, True])
def test_a_chromium_named_that_cannot_run_is_none_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, made: bool
) -> None:
    program = tmp_path / "not-a-program"
    if made:
        program.write_text("no execute bit\n")
    monkeypatch.setenv("PARLOUR_CHROMIUM", str(program))
    path, why = chromium_path()
    assert path is None and why == f"PARLOUR_CHROMIUM={program} is not a program that can be run"


@pytest.mark.parametrize(("value", "required"), [("required", True), ("", False), ("yes", False)])
def test_only_required_makes_a_missing_browser_fail(
    monkeypatch: pytest.MonkeyPatch, value: str, required: bool
) -> None:
    monkeypatch.setenv("PARLOUR_TEST_BROWSER", value)
    assert browser_required() is required
