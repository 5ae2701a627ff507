#!/usr/bin/env bash
# Starts XBoard with menagerie in VARIANT under Xvfb, waits for the board to be drawn, and saves a
# screenshot of the whole screen to OUT.png. XBoard's start-up hint ("Right-clicking menu item ...",
# a box over the middle of the board) is suppressed with -messageSuppress.
#
#   scripts/xboard-screenshot.sh VARIANT OUT.png
#
# The engine: MENAGERIE_BIN if set, else `menagerie` on PATH, else this checkout's release build
# (built if missing).
# Needs xboard, xvfb and imagemagick's `import` (apt-get install -y xboard xvfb imagemagick).
set -euo pipefail
variant=${1:?variant}; shot=${2:?output png}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${MENAGERIE_BIN:-}" ]; then
  engine=$MENAGERIE_BIN
elif command -v menagerie >/dev/null 2>&1; then
  engine=$(command -v menagerie)
else
  engine="$root/target/release/menagerie"
  [ -x "$engine" ] || (cd "$root" && cargo build --release -q)
fi
[ -x "$engine" ] || { echo "no engine binary at $engine" >&2; exit 1; }
echo "engine: $engine" >&2
variantopt=()
[ "$variant" = chess ] || variantopt=(-variant "$variant")
xboard=$(command -v xboard || echo /usr/games/xboard)
dir=$(mktemp -d)
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1200x1000x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xb $xvfb 2>/dev/null || true; rm -rf "$dir"' EXIT
sleep 1
DISPLAY=$display "$xboard" -fcp "$engine" -fd "$dir" "${variantopt[@]}" -testLegality false \
  -showTargetSquares true -saveSettingsOnExit false -popupExitMessage false -size medium \
  -messageSuppress "Right-clicking menu item or dialog text pops up help on it" \
  >/dev/null 2>&1 &
xb=$!
sleep 6
DISPLAY=$display import -window root "$shot"
echo "$shot"
