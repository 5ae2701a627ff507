#!/usr/bin/env python3
"""Runs a UCI engine over an EPD suite, as `menagerie epd` runs menagerie, so that the two can be
compared at the same budget (chess only: the moves are compared in UCI coordinates, and `bm`/`am`
records in SAN need python-chess to be read).

    scripts/epd-uci.py ENGINE FILE [--nodes N | --time S | --depth D] [--hash MB] [--threads T]
                                   [--option NAME=VALUE ...]

Records: `bm #N` / `dm N` (a mate in N; #-N: the side to move is mated) are found when the last
score the engine reports before `bestmove` is a mate of that sign, and at the shortest distance
when it is exactly N; `bm`/`am` moves are solved when `bestmove` is one of `bm` and none of `am`.
Prints `Solved X/Y` and `Mates found X/Y, at the shortest distance Z/Y` in menagerie's words.
The table is cleared (`ucinewgame`) before each position.
"""

import argparse
import re
import subprocess
import sys


def read_records(path):
    records = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split(None, 4)
            if len(fields) < 4:
                sys.exit(f"{path}:{n}: fewer than four position fields")
            fen = " ".join(fields[:4])
            ops = {}
            for op in (fields[4] if len(fields) > 4 else "").split(";"):
                words = op.strip().split(None, 1)
                if words:
                    ops.setdefault(words[0], words[1].strip().strip('"') if len(words) > 1 else "")
            records.append((n, fen, ops))
    return records


def san_to_uci(fen, moves):
    try:
        import chess
    except ImportError:
        sys.exit("bm/am in SAN need python-chess (python3 -m pip install chess)")
    board = chess.Board(fen + " 0 1")
    return [board.parse_san(m).uci() for m in moves]


class Engine:
    def __init__(self, command, options):
        self.p = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine exited")
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def search(self, fen, go):
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position fen {fen}")
        self.send(go)
        lines = self.wait("bestmove")
        best = lines[-1].split()[1] if len(lines[-1].split()) > 1 else None
        score = None
        for line in lines:
            m = re.search(r"\bscore (cp|mate) (-?\d+)", line)
            pv = re.search(r"\bmultipv (\d+)", line)
            if m and (pv is None or pv.group(1) == "1"):
                score = (m.group(1), int(m.group(2)))
        return best, score

    def close(self):
        self.send("quit")
        self.p.wait(5)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine")
    ap.add_argument("file")
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--time", type=float)
    ap.add_argument("--depth", type=int)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    a = ap.parse_args()
    go = ("go nodes %d" % a.nodes if a.nodes else "go depth %d" % a.depth if a.depth
          else "go movetime %d" % int(1000 * (a.time or 1.0)))
    options = [("Hash", a.hash), ("Threads", a.threads)]
    options += [tuple(o.split("=", 1)) for o in a.option]
    records = read_records(a.file)
    engine = Engine(a.engine, options)
    solved = mates = shortest = mate_goals = 0
    for i, (n, fen, ops) in enumerate(records, 1):
        best, score = engine.search(fen, go)
        mate = ops.get("dm") or (ops.get("bm", "").startswith("#") and ops["bm"][1:])
        if mate:
            want = int(mate)
            mate_goals += 1
            ok = score is not None and score[0] == "mate" and (score[1] > 0) == (want > 0)
            mates += ok
            shortest += ok and score[1] == want
        else:
            bm = san_to_uci(fen, ops["bm"].split()) if "bm" in ops else []
            am = san_to_uci(fen, ops["am"].split()) if "am" in ops else []
            ok = best is not None and (not bm or best in bm) and best not in am
        solved += ok
        if not ok:
            print(f"{i:>5}/{len(records)} {ops.get('id', f'line {n}'):<16} FAILED  played {best} "
                  f"{score}")
        if i % 50 == 0:
            print(f"{i}/{len(records)} done, {solved} solved", file=sys.stderr)
    engine.close()
    budget = f"{a.nodes} nodes" if a.nodes else f"depth {a.depth}" if a.depth else f"{a.time or 1.0} s"
    print(f"Solved {solved}/{len(records)} ({budget} a position, {a.threads} thread(s), {a.hash} MB)")
    if mate_goals:
        print(f"Mates found {mates}/{mate_goals}, at the shortest distance {shortest}/{mate_goals}")


if __name__ == "__main__":
    main()
