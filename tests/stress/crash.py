#!/usr/bin/env python3
"""Crashes on every input: reads it, complains on stderr, exits with status 3."""
import sys

sys.stdin.read()
print("something went wrong", file=sys.stderr)
sys.exit(3)
