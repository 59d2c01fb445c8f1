"""Subcommand 'video' (not built yet)."""

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    raise SystemExit("render.py video: not built yet")
