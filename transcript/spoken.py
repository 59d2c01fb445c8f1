"""Numbers as the narrator says them, filled into the script by the lesson's placeholders
(`{KIND:NAME}`, each kind's words given by the lesson's declaration)."""

from __future__ import annotations

import re

from common.declaration import Numbers, Placeholders

PLACEHOLDER = re.compile(r"\{(?P<kind>[a-z]+):(?P<token>[^}]*)\}")


def fill(template: str, placeholders: Placeholders, numbers: Numbers) -> str:
    """The sentence as spoken: every {kind:name} replaced by the lesson's words for it."""

    def one(match: re.Match) -> str:
        words = placeholders.kinds[match["kind"]](numbers, match["token"])
        return words[0].upper() + words[1:] if match.start() == 0 else words

    return PLACEHOLDER.sub(one, template)
