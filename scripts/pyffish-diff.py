#!/usr/bin/env python3
"""Differential test of menagerie's legal moves against Fairy-Stockfish (the `pyffish` package with
../shared/anchors/variants.ini) on random positions of the Shock Troops sub-variants without Ninja
Pawns. Random games are played with pyffish; at every position of them the sorted legal-move sets
of both engines must be equal (menagerie's come from `menagerie perft --divide --depth 1`).

Usage: scripts/pyffish-diff.py MENAGERIE_BINARY [POSITIONS_PER_VARIANT] [SEED]"""
import random
import subprocess
import sys
from pathlib import Path

import pyffish as sf

VARIANTS = ["shocktroopsnoninja", "shocktroopsdronenoninja", "shocktroopscanoninja"]


def ours(binary, variant, fen):
    out = subprocess.run([binary, "perft", "--variant", variant, "--fen", fen, "--depth", "1", "--divide"],
                         capture_output=True, text=True, check=True).stdout
    return sorted(line.split(":")[0] for line in out.splitlines() if ": " in line)


def main():
    binary = sys.argv[1]
    per_variant = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2026)
    root = Path(__file__).resolve().parent.parent
    sf.load_variant_config((root / "../shared/anchors/variants.ini").read_text())
    checked = 0
    for variant in VARIANTS:
        start = sf.start_fen(variant)
        done = 0
        while done < per_variant:
            # Every position of a random game is compared, the start included.
            fen = start
            for _ply in range(120):
                theirs = sorted(sf.legal_moves(variant, fen, []))
                mine = ours(binary, variant, fen)
                if mine != theirs:
                    print(f"MISMATCH {variant} {fen}\n  only menagerie: {sorted(set(mine) - set(theirs))}"
                          f"\n  only Fairy-Stockfish: {sorted(set(theirs) - set(mine))}")
                    sys.exit(1)
                done += 1
                checked += 1
                if not theirs or done >= per_variant:
                    break
                # Prefer drops now and then so that hands empty and dropped pieces move.
                drops = [m for m in theirs if "@" in m]
                fen = sf.get_fen(variant, fen, [rng.choice(drops if drops and rng.random() < 0.3 else theirs)])
    print(f"{checked} positions agree ({per_variant} per variant)")


if __name__ == "__main__":
    main()
