#!/usr/bin/env python3
"""A scripted UCC contest program that misbehaves on purpose, for tests/outside.rs.

Usage: faulty.py MODE, where MODE says what it does when first asked for a move:
  timeout    never answers (sleeps)
  crash      writes "boom" to standard error and exits with status 3
  garbage    answers "HELLO WORLD"
  binary     answers bytes that are not UTF-8
  illegal    tries to move its Flag
  surrender  answers SURRENDER
  badsetup   sends a setup row of nine characters instead of the setup
  silent     sends nothing at all, not even a setup
It speaks the protocol (setup rows, reading the board rows) until then.
"""
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "garbage"
# A full 40-piece army (1 F, 6 B, 1 s, 8 Scouts, 5 Miners, ...), the same rows for either colour.
ROWS = ["FBB8899999", "BB88877776", "BB66655554", "s944332199"]
BOARD = set("123456789sBF#+.")


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


header = sys.stdin.readline().split()
if MODE == "silent":
    time.sleep(60)
    sys.exit(0)
colour = header[0] if header else "RED"
if MODE == "badsetup":
    say("FBB889999")
    time.sleep(60)
    sys.exit(0)
for row in ROWS:
    say(row)

rows = 0
for raw in sys.stdin:
    line = raw.strip()
    if line.startswith("QUIT"):
        sys.exit(0)
    if len(line) == 10 and set(line) <= BOARD:
        rows += 1
    else:
        rows = 0
    if rows < 10:
        continue
    rows = 0
    if MODE == "timeout":
        time.sleep(60)
    elif MODE == "crash":
        sys.stderr.write("boom\n")
        sys.stderr.flush()
        sys.exit(3)
    elif MODE == "garbage":
        say("HELLO WORLD")
    elif MODE == "binary":
        sys.stdout.buffer.write(b"\xff\xfe 3 UP\n")
        sys.stdout.flush()
    elif MODE == "illegal":
        # The Flag stands at x 0 of the first row sent: y 0 for Red, y 6 for Blue.
        say("0 0 DOWN" if colour == "RED" else "0 6 DOWN")
    elif MODE == "surrender":
        say("SURRENDER")
