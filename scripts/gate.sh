#!/usr/bin/env bash
# A strength gate between two commits (DESIGN.md §10): each is built once into target/gate/bin,
# then `menagerie match` plays them, the first named being the candidate. Run again with the same
# arguments, it continues the match where it stopped (the PGN keeps the games played).
#
#   scripts/gate.sh [--variant V] [--games N] [--tc TC] [--seed S] [--sprt] CANDIDATE BASE
#
# CANDIDATE, BASE  git revisions (a branch, a tag, a commit; `HEAD` for the work tree's commit).
# --variant  default chess; --games default 1000; --tc default 5+0.05; --seed default 1 (the
#            books' random order); --sprt adds `--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05`, so the
#            match stops when the test decides (still at most --games).
# Books in random order, two games at a time: run it alone on the machine. The log and PGN are
# target/gate/CAND-BASE-VARIANT-SEED.{log,pgn} (short commit names).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
variant=chess games=1000 tc=5+0.05 seed=1 sprt=()
while [ $# -gt 2 ]; do
  case "$1" in
    --variant) variant="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --tc) tc="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --sprt) sprt=(--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05); shift ;;
    *) echo "gate.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ $# -ne 2 ]; then
  echo "usage: scripts/gate.sh [--variant V] [--games N] [--tc TC] [--seed S] [--sprt] CANDIDATE BASE" >&2
  exit 2
fi
dir="$repo/target/gate"
mkdir -p "$dir/bin"

# The binary of revision $1 (built in a detached work tree, target directory shared).
binary() {
  local sha
  sha="$(git -C "$repo" rev-parse --short=10 "$1^{commit}")"
  local bin="$dir/bin/$sha"
  if [ ! -x "$bin" ]; then
    local tree="$dir/tree-$sha"
    [ -d "$tree" ] || git -C "$repo" worktree add --detach --quiet "$tree" "$sha"
    echo "gate: building $1 ($sha)" >&2
    (cd "$tree" && CARGO_TARGET_DIR="$dir/build" cargo build --release --quiet)
    cp "$dir/build/release/menagerie" "$bin"
    git -C "$repo" worktree remove --force "$tree"
  fi
  echo "$bin"
}

cand="$(binary "$1")"
base="$(binary "$2")"
name="$(basename "$cand")-$(basename "$base")-$variant-$seed"
pgn="$dir/$name.pgn"
resume=()
if [ -s "$pgn" ]; then
  resume=(--resume)
  echo "gate: continuing $pgn" >&2
fi
"$cand" match --variant "$variant" --engine "$cand" --engine "$base" --tc "$tc" --games "$games" \
  --concurrency 2 --openings-order random --seed "$seed" "${sprt[@]}" "${resume[@]}" \
  --pgn "$pgn" >>"$dir/$name.log" 2>&1
grep '^Games:' "$dir/$name.log" | tail -1
