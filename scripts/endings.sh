#!/usr/bin/env bash
# Won chess endings played out against Stockfish (issue 59): the positions of one or more material
# signatures of benches/suites/classic280.epd, krvk-longest.epd and kqvk.epd (each a forced mate
# for the side with more material, whichever moves first), every one played twice with `menagerie match` as referee, colours
# swapped, so that each engine has the won side once. Then a table per signature and engine:
# positions won by mate, and those drawn (by the fifty-move rule or otherwise) or lost.
#
#   scripts/endings.sh [SIGNATURE ...]      default: KRvK KBBvK KBNvK KQvKR KQvK
#
# A signature names White's pieces, then Black's (K, Q, R, B, N, P; the order within a side does
# not matter): KRvK, KBBvK, KBNvK, KQvKR, KQvKP, KRPvKR, KBPvKB, KQvK.
# Environment: MENAGERIE (the binary; default target/release/menagerie, built if missing),
# STOCKFISH (default `stockfish` on PATH or /usr/games/stockfish), ENDINGS_TC (default 10+0.1),
# ENDINGS_DIR (EPDs, PGNs and logs; default target/endings), ENDINGS_GAMES (cap on the games per
# signature; default all). Two games at a time: run it alone on the machine, the engines play on
# the clock.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="${ENDINGS_DIR:-$repo/target/endings}"
tc="${ENDINGS_TC:-10+0.1}"
menagerie="${MENAGERIE:-$repo/target/release/menagerie}"
if [ ! -x "$menagerie" ]; then
  (cd "$repo" && cargo build --release --quiet)
fi
stockfish="${STOCKFISH:-$(command -v stockfish 2>/dev/null || echo /usr/games/stockfish)}"
if [ ! -x "$stockfish" ]; then
  echo "endings: Stockfish not found (apt-get install -y stockfish, or set STOCKFISH)" >&2
  exit 2
fi
signatures=("$@")
[ "${#signatures[@]}" -gt 0 ] || signatures=(KRvK KBBvK KBNvK KQvKR KQvK)
mkdir -p "$dir"

# The positions of a signature, one EPD line each without the solution.
select_positions() {
  python3 - "$1" "$repo"/benches/suites/{classic280,krvk-longest,kqvk}.epd <<'PY'
import sys
signature, suites = sys.argv[1], sys.argv[2:]
want = tuple("".join(sorted(side.upper())) for side in signature.split("v"))
for line in (line for suite in suites for line in open(suite)):
    fields = line.split()
    if len(fields) < 4:
        continue
    pieces = [ch for ch in fields[0] if ch.isalpha()]
    white = "".join(sorted(ch for ch in pieces if ch.isupper()))
    black = "".join(sorted(ch.upper() for ch in pieces if ch.islower()))
    if (white, black) == want:
        print(" ".join(fields[:4]))
PY
}

for sig in "${signatures[@]}"; do
  epd="$dir/$sig.epd"
  select_positions "$sig" >"$epd"
  n=$(wc -l <"$epd")
  if [ "$n" -eq 0 ]; then
    echo "endings: no $sig position in the ending suites" >&2
    exit 2
  fi
  games=$((2 * n))
  [ -z "${ENDINGS_GAMES:-}" ] || games=$((ENDINGS_GAMES < games ? ENDINGS_GAMES : games))
  echo "endings: $sig, $n positions, $games games at $tc" >&2
  rm -f "$dir/$sig.pgn"
  "$menagerie" match --variant chess --engine "uci:$menagerie" --engine "uci:$stockfish" \
    --openings "$epd" --games "$games" --tc "$tc" --concurrency 2 \
    --pgn "$dir/$sig.pgn" >"$dir/$sig.log" 2>&1
done

python3 - "$dir" "${signatures[@]}" <<'PY'
import re, sys
folder, signatures = sys.argv[1], sys.argv[2:]
print(f"{'signature':<10} {'engine (won side)':<28} {'games':>5} {'mated':>5} {'drawn':>5} {'lost':>5}")
for sig in signatures:
    text = open(f"{folder}/{sig}.pgn").read()
    rows = {}
    for game in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', game, re.M))
        if "FEN" not in tags:
            continue
        # The won side is the one with more material, whoever moves first (in K+Q v K+R the
        # rook's side is often to move, and is mated).
        placement = tags["FEN"].split()[0]
        worth = {"q": 9, "r": 5, "b": 3, "n": 3, "p": 1}
        white = sum(worth.get(ch.lower(), 0) for ch in placement if ch.isupper())
        black = sum(worth.get(ch, 0) for ch in placement if ch.islower())
        winner = tags["White"] if white >= black else tags["Black"]
        won = "1-0" if white >= black else "0-1"
        row = rows.setdefault(winner, [0, 0, 0, 0])
        row[0] += 1
        result = tags.get("Result", "*")
        if result == won:
            row[1] += 1
        elif result == "1/2-1/2":
            row[2] += 1
        else:
            row[3] += 1
    for engine, (games, mated, drawn, lost) in sorted(rows.items()):
        print(f"{sig:<10} {engine:<28} {games:>5} {mated:>5} {drawn:>5} {lost:>5}")
PY
