"""Rendering scenes with Manim, joining them and muxing the narration."""
