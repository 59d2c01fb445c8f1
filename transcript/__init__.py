"""The narration script: the lesson YAML, its validation, and the timed manifest built from it."""

from transcript.loader import DEFAULT_PATH, TranscriptError, load_script
from transcript.script import Course, Link, Paragraph, Script, Sentence

__all__ = ["DEFAULT_PATH", "Course", "Link", "Paragraph", "Script", "Sentence",
           "TranscriptError", "load_script"]
