"""What every layer of the project may use: the build folder's layout, safe file writes, the one
way to run ffmpeg, and the lists of choices (qualities, voices). It imports nothing of the project."""
