//! Variants as data. A [`Variant`] describes one game: its geometry, piece kinds with letters and
//! movement, start position, promotion, castling, hands and the flags that switch mechanics on.
//! One file per family builds them; [`lookup`] hands them out by name.

mod combinedarms;
mod exciting;
mod orthodox;
mod pawnier;
pub mod registry;
mod shocktroops;

pub use orthodox::{KNIGHT_LEAPS, chess_on_board};
pub use registry::{GAMES, Game, Image, Look, Weights};

use std::sync::OnceLock;

use crate::board::geometry::{DIAGONAL, ORTHOGONAL, SqTable, sq_table};
use crate::board::zobrist::Zobrist;
use crate::board::{Bits, ByWidth, Color, Geometry, MAX_KINDS, PieceKind, Square, Widths};
use crate::by_width;

/// What the move generator does with a kind beyond its leaps and slides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// The royal piece: never moves into check, castles.
    King,
    /// The orthodox pawn: pushes (and double steps) to empty squares, captures with its capture
    /// leaps, promotes in the promotion zone, takes and gives e.p.
    Pawn,
    /// A plain leaper and/or slider that moves and captures alike.
    Piece,
    /// A pawn that also steps sideways to an empty square anywhere (the Ninja Pawn of
    /// rules/shocktroops.md 1.3.3): forward and sideways steps to empty squares, the double step
    /// from the double-step zone, captures with its capture leaps (and its enemy-half leaps),
    /// promotion like the pawn, and no e.p. either way.
    SidestepPawn,
    /// A pawn whose moves are borrowed from its neighbours (Pawnier, rules/pawnier.md I.2.5):
    /// rook slides with a friendly pawn orthogonally next to it, bishop slides with one
    /// diagonally next to it, knight leaps with a friendly pawn or relaying knight a knight's leap
    /// away; without any power, one quiet orthogonal step. Never promotes.
    PowerPawn,
}

/// Squares where a piece of some kind can never stand, whatever the game's history (a FEN that
/// puts one there is refused).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Barred {
    /// The owner's first rank: the piece only ever moves forward from beyond it (pawns).
    FirstRank,
    /// The promotion zone: a piece arriving there has to promote.
    PromotionZone,
    /// The owner's last rank (Exciting's man crowns there).
    LastRank,
    /// The light squares, (file + rank) even with a1 = (1, 1): Exciting's checkers move
    /// diagonally from dark squares and are only made on dark squares (rules/exciting.md II.1).
    LightSquares,
}

/// One piece kind of a variant.
#[derive(Clone, Debug)]
pub struct KindSpec {
    pub name: &'static str,
    /// Upper-case letter (White); Black's is the lower case.
    pub letter: char,
    pub role: Role,
    /// Leaps as (file, rank) offsets seen from White. For a pawn: its capture leaps.
    pub leaps: &'static [(i8, i8)],
    /// Further leaps that exist only from the enemy half of the board (the rows beyond the
    /// middle, seen from the owner). For a pawn: capture leaps.
    pub enemy_half_leaps: &'static [(i8, i8)],
    pub slides_orthogonal: bool,
    pub slides_diagonal: bool,
    /// Capturing a piece of this kind freezes its owner (Shock Chess).
    pub shock: bool,
    /// A plain piece that must promote on reaching the promotion zone (Pawnier's sergeant). It
    /// only moves forward, so its moves are irreversible and reset the 50-move clock.
    pub promotes: bool,
    /// The kind's value in centipawns (middlegame, endgame) where the evaluator's defaults do not
    /// apply (pieces whose moves are not leaps and slides).
    pub value: Option<(i32, i32)>,
}

/// One castling right: the king's and the rook's squares before and after, and which squares must
/// be empty and unattacked.
#[derive(Clone, Debug)]
pub struct CastleSpec<B: Bits> {
    pub color: Color,
    /// The FEN letter of the right (`K`, `Q`, `k`, `q`).
    pub letter: char,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// The kind that castles with the king (the right needs it on `rook_from`).
    pub rook: PieceKind,
    /// Squares that must be empty (the king and rook themselves excepted).
    pub must_be_empty: B,
    /// Squares the king stands on, crosses or reaches: none may be attacked.
    pub king_path: B,
}

/// When a position is a dead draw for lack of material (as a variant file writes it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InsufficientRule {
    /// FIDE: K v K, K+minor v K, kings plus bishops all on one square colour; the minors are the
    /// kinds lettered N and B, and nothing may be in hand.
    Orthodox,
    /// Only the two kings, with both hands empty (Pawnier I.2.8).
    BareKings,
    /// No pawn, knight or queen left on either side: nothing can ever give check (Combined Arms
    /// 3.5, CA-18).
    NoCheckers,
    Never,
}

/// [`InsufficientRule`] resolved to the variant's kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Insufficient {
    Orthodox {
        knight: PieceKind,
        bishop: PieceKind,
    },
    BareKings,
    NoCheckers,
    Never,
}

/// A game, built once and shared by every position of it.
#[derive(Debug)]
pub struct Variant<B: Bits> {
    pub name: &'static str,
    pub summary: &'static str,
    pub geometry: Geometry<B>,
    pub kinds: Vec<KindSpec>,
    pub start_fen: &'static str,
    pub king: PieceKind,
    pub pawn: Option<PieceKind>,
    /// The sidestepping pawn ([`Role::SidestepPawn`]), if the variant has one.
    pub sidestep_pawn: Option<PieceKind>,
    /// The pawn with borrowed powers ([`Role::PowerPawn`]) and the kind (lettered N) that relays
    /// the knight power to it.
    pub power_pawn: Option<PieceKind>,
    pub power_relay: Option<PieceKind>,
    /// The kinds a pawn may promote to, in the order moves are listed.
    pub promotion_kinds: Vec<PieceKind>,
    /// Per colour: squares where a pawn (or promoting piece) arriving must promote: the promotion
    /// rank and every rank beyond it.
    pub promotion_zone: [B; 2],
    /// Per colour: squares from which a pawn may double-step.
    pub double_step_zone: [B; 2],
    pub castles: Vec<CastleSpec<B>>,
    /// Per square: the castling rights that survive a move touching it.
    pub castle_keep: Box<[u8; 256]>,
    /// Kinds that can be in a hand, in FEN order. Empty when the variant has no hands.
    pub hand_kinds: Vec<PieceKind>,
    /// `drop_zones[color][kind]`: the empty squares a piece of that kind may be dropped on
    /// (empty for kinds that are never dropped).
    pub drop_zones: [Vec<B>; 2],
    /// Per kind: how many squares straight forward a dropped piece may be pushed in the same move
    /// (0: none). The drop is written on the final square; every square passed must be empty.
    pub drop_push: Vec<u8>,
    /// Per kind: the kind a captured piece of it joins the captor's hand as (Exciting's soldiers).
    pub to_hand: Vec<Option<PieceKind>>,
    /// Extra letters read in FENs and promotion suffixes (`Q` for the General).
    pub letter_aliases: Vec<(char, PieceKind)>,
    /// `+X` in a FEN board: the kind it stands for (Exciting's `+S` and `+M`).
    pub promoted_letters: Vec<(char, PieceKind)>,
    /// Kinds of the family's table that this member never has (a FEN naming one is refused).
    pub absent_kinds: Vec<PieceKind>,
    /// Where pieces can never stand: (kind, zone), pawns' first rank and promotion zone included.
    pub barred: Vec<(PieceKind, Barred)>,
    /// `start_board[color][kind]`, `start_hand[color][kind]`: the start position's material, the
    /// supply that pieces in hand are counted against.
    pub start_board: [Vec<u8>; 2],
    pub start_hand: [Vec<u8>; 2],
    pub insufficient: Insufficient,
    /// Positions `bench` searches after the start position.
    pub bench_fens: Vec<&'static str>,
    /// How many plies less than the requested depth `bench` searches (for games whose nodes
    /// cost far more than chess's).
    pub bench_depth_cut: u32,
    pub zobrist: Zobrist,
    pub flags: Flags,
    pub family: Family,
    /// Per kind: when its moves reset the 50-move clock.
    pub clock_rules: Vec<ClockRule>,
    pub tables: Tables<B>,
    /// The evaluation weights it plays, its network family, its opening book (EPD text) and how
    /// XBoard shows it: from its [`registry`] entry (defaults for a board built outside the
    /// registry; the network family is then its own name).
    pub weights: Weights,
    pub network: &'static str,
    pub book: &'static str,
    pub look: Look,
}

/// Mechanics switched on by the variant, computed once so that hot code tests a flag.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    /// Some kind freezes its owner when captured (Shock Chess).
    pub shock: bool,
    pub hands: bool,
    pub en_passant: bool,
    /// Bit per kind: the kinds whose capture freezes.
    pub shock_kinds: u16,
    /// Castling rights follow from the placement alone (a king on its home square with its rook
    /// on the corner), never from history: the FEN field is ignored and every move recomputes
    /// them (Combined Arms 3.2).
    pub castling_by_placement: bool,
}

/// The rules family a variant belongs to: which generator, attack test and legality test its
/// positions use (DESIGN.md §9). Chosen once when the variant is built; the kinds a family's code
/// needs are resolved by letter into its struct, never by their place in the kind list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Leapers, sliders, pawns, drops, castling and the shock rule: moves generated legal
    /// directly with check and pin masks (chess, Shock Chess, the Shock Troops games).
    Standard,
    /// Pawns with borrowed powers (Pawnier): a move changes what other pieces attack, so moves
    /// are kept when the king is safe for the occupancy after them.
    Powers(PowerKinds),
    /// Combined Arms Brigade Chess: every arm moves and kills by its own rules.
    CombinedArms(ArmsKinds),
    /// Exciting Chess: soldiers, checkers, tigers and cannons beside the orthodox set.
    Exciting(ExcitingKinds),
}

impl Family {
    /// The family's name (its parameter table is `family-NAME.txt`).
    pub fn name(&self) -> &'static str {
        match self {
            Family::Standard => "standard",
            Family::Powers(_) => "powers",
            Family::CombinedArms(_) => "combinedarms",
            Family::Exciting(_) => "exciting",
        }
    }
}

/// Pawnier's kinds: the pawn with borrowed powers and the knight that relays its power.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PowerKinds {
    pub pawn: PieceKind,
    pub relay: Option<PieceKind>,
}

/// Combined Arms' arms, by their orthodox letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArmsKinds {
    /// Q: flies anywhere outside the enemy's NOFLY zone.
    pub aviation: PieceKind,
    /// R: slides orthogonally, shoots at distance 3-4.
    pub heavy: PieceKind,
    /// B: slides diagonally, shoots at distance 1-2.
    pub light: PieceKind,
    /// N: drives three orthogonal steps, killing what it passes.
    pub armor: PieceKind,
    /// P: steps in eight directions.
    pub infantry: PieceKind,
}

/// Exciting Chess's kinds, by letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExcitingKinds {
    pub queen: PieceKind,
    pub rook: PieceKind,
    pub bishop: PieceKind,
    pub knight: PieceKind,
    pub pawn: PieceKind,
    /// S and its promotion V.
    pub soldier: PieceKind,
    pub veteran: PieceKind,
    /// The draughts man M and its crowned king D.
    pub man: PieceKind,
    pub draughts_king: PieceKind,
    pub tiger: PieceKind,
    pub cannon: PieceKind,
}

/// Which family [`VariantSpec`] asks for; [`Variant::build`] resolves its kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FamilySpec {
    /// Standard, or Powers when a kind has [`Role::PowerPawn`].
    #[default]
    Standard,
    CombinedArms,
    Exciting,
}

/// When a move of a kind resets the 50-move clock, beyond captures, drops and promotions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ClockRule {
    /// Its moves can be undone: no reset.
    #[default]
    Reversible,
    /// Every move of it is irreversible (pawns, Pawnier's sergeant, Exciting's man).
    Always,
    /// A move that changes its rank resets, a sideways step does not (the Ninja Pawn, Exciting's
    /// unpromoted soldier).
    Advance,
}

/// Attack tables per colour and kind, derived from the kinds' leaps.
#[derive(Debug)]
pub struct Tables<B: Bits> {
    /// `leaps[color][kind][sq]`: squares a piece on `sq` reaches by leaping (capture targets; for
    /// plain pieces also move targets).
    pub leaps: [Vec<SqTable<B>>; 2],
    /// `leapers_to[color][kind][t]`: squares from which such a piece leaps onto `t`.
    pub leapers_to: [Vec<SqTable<B>>; 2],
    /// Kinds with leaps (attack detection walks these).
    pub leaper_kinds: Vec<PieceKind>,
    pub orthogonal_kinds: Vec<PieceKind>,
    pub diagonal_kinds: Vec<PieceKind>,
    /// Role::Piece kinds (generated by the generic leaper/slider loop).
    pub piece_kinds: Vec<PieceKind>,
    /// Union of the four orthogonal / diagonal rays from each square on an empty board.
    pub orthogonal_lines: SqTable<B>,
    pub diagonal_lines: SqTable<B>,
    /// One-step neighbours (orthogonal, diagonal) and knight leaps from each square, for
    /// relations between pieces (Pawnier's powers).
    pub wazir: SqTable<B>,
    pub ferz: SqTable<B>,
    pub knight: SqTable<B>,
    /// Squares at distance 1-2 and 3-4 on the eight rays, occupancy ignored (Combined Arms'
    /// BRANGE and RRANGE).
    pub near_range: SqTable<B>,
    pub far_range: SqTable<B>,
    /// Squares at the end of some three orthogonal steps, occupancy ignored (where Combined Arms'
    /// armor can come from).
    pub three_steps: SqTable<B>,
    /// Squares with exactly two neighbours, not opposite each other: the cut corners of a board
    /// with holes (Exciting's custodian capture needs both neighbours there).
    pub corners: B,
}

/// What a variant file hands to [`Variant::build`].
pub struct VariantSpec {
    pub name: &'static str,
    pub files: u8,
    pub ranks: u8,
    pub holes: Vec<(u8, u8)>,
    pub kinds: Vec<KindSpec>,
    pub start_fen: &'static str,
    pub promotion_letters: &'static str,
    /// 0-based rank (from each side's own side) of the promotion zone and of the double step.
    pub promotion_rank: u8,
    pub double_step_rank: Option<u8>,
    /// (letter, king from, king to, rook from, rook to) as square names from White's side; Black's
    /// rights are mirrored.
    pub castles: Vec<(char, &'static str, &'static str, &'static str, &'static str)>,
    pub hand_letters: &'static str,
    /// Per droppable letter: the rank (0-based, from each side's own side) it is dropped on.
    pub drop_ranks: Vec<(char, u8)>,
    /// Per letter: the longest push a drop of that kind may make (kinds not listed: none).
    pub drop_pushes: Vec<(char, u8)>,
    /// The rules family (see [`Family`]).
    pub family: FamilySpec,
    /// Per letter, a clock rule beyond those of the roles (pawns and promoting pieces: always;
    /// the sidestepping pawn: on advance).
    pub clock_rules: Vec<(char, ClockRule)>,
    /// Pawns also promote on every square whose forward neighbour is off the board (the cut
    /// corners of the Exciting boards).
    pub promote_at_edge: bool,
    /// Per castling letter (White's), the letter of the piece the king castles with, where it is
    /// not the rook.
    pub castle_partners: Vec<(char, char)>,
    /// (captured letter, letter it joins the captor's hand as), for games with re-entry.
    pub captures_to_hand: Vec<(char, char)>,
    pub letter_aliases: Vec<(char, char)>,
    /// (letter after `+`, letter it stands for) in FEN boards.
    pub promoted_letters: Vec<(char, char)>,
    /// Letters of the kind table that this game does not have.
    pub absent_letters: &'static str,
    /// (letter, zone) where that kind can never stand, beyond the pawns' own (pawns and
    /// sidestepping pawns are barred from their first rank and their promotion zone anyway).
    pub barred: Vec<(char, Barred)>,
    pub insufficient: InsufficientRule,
    /// Positions `bench` searches (the start position comes first by itself).
    pub bench_fens: Vec<&'static str>,
    pub bench_depth_cut: u32,
}

impl<B: Bits> Variant<B> {
    /// The kind with this upper-case letter (or alias).
    pub fn kind_of_letter(&self, letter: char) -> Option<PieceKind> {
        let up = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == up)
            .map(|i| PieceKind(i as u8))
            .or_else(|| self.letter_aliases.iter().find(|a| a.0 == up).map(|a| a.1))
    }

    pub fn letter(&self, kind: PieceKind) -> char {
        self.kinds[kind.index()].letter
    }

    /// The squares of `zone` for a piece of `color`.
    pub fn barred_squares(&self, color: Color, zone: Barred) -> B {
        let g = &self.geometry;
        match zone {
            Barred::FirstRank => g.relative_rank_mask(color, 0),
            Barred::PromotionZone => self.promotion_zone[color.index()],
            Barred::LastRank => g.relative_rank_mask(color, g.ranks - 1),
            Barred::LightSquares => g
                .squares()
                .filter(|&sq| (g.file(sq) + g.rank(sq)).is_multiple_of(2))
                .fold(B::ZERO, |m, sq| m | B::bit(sq)),
        }
    }

    /// Kinds that promote: pawns of both roles and pieces such as Pawnier's sergeant.
    pub fn promoting_kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        self.kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.promotes || matches!(k.role, Role::Pawn | Role::SidestepPawn))
            .map(|(i, _)| PieceKind(i as u8))
    }

    #[inline(always)]
    pub fn is_shock(&self, kind: PieceKind) -> bool {
        self.flags.shock_kinds & (1 << kind.0) != 0
    }

    pub fn build(spec: VariantSpec) -> Variant<B> {
        assert!(spec.kinds.len() <= MAX_KINDS);
        let geometry = Geometry::<B>::new(spec.files, spec.ranks, &spec.holes);
        let kind_of = |c: char| {
            PieceKind(
                spec.kinds
                    .iter()
                    .position(|k| k.letter == c)
                    .expect("letter of a kind") as u8,
            )
        };
        let find_role = |r: Role| {
            spec.kinds
                .iter()
                .position(|k| k.role == r)
                .map(|i| PieceKind(i as u8))
        };
        let king = find_role(Role::King).expect("a variant has a king");
        let pawn = find_role(Role::Pawn);
        let sidestep_pawn = find_role(Role::SidestepPawn);
        let power_pawn = find_role(Role::PowerPawn);
        let power_relay = power_pawn.and_then(|_| {
            spec.kinds
                .iter()
                .position(|k| k.letter == 'N')
                .map(|i| PieceKind(i as u8))
        });
        let square = |name: &str, color: Color| {
            let sq = geometry.parse_square(name).expect("castling square");
            match color {
                Color::White => sq,
                Color::Black => geometry
                    .square(
                        geometry.file(sq) as i32,
                        (spec.ranks - 1 - geometry.rank(sq)) as i32,
                    )
                    .expect("mirrored square"),
            }
        };
        let mut castles = Vec::new();
        for color in Color::BOTH {
            for &(letter, kf, kt, rf, rt) in &spec.castles {
                let (kf, kt, rf, rt) = (
                    square(kf, color),
                    square(kt, color),
                    square(rf, color),
                    square(rt, color),
                );
                let span = |a: Square, b: Square| geometry.between(a, b) | B::bit(a) | B::bit(b);
                let pieces = B::bit(kf) | B::bit(rf);
                castles.push(CastleSpec {
                    color,
                    letter: if color == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    },
                    king_from: kf,
                    king_to: kt,
                    rook_from: rf,
                    rook_to: rt,
                    rook: kind_of(
                        spec.castle_partners
                            .iter()
                            .find(|p| p.0 == letter)
                            .map_or('R', |p| p.1),
                    ),
                    must_be_empty: (span(kf, kt) | span(rf, rt)) & !pieces,
                    king_path: span(kf, kt),
                });
            }
        }
        let mut castle_keep = Box::new([0xffu8; 256]);
        for (i, c) in castles.iter().enumerate() {
            castle_keep[c.king_from.index()] &= !(1 << i);
            castle_keep[c.rook_from.index()] &= !(1 << i);
        }
        let zone = |rank: u8| {
            [
                geometry.relative_rank_mask(Color::White, rank),
                geometry.relative_rank_mask(Color::Black, rank),
            ]
        };
        let beyond = |rank: u8| {
            let mut z = [B::ZERO; 2];
            for r in rank..spec.ranks {
                let [w, b] = zone(r);
                z[0] |= w;
                z[1] |= b;
            }
            z
        };
        let mut promotion_zone = beyond(spec.promotion_rank);
        if spec.promote_at_edge {
            for (c, zone) in Color::BOTH.iter().zip(promotion_zone.iter_mut()) {
                let dr = if *c == Color::White { 1 } else { -1 };
                for sq in geometry.squares() {
                    if geometry.offset(sq, 0, dr).is_none() {
                        *zone |= B::bit(sq);
                    }
                }
            }
        }
        let double_step_zone = spec.double_step_rank.map(zone).unwrap_or([B::ZERO; 2]);
        let mut barred: Vec<(PieceKind, Barred)> = Vec::new();
        for k in [pawn, sidestep_pawn].into_iter().flatten() {
            barred.push((k, Barred::FirstRank));
            barred.push((k, Barred::PromotionZone));
        }
        barred.extend(spec.barred.iter().map(|&(c, b)| (kind_of(c), b)));
        let (start_board, start_hand) = start_material(spec.start_fen, spec.kinds.len(), kind_of);
        let tables = Tables::build(&geometry, &spec.kinds);
        let mut flags = Flags::default();
        for (i, k) in spec.kinds.iter().enumerate() {
            if k.shock {
                flags.shock_kinds |= 1 << i;
            }
        }
        flags.shock = flags.shock_kinds != 0;
        flags.hands = !spec.hand_letters.is_empty();
        flags.en_passant = pawn.is_some() && spec.double_step_rank.is_some();
        flags.castling_by_placement = spec.family == FamilySpec::CombinedArms;
        let family = match spec.family {
            FamilySpec::Standard => match power_pawn {
                Some(pawn) => Family::Powers(PowerKinds {
                    pawn,
                    relay: power_relay,
                }),
                None => Family::Standard,
            },
            FamilySpec::CombinedArms => Family::CombinedArms(ArmsKinds {
                aviation: kind_of('Q'),
                heavy: kind_of('R'),
                light: kind_of('B'),
                armor: kind_of('N'),
                infantry: kind_of('P'),
            }),
            FamilySpec::Exciting => Family::Exciting(ExcitingKinds {
                queen: kind_of('Q'),
                rook: kind_of('R'),
                bishop: kind_of('B'),
                knight: kind_of('N'),
                pawn: kind_of('P'),
                soldier: kind_of('S'),
                veteran: kind_of('V'),
                man: kind_of('M'),
                draughts_king: kind_of('D'),
                tiger: kind_of('T'),
                cannon: kind_of('C'),
            }),
        };
        let clock_rules = (0..spec.kinds.len())
            .map(|i| {
                let k = PieceKind(i as u8);
                let letter = spec.kinds[i].letter;
                if let Some(&(_, rule)) = spec.clock_rules.iter().find(|r| r.0 == letter) {
                    rule
                } else if Some(k) == sidestep_pawn {
                    ClockRule::Advance
                } else if Some(k) == pawn || spec.kinds[i].promotes {
                    ClockRule::Always
                } else {
                    ClockRule::Reversible
                }
            })
            .collect();
        Variant {
            name: spec.name,
            summary: "",
            kinds: spec.kinds.clone(),
            start_fen: spec.start_fen,
            king,
            pawn,
            sidestep_pawn,
            power_pawn,
            power_relay,
            promotion_kinds: spec.promotion_letters.chars().map(kind_of).collect(),
            promotion_zone,
            double_step_zone,
            castles,
            castle_keep,
            hand_kinds: spec.hand_letters.chars().map(kind_of).collect(),
            drop_zones: Color::BOTH.map(|c| {
                let mut zones = vec![B::ZERO; spec.kinds.len()];
                for &(letter, rank) in &spec.drop_ranks {
                    zones[kind_of(letter).index()] |= geometry.relative_rank_mask(c, rank);
                }
                zones
            }),
            to_hand: spec
                .kinds
                .iter()
                .map(|k| {
                    spec.captures_to_hand
                        .iter()
                        .find(|c| c.0 == k.letter)
                        .map(|c| kind_of(c.1))
                })
                .collect(),
            drop_push: spec
                .kinds
                .iter()
                .map(|k| {
                    spec.drop_pushes
                        .iter()
                        .find(|d| d.0 == k.letter)
                        .map_or(0, |d| d.1)
                })
                .collect(),
            letter_aliases: spec
                .letter_aliases
                .iter()
                .map(|&(a, k)| (a, kind_of(k)))
                .collect(),
            promoted_letters: spec
                .promoted_letters
                .iter()
                .map(|&(a, k)| (a, kind_of(k)))
                .collect(),
            absent_kinds: spec.absent_letters.chars().map(kind_of).collect(),
            barred,
            start_board,
            start_hand,
            insufficient: match spec.insufficient {
                InsufficientRule::Orthodox => Insufficient::Orthodox {
                    knight: kind_of('N'),
                    bishop: kind_of('B'),
                },
                InsufficientRule::BareKings => Insufficient::BareKings,
                InsufficientRule::NoCheckers => Insufficient::NoCheckers,
                InsufficientRule::Never => Insufficient::Never,
            },
            bench_fens: spec.bench_fens.clone(),
            bench_depth_cut: spec.bench_depth_cut,
            zobrist: Zobrist::new(spec.name, &structure_kinds(&spec.kinds)),
            flags,
            family,
            clock_rules,
            tables,
            geometry,
            weights: Weights::Family,
            network: spec.name,
            book: "",
            look: Look::NORMAL,
        }
    }
}

/// The kinds whose placement is the pawn structure: the pawns of every role, and a kind
/// lettered P where the variant has none (Combined Arms' infantry).
fn structure_kinds(kinds: &[KindSpec]) -> Vec<usize> {
    let pawnlike =
        |k: &KindSpec| matches!(k.role, Role::Pawn | Role::SidestepPawn | Role::PowerPawn);
    let pawns: Vec<usize> = (0..kinds.len()).filter(|&i| pawnlike(&kinds[i])).collect();
    if pawns.is_empty() {
        (0..kinds.len())
            .filter(|&i| kinds[i].letter == 'P')
            .collect()
    } else {
        pawns
    }
}

impl<B: Bits> Tables<B> {
    fn build(geometry: &Geometry<B>, kinds: &[KindSpec]) -> Tables<B> {
        let mut leaps: [Vec<SqTable<B>>; 2] = [Vec::new(), Vec::new()];
        let mut leapers_to: [Vec<SqTable<B>>; 2] = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            for k in kinds {
                let mut forward = geometry.leaper(k.leaps, color);
                if !k.enemy_half_leaps.is_empty() {
                    let far = geometry.leaper(k.enemy_half_leaps, color);
                    let half = geometry.ranks / 2;
                    for from in geometry.squares() {
                        if geometry.relative_rank(from, color) >= half {
                            forward[from.index()] |= far[from.index()];
                        }
                    }
                }
                let mut reverse = sq_table::<B>();
                for from in geometry.squares() {
                    for to in forward[from.index()].iter() {
                        reverse[to.index()] |= B::bit(from);
                    }
                }
                leaps[color.index()].push(forward);
                leapers_to[color.index()].push(reverse);
            }
        }
        let select = |f: &dyn Fn(&KindSpec) -> bool| {
            kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| f(k))
                .map(|(i, _)| PieceKind(i as u8))
                .collect()
        };
        let mut orthogonal_lines = sq_table::<B>();
        let mut diagonal_lines = sq_table::<B>();
        for sq in geometry.squares() {
            for d in ORTHOGONAL {
                orthogonal_lines[sq.index()] |= geometry.rays[d][sq.index()];
            }
            for d in DIAGONAL {
                diagonal_lines[sq.index()] |= geometry.rays[d][sq.index()];
            }
        }
        let wazir = geometry.leaper(&[(1, 0), (-1, 0), (0, 1), (0, -1)], Color::White);
        let mut corners = B::ZERO;
        for sq in geometry.squares() {
            let around = wazir[sq.raw() as usize];
            if around.count() == 2 {
                let [a, c] = [around.lsb(), around.msb()];
                if geometry.file(a) != geometry.file(c) && geometry.rank(a) != geometry.rank(c) {
                    corners |= B::bit(sq);
                }
            }
        }
        let mut three_steps = wazir.clone();
        for _ in 0..2 {
            let last = three_steps.clone();
            for sq in geometry.squares() {
                three_steps[sq.index()] = last[sq.index()]
                    .iter()
                    .fold(B::ZERO, |acc, s| acc | wazir[s.index()]);
            }
        }
        Tables {
            three_steps,
            leaps,
            leapers_to,
            leaper_kinds: select(&|k| !k.leaps.is_empty()),
            orthogonal_kinds: select(&|k| k.slides_orthogonal),
            diagonal_kinds: select(&|k| k.slides_diagonal),
            piece_kinds: select(&|k| k.role == Role::Piece),
            orthogonal_lines,
            diagonal_lines,
            wazir,
            corners,
            ferz: geometry.leaper(&[(1, 1), (-1, 1), (1, -1), (-1, -1)], Color::White),
            knight: geometry.leaper(KNIGHT_LEAPS, Color::White),
            near_range: geometry.leaper(&ray_steps(1..=2), Color::White),
            far_range: geometry.leaper(&ray_steps(3..=4), Color::White),
        }
    }
}

/// The pieces of a start FEN per colour and kind, on the board and in hand: a count of its
/// letters (start FENs are the variant's own data, so every letter is one of its kinds).
type Material = [Vec<u8>; 2];

fn start_material(
    fen: &str,
    kinds: usize,
    kind_of: impl Fn(char) -> PieceKind,
) -> (Material, Material) {
    let field = fen.split_whitespace().next().unwrap_or("");
    let (board, hand) = field.split_once('[').unwrap_or((field, ""));
    let tally = |text: &str| {
        let mut counts = [vec![0u8; kinds], vec![0u8; kinds]];
        for c in text.chars().filter(char::is_ascii_alphabetic) {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            counts[color.index()][kind_of(c.to_ascii_uppercase()).index()] += 1;
        }
        counts
    };
    (tally(board), tally(hand))
}

/// The offsets k*d for every direction d of the eight rays and every k in `distances`.
fn ray_steps(distances: std::ops::RangeInclusive<i8>) -> Vec<(i8, i8)> {
    let mut v = Vec::new();
    for k in distances {
        for (df, dr) in crate::board::geometry::DIRECTIONS {
            v.push((df * k, dr * k));
        }
    }
    v
}

/// The variants of one width: `&'static Variant<B>`.
#[derive(Clone, Copy, Debug)]
pub struct Variants;

impl Widths for Variants {
    type Of<B: Bits> = &'static Variant<B>;
}

/// A built variant of either width.
pub type AnyVariant = ByWidth<Variants>;

impl AnyVariant {
    pub fn name(&self) -> &'static str {
        by_width!(self, v => v.name)
    }
    pub fn start_fen(&self) -> &'static str {
        by_width!(self, v => v.start_fen)
    }
    /// (files, ranks).
    pub fn size(&self) -> (u8, u8) {
        by_width!(self, v => (v.geometry.files, v.geometry.ranks))
    }
}

/// The variant called `name` (XBoard's `normal` is `chess`), if this build plays it.
pub fn lookup(name: &str) -> Option<AnyVariant> {
    let playable = name == "normal" || playable().any(|p| p == name);
    lookup_any(name).filter(|_| playable)
}

/// The games of the network family `family` (the registry's `network` field), in registry order.
pub fn network_games(family: &str) -> impl Iterator<Item = AnyVariant> + '_ {
    GAMES
        .iter()
        .filter(move |g| g.network == family)
        .filter_map(|g| lookup_any(g.name))
}

/// The name of the kind with upper-case `letter` in variant `name` ("Soldier" for Exciting
/// Chess's `S`).
pub fn kind_name(name: &str, letter: char) -> Option<&'static str> {
    let any = lookup(name)?;
    by_width!(any, v => v.kinds.iter().find(|k| k.letter == letter).map(|k| k.name))
}

/// As [`lookup`], but also the games whose rules are still being built (for their tests); the
/// protocols and the command line only offer what [`lookup`] finds. Each game is built once.
pub fn lookup_any(name: &str) -> Option<AnyVariant> {
    const N: usize = GAMES.len();
    static NARROW: [OnceLock<Variant<u64>>; N] = [const { OnceLock::new() }; N];
    static WIDE: [OnceLock<Variant<u128>>; N] = [const { OnceLock::new() }; N];
    let i = registry::index(name)?;
    let game = &GAMES[i];
    Some(match game.build {
        registry::Build::Narrow(_) => {
            AnyVariant::Narrow(NARROW[i].get_or_init(|| game.narrow().expect("a narrow game")))
        }
        registry::Build::Wide(_) => {
            AnyVariant::Wide(WIDE[i].get_or_init(|| game.wide().expect("a wide game")))
        }
    })
}

/// The names of the variants this build plays.
pub fn playable() -> impl Iterator<Item = &'static str> {
    GAMES.iter().filter(|g| g.playable).map(|g| g.name)
}
