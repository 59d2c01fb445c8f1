"""Stop 8, multi-head attention + the MLP (lesson id `multihead-mlp`): "a fluffy blue creature"
again, now through two heads, W_O and an MLP. Only its numbers so far (lesson.py, spoken.py); its
declaration (LESSON, common.declaration) comes with its scenes and script."""
