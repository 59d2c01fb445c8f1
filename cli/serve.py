"""Subcommand 'serve' (not built yet)."""

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    raise SystemExit("render.py serve: not built yet")
