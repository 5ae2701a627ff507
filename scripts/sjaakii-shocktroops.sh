#!/usr/bin/env bash
# Sjaak II with the Shock Troops definitions of ../shared/anchors/sjaakii-shocktroops.txt loaded,
# as a CECP engine: Sjaak II reads the file with its `load` command before the handshake, so the
# wrapper writes that line and then passes the GUI's input on. Its games there: shocktroopsnoninja,
# shocktroopswardrone (our shocktroopsdronenoninja) and shocktroopscapa (our shocktroopscanoninja).
#   menagerie match --variant shocktroopsnoninja --engine self \
#                   --engine xboard:scripts/sjaakii-shocktroops.sh
# SJAAKII (the program) and SJAAKII_DEFS (the definitions) override the defaults.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
defs="${SJAAKII_DEFS:-$repo/../shared/anchors/sjaakii-shocktroops.txt}"
sjaak="${SJAAKII:-$(command -v sjaakii || echo /usr/games/sjaakii)}"
if [ ! -r "$defs" ]; then
  echo "sjaakii-shocktroops.sh: cannot read $defs (set SJAAKII_DEFS)" >&2
  exit 1
fi
{ echo "load $defs"; exec cat; } | exec "$sjaak"
