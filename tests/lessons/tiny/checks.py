"""The tiny lesson's one kind of check, `which-more`: which fruit the basket holds more of,
answered by its numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tests.lessons.tiny.numbers import Counts


def read_which_more(r: Any, fields: Mapping[str, Any], what: str, counts: Counts) -> dict:
    """A which-more check takes no keys of its own; refused when the counts tie (no one answer)."""
    if len(set(counts.counts.tolist())) < len(counts.names):
        raise r.error(fields["kind"], f"the counts tie, so {what} has no one answer",
                      "change the counts in tests/lessons/tiny/numbers.py")
    return {"options": counts.names}


def page_which_more(check: Any, counts: Counts) -> dict:
    """The options, the fruit there is more of, and a feedback line with both counts."""
    most = max(counts.names, key=counts.count)
    said = " and ".join(f"{counts.count(n)} {n}" for n in counts.names)
    return {"options": list(counts.names), "answer": most,
            "feedback": f"The basket holds {said}: more {most}."}
