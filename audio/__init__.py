"""Narration: voices, recorded takes, assembly and loudness."""
