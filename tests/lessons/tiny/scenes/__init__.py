"""The tiny lesson's scenes: one per paragraph."""
