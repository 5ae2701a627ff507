#!/usr/bin/env bash
# The standing strength report: menagerie against the engines Debian packages, one match each with
# `menagerie match` as referee (the variant's built-in book, pairs with colours swapped, two games
# at a time), then one table: opponent, variant, score, Elo +/- 95%, and the games lost or won by
# forfeit (time, illegal move, crash), which must stay at zero.
#
#   scripts/ladder.sh [GAMES] [TC]          default 20 games per opponent at 5+0.05
#
# Opponents: Fairy-Max and Sjaak II in chess, Stockfish with UCI_LimitStrength at each of
# LADDER_ELOS (default "1800 2000 2200 2400 2600"), and Sjaak II in shocktroopsnoninja with the
# definitions of ../shared/anchors/sjaakii-shocktroops.txt (scripts/sjaakii-shocktroops.sh). Needs the Debian
# packages fairymax, sjaakii and stockfish; an opponent that is not installed is skipped, and its
# row in the table says so.
# Environment: MENAGERIE (the binary; default target/release/menagerie, built if missing),
# LADDER_DIR (PGNs and logs; default target/ladder), LADDER_ELOS, LADDER_ADJUDICATE=0 to play every
# game out (default: resign after 4 moves both engines score beyond 10 pawns, draw after move 40
# when both score within 0.10 for 8 moves), LADDER_SEED (default 1), LADDER_OPTION (an option
# for menagerie, NAME=VALUE: `UseNetwork=false` gives the rows with the hand-written evaluation,
# the "before" of issue 57).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
games="${1:-20}"
tc="${2:-5+0.05}"
elos="${LADDER_ELOS:-1800 2000 2200 2400 2600}"
seed="${LADDER_SEED:-1}"
dir="${LADDER_DIR:-$repo/target/ladder}"
menagerie="${MENAGERIE:-$repo/target/release/menagerie}"
if [ ! -x "$menagerie" ]; then
  (cd "$repo" && cargo build --release --quiet)
fi
mkdir -p "$dir"

find_program() {
  command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true
}
fairymax="$(find_program fairymax)"
sjaakii="$(find_program sjaakii)"
stockfish="$(find_program stockfish)"

adjudicate=()
if [ "${LADDER_ADJUDICATE:-1}" != 0 ]; then
  adjudicate=(--resign movecount=4,score=1000 --draw movenumber=40,movecount=8,score=10)
fi

ours=()
if [ -n "${LADDER_OPTION:-}" ]; then
  ours=(--engine-option "1:$LADDER_OPTION")
fi

rows=()
# run LABEL VARIANT ENGINE [MATCH ARGUMENTS...]
run() {
  local label="$1" variant="$2" engine="$3"
  shift 3
  local slug
  slug="$(echo "$label-$variant" | tr -c 'A-Za-z0-9\n-' '_')"
  local pgn="$dir/$slug.pgn" log="$dir/$slug.log"
  rm -f "$pgn"
  echo "== $label, $variant: $games games at $tc" >&2
  if ! "$menagerie" match --variant "$variant" --engine self --engine "$engine" \
    --games "$games" --tc "$tc" --concurrency 2 --threads 1 --hash 64 --seed "$seed" \
    ${adjudicate[@]+"${adjudicate[@]}"} ${ours[@]+"${ours[@]}"} --pgn "$pgn" "$@" >"$log" 2>"$log.err"; then
    rows+=("$(printf '%-26s %-20s %s' "$label" "$variant" "failed: $(tail -1 "$log.err")")")
    return
  fi
  local score elo forfeits
  # "Score of A vs B: W-L-D [0.625] 8 games" -> "W-L-D [0.625]"
  score="$(grep '^Score of' "$log" | tail -1 | sed -E 's/.*: ([0-9]+-[0-9]+-[0-9]+) \[([0-9.]+)\].*/\1 [\2]/')"
  elo="$(grep '^Elo difference:' "$log" | tail -1 | sed -E 's/^Elo difference: (.*) \(95%\)$/\1/')"
  forfeits="$(grep -cE '^\[Termination "(time forfeit|rules infraction|abandoned|emergency)"\]' "$pgn" || true)"
  rows+=("$(printf '%-26s %-20s %-20s %-20s %s' "$label" "$variant" "$score" "$elo" "$forfeits")")
  tail -1 "$log" | sed 's/^/   /' >&2
}

# skipped LABEL VARIANT PACKAGE: the table's row for an opponent that is not installed.
skipped() {
  rows+=("$(printf '%-26s %-20s %s' "$1" "$2" "skipped: not installed (apt-get install $3)")")
  echo "== $1, $2: skipped, not installed (apt-get install $3)" >&2
}

if [ -n "$fairymax" ]; then run "Fairy-Max" chess "xboard:$fairymax"; else skipped "Fairy-Max" chess fairymax; fi
if [ -n "$sjaakii" ]; then run "Sjaak II" chess "xboard:$sjaakii"; else skipped "Sjaak II" chess sjaakii; fi
for elo in $elos; do
  if [ -n "$stockfish" ]; then
    run "Stockfish Elo $elo" chess "uci:$stockfish" \
      --engine-option 2:UCI_LimitStrength=true --engine-option "2:UCI_Elo=$elo"
  else
    skipped "Stockfish Elo $elo" chess stockfish
  fi
done
if [ -n "$sjaakii" ]; then
  SJAAKII="$sjaakii" run "Sjaak II" shocktroopsnoninja "xboard:$repo/scripts/sjaakii-shocktroops.sh"
else
  skipped "Sjaak II" shocktroopsnoninja sjaakii
fi

echo
echo "menagerie $("$menagerie" --version | awk '{print $2}') ($(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?'))${LADDER_OPTION:+ with $LADDER_OPTION}, $games games per opponent at $tc, seed $seed, concurrency 2"
printf '%-26s %-20s %-20s %-20s %s\n' "opponent" "variant" "W-L-D [score]" "Elo +/- 95%" "forfeits"
for row in "${rows[@]}"; do
  echo "$row"
done
