#!/usr/bin/env python3
"""Hangs on every input (without reading it): sleeps 30 seconds."""
import time

time.sleep(30)
