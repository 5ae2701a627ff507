use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::board::MoveList;
use crate::by_width;
use crate::movegen::generate_legal;
use crate::variants::{GAMES, lookup_any};

/// Chess, the 8x8 game the tests with known answers use.
fn chess() -> &'static Variant<u64> {
    match lookup_any("chess").unwrap() {
        crate::variants::AnyVariant::Narrow(v) => v,
        crate::variants::AnyVariant::Wide(_) => unreachable!("chess is 8x8"),
    }
}

/// A network of `layout` with small random weights (the range a trained one has).
fn random_network(layout: Layout, hidden: usize, seed: u64) -> Network {
    let mut rng = StdRng::seed_from_u64(seed);
    let inputs = layout.inputs();
    let input_weights = (0..inputs * hidden)
        .map(|_| rng.random_range(-60..=60))
        .collect();
    let input_bias = (0..hidden).map(|_| rng.random_range(-200..=200)).collect();
    let output_weights = (0..2 * hidden)
        .map(|_| rng.random_range(-90..=90))
        .collect();
    Network::new(
        layout,
        hidden,
        input_weights,
        input_bias,
        output_weights,
        rng.random_range(-500..=500),
    )
    .unwrap()
}

/// Random playouts of `v`: after every move the updated accumulator equals a fresh one.
fn playouts_agree<B: Bits>(v: &'static Variant<B>, seed: u64) {
    let net = random_network(Layout::of_variant(v), 16, seed);
    let map = InputMap::new(&net.layout, v).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut list = MoveList::new();
    for game in 0..4 {
        let mut pos = Position::start(v);
        let mut acc = net.accumulator();
        net.refresh(&map, &pos, &mut acc);
        for ply in 0..120 {
            generate_legal(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let entry = list.as_slice()[rng.random_range(0..list.len())];
            let child = pos.make_move(&entry);
            let mut updated = net.accumulator();
            net.update(&map, &pos, &child, &acc, &mut updated);
            let mut fresh = net.accumulator();
            net.refresh(&map, &child, &mut fresh);
            assert_eq!(
                updated,
                fresh,
                "{} game {game} ply {ply}: {} after {}",
                v.name,
                child.to_fen(),
                crate::notation::render(&pos, &entry)
            );
            pos = child;
            acc = updated;
        }
    }
}

#[test]
fn updates_equal_refreshes_in_every_game() {
    for (i, game) in GAMES.iter().enumerate() {
        let v = lookup_any(game.name).unwrap();
        by_width!(v, v => playouts_agree(v, 100 + i as u64));
    }
}

/// A start position that looks the same from both sides gives both perspectives the same
/// accumulator: the views are turned the right way (mirrored ranks; Pawnier turned by 180
/// degrees).
#[test]
fn symmetric_start_positions_look_alike_from_both_sides() {
    for name in [
        "chess",
        "shocktroops",
        "shockchess",
        "pawnier",
        "exciting",
        "combinedarms",
    ] {
        let v = lookup_any(name).unwrap();
        by_width!(v, v => {
            let net = random_network(Layout::of_variant(v), 8, 7);
            let map = InputMap::new(&net.layout, v).unwrap();
            let mut acc = net.accumulator();
            net.refresh(&map, &Position::start(v), &mut acc);
            assert_eq!(acc.values[0], acc.values[1], "{name}");
            assert_eq!(
                net.evaluate(&acc, Color::White),
                net.evaluate(&acc, Color::Black),
                "{name}"
            );
        });
    }
}

/// A network with one hidden unit that counts White's pawns minus Black's (from the side to
/// move's view): the arithmetic end to end, on a known answer.
#[test]
fn a_hand_made_network_counts_material() {
    let v = chess();
    let layout = Layout::of_variant(v);
    let pawn = layout.kinds.iter().position(|c| c == "Pawn").unwrap();
    let squares = layout.squares();
    // Two hidden units: own pawns (weight 1 each, activation QA/8 per pawn) and enemy pawns.
    let hidden = 2;
    let mut input_weights = vec![0i16; layout.inputs() * hidden];
    for sq in 0..squares {
        input_weights[(pawn * squares + sq) * hidden] = (QA / 8) as i16;
        input_weights[((layout.kinds.len() + pawn) * squares + sq) * hidden + 1] = (QA / 8) as i16;
    }
    // Output: +QB per own-pawn unit, -QB per enemy-pawn unit, for the side to move's half only.
    let output_weights = vec![QB as i16, -QB as i16, 0, 0];
    let net = Network::new(layout, hidden, input_weights, vec![0; 2], output_weights, 0).unwrap();
    let map = InputMap::new(&net.layout, v).unwrap();
    let eval = |fen: &str| {
        let pos = Position::from_fen(v, fen).unwrap();
        let mut acc = net.accumulator();
        net.refresh(&map, &pos, &mut acc);
        net.evaluate(&acc, pos.side_to_move())
    };
    // `own` pawns against `enemy` pawns, each QA/8 of a unit.
    let expect = |own: i32, enemy: i32| {
        (f64::from((own - enemy) * (QA / 8)) / f64::from(QA) * f64::from(SCALE)).round() as i32
    };
    assert_eq!(eval("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"), expect(3, 0));
    assert_eq!(eval("4k3/8/8/8/8/8/PPP5/4K3 b - - 0 1"), expect(0, 3));
    assert_eq!(eval("4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 1"), expect(3, 2));
    assert_eq!(expect(3, 2), 50, "one pawn is 127/1023 of a unit: 49.7 cp");
    // Eight pawns saturate the unit at QA: the clipping.
    assert_eq!(
        eval("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1"),
        SCALE,
        "sixteen pawns clip at one unit"
    );
}

#[test]
fn files_round_trip_and_refuse_what_does_not_fit() {
    let v = lookup_any("shocktroops").unwrap();
    by_width!(v, v => {
        let net = random_network(Layout::of_variant(v), 8, 3);
        let bytes = file::write(&net);
        assert_eq!(file::read(&bytes).unwrap(), net);
        // A network over the terms keeps its share of them.
        let over = net.clone().over_terms(1_370);
        assert_eq!(file::read(&file::write(&over)).unwrap(), over);
        // Damaged, cut short, or not a network at all.
        let mut damaged = bytes.clone();
        damaged[100] ^= 1;
        assert!(file::read(&damaged).unwrap_err().contains("damaged"));
        assert!(file::read(&bytes[..bytes.len() / 2]).is_err());
        assert!(file::read(b"rnbqkbnr/pppppppp").unwrap_err().contains("not a"));
    });
    // Chess's network is not Shock Troops' or Exciting's; a Shock Troops network, whose inputs
    // hold every chess kind, is not chess's either; one made for Shock Troops alone does not
    // fit its War Drone game (no War Drone input).
    let ours = Layout::of_variant(chess());
    let st = lookup_any("shocktroops").unwrap();
    by_width!(st, v => assert!(ours.fits(v).unwrap_err().contains("shocktroops network")));
    let ex = lookup_any("exciting").unwrap();
    by_width!(ex, v => assert!(ours.fits(v).is_err()));
    let troops = Layout::of_family("shocktroops").unwrap();
    assert!(
        troops
            .fits(chess())
            .unwrap_err()
            .contains("plays the chess network")
    );
    let alone = by_width!(st, v => Layout::of_variant(v));
    let drone = lookup_any("shocktroopsdrone").unwrap();
    by_width!(drone, v => assert!(alone.fits(v).unwrap_err().contains("War Drone")));
    let mut wide = ours.clone();
    wide.files = 9;
    assert!(wide.fits(chess()).unwrap_err().contains("board"));
}

/// Random playouts of `v` packed as data and read back: the same inputs from both views, the
/// side, the score, each game's result, and the position itself.
fn packed_positions_read_back<B: Bits>(v: &'static Variant<B>, seed: u64) {
    let layout = Layout::of_variant(v);
    let map = InputMap::new(&layout, v).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut list = MoveList::new();
    let mut bytes = data::header(v.name);
    let mut kept = Vec::new();
    for game in 0..3u32 {
        let mut pos = Position::start(v);
        for _ in 0..80 {
            generate_legal(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let score = rng.random_range(-40_000..=40_000);
            data::pack(&pos, score, &mut bytes);
            kept.push((pos, score.clamp(-32_000, 32_000), game));
            let entry = list.as_slice()[rng.random_range(0..list.len())];
            pos = pos.make_move(&entry);
        }
        data::end_game(game, [0.0, 0.5, 1.0][game as usize], 80, &mut bytes);
    }
    // A game cut short at the end of the file is left out.
    let complete = bytes.len();
    data::pack(&Position::start(v), 5, &mut bytes);
    bytes.truncate(bytes.len() - 1);
    let contents = data::read(&bytes, |name| {
        assert_eq!(name, v.name);
        Ok(data::width_of(v))
    })
    .unwrap();
    assert_eq!((contents.games, contents.complete_len), (3, complete));
    assert_eq!(contents.samples.len(), kept.len(), "{}", v.name);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (sample, (pos, score, game)) in contents.samples.iter().zip(&kept) {
        assert_eq!(sample.side(), pos.side_to_move());
        assert_eq!(i32::from(sample.score), *score);
        assert_eq!(u32::from(sample.result), *game);
        assert_eq!(sample.game, *game);
        // Rebuilt as a position (for the hand-written evaluation's loss beside the network's):
        // the same board, hands, side and check.
        let back = sample.position(v).unwrap();
        assert_eq!(back.mailbox(), pos.mailbox(), "{} {}", v.name, pos.to_fen());
        for c in Color::BOTH {
            for &k in &v.hand_kinds {
                assert_eq!(back.hand_count(c, k), pos.hand_count(c, k));
            }
        }
        assert_eq!(back.side_to_move(), pos.side_to_move());
        assert_eq!(back.in_check(), pos.in_check(), "{}", pos.to_fen());
        for view in Color::BOTH {
            sample.inputs(&map, view, &mut a);
            map.active(pos, view, &mut b);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{} {}", v.name, pos.to_fen());
        }
    }
}

#[test]
fn packed_positions_read_back_in_every_game() {
    for (i, game) in GAMES.iter().enumerate() {
        let v = lookup_any(game.name).unwrap();
        by_width!(v, v => packed_positions_read_back(v, 300 + i as u64));
    }
    assert!(data::read(b"rnbqkbnr", |_| Ok((8, 0))).is_err());
}

/// Chess positions from random playouts, scored by their material (White's view, centipawns):
/// a target the network can learn, for the trainer's tests.
fn material_samples(count: usize, seed: u64) -> (Vec<data::Sample>, Vec<Position<u64>>) {
    let v = chess();
    let value = |c: char| match c.to_ascii_uppercase() {
        'P' => 100,
        'N' | 'B' => 300,
        'R' => 500,
        'Q' => 900,
        _ => 0,
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut list = MoveList::new();
    let mut bytes = data::header("chess");
    let mut positions = Vec::new();
    let mut game = 0;
    while positions.len() < count {
        let mut pos = Position::start(v);
        for ply in 0..120 {
            generate_legal(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            if ply >= 10 && ply % 3 == 0 {
                let mut material = 0;
                for &raw in pos.mailbox() {
                    let p = Piece::from_raw(raw);
                    if !p.is_none() {
                        let c = v.letter(p.kind());
                        material += if p.color() == Color::White {
                            value(c)
                        } else {
                            -value(c)
                        };
                    }
                }
                data::pack(&pos, material, &mut bytes);
                positions.push(pos);
            }
            // Captures twice as likely as other moves, so that material goes out of balance.
            let entry = list.as_slice()[rng.random_range(0..list.len())];
            pos = pos.make_move(&entry);
        }
        data::end_game(game, 0.5, 120, &mut bytes);
        game += 1;
    }
    let contents = data::read(&bytes, |_| Ok(data::width_of(v))).unwrap();
    (contents.samples, positions)
}

/// The trainer's settings for the small tests: 16 hidden units, batches of 256.
fn small_config(superbatches: usize) -> train::Config {
    train::Config {
        hidden: 16,
        batch: 256,
        batches: 40,
        superbatches,
        lr: 0.01,
        lr_gamma: 0.5,
        lr_step: 5,
        wdl: 0.0,
        seed: 3,
    }
}

/// The loss of the best constant guess (the mean target) on `examples`.
fn constant_loss(examples: &[train::Example]) -> f32 {
    let mean = examples.iter().map(|e| e.target).sum::<f32>() / examples.len() as f32;
    examples
        .iter()
        .map(|e| (e.target - mean).powi(2))
        .sum::<f32>()
        / examples.len() as f32
}

/// The trainer learns a known answer (material) well past the best constant guess, and the
/// quantised network it writes scores positions as the float one does.
#[test]
fn the_trainer_learns_material_and_quantises_faithfully() {
    use train::{Example, FloatNet, State};
    let v = chess();
    let layout = Layout::of_variant(v);
    let map = InputMap::new(&layout, v).unwrap();
    let (samples, positions) = material_samples(20_000, 5);
    let examples: Vec<Example> = samples.iter().map(|s| Example::of(s, &map, 0.0)).collect();
    let (held, fit) = examples.split_at(2_000);
    let config = small_config(12);
    let mut state = State::new(layout.inputs(), &config);
    let constant = constant_loss(held);
    let mut reports = Vec::new();
    train::run(&mut state, fit, held, &config, |r, _| {
        reports.push(r.clone());
        true
    });
    let last = reports.last().unwrap();
    assert_eq!(last.superbatch, 12);
    assert!(
        last.held_out_loss < 0.25 * constant,
        "held-out loss {} against {constant} for a constant",
        last.held_out_loss
    );
    // Resuming from a checkpoint gives the same state.
    let restored = train::restore(&train::checkpoint(&state), layout.inputs()).unwrap();
    assert_eq!(restored.net, state.net);
    assert_eq!(restored.superbatches_done, 12);
    assert_eq!(restored.best_held_out, state.best_held_out);
    let least = reports
        .iter()
        .map(|r| r.held_out_loss)
        .fold(f32::INFINITY, f32::min);
    assert_eq!(state.best_held_out, least);
    assert!(reports[0].best);
    // The quantised network against the float one, on the positions.
    let net = state.net.quantise(&layout).unwrap();
    let mut worst = 0f32;
    let mut total = 0f32;
    for (pos, ex) in positions.iter().zip(&examples) {
        let mut acc = net.accumulator();
        net.refresh(&map, pos, &mut acc);
        let quantised = net.evaluate(&acc, pos.side_to_move()) as f32;
        let float = FloatNet::output(&state.net, &ex.us, &ex.them) * SCALE as f32;
        worst = worst.max((quantised - float).abs());
        total += (quantised - float).abs();
    }
    let mean_error = total / positions.len() as f32;
    eprintln!("quantised against float: mean {mean_error} cp, worst {worst} cp");
    assert!(mean_error <= 1.0, "mean {mean_error} cp, worst {worst} cp");
}

/// The vector loops give what the scalar ones give, bit for bit: wrapping accumulators at the
/// ends of i16, clipping, the exact dot product over long rows, and tails shorter than a vector.
#[test]
fn the_vector_loops_match_the_scalar_ones() {
    let mut rng = StdRng::seed_from_u64(11);
    for &n in &[1usize, 15, 16, 17, 100, 256, 1024, 1031] {
        let extreme = |rng: &mut StdRng| match rng.random_range(0..4) {
            0 => i16::MIN,
            1 => i16::MAX,
            _ => rng.random_range(i16::MIN..=i16::MAX),
        };
        let values: Vec<i16> = (0..n).map(|_| extreme(&mut rng)).collect();
        let row: Vec<i16> = (0..n).map(|_| extreme(&mut rng)).collect();
        let mut a = values.clone();
        let mut b = values.clone();
        simd::add_row(&mut a, &row);
        simd::scalar::add_row(&mut b, &row);
        assert_eq!(a, b, "add, {n}");
        simd::sub_row(&mut a, &row);
        simd::scalar::sub_row(&mut b, &row);
        assert_eq!(a, b, "sub, {n}");
        assert_eq!(a, values, "add then sub, {n}");
        assert_eq!(
            simd::clipped_dot(&values, &row),
            simd::scalar::clipped_dot(&values, &row),
            "dot, {n}"
        );
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 is present.
            #[allow(unsafe_code)]
            let dot = unsafe { simd::x86::clipped_dot(&values, &row) };
            assert_eq!(
                dot,
                simd::scalar::clipped_dot(&values, &row),
                "avx2 dot, {n}"
            );
        }
    }
    // The largest sum a long row can make is exact.
    let values = vec![i16::MAX; 4096];
    let row = vec![i16::MIN; 4096];
    assert_eq!(
        simd::clipped_dot(&values, &row),
        4096 * i64::from(QA) * i64::from(i16::MIN)
    );
}

/// A family's layout holds every kind of its games, by name: the War Knight of Shock Troops and
/// the War Drone of its drone game share a letter and not an input; each game fits it.
#[test]
fn family_layouts_hold_every_kind_of_their_games() {
    let troops = Layout::of_family("shocktroops").unwrap();
    for kind in [
        "War Knight",
        "War Drone",
        "Elephant Knight",
        "Elephant",
        "Chancellor",
    ] {
        assert!(
            troops.kinds.iter().any(|k| k == kind),
            "{kind}: {:?}",
            troops.kinds
        );
    }
    for game in GAMES {
        let layout = Layout::of_family(game.network).unwrap();
        let v = lookup_any(game.name).unwrap();
        by_width!(v, v => assert!(layout.fits(v).is_ok(), "{}", game.name));
    }
    assert!(Layout::of_family("checkers").is_err());
}

/// A network trained over a base (`train --over-terms`) learns what the base leaves: here the
/// base is noise no input can predict, and the material the inputs show is the rest.
#[test]
fn the_trainer_learns_what_the_base_leaves() {
    use train::{Example, State};
    let v = chess();
    let layout = Layout::of_variant(v);
    let map = InputMap::new(&layout, v).unwrap();
    let (samples, _) = material_samples(12_000, 9);
    let mut rng = StdRng::seed_from_u64(4);
    let logit = |p: f32| (p / (1.0 - p)).ln();
    let sigmoid = |x: f32| 1.0 / (1.0 + (-x).exp());
    let examples: Vec<Example> = samples
        .iter()
        .map(|s| {
            let mut ex = Example::of(s, &map, 0.0);
            ex.base = rng.random_range(-1.5..1.5);
            ex.target = sigmoid(ex.base + logit(ex.target));
            ex
        })
        .collect();
    let (held, fit) = examples.split_at(1_500);
    let config = small_config(10);
    let constant = constant_loss(held);
    let mut state = State::new(layout.inputs(), &config);
    let mut last = None;
    train::run(&mut state, fit, held, &config, |r, _| {
        last = Some(r.held_out_loss);
        true
    });
    let last = last.unwrap();
    assert!(
        last < 0.1 * constant,
        "held-out loss {last} against {constant} for a constant"
    );
}

/// The networks kept in the repository (`src/eval/nnue/nets/`) read in this build's format and
/// fit every game of their family.
#[test]
fn the_kept_networks_read_and_fit_their_games() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eval/nnue/nets");
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "nnue") {
            continue;
        }
        let net = file::read(&std::fs::read(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut games = 0;
        for game in GAMES.iter().filter(|g| g.network == net.layout.family) {
            let v = lookup_any(game.name).unwrap();
            by_width!(v, v => net.layout.fits(v))
                .unwrap_or_else(|e| panic!("{}: {}: {e}", path.display(), game.name));
            games += 1;
        }
        assert!(
            games > 0,
            "{}: no game plays {}",
            path.display(),
            net.layout.family
        );
        read += 1;
    }
    assert!(read > 0, "no network in {}", dir.display());
}

/// Every built-in network reads, is the kept file of its name, and fits each game it lists; no
/// game is listed twice.
#[test]
fn the_built_in_networks_are_kept_files_that_fit_their_games() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eval/nnue/nets");
    let mut listed = std::collections::HashSet::new();
    for b in super::builtin::BUILT_IN {
        let kept = file::read(&std::fs::read(dir.join(b.name)).unwrap()).unwrap();
        assert!(!b.games.is_empty(), "{} plays no game", b.name);
        for &game in b.games {
            assert!(listed.insert(game), "{game} is listed twice");
            let (name, net) = super::builtin::of_game(game)
                .unwrap_or_else(|| panic!("{}: does not read", b.name));
            assert_eq!(name, b.name);
            assert_eq!(*net, kept, "{name}");
            let v = lookup_any(game).unwrap_or_else(|| panic!("{name}: no game {game}"));
            by_width!(v, v => net.layout.fits(v)).unwrap_or_else(|e| panic!("{name}: {game}: {e}"));
        }
    }
}
