#!/usr/bin/env python3
"""Protocol and FEN fuzzing of the built engine, as a GUI or a hostile input would do it.

  scripts/fuzz.py [--lines N] [--fens N] [--seed S] [--binary PATH]

Sessions of UCI and CECP (xboard) take random lines: commands with random and boundary
arguments, commands sent while a search runs, garbage and binary bytes, and now and then a line
of several megabytes. Every few hundred lines a `ping`/`isready` must be answered within 20 s.
Then mutated FENs of all 15 games go through `position fen` / `setboard`. A session fails on a
panic (stderr), a hang (no answer, or no exit after `quit`), an exit that was not asked for, or
an output line with a control byte. Prints the counts; exit status 1 on any failure.
"""

import argparse
import os
import queue
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIANTS = [
    "chess", "shocktroops", "shocktroopsnoninja", "shocktroopsca", "shocktroopscanoninja",
    "shocktroopsdrone", "shocktroopsdronenoninja", "shockchess", "combinedarms", "pawnier",
    "exciting9", "exciting", "excitingnotigers", "excitingnoreentry", "excitingcannon",
]
NUMBERS = ["0", "1", "2", "3", "7", "64", "300", "-1", "-99999999999999999999",
           "99999999999999999999", "1e9", "NaN", "0.5", "", "x"]
MOVES = ["e2e4", "e7e5", "g1f3", "d2d4", "0000", "@@@@", "--", "e7e8q", "e1g1", "O-O", "Nf3",
         "P@e4", "S@e4", "N@c3", "a1a4,a4a1", "c3d3,d3d4", "b10b8", "k11k9", "z9z9", "e2", "e4"]
UCI_COMMANDS = [
    "uci", "isready", "ucinewgame", "position startpos", "position startpos moves {m} {m}",
    "position fen {fen}", "position fen {fen} moves {m}", "go depth {d}", "go nodes {n}",
    "go movetime {t}", "go wtime {n} btime {n} winc {n} binc {n}", "go infinite", "go ponder",
    "go searchmoves {m} {m}", "go mate {d}", "stop", "ponderhit", "debug on",
    "setoption name UCI_Variant value {v}", "setoption name Hash value {n}",
    "setoption name Threads value {thr}", "setoption name MultiPV value {n}",
    "setoption name Move Overhead value {n}", "setoption name Clear Hash",
    "setoption name {junk} value {junk}", "register later",
]
CECP_COMMANDS = [
    "new", "force", "go", "playother", "usermove {m}", "{m}", "?", "result 1-0 {comment}",
    "setboard {fen}", "undo", "remove", "level {n} {n} {n}", "level 0 0:30 0.5", "st {n}",
    "sd {d}", "time {n}", "otim {n}", "post", "nopost", "hard", "easy", "analyze", "exit", ".",
    "hint", "bk", "memory {n}", "cores {thr}", "option MultiPV={n}", "option {junk}={junk}",
    "exclude {m}", "include all", "include {m}", "lift {sq}", "put {sq}", "hover {sq}",
    "accepted setboard", "rejected usermove", "variant {v}", "computer", "name {junk}",
    "edit", "protover {n}", "random", "draw", "white", "black", "pause", "resume",
]


def start_fens():
    """Start positions and book positions of every game, read from the shipped books."""
    fens = {}
    for v in VARIANTS:
        path = os.path.join(ROOT, "benches", "openings", v + ".epd")
        with open(path) as f:
            lines = [" ".join(l.split()[:6]) for l in f if l.strip()]
        fens[v] = lines[:200]
    return fens


def mutate(rng, fen):
    s = list(fen)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(7)
        i = rng.randrange(len(s) + 1)
        if op == 0 and s:
            del s[min(i, len(s) - 1)]
        elif op == 1:
            s.insert(i, rng.choice("pnbrqkPNBRQKgGwWeEsSaAcCtTxX12345678910/ -[]~*+"))
        elif op == 2 and s:
            s[min(i, len(s) - 1)] = rng.choice("0123456789/-wb[]KQkqA-Hh ")
        elif op == 3:
            fields = "".join(s).split(" ")
            rng.shuffle(fields)
            s = list(" ".join(fields))
        elif op == 4:
            fields = "".join(s).split(" ")
            k = rng.randrange(len(fields))
            fields[k] = rng.choice(["", "-", "w", "b", "KQkq", "e3", "z9", "999", "-5",
                                    "99999999999999999999", "[]", "[SSS]"])
            s = list(" ".join(fields))
        elif op == 5:
            s = s[: rng.randrange(len(s) + 1)]
        else:
            ranks = "".join(s).split("/")
            k = rng.randrange(len(ranks))
            ranks.insert(k, ranks[k])
            s = list("/".join(ranks))
    return "".join(s)


def junk(rng):
    n = rng.randrange(1, 12)
    return "".join(chr(rng.randrange(33, 127)) for _ in range(n))


def fill(rng, template, fens):
    v = rng.choice(VARIANTS)
    values = {
        "m": lambda: rng.choice(MOVES),
        "n": lambda: rng.choice(NUMBERS),
        "d": lambda: str(rng.randrange(0, 5)),
        "t": lambda: str(rng.randrange(0, 60)),
        "thr": lambda: rng.choice(["1", "2", "3", "64", "0", "257", "99999999999999999999"]),
        "v": lambda: rng.choice(VARIANTS + ["nosuchvariant", "normal", "CHESS"]),
        "fen": lambda: rng.choice(fens[v]) if rng.random() < 0.5 else mutate(rng, rng.choice(fens[v])),
        "junk": lambda: junk(rng),
        "sq": lambda: rng.choice(["e2", "a1", "k11", "z0", "e", ""]),
        "comment": lambda: "{" + junk(rng) + "}",
    }
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)](), template)


def random_line(rng, protocol, fens):
    r = rng.random()
    if r < 0.70:
        cmds = UCI_COMMANDS if protocol == "uci" else CECP_COMMANDS
        return fill(rng, rng.choice(cmds), fens).encode()
    if r < 0.85:
        return " ".join(junk(rng) for _ in range(rng.randrange(1, 8))).encode()
    if r < 0.9995:
        return bytes(b for b in os.urandom(rng.randrange(1, 80)) if b not in (10, 13))
    return b"x" * rng.randrange(1 << 20, 3 << 20)


class Session:
    def __init__(self, binary, protocol):
        self.protocol = protocol
        self.err = tempfile.TemporaryFile()
        self.p = subprocess.Popen([binary, protocol], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=self.err)
        self.out = queue.Queue()
        self.bad_lines = []
        threading.Thread(target=self._read, daemon=True).start()
        self.sync_id = 0

    def _read(self):
        for raw in self.p.stdout:
            line = raw.rstrip(b"\n").decode("utf-8", "replace")
            if any(ord(c) < 32 or ord(c) == 127 for c in line):
                self.bad_lines.append(line)
            self.out.put(line)
        self.out.put(None)

    def send(self, data):
        try:
            self.p.stdin.write(data + b"\n")
            self.p.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def sync(self, timeout=20.0):
        """A ping/isready answered in time; False on a hang or an exit."""
        self.sync_id += 1
        if self.protocol == "uci":
            # A search may hold isready only as long as it runs: stop first half of the time.
            want = "readyok"
            ok = self.send(b"isready")
        else:
            # A pong waits for the engine's move (PROTOCOL.md), and a fuzzed `st 64` may make
            # that a long wait: `?` asks for the move now.
            want = "pong %d" % self.sync_id
            ok = self.send(b"?") and self.send(b"ping %d" % self.sync_id)
        if not ok:
            return False
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                line = self.out.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                return False
            if line is None:
                return False
            if line == want:
                return True
        return False

    def finish(self):
        """Quit; the failures seen: a panic, no exit, a bad exit status, bad output lines."""
        problems = []
        self.send(b"stop" if self.protocol == "uci" else b"exit")
        self.send(b"quit")
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            code = self.p.wait(timeout=10)
            if code != 0:
                problems.append("exit status %s" % code)
        except subprocess.TimeoutExpired:
            problems.append("no exit 10 s after quit")
            self.p.kill()
            self.p.wait()
        self.err.seek(0)
        err = self.err.read().decode("utf-8", "replace")
        if "panicked" in err:
            problems.append("panic: " + err[err.index("panicked"):][:300])
        if self.bad_lines:
            problems.append("control bytes on stdout: %r" % self.bad_lines[:3])
        return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=500_000)
    ap.add_argument("--fens", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--session-lines", type=int, default=5_000)
    ap.add_argument("--dump", help="write each session's input to DIR/session-N.txt")
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "menagerie"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fens = start_fens()
    started = time.time()
    stats = dict(sessions=0, lines=0, huge=0, binary=0, syncs=0, fens=0, failures=0)
    failures = []

    def run_session(protocol, lines):
        s = Session(args.binary, protocol)
        stats["sessions"] += 1
        if args.dump:
            os.makedirs(args.dump, exist_ok=True)
            with open(os.path.join(args.dump, "session-%d.txt" % stats["sessions"]), "wb") as f:
                f.write(b"%s\n" % protocol.encode() + b"\n".join(lines) + b"\n")
        if protocol == "uci":
            s.send(b"uci")
        else:
            s.send(b"xboard")
            s.send(b"protover 2")
        for i, line in enumerate(lines):
            if not s.send(line):
                failures.append("%s session %d: the engine exited" % (protocol, stats["sessions"]))
                break
            stats["lines"] += 1
            if i % 250 == 249:
                if protocol == "uci" and rng.random() < 0.5:
                    s.send(b"stop")
                if not s.sync():
                    failures.append("%s session %d: no answer to sync after line %d: %r"
                                    % (protocol, stats["sessions"], i, line[:80]))
                    break
                stats["syncs"] += 1
        else:
            if protocol == "uci":
                s.send(b"stop")
            if s.sync():
                stats["syncs"] += 1
            else:
                failures.append("%s session %d: no answer at the end" % (protocol, stats["sessions"]))
        for p in s.finish():
            failures.append("%s session %d: %s" % (protocol, stats["sessions"], p))

    # Protocol lines.
    while stats["lines"] < args.lines:
        protocol = rng.choice(["uci", "xboard"])
        n = min(args.session_lines, args.lines - stats["lines"])
        lines = []
        for _ in range(n):
            line = random_line(rng, protocol, fens)
            if len(line) > 1 << 20:
                stats["huge"] += 1
            elif any(b < 32 or b > 126 for b in line):
                stats["binary"] += 1
            lines.append(line)
        run_session(protocol, lines)

    # Mutated FENs of every game, through both protocols.
    done = 0
    while done < args.fens:
        protocol = "uci" if (done // 2000) % 2 == 0 else "xboard"
        lines = []
        for _ in range(min(2000, args.fens - done)):
            v = rng.choice(VARIANTS)
            fen = mutate(rng, rng.choice(fens[v]))
            if protocol == "uci":
                lines.append(b"setoption name UCI_Variant value " + v.encode())
                lines.append(b"position fen " + fen.encode("utf-8", "replace"))
                if rng.random() < 0.1:
                    lines.append(b"go depth 2")
            else:
                lines.append(b"variant " + v.encode() if v != "chess" else b"new")
                lines.append(b"force")
                lines.append(b"setboard " + fen.encode("utf-8", "replace"))
                if rng.random() < 0.1:
                    lines.append(b"sd 2")
                    lines.append(b"go")
            done += 1
        stats["fens"] += len([l for l in lines if b" fen " in l or l.startswith(b"setboard")])
        before = stats["lines"]
        run_session(protocol, lines)
        stats["lines"] = before + 0  # FEN lines are counted as FENs, not as protocol lines

    stats["failures"] = len(failures)
    secs = time.time() - started
    print("fuzz: %(sessions)d sessions, %(lines)d protocol lines (%(huge)d huge, %(binary)d binary), "
          "%(fens)d mutated FENs, %(syncs)d ping/isready answered, %(failures)d failures" % stats
          + ", %.0f s" % secs)
    for f in failures[:20]:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
