#!/usr/bin/env python3
"""Plays menagerie in headless XBoard (4.9.1) as a person would: mouse clicks and drags sent with
xdotool to an XBoard window under Xvfb, and XBoard's debug log read for what it sent the engine.

    scripts/xboard-person.py SCENARIO [--engine PATH] [--keep DIR]

Scenarios (each exits 0 when XBoard and the engine end in step, 1 with the reason otherwise):

  loadposition   XBoard started with -loadPositionFile in Shock Chess: the board a person sees must be
                 the loaded position (a move of a piece that only the loaded position has reaches
                 the engine, and the engine's answer is legal on that board).
  promotion      In each variant with a promotion menu, a pawn reaches the last rank and the person
                 picks a piece other than the default; XBoard must send that piece to the engine.
  holdings       Exciting Chess: the engine captures soldiers; it must tell the person where they
                 went, and the person drops one back by typing `S@square` in the type-in box.
  freeze         Shock Chess: the engine captures the person's General; the person is told once
                 how to pass, and a click on the engine's clock is relayed as the pass `@@@@`.
  settings       Chess: while the engine thinks, the person sets MultiPV to 2 in Engine #1
                 Settings; the engine must still move, use the setting from its next think, and
                 move at once on Move Now.

Needs xboard, xvfb and xdotool (apt-get install -y xboard xvfb xdotool); with --keep DIR the
screenshots (imagemagick's `import`, if installed), XBoard's debug log and the engine's stderr stay
in DIR.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HINT = "Right-clicking menu item or dialog text pops up help on it"

# Board shapes XBoard draws: files, ranks, whether it shows holdings columns (PROTOCOL.md §6).
SHAPES = {
    "chess": (8, 8, False),
    "shockchess": (8, 8, False),
    "combinedarms": (8, 8, False),
    "shocktroops": (8, 8, True),
    "pawnier": (9, 11, True),
    "exciting": (11, 11, True),
}


class Failed(Exception):
    pass


def xboard_binary():
    return shutil.which("xboard") or "/usr/games/xboard"


class Session:
    """One XBoard window with menagerie as its first engine, on a display of its own."""

    def __init__(self, variant, workdir, engine, extra=(), env=None):
        self.variant = variant
        self.dir = workdir
        self.debug = os.path.join(workdir, "xboard.debug")
        self.shots = 0
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise Failed("Xvfb did not start")
            number += chunk
        os.close(read)
        self.display = ":" + number.decode().strip()
        self.env = dict(os.environ, DISPLAY=self.display, **(env or {}))
        variant_opt = [] if variant == "chess" else ["-variant", variant]
        self.xboard = subprocess.Popen(
            [xboard_binary(), "-fcp", engine, "-fd", workdir, *variant_opt,
             "-testLegality", "false", "-showTargetSquares", "true",
             "-saveSettingsOnExit", "false", "-popupExitMessage", "false",
             "-popupMoveErrors", "false", "-size", "medium", "-animateMoving", "false",
             "-sweepPromotions", "true",
             "-messageSuppress", HINT, "-debug", "-nameOfDebugFile", self.debug, *extra],
            env=self.env, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(workdir, "xboard.stderr"), "w"))
        self.wait_for(r"<first : pong", 20)
        time.sleep(0.5)
        self.window = self.find_window()

    def close(self):
        for proc in (self.xboard, self.xvfb):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()

    def log(self):
        try:
            with open(self.debug, errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def wait_for(self, pattern, timeout=15, start=0):
        """Waits until the debug log (from character `start` on) matches `pattern`."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = re.search(pattern, self.log()[start:], re.M)
            if found:
                return found
            if self.xboard.poll() is not None:
                raise Failed(f"XBoard exited while waiting for {pattern!r}")
            time.sleep(0.1)
        raise Failed(f"no {pattern!r} in XBoard's debug log within {timeout} s")

    def xdotool(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def find_window(self):
        out = subprocess.run(["xwininfo", "-root", "-tree"], env=self.env,
                             capture_output=True, text=True).stdout
        best = None
        for line in out.splitlines():
            m = re.search(r'^\s+(0x[0-9a-f]+) .*\("xboard" "Xboard"\)\s+(\d+)x(\d+)\+(-?\d+)\+(-?\d+)',
                          line)
            if m and (best is None or int(m.group(2)) > best[1]):
                best = (m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)),
                        int(m.group(5)))
        if best is None:
            raise Failed("no XBoard window")
        return best

    def geometry(self):
        """Pitch and top-left corner of the squares: XBoard's board fills the window's width, with
        two more columns on each side when it shows holdings, and ends 2 pixels above its bottom."""
        files, ranks, holdings = SHAPES[self.variant]
        _, width, height, x, y = self.find_window()
        columns = files + (4 if holdings else 0)
        pitch = (width - 5) // columns
        left = x + 2 + (2 * pitch if holdings else 0)
        top = y + height - 3 - ranks * pitch
        return pitch, left, top

    def centre(self, square):
        files, ranks, _ = SHAPES[self.variant]
        pitch, left, top = self.geometry()
        f = ord(square[0]) - ord("a")
        r = int(square[1:]) - 1
        return left + f * pitch + pitch // 2, top + (ranks - 1 - r) * pitch + pitch // 2

    def drag(self, start, end, hold=0.15):
        (x0, y0), (x1, y1) = start, end
        self.xdotool("mousemove", str(x0), str(y0))
        time.sleep(0.1)
        self.xdotool("mousedown", "1")
        time.sleep(hold)
        steps = 6
        for i in range(1, steps + 1):
            self.xdotool("mousemove", str(x0 + (x1 - x0) * i // steps),
                         str(y0 + (y1 - y0) * i // steps))
            time.sleep(0.03)
        time.sleep(0.1)
        self.xdotool("mouseup", "1")
        time.sleep(0.2)

    def move(self, frm, to):
        self.drag(self.centre(frm), self.centre(to))

    def click(self, point, button="1"):
        self.xdotool("mousemove", str(point[0]), str(point[1]))
        time.sleep(0.1)
        self.xdotool("click", button)
        time.sleep(0.2)

    def close_note(self):
        """Closes the note box XBoard opens for `telluser`, as a person does: its OK button
        (Return on the focused box)."""
        out = subprocess.run(["xdotool", "search", "--name", "^Note$"], env=self.env,
                             capture_output=True, text=True).stdout.split()
        for window in out:
            subprocess.run(["xdotool", "windowfocus", "--sync", window, "key", "Return"],
                           env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.3)

    def type_move(self, text):
        """Types a move as a person does: a key typed on the board opens XBoard's move box."""
        x, y = self.centre("f6")
        self.xdotool("mousemove", str(x), str(y))
        self.xdotool("windowfocus", "--sync", self.find_window()[0])
        time.sleep(0.2)
        self.xdotool("type", "--delay", "80", text)
        time.sleep(0.3)
        self.xdotool("key", "Return")
        time.sleep(0.3)

    def screenshot(self, name):
        if shutil.which("import"):
            self.shots += 1
            subprocess.run(["import", "-window", "root",
                            os.path.join(self.dir, f"{self.shots:02}-{name}.png")],
                           env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def person_moves(log):
    """The moves XBoard relayed to the engine (`usermove X`; 4.9.1's debug log may split the line)."""
    return re.findall(r">first : usermove (?:\d+ >first : )?(\S+)", log)


def check_no_forfeit(s):
    log = s.log()
    for bad in ("Illegal move", "forfeit", "Forfeit", "Engine did not send setup"):
        if bad in log:
            raise Failed(f"'{bad}' in XBoard's debug log")


# Extra options for -loadPositionFile: XBoard reads the file before the engine's `setup` tells it
# the board's size and pieces (README, "In XBoard").
LOAD_OPTIONS = {
    "shockchess": [],
    "combinedarms": [],
    "pawnier": ["-boardWidth", "9", "-boardHeight", "11", "-holdingsSize", "3",
                "-pieceToCharTable", ".N...S....PK.n...s....pk"],
    "exciting": ["-boardWidth", "11", "-boardHeight", "11", "-holdingsSize", "6",
                 "-pieceToCharTable", "PNBRQSTMCDVKpnbrqstmcdvk"],
}


def start_from(variant, fen, workdir, engine, extra=()):
    path = os.path.join(workdir, f"{variant}.fen")
    with open(path, "w") as f:
        f.write(fen + "\n")
    s = Session(variant, workdir, engine,
                ["-loadPositionFile", path, *LOAD_OPTIONS[variant], *extra])
    # The engine's answer to the `setboard` of the loaded position (PROTOCOL.md §4.2); without it
    # the scenario goes on and fails where a person would notice.
    deadline = time.time() + 5
    while s.log().count("<first : setup ") < 3 and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    return s


def scenario_loadposition(workdir, engine):
    """The rook on d4 exists only in the loaded position: XBoard relays its move only if its board
    is that position, not the start position that the engine's first `setup` describes."""
    s = start_from("shockchess", "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1", workdir, engine)
    try:
        s.screenshot("loaded")
        s.move("d4", "d7")
        try:
            s.wait_for(r">first : usermove", 5)
        except Failed:
            s.screenshot("nothing-relayed")
            raise Failed("XBoard relayed no move of the rook on d4: its board is not the loaded "
                         "position")
        s.wait_for(r"<first : move \S+", 20)
        time.sleep(0.5)
        s.screenshot("answered")
        moves = person_moves(s.log())
        if moves[:1] != ["d4d7"]:
            raise Failed(f"XBoard relayed {moves}, not d4d7: its board is not the loaded position")
        check_no_forfeit(s)
        return "loadposition: XBoard showed the loaded position; d4d7 relayed, answer accepted"
    finally:
        s.close()


# A pawn one step from promotion, where it promotes, the piece the person picks with one pull
# (XBoard's sweep goes through the engine's `choice` letters in its piece-table order, starting
# at the first), and the engine's default (the first letter).
PROMOTIONS = [
    ("shockchess", "4k3/P6p/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8", "n", "g"),
    ("combinedarms", "4k3/P6p/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8", "n", "q"),
    ("pawnier", "9/1k7/9/S8/6*2/4*4/2*6/9/9/9/7K1[] w - - 0 1", "a8", "a9", "n", "p"),
    ("exciting", "**k6**/*4P4*/11/11/11/11/11/11/11/*9*/**3K3**[] w - - 0 1", "f10", "f11", "t",
     "q"),
]


def press_and_pull_back(s, square):
    """Presses on `square`, waits for the engine's `choice` (XBoard's sweep then starts at its
    first letter) and pulls the pointer back one step (30 pixels towards White) to the next piece;
    the button stays down."""
    start = len(s.log())
    x, y = s.centre(square)
    s.xdotool("mousemove", str(x), str(y))
    time.sleep(0.1)
    s.xdotool("mousedown", "1")
    s.wait_for(r"<first : choice ", 5, start)
    time.sleep(0.4)
    s.xdotool("mousemove", str(x), str(y + 30))
    time.sleep(0.4)


def promote_by_sweep(s, frm, to):
    """Click the pawn, press on the promotion square and hold, pull the pointer back once to go to
    the next piece, release: XBoard's sweep selection, which works for any piece the engine marks
    as promoting (PROTOCOL.md §3.9)."""
    s.click(s.centre(frm))
    press_and_pull_back(s, to)
    s.xdotool("mouseup", "1")
    time.sleep(0.3)


def promote_by_drag(s, frm, to):
    """Press on the pawn, pull back once, then drag it onto the promotion square: the sweep XBoard
    starts when a piece on its Pawn slot is lifted one step from the last rank. The engine's
    `choice` with its `highlight` keeps the King (and other non-promotions) out of the cycle."""
    press_and_pull_back(s, frm)
    tx, ty = s.centre(to)
    s.xdotool("mousemove", str(tx), str(ty))
    time.sleep(0.4)
    s.xdotool("mouseup", "1")
    time.sleep(0.3)


# The variants whose pawn is on XBoard's Pawn slot, where a drag also sweeps.
DRAG_SWEEPS = ("shockchess", "exciting")


def scenario_promotion(workdir, engine, only=None):
    done = []
    cases = [(c, "click") for c in PROMOTIONS]
    cases += [(c, "drag") for c in PROMOTIONS if c[0] in DRAG_SWEEPS]
    for (variant, fen, frm, to, pick, default), how in cases:
        if only and variant != only:
            continue
        sub = os.path.join(workdir, f"{variant}-{how}")
        os.makedirs(sub, exist_ok=True)
        s = start_from(variant, fen, sub, engine)
        try:
            (promote_by_sweep if how == "click" else promote_by_drag)(s, frm, to)
            s.wait_for(r"usermove ", 10)
            time.sleep(0.3)
            s.screenshot("promoted")
            moves = person_moves(s.log())
            if moves[:1] != [f"{frm}{to}{pick}"]:
                raise Failed(f"{variant}: XBoard sent {moves}, not {frm}{to}{pick} "
                             f"(the default is {default})")
            s.wait_for(r"<first : (move \S+|1-0|0-1|1/2-1/2)", 30)
            check_no_forfeit(s)
            done.append(f"{variant} ({how}) {frm}{to}{pick}")
        finally:
            s.close()
    return "promotion: " + ", ".join(done)


def scenario_holdings(workdir, engine):
    """Exciting Chess: the person's soldier on d2 steps to d3 and so captures the soldier on c3
    (held between d3 and b3): the person releases on the victim, then clicks the destination.
    The engine says the soldier went to the person's hand, which XBoard does not show; after the
    engine's answer the person types the drop S@e4 and XBoard relays it."""
    fen = "**k6**/*9*/11/11/11/11/11/11/1Ss8/*2S6*/**3K3**[] w - - 0 1"
    s = start_from("exciting", fen, workdir, engine)
    try:
        s.move("d2", "c3")
        s.click(s.centre("d3"))
        s.wait_for(r"telluser Your capture put a soldier in your hand", 10)
        s.wait_for(r"<first : move \S+", 30)
        time.sleep(1.0)
        s.screenshot("told")
        # The person reads XBoard's note, closes it (OK), and types the drop on the board.
        s.close_note()
        start = len(s.log())
        s.type_move("S@e4")
        s.wait_for(r"usermove (\d+ >first : )?S@e4", 10, start)
        # The engine's answer to the drop, not the move it made before it: a move, or a refusal.
        answer = s.wait_for(r"<first : (move \S+|Illegal move.*)$", 30, start)
        if not answer.group(1).startswith("move "):
            raise Failed(f"the engine refused the drop: {answer.group(1)!r}")
        s.screenshot("dropped")
        moves = person_moves(s.log())
        if moves[:2] != ["d2c3,c3d3", "S@e4"]:
            raise Failed(f"XBoard relayed {moves}")
        check_no_forfeit(s)
        return "holdings: told after the capture; typed S@e4 relayed and accepted"
    finally:
        s.close()


def scenario_freeze(workdir, engine):
    """Shock Chess: the person's General on d2 hangs (written Q in the file: XBoard reads it
    before the engine's piece table arrives); after the person's king move the engine takes
    it, so the person's army is frozen. The engine says so once and how to pass; the person passes
    by clicking the engine's clock (Black's, the right half of the clock bar), and the engine
    moves again."""
    s = start_from("shockchess", "3k4/3r4/8/8/8/8/3Q4/7K w - - 0 1", workdir, engine)
    try:
        s.move("h1", "g1")
        s.wait_for(r"<first : move d7d2", 30)
        s.wait_for(r"<first : telluser Your General was captured", 5)
        time.sleep(0.5)
        s.screenshot("frozen")
        s.close_note()
        start = len(s.log())
        _, width, _, x, y = s.find_window()
        s.click((x + width * 3 // 4, y + 45))
        s.wait_for(r">first : usermove (\d+ >first : )?@@@@", 10, start)
        s.wait_for(r"<first : move \S+", 30, start)
        s.screenshot("passed")
        check_no_forfeit(s)
        told = s.log().count("<first : telluser Your General was captured")
        if told != 1:
            raise Failed(f"told {told} times")
        return "freeze: told once; a click on the engine's clock relayed @@@@; the engine moved again"
    finally:
        s.close()


def window_named(s, name):
    """The id and geometry (x, y, width, height) of the first window called `name`."""
    ids = subprocess.run(["xdotool", "search", "--name", f"^{name}$"], env=s.env,
                         capture_output=True, text=True).stdout.split()
    if not ids:
        raise Failed(f"no {name!r} window")
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", ids[0]], env=s.env,
                         capture_output=True, text=True).stdout
    g = dict(line.split("=", 1) for line in out.split())
    return ids[0], int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])


def scenario_settings(workdir, engine):
    """Chess at 20 s a move: after the person's 1.e4, while the engine thinks, the person opens
    Engine -> Engine #1 Settings, sets MultiPV to 2 and presses OK; XBoard sends `option
    MultiPV=2` mid-think. The engine must still move, the next think must show two lines a depth,
    and Engine -> Move Now must make it move at once."""
    s = Session("chess", workdir, engine, ["-searchTime", "0:20"])
    try:
        s.move("e2", "e4")
        s.wait_for(r">first : usermove (\d+ >first : )?e2e4", 5)
        time.sleep(0.5)
        _, width, _, x, y = s.find_window()
        # The menu bar's Engine entry, then its fifth item (XBoard 4.9.1's medium size).
        s.click((x + 282, y + 14))
        time.sleep(0.5)
        s.click((x + 340, y + 117))
        time.sleep(1.0)
        _, dx, dy, dw, dh = window_named(s, "Engine Settings")
        s.screenshot("settings")
        # The MultiPV field (the second row), all of its text replaced, then OK.
        s.click((dx + 140, dy + 46))
        s.xdotool("key", "ctrl+a")
        s.xdotool("type", "2")
        time.sleep(0.2)
        start = len(s.log())
        s.click((dx + 52, dy + dh - 25))
        s.wait_for(r">first : option MultiPV=2", 5, start)
        s.screenshot("sent")
        s.wait_for(r"<first : move \S+", 30, start)
        # The person's next move: the engine thinks with two lines a depth; Move Now ends it.
        reply = re.findall(r"<first : move (\S+)", s.log())[-1]
        person = "d2d4" if reply not in ("d7d5", "e7e5") else "g1f3"
        s.move(person[:2], person[2:])
        start = len(s.log())
        s.wait_for(rf">first : usermove (\d+ >first : )?{person}", 5)
        time.sleep(1.5)
        s.click((x + 282, y + 14))
        time.sleep(0.5)
        s.click((x + 300, y + 238))
        moved = s.wait_for(r"<first : move \S+", 3, start)
        s.screenshot("moved-now")
        # XBoard ponders by default: the think on this move may have begun as a ponder search
        # right after the engine's first move, so any depth may be the first one seen.
        depths = re.findall(r"^\d+ <first : (\d+) -?\d+ \d+ \d+ ", s.log()[start:moved.start() + start], re.M)
        if not depths or any(depths.count(d) != 2 for d in depths[:-1]):
            raise Failed(f"thinking depths after MultiPV=2: {depths}, not two lines a depth")
        check_no_forfeit(s)
        return ("settings: MultiPV=2 sent mid-think; the engine moved, thought with two lines a "
                "depth, and Move Now moved at once")
    finally:
        s.close()


SCENARIOS = {
    "freeze": scenario_freeze,
    "loadposition": scenario_loadposition,
    "promotion": scenario_promotion,
    "holdings": scenario_holdings,
    "settings": scenario_settings,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ap.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "menagerie"))
    ap.add_argument("--keep", help="keep screenshots and logs in this folder")
    args = ap.parse_args()
    for tool in ("Xvfb", "xdotool", "xwininfo"):
        if not shutil.which(tool):
            print(f"{tool} is missing (apt-get install -y xvfb xdotool x11-utils)", file=sys.stderr)
            return 2
    workdir = args.keep or tempfile.mkdtemp(prefix="xboard-person.")
    os.makedirs(workdir, exist_ok=True)
    try:
        print(SCENARIOS[args.scenario](workdir, os.path.abspath(args.engine)))
        return 0
    except Failed as e:
        print(f"{args.scenario}: FAILED: {e} (logs in {workdir})")
        args.keep = workdir
        return 1
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
