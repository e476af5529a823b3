"""Checking that a refusal is said in one plain sentence."""

from __future__ import annotations

import re

SENTENCE_LIMIT = 400
"""Longer than any refusal of ours, with an address and the server's own words in it."""


def one_sentence(exc: BaseException) -> str:
    """The exception's message, checked to be one sentence on one line."""
    text = str(exc)
    assert "\n" not in text and "Traceback" not in text, text
    assert text.endswith(".") and len(text) < SENTENCE_LIMIT, text
    assert not re.search(r"[.!?] [A-Z]", text), f"more than one sentence: {text}"
    return text
