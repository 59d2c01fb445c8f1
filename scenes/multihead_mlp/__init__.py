"""The scenes of stop 8, multi-head attention + the MLP: one module per paragraph of
transcript/multihead-mlp/lesson.yaml, each a scene class with its `scene_id`."""
