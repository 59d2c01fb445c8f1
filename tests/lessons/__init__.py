"""Lessons of the tests' own, declared to the engine as any lesson is (common.declaration), and
named in a test's course file by `module: tests.lessons.NAME`."""
