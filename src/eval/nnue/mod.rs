//! An efficiently updatable network (DESIGN.md §11): `(inputs -> H) x 2 perspectives -> 1`.
//!
//! **Inputs.** One per (colour relative to the perspective, kind, square) of a [`Layout`], the
//! board seen from the perspective (Black's view mirrored rank by rank, or turned by 180 degrees
//! on Pawnier's board, whose set-up is mirrored that way), then the hands: per (relative colour,
//! hand kind) a row of slots, slot `n` on while that hand holds at least `n` pieces of the kind.
//! A layout names kinds by name (a letter can mean another piece in another game: Shock
//! Troops' `W` is the War Knight, its War Drone game's the War Drone), so that one network can
//! serve the games of a family whose kind lists differ; a kind the layout does not list has no
//! input.
//!
//! **Accumulators.** Each perspective's hidden layer before activation, the sum of the rows of
//! its active inputs. A child's accumulator is its parent's plus the rows of the inputs that
//! came on and minus those that went off: [`Network::update`] finds them by comparing the two
//! positions' mailboxes and hands, which covers every mechanic alike (a drop and its push, a
//! shot that leaves the shooter in place, armour and custodian multi-kills, checker chains,
//! promotions, passes and freezes change nothing or what they change).
//!
//! **Inference** is in integers: the accumulator in `i16` (scale [`QA`]: a pre-activation of
//! ±32 fits), clipped to `[0, QA]`, times the output weights (`i16`, scale [`QB`]) summed in
//! `i64` (no bound on the weights is needed), scaled to centipawns by [`SCALE`] and rounded.
//! The scales are fine enough that the quantised network scores as the float one does to about
//! a centipawn (tested on a trained one).

pub mod builtin;
pub mod data;
pub mod file;
pub mod simd;
pub mod train;

use crate::board::{Bits, Color, MAX_KINDS, Piece, Square};
use crate::by_width;
use crate::position::Position;
use crate::variants::{Family, Variant, network_games};
use simd::{add_row, clipped_dot, sub_row};

/// The accumulator's quantisation: a float activation of 1.0 is `QA`.
pub const QA: i32 = 1023;
/// The output weights' quantisation: a float weight of 1.0 is `QB`.
pub const QB: i32 = 1024;
/// The largest float weight either layer can hold once quantised.
pub const MAX_WEIGHT: f32 = 31.0;
/// Centipawns per unit of the network's output (the trainer's target is `sigmoid(score /
/// SCALE)`).
pub const SCALE: i32 = 400;
/// The most pieces of one kind a hand's slots count; more switch on no further slot.
pub const HAND_SLOTS: u8 = 16;

/// What the inputs of a network mean: the network family it is for, the kinds (by name), the
/// board's size, how Black's view is turned, and the hand kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The registry's network family (a game plays only its own family's networks).
    pub family: String,
    pub kinds: Vec<String>,
    pub files: u8,
    pub ranks: u8,
    /// Black's view turned by 180 degrees (files reversed as well as ranks).
    pub rotate: bool,
    /// The kinds that can be held in hand, by name, in slot order.
    pub hand: Vec<String>,
}

impl Layout {
    /// The layout of one game: its kinds and hand kinds in the variant's order.
    pub fn of_variant<B: Bits>(v: &Variant<B>) -> Layout {
        Layout {
            family: v.network.to_string(),
            kinds: v.kinds.iter().map(|k| k.name.to_string()).collect(),
            files: v.geometry.files,
            ranks: v.geometry.ranks,
            rotate: matches!(v.family, Family::Powers(_)),
            hand: v
                .hand_kinds
                .iter()
                .map(|&k| v.kinds[k.index()].name.to_string())
                .collect(),
        }
    }

    /// The layout of a network family (the registry's `network` field): every kind and hand
    /// kind of its games, in the order the games and their kinds come; an error if its games
    /// differ in board or turn.
    pub fn of_family(family: &str) -> Result<Layout, String> {
        // `into` gains the names of `from` it lacks, in order.
        fn union(into: &mut Vec<String>, from: Vec<String>) {
            for c in from {
                if !into.contains(&c) {
                    into.push(c);
                }
            }
        }
        let mut layout: Option<Layout> = None;
        for v in network_games(family) {
            let own = by_width!(v, v => Layout::of_variant(v));
            match &mut layout {
                None => layout = Some(own),
                Some(l) => {
                    if (l.files, l.ranks, l.rotate) != (own.files, own.ranks, own.rotate) {
                        return Err(format!("{} has another board than its family", v.name()));
                    }
                    union(&mut l.kinds, own.kinds);
                    union(&mut l.hand, own.hand);
                }
            }
        }
        layout.ok_or_else(|| format!("no game plays the network family '{family}'"))
    }

    fn squares(&self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }

    /// Inputs of the board part.
    fn board_inputs(&self) -> usize {
        2 * self.kinds.len() * self.squares()
    }

    /// Hand slots of one colour.
    fn hand_inputs(&self) -> usize {
        self.hand.len() * usize::from(HAND_SLOTS)
    }

    /// The number of inputs.
    pub fn inputs(&self) -> usize {
        self.board_inputs() + 2 * self.hand_inputs()
    }

    /// Whether a network of this layout can evaluate `v`'s positions: `v`'s network family, the
    /// same board size and turn, and every kind and hand kind of `v` listed.
    pub fn fits<B: Bits>(&self, v: &Variant<B>) -> Result<(), String> {
        let own = Layout::of_variant(v);
        if own.family != self.family {
            return Err(format!(
                "the network is for the {} games, {} plays the {} network",
                self.family, v.name, own.family
            ));
        }
        if (own.files, own.ranks, own.rotate) != (self.files, self.ranks, self.rotate) {
            return Err(format!(
                "the network is for a {}x{} board, {} is {}x{}",
                self.files, self.ranks, v.name, own.files, own.ranks
            ));
        }
        if let Some(c) = own.kinds.iter().find(|c| !self.kinds.contains(c)) {
            return Err(format!("the network has no input for {}'s {c}", v.name));
        }
        if let Some(c) = own.hand.iter().find(|c| !self.hand.contains(c)) {
            return Err(format!(
                "the network has no hand input for {}'s {c}",
                v.name
            ));
        }
        Ok(())
    }
}

/// Where a variant's pieces and hands enter a network of some layout: computed once per
/// (network, variant).
#[derive(Clone, Debug)]
pub struct InputMap {
    /// Per square index: the (file, rank) the square has in White's view and Black's view,
    /// as an offset into one plane of the board inputs; `u16::MAX` off the board.
    square: [Vec<u16>; 2],
    /// Per kind index of the variant: its plane among the layout's kinds.
    plane: [u16; MAX_KINDS],
    /// Per kind index of the variant: its first hand slot, `u16::MAX` when it has none.
    hand_base: [u16; MAX_KINDS],
    /// The variant's hand kinds (kind indices) in its order.
    hand_kinds: Vec<usize>,
    planes: usize,
    squares: usize,
    board_inputs: usize,
    hand_inputs: usize,
}

impl InputMap {
    /// The inputs of `v`'s pieces in a network of `layout`; `layout.fits(v)` must hold.
    pub fn new<B: Bits>(layout: &Layout, v: &Variant<B>) -> Result<InputMap, String> {
        layout.fits(v)?;
        let g = &v.geometry;
        let (files, ranks) = (usize::from(layout.files), usize::from(layout.ranks));
        let mut square = [
            vec![u16::MAX; B::BITS as usize],
            vec![u16::MAX; B::BITS as usize],
        ];
        for sq in g.squares() {
            let (f, r) = (usize::from(g.file(sq)), usize::from(g.rank(sq)));
            let black_file = if layout.rotate { files - 1 - f } else { f };
            square[0][sq.index()] = (r * files + f) as u16;
            square[1][sq.index()] = ((ranks - 1 - r) * files + black_file) as u16;
        }
        let mut plane = [u16::MAX; MAX_KINDS];
        for (i, k) in v.kinds.iter().enumerate() {
            let p = layout.kinds.iter().position(|c| c == k.name);
            plane[i] = p.map_or(u16::MAX, |p| p as u16);
        }
        let mut hand_base = [u16::MAX; MAX_KINDS];
        for &k in &v.hand_kinds {
            let name = v.kinds[k.index()].name;
            let slot = layout.hand.iter().position(|c| c == name);
            hand_base[k.index()] = slot.map_or(u16::MAX, |s| (s * usize::from(HAND_SLOTS)) as u16);
        }
        Ok(InputMap {
            square,
            plane,
            hand_base,
            hand_kinds: v.hand_kinds.iter().map(|k| k.index()).collect(),
            planes: layout.kinds.len(),
            squares: layout.squares(),
            board_inputs: layout.board_inputs(),
            hand_inputs: layout.hand_inputs(),
        })
    }

    /// The input of `piece` on `sq` from `view`'s perspective.
    #[inline(always)]
    fn board_input(&self, view: Color, piece: Piece, sq: Square) -> usize {
        let relative = usize::from(piece.color() != view);
        let plane = usize::from(self.plane[piece.kind().index()]);
        let square = usize::from(self.square[view.index()][sq.index()]);
        (relative * self.planes + plane) * self.squares + square
    }

    /// The input of the `n`-th piece (from 1) of `kind` in `owner`'s hand from `view`'s
    /// perspective, if that slot exists.
    #[inline(always)]
    fn hand_input(&self, view: Color, owner: Color, kind: usize, n: u8) -> Option<usize> {
        let base = self.hand_base[kind];
        if base == u16::MAX || n == 0 || n > HAND_SLOTS {
            return None;
        }
        let relative = usize::from(owner != view);
        Some(
            self.board_inputs
                + relative * self.hand_inputs
                + usize::from(base)
                + usize::from(n - 1),
        )
    }

    /// The kind index of the variant's `i`-th hand kind.
    fn hand_kind(&self, i: usize) -> usize {
        self.hand_kinds[i]
    }

    /// Every active input of `pos` from `view`'s perspective.
    fn active<B: Bits>(&self, pos: &Position<B>, view: Color, out: &mut Vec<usize>) {
        out.clear();
        let mailbox = pos.mailbox();
        for (i, &raw) in mailbox.iter().enumerate() {
            let piece = Piece::from_raw(raw);
            if !piece.is_none() {
                out.push(self.board_input(view, piece, Square::new(i as u8)));
            }
        }
        for owner in Color::BOTH {
            for &k in &pos.variant().hand_kinds {
                for n in 1..=pos.hand_count(owner, k) {
                    out.extend(self.hand_input(view, owner, k.index(), n));
                }
            }
        }
    }
}

/// `permille` per mille of the hand-written evaluation's score `terms`, rounded towards zero.
pub fn terms_share(terms: i32, permille: u16) -> i32 {
    terms * i32::from(permille) / 1000
}

/// A network ready for one variant: the weights and where the variant's pieces enter them.
#[derive(Debug)]
pub struct Loaded {
    pub net: std::sync::Arc<Network>,
    pub map: InputMap,
}

/// A network's weights, quantised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub layout: Layout,
    pub hidden: usize,
    /// `inputs x hidden`, one row per input.
    pub input_weights: Vec<i16>,
    pub input_bias: Vec<i16>,
    /// `2 x hidden`: the side to move's half first.
    pub output_weights: Vec<i16>,
    pub output_bias: i32,
    /// Per mille of the hand-written evaluation the search adds to the output: 0 for a network
    /// that evaluates alone, else one trained on what the terms leave (`train --over-terms`).
    pub base: u16,
}

/// Each perspective's hidden layer before activation (index: [`Color::index`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    pub values: [Vec<i16>; 2],
}

impl Network {
    /// A network from its parts, checked: sizes that agree with the layout.
    pub fn new(
        layout: Layout,
        hidden: usize,
        input_weights: Vec<i16>,
        input_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i32,
    ) -> Result<Network, String> {
        if hidden == 0 {
            return Err("a network needs a hidden layer".to_string());
        }
        if input_weights.len() != layout.inputs() * hidden
            || input_bias.len() != hidden
            || output_weights.len() != 2 * hidden
        {
            return Err(format!(
                "the weights do not fit {} inputs and {hidden} hidden units",
                layout.inputs()
            ));
        }
        Ok(Network {
            layout,
            hidden,
            input_weights,
            input_bias,
            output_weights,
            output_bias,
            base: 0,
        })
    }

    /// The network read as a correction added to `permille` per mille of the hand-written
    /// evaluation.
    pub fn over_terms(mut self, permille: u16) -> Network {
        self.base = permille;
        self
    }

    /// The share of the hand-written evaluation's score `terms` this network's output is
    /// added to (0 for a network alone): what the trainer adds to each example too.
    pub fn terms_share(&self, terms: i32) -> i32 {
        terms_share(terms, self.base)
    }

    /// An accumulator of the right size (zeros; [`Network::refresh`] fills it).
    pub fn accumulator(&self) -> Accumulator {
        Accumulator {
            values: [vec![0; self.hidden], vec![0; self.hidden]],
        }
    }

    fn row(&self, input: usize) -> &[i16] {
        &self.input_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// Fills `acc` from scratch for `pos`.
    pub fn refresh<B: Bits>(&self, map: &InputMap, pos: &Position<B>, acc: &mut Accumulator) {
        let mut active = Vec::with_capacity(64);
        for view in Color::BOTH {
            map.active(pos, view, &mut active);
            let values = &mut acc.values[view.index()];
            values.copy_from_slice(&self.input_bias);
            for &input in &active {
                add_row(values, self.row(input));
            }
        }
    }

    /// `to` = `from` (the accumulator of `parent`) updated to `child`, a position reached from
    /// `parent` by one move: the inputs that changed are found by comparing the two.
    pub fn update<B: Bits>(
        &self,
        map: &InputMap,
        parent: &Position<B>,
        child: &Position<B>,
        from: &Accumulator,
        to: &mut Accumulator,
    ) {
        let mut on: [(Piece, Square); 32] = [(Piece::NONE, Square::new(0)); 32];
        let mut off: [(Piece, Square); 32] = [(Piece::NONE, Square::new(0)); 32];
        let (mut n_on, mut n_off) = (0, 0);
        let (before, after) = (parent.mailbox(), child.mailbox());
        for i in 0..before.len() {
            if before[i] == after[i] {
                continue;
            }
            let sq = Square::new(i as u8);
            let (old, new) = (Piece::from_raw(before[i]), Piece::from_raw(after[i]));
            if !old.is_none() {
                if n_off == off.len() {
                    return self.refresh(map, child, to);
                }
                off[n_off] = (old, sq);
                n_off += 1;
            }
            if !new.is_none() {
                if n_on == on.len() {
                    return self.refresh(map, child, to);
                }
                on[n_on] = (new, sq);
                n_on += 1;
            }
        }
        for view in Color::BOTH {
            let values = &mut to.values[view.index()];
            values.copy_from_slice(&from.values[view.index()]);
            for &(piece, sq) in &off[..n_off] {
                sub_row(values, self.row(map.board_input(view, piece, sq)));
            }
            for &(piece, sq) in &on[..n_on] {
                add_row(values, self.row(map.board_input(view, piece, sq)));
            }
            for owner in Color::BOTH {
                for &k in &child.variant().hand_kinds {
                    let (was, is) = (parent.hand_count(owner, k), child.hand_count(owner, k));
                    for n in is + 1..=was {
                        if let Some(input) = map.hand_input(view, owner, k.index(), n) {
                            sub_row(values, self.row(input));
                        }
                    }
                    for n in was + 1..=is {
                        if let Some(input) = map.hand_input(view, owner, k.index(), n) {
                            add_row(values, self.row(input));
                        }
                    }
                }
            }
        }
    }

    /// The evaluation in centipawns from `side`'s view (the side to move).
    pub fn evaluate(&self, acc: &Accumulator, side: Color) -> i32 {
        let us = &acc.values[side.index()];
        let them = &acc.values[side.flip().index()];
        let (w_us, w_them) = self.output_weights.split_at(self.hidden);
        let sum = clipped_dot(us, w_us) + clipped_dot(them, w_them) + i64::from(self.output_bias);
        // Rounded to the nearest centipawn, halves away from zero.
        let (num, den) = (sum * i64::from(SCALE), i64::from(QA) * i64::from(QB));
        ((num + num.signum() * den / 2) / den) as i32
    }
}

#[cfg(test)]
mod tests;
