"""The attention lesson's declaration under another id, `second-lesson`: for the tests that serve
two lessons from one origin (test_namespacing), whose second lesson is attention's script with
that id."""

from __future__ import annotations

import dataclasses

from transcript.lessons import declared

LESSON = dataclasses.replace(declared("attention"), id="second-lesson")
