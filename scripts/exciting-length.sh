#!/usr/bin/env bash
# How long Exciting Chess self-play takes, the measure of issue 16's length bar (at most 300 plies
# on average, at least 70% of the games decisive or ended by a rule other than the move limit).
#
#   scripts/exciting-length.sh [games|conversion] [GAMES]
#
# games       (default) GAMES games (default 50) of menagerie against itself at 2+0.02 from the
#             built-in book in the seed's random order (each opening played twice, colours
#             swapped), no adjudication, a move limit of 1000 plies, two at a time; then the
#             summary of scripts/pgn-stats.py: results, terminations, mean length, and when the
#             decisive games were decided (both engines beyond 5 pawns) and how long the win took.
# conversion  the won positions of benches/conversion/exciting.epd played out, each twice with the
#             engines swapped, at 0.5+0.02 (the clock a 2+0.02 game has left by then), a limit of
#             600 plies; GAMES defaults to 156 (every position twice). Far quicker and steadier than
#             whole games for a change meant to convert won positions faster: 156 games take
#             about five minutes on two cores.
#
# Environment: MENAGERIE (the binary; default target/release/menagerie, built if missing),
# LENGTH_DIR (PGNs and logs; default target/length), LENGTH_SEED (which openings the games
# mode draws; default 29), LENGTH_TC (the clock of the conversion mode; default 0.5+0.02),
# LENGTH_OPTION (an option sent to both engines, NAME=VALUE, e.g. EvalParams=FILE to try
# weights unbuilt).
# Run it alone on the machine: the engines play on the clock.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:-games}"
dir="${LENGTH_DIR:-$repo/target/length}"
seed="${LENGTH_SEED:-29}"
options=()
if [ -n "${LENGTH_OPTION:-}" ]; then
  options=(--engine-option "1:$LENGTH_OPTION" --engine-option "2:$LENGTH_OPTION")
fi
case "$mode" in
  games)
    games="${2:-50}"
    args=(--tc 2+0.02 --max-plies 1000 --openings-order random --seed "$seed")
    ;;
  conversion)
    games="${2:-156}"
    args=(--tc "${LENGTH_TC:-0.5+0.02}" --max-plies 600 --openings "$repo/benches/conversion/exciting.epd")
    ;;
  *)
    echo "usage: scripts/exciting-length.sh [games|conversion] [GAMES]" >&2
    exit 2
    ;;
esac
menagerie="${MENAGERIE:-$repo/target/release/menagerie}"
if [ ! -x "$menagerie" ]; then
  (cd "$repo" && cargo build --release --quiet)
fi
mkdir -p "$dir"
pgn="$dir/$mode.pgn"
rm -f "$pgn"
echo "exciting-length: $games $mode games, PGN $pgn" >&2
"$menagerie" match --variant exciting --engine "uci:$menagerie" --engine "uci:$menagerie" \
  --concurrency 2 --games "$games" "${args[@]}" "${options[@]}" --pgn "$pgn" >"$dir/$mode.log" 2>&1
python3 "$repo/scripts/pgn-stats.py" --decided 500 "$pgn" | sed -n '1,5p'
