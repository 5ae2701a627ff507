#!/usr/bin/env python3
"""Summarise a PGN written by `menagerie match` or XBoard: results, terminations, game lengths,
and per game the special moves (passes `0000`/`@@@@`, drops `X@sq`, kill chains with `,`,
promotions). With --decided CP, also where each decisive game was decided: the first ply from
which every score the winner's side gave was at least CP centipawns (a mate score counts) and
every score of the loser's side at most -CP, and how many plies the win then took.
Usage: scripts/pgn-stats.py [--decided CP] FILE.pgn"""
import re
import sys
from collections import Counter


def score_cp(comment):
    """The mover's score in a `{+0.76/13 0.45s}` or `{-M5/20 ...}` comment; None without one."""
    m = re.match(r"([+-]?)(M?)(\d+(?:\.\d+)?)/", comment.strip())
    if not m:
        return None
    value = 100000 if m.group(2) else round(float(m.group(3)) * 100)
    return -value if m.group(1) == "-" else value


def games(text):
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r"^\[.*\]$", "", block, flags=re.M)
        moves, scores = [], []
        for token in re.finditer(r"\{([^}]*)\}|(\S+)", body):
            if token.group(1) is not None:
                if moves and len(scores) == len(moves) - 1:
                    scores.append(score_cp(token.group(1)))
            elif not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", token.group(2)):
                while len(scores) < len(moves):
                    scores.append(None)
                moves.append(token.group(2))
        while len(scores) < len(moves):
            scores.append(None)
        yield tags, moves, scores


def decided_at(tags, scores, threshold):
    """The first ply (0-based, in the movetext) from which the scores stay decided for the
    winner, or None for a draw or a game never so decided."""
    result = tags.get("Result")
    if result not in ("1-0", "0-1"):
        return None
    first = tags.get("FEN", " w").split()[1] if "FEN" in tags else "w"
    winner = "w" if result == "1-0" else "b"
    at = None
    for ply, cp in enumerate(scores):
        mover = first if ply % 2 == 0 else ("b" if first == "w" else "w")
        if cp is None:
            continue
        own = cp if mover == winner else -cp
        if own >= threshold:
            if at is None:
                at = ply
        else:
            at = None
    return at


def main(path, threshold=None):
    results, terminations = Counter(), Counter()
    with_kind = Counter()
    total_kind = Counter()
    n = 0
    plies = []
    decided, after = [], []
    for tags, moves, scores in games(open(path, encoding="utf-8").read()):
        n += 1
        results[tags.get("Result", "?")] += 1
        terminations[tags.get("Termination", "?")] += 1
        plies.append(len(moves))
        if threshold is not None:
            at = decided_at(tags, scores, threshold)
            if at is not None:
                decided.append(at)
                after.append(len(moves) - at)
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
    if threshold is not None and decided:
        d, a = sorted(decided), sorted(after)
        print(
            f"decided (scores beyond {threshold} cp to the end) in {len(d)} games: at ply median "
            f"{d[len(d) // 2]}, mean {sum(d) / len(d):.0f}; then to the end median {a[len(a) // 2]}, "
            f"mean {sum(a) / len(a):.0f}, max {a[-1]} plies"
        )
    for k in sorted(total_kind):
        print(f"{k}: in {with_kind[k]} of {n} games, {total_kind[k]} in all")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    cp = None
    if len(args) == 3 and args[0] == "--decided":
        cp = int(args[1])
        args = args[2:]
    if len(args) != 1:
        sys.exit(__doc__)
    main(args[0], cp)
