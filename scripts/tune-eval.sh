#!/usr/bin/env bash
# One round of the evaluation loop for one variant (README "Tuning the evaluation"):
#   scripts/tune-eval.sh VARIANT GAMES [NODES] [WORKDIR]
# 1. datagen: GAMES self-play games at NODES nodes a move (default 6000) into WORKDIR/VARIANT.data
#    (continued if it exists; deterministic for the seed);
# 2. tune: Texel fit from the current table, written to WORKDIR/VARIANT.txt;
# 3. SPRT at 8+0.08 (the variant's book, concurrency 2): the same binary with the new table
#    (EvalParams) against the built-in one, elo0=0 elo1=5; the PGN in WORKDIR/VARIANT-sprt.pgn
#    (re-running continues it).
# TUNE_ARGS passes more options to tune: for the drop games, TUNE_ARGS='--keep value. --keep hand.'
# (their fitted piece values lost games; README "Tuning the evaluation").
# If H1 is accepted, copy WORKDIR/VARIANT.txt to src/eval/tables/ and commit it with the
# SPRT line. Needs a release build (cargo build --release); nothing else heavy should run.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?variant}
games=${2:?games}
nodes=${3:-6000}
work=$(realpath -m "${4:-target/tune}")
mkdir -p "$work"
bin="$work/menagerie-$variant"
cp target/release/menagerie "$bin"
"$bin" datagen --variant "$variant" --games "$games" --threads 2 --nodes "$nodes" --seed 1 \
    --out "$work/$variant.data"
# shellcheck disable=SC2086  # TUNE_ARGS is split into options on purpose
"$bin" tune --variant "$variant" --data "$work/$variant.data" --out "$work/$variant.txt" \
    ${TUNE_ARGS:-}
resume=()
[ -s "$work/$variant-sprt.pgn" ] && resume=(--resume)
"$bin" match --variant "$variant" --engine "uci:$bin" --engine-option "1:EvalParams=$work/$variant.txt" \
    --engine "uci:$bin" --tc 8+0.08 --concurrency 2 --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05 \
    --openings-order random --seed 16 --resign movecount=3,score=400 \
    --draw movenumber=34,movecount=8,score=20 --pgn "$work/$variant-sprt.pgn" "${resume[@]}"
