"""The attention lesson's scenes, one per paragraph of transcript/attention/lesson.yaml, and the
pieces of its picture several of them draw (parts.py). The engine finds them from the lesson's
declaration (attention/attention/__init__.py: `scenes`), never by importing them by name."""
