#!/usr/bin/env bash
# A headless engine-vs-engine match of menagerie against itself under Debian's XBoard (4.9.1) and
# Xvfb, as PROTOCOL.md §10 describes.
#
#   scripts/xboard-match.sh VARIANT GAMES TC [OUTDIR]
#
# TC is "BASE+INCREMENT": BASE in minutes or MIN:SEC as XBoard's -tc takes it, or seconds with an
# "s" suffix ("2s+0.05" = 2 seconds + 0.05 s per move). MENAGERIE_BIN overrides the engine binary. Prints XBoard's final score
# line and the paths of the PGN, of XBoard's final position of each game (final.fen, one FEN per
# game) and of the debug log. Needs xboard and xvfb (apt-get install -y
# xboard xvfb); builds the release binary if it is missing.
set -euo pipefail
variant=${1:?variant}; games=${2:?number of games}; tc=${3:?time control}; out=${4:-}
root=$(cd "$(dirname "$0")/.." && pwd)
engine=${MENAGERIE_BIN:-$root/target/release/menagerie}
[ -x "$engine" ] || (cd "$root" && cargo build --release -q)
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/xboard-match.XXXXXX")
mkdir -p "$out"
pgn="$out/games.pgn"; debug="$out/xboard.debug"
rm -f "$pgn" "$debug" "$out/final.fen"

base=${tc%%+*}; inc=${tc#*+}; [ "$inc" = "$tc" ] && inc=0
case "$base" in
  *s) secs=${base%s}; tcopt=(-tc "0:$(printf '%02d' "${secs%.*}")") ;;
  *) tcopt=(-tc "$base") ;;
esac
variantopt=()
[ "$variant" = chess ] || variantopt=(-variant "$variant")

xboard=$(command -v xboard || echo /usr/games/xboard)
timeout $((games * 600 + 60)) xvfb-run -a -s "-screen 0 1600x1200x24" "$xboard" \
  -fcp "$engine" -fd "$out" -scp "$engine" -sd "$out" "${variantopt[@]}" \
  -testLegality false -ruleMoves 0 -repeatsToDraw 0 -showTargetSquares true \
  -mm -mg "$games" "${tcopt[@]}" -inc "$inc" -sgf "$pgn" -savePositionFile "$out/final.fen" \
  -saveSettingsOnExit false -popupExitMessage false -popupMoveErrors false \
  -ponderNextMove false -animateMoving false -flashCount 0 -autoCallFlag true -debug -nameOfDebugFile "$debug" 2>"$out/xboard.stderr" >"$out/xboard.stdout" || true

score=$(grep -h -o "Match .*final score.*" "$out/xboard.stdout" "$out/xboard.stderr" "$debug" 2>/dev/null | tail -1 || true)
echo "${score:-no final score line found (see $debug)}"
echo "PGN: $pgn"
echo "final positions: $out/final.fen"
echo "debug log: $debug"
