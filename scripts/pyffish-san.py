#!/usr/bin/env python3
"""SAN written by an independent engine, for tests/notation_san.rs: Fairy-Stockfish (the `pyffish`
package, with ../shared/anchors/variants.ini for the Shock Troops sub-variants without Ninja Pawns)
plays random games of chess and of those three variants, and for every position of them prints
every legal move as `VARIANT<TAB>FEN<TAB>MOVE<TAB>SAN` (MOVE in the coordinate form, which for these
games is the same as ours). A few fixed positions come first so that castling on both sides,
promotions with and without capture, en passant and every kind of disambiguation are always there.

Usage: scripts/pyffish-san.py [POSITIONS_PER_VARIANT] [SEED]"""
import random
import sys
from pathlib import Path

import pyffish as sf

VARIANTS = ["chess", "shocktroopsnoninja", "shocktroopsdronenoninja", "shocktroopscanoninja"]

FIXED = [
    ("chess", "r3k2r/pPp3pp/8/3pP3/8/1N3N2/PPPPQ1pP/R3K2R w KQkq d6 0 1"),
    ("chess", "r3k2r/1b4P1/8/Q7/8/8/6p1/Q3Q1K1 b kq - 0 1"),
    ("chess", "8/7k/8/Q7/8/8/8/Q3Q2K w - - 0 1"),
    ("shocktroopsnoninja", "r3k2r/1P4P1/8/8/8/8/1p6/R3K2R[WEwe] w KQkq - 0 1"),
    ("shocktroopscanoninja", "r3k2r/1P6/8/8/8/8/6p1/R3K2R[CAca] b KQkq - 0 1"),
]


def dump(variant, fen):
    """Prints every legal move of the position with its SAN; returns them as a dict."""
    sans = {move: sf.get_san(variant, fen, move) for move in sf.legal_moves(variant, fen, [])}
    for move, san in sans.items():
        print(f"{variant}\t{fen}\t{move}\t{san}")
    return sans


def main():
    per_variant = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    root = Path(__file__).resolve().parent.parent
    sf.load_variant_config((root / "../shared/anchors/variants.ini").read_text())
    for variant, fen in FIXED:
        dump(variant, fen)
    for variant in VARIANTS:
        done = 0
        while done < per_variant:
            fen = sf.start_fen(variant)
            for _ply in range(160):
                sans = dump(variant, fen)
                done += 1
                if not sans or done >= per_variant:
                    break
                # Drops now and then, so that hands empty and the dropped pieces move; captures
                # now and then, so that pawns get through to promote.
                moves = list(sans)
                drops = [m for m in moves if "@" in m]
                captures = [m for m in moves if "x" in sans[m]]
                roll = rng.random()
                pool = drops if drops and roll < 0.3 else captures if captures and roll < 0.6 else moves
                fen = sf.get_fen(variant, fen, [rng.choice(pool)])


if __name__ == "__main__":
    main()
