#!/usr/bin/env bash
# Sjaak II with the Shock Troops definitions of ../shared/anchors/sjaakii-shocktroops.txt loaded,
# as a CECP engine: Sjaak II reads the file with its `load` command before the handshake, so the
# wrapper writes that line and then passes the GUI's input on. Its games there: shocktroopsnoninja,
# shocktroopswardrone (our shocktroopsdronenoninja) and shocktroopscapa (our shocktroopscanoninja).
#   menagerie match --variant shocktroopsnoninja --engine self \
#                   --engine xboard:scripts/sjaakii-shocktroops.sh
# SJAAKII (the program) and SJAAKII_DEFS (the definitions) override the defaults.
#
# The anchors' file lets pawns promote to Q, R, B or N only, while rules/shocktroops.md (ST-8, ST-9)
# and the Fairy-Stockfish definitions add the game's two drop pieces (W and E; C and A in the Capa
# game). Sjaak II refuses such a promotion as an unknown command and falls out of step, so the
# wrapper loads a copy with the rules' promotion sets.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
defs="${SJAAKII_DEFS:-$repo/../shared/anchors/sjaakii-shocktroops.txt}"
sjaak="${SJAAKII:-$(command -v sjaakii || echo /usr/games/sjaakii)}"
if [ ! -r "$defs" ]; then
  echo "sjaakii-shocktroops.sh: cannot read $defs (set SJAAKII_DEFS)" >&2
  exit 1
fi
# One copy per user, rewritten whole and renamed into place, so that engines starting at the same
# time never read half a file.
fixed="${TMPDIR:-/tmp}/sjaakii-shocktroops-$(id -u).txt"
part="$(mktemp "$fixed.XXXXXX")"
awk '/^Variant: /{capa = /Capa/}
     /^Promotion: rank8, rank1, "QRBN"$/{print "Promotion: rank8, rank1, \"QRBN" (capa ? "CA" : "WE") "\""; next}
     {print}' "$defs" >"$part"
mv -f "$part" "$fixed"
{ echo "load $fixed"; exec cat; } | exec "$sjaak"
