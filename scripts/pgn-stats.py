#!/usr/bin/env python3
"""Summarise a PGN written by `menagerie match` or XBoard: results, terminations, game lengths,
and per game the special moves (passes `0000`/`@@@@`, drops `X@sq`, kill chains with `,`,
promotions). Usage: scripts/pgn-stats.py FILE.pgn"""
import re
import sys
from collections import Counter


def games(text):
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r"^\[.*\]$", "", block, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        moves = [t for t in body.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
        yield tags, moves


def main(path):
    results, terminations = Counter(), Counter()
    with_kind = Counter()
    total_kind = Counter()
    n = 0
    plies = []
    for tags, moves in games(open(path, encoding="utf-8").read()):
        n += 1
        results[tags.get("Result", "?")] += 1
        terminations[tags.get("Termination", "?")] += 1
        plies.append(len(moves))
        kinds = Counter()
        for m in moves:
            if m in ("0000", "@@@@"):
                kinds["pass"] += 1
            elif "@" in m:
                kinds["drop " + m[0].upper()] += 1
            elif "," in m:
                kinds["multi-leg"] += 1
            elif re.fullmatch(r"[a-z]\d+[a-z]\d+[a-z]", m):
                kinds["promotion"] += 1
        for k, c in kinds.items():
            with_kind[k] += 1
            total_kind[k] += c
    print(f"games: {n}")
    print("results:", dict(results))
    print("terminations:", dict(terminations))
    if plies:
        print(f"plies: min {min(plies)}, mean {sum(plies) / len(plies):.0f}, max {max(plies)}")
    for k in sorted(total_kind):
        print(f"{k}: in {with_kind[k]} of {n} games, {total_kind[k]} in all")


if __name__ == "__main__":
    main(sys.argv[1])
