"""Manim scenes of the lesson, one per narration paragraph, a beat per sentence."""
