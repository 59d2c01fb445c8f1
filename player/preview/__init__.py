"""The live preview's processes, a module each: the preview process watches the inputs and keeps
one render going (`session`); the renderer process stays up between saves (`renderer` starts it
and talks to it, `rendering` is what it keeps loaded: the voice and the drawing workers); the
drawing workers have Manim and the scenes imported and keep paused copies of them (`workers`).

Nothing is imported here: each process imports only the modules it runs.
"""
