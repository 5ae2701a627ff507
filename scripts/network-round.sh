#!/usr/bin/env bash
# One round of the network loop for a network family (README "Training a network"):
#   scripts/network-round.sh FAMILY NET SPRT_GAME GAME:COUNT...
# e.g.
#   scripts/network-round.sh shocktroops shocktroops-r1 shocktroops shocktroops:4000 \
#       shocktroopsnoninja:4000 shocktroopsdrone:2500 shocktroopsdronenoninja:2500 \
#       shocktroopsca:2500 shocktroopscanoninja:2500
# 1. datagen: COUNT self-play games of each GAME (1,500 soft nodes a move, 8 random plies after
#    the book, two threads) into WORK/NET-GAME.bin, continued if the file exists (deterministic
#    for the seed, one seed a game); the engines play each game's built-in network, the terms
#    where it has none, or EVAL_FILE for every game it fits (the next round's data);
# 2. train: `train --family FAMILY` on all of them, over the terms, into WORK/NET.nnue
#    (--resume from its checkpoint when a run was cut short; skipped once it finished);
# 3. SPRT [0, 5] at 8+0.08 in SPRT_GAME (its book in random order, concurrency 2): the same binary
#    with WORK/NET.nnue against the hand-written evaluation (UseNetwork=false); the PGN in
#    WORK/NET-SPRT_GAME.pgn, continued when the script is run again. Run it again with another
#    SPRT_GAME for the family's other games: the data and the network are kept.
# If H1 is accepted, copy WORK/NET.nnue to src/eval/nnue/nets/, list SPRT_GAME under it in
# src/eval/nnue/builtin.rs and commit both with the SPRT line. Needs a release build; nothing
# else heavy should run. WORK defaults to target/data; TRAIN_ARGS replaces the training
# settings below, SEED (default 100) offsets the datagen seeds, MATCH_SEED the match's,
# MATCH_ARGS adds options to the match (adjudication: `--resign movecount=4,score=1500` for
# the Exciting games, whose won positions outlast the 400-ply limit);
# PRIOR_DATA (files or patterns, space-separated) adds earlier rounds' data to the training.
set -euo pipefail
cd "$(dirname "$0")/.."
family=${1:?network family}
net=${2:?network name}
sprt_game=${3:?the game of the SPRT}
shift 3
[ $# -gt 0 ] || { echo "no GAME:COUNT given" >&2; exit 2; }
work=$(realpath -m "${WORK:-target/data}")
mkdir -p "$work"
bin="$work/menagerie-$net"
[ -x "$bin" ] || cp target/release/menagerie "$bin"
eval_file=()
[ -n "${EVAL_FILE:-}" ] && eval_file=(--eval-file "$(realpath "$EVAL_FILE")")

seed=${SEED:-100}
data=()
for spec in "$@"; do
    game=${spec%%:*}
    count=${spec##*:}
    seed=$((seed + 1))
    "$bin" datagen --variant "$game" --games "$count" --threads 2 --nodes 1500 --soft-nodes \
        --random-plies 8 --format bin --seed "$seed" "${eval_file[@]}" \
        --out "$work/$net-$game.bin"
    data+=("$work/$net-$game.bin")
done

# shellcheck disable=SC2206  # PRIOR_DATA's patterns are expanded on purpose
data+=(${PRIOR_DATA:-})

if [ ! -e "$work/$net.trained" ]; then
    resume=()
    [ -e "$work/$net.ckpt" ] && resume=(--resume)
    # shellcheck disable=SC2086  # TRAIN_ARGS is split into options on purpose
    "$bin" train --family "$family" --data "${data[@]}" --threads 2 --over-terms \
        ${TRAIN_ARGS:---hidden 128 --wdl 0 --lr 0.003 --superbatches 16 --batches 40 --lr-step 8} \
        --out "$work/$net.nnue" "${resume[@]}"
    touch "$work/$net.trained"
fi

pgn="$work/$net-$sprt_game.pgn"
resume=()
[ -s "$pgn" ] && resume=(--resume)
# shellcheck disable=SC2086  # MATCH_ARGS is split into options on purpose
"$bin" match --variant "$sprt_game" --engine "uci:$bin" --engine "uci:$bin" \
    --engine-option "1:EvalFile=$work/$net.nnue" --engine-option 2:UseNetwork=false \
    --tc 8+0.08 --concurrency 2 --openings-order random --seed "${MATCH_SEED:-72}" \
    --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05 --pgn "$pgn" "${resume[@]}" ${MATCH_ARGS:-}
