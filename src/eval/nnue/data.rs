//! Training data in a compact binary form: what `datagen --format bin` writes and `train` reads.
//!
//! ```text
//! file:     "MDATA\0" version:u16 name_len:u8 name:[u8; name_len]   (the variant)
//!           then records and game ends, in play order
//! record:   flags:u8 (bit 0: Black to move; bit 7 clear) score:i16 (centipawns, White's view)
//!           occupancy:[u8; W] (bit i: square index i holds a piece; W = 8 or 16, the board's
//!           width) pieces:[u8; popcount] (each piece's raw value, square order)
//!           hands:[u8; 2 * hand kinds] (White's counts then Black's, the variant's order)
//! game end: 0x80 index:u32 result:u8 (0 Black won, 1 draw, 2 White won) plies:u16
//! ```
//!
//! A record's result is its game's, given by the game end that follows it: a reader keeps a
//! game's records until its end arrives, and a file cut inside a game loses that game only.
//! An 8x8 middlegame position takes about 45 bytes (its FEN line about 75).

use crate::board::{Bits, Color, Piece, Square};
use crate::position::Position;
use crate::variants::Variant;

use super::InputMap;

const MAGIC: &[u8; 6] = b"MDATA\0";
const VERSION: u16 = 1;
const GAME_END: u8 = 0x80;

/// The file header for `variant`.
pub fn header(variant: &str) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(variant.len() as u8);
    out.extend_from_slice(variant.as_bytes());
    out
}

/// Appends the record of `pos` with `score` (centipawns, White's view).
pub fn pack<B: Bits>(pos: &Position<B>, score: i32, out: &mut Vec<u8>) {
    out.push(u8::from(pos.side_to_move() == Color::Black));
    out.extend_from_slice(&(score.clamp(-32_000, 32_000) as i16).to_le_bytes());
    let mailbox = pos.mailbox();
    let width = B::BITS as usize / 8;
    let start = out.len();
    out.resize(start + width, 0);
    for (i, &raw) in mailbox.iter().enumerate() {
        if raw != Piece::NONE.raw() {
            out[start + i / 8] |= 1 << (i % 8);
        }
    }
    out.extend(mailbox.iter().copied().filter(|&r| r != Piece::NONE.raw()));
    for c in Color::BOTH {
        for &k in &pos.variant().hand_kinds {
            out.push(pos.hand_count(c, k));
        }
    }
}

/// Appends a game end.
pub fn end_game(index: u32, result: f64, plies: u16, out: &mut Vec<u8>) {
    out.push(GAME_END);
    out.extend_from_slice(&index.to_le_bytes());
    out.push(if result > 0.75 {
        2
    } else if result < 0.25 {
        0
    } else {
        1
    });
    out.extend_from_slice(&plies.to_le_bytes());
}

/// One position read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub black_to_move: bool,
    /// Centipawns, White's view.
    pub score: i16,
    /// 0 Black won, 1 draw, 2 White won.
    pub result: u8,
    /// The index of its game in the file.
    pub game: u32,
    /// (square index, raw piece) of every piece.
    pub pieces: Vec<(u8, u8)>,
    /// White's hand counts then Black's, in the variant's hand order.
    pub hands: Vec<u8>,
}

impl Sample {
    /// The side to move.
    pub fn side(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The active inputs of the sample from `view`'s perspective in `map`'s network.
    pub fn inputs(&self, map: &InputMap, view: Color, out: &mut Vec<usize>) {
        out.clear();
        for &(sq, raw) in &self.pieces {
            out.push(map.board_input(view, Piece::from_raw(raw), Square::new(sq)));
        }
        let kinds = self.hands.len() / 2;
        for (owner, counts) in Color::BOTH.into_iter().zip(self.hands.chunks(kinds.max(1))) {
            for (i, &count) in counts.iter().enumerate() {
                let kind = map.hand_kind(i);
                for n in 1..=count {
                    out.extend(map.hand_input(view, owner, kind, n));
                }
            }
        }
    }

    /// The sample as a position of `variant` (the game its file holds), for an evaluation to
    /// be measured on it.
    pub fn position<B: Bits>(&self, variant: &'static Variant<B>) -> Result<Position<B>, String> {
        let pieces = self
            .pieces
            .iter()
            .map(|&(sq, raw)| (Square::new(sq), Piece::from_raw(raw)));
        let (white, black) = self.hands.split_at(self.hands.len() / 2);
        Position::from_placement(variant, pieces, [white, black], self.side())
            .map_err(|e| e.to_string())
    }
}

/// What a file holds: its variant, and the games that ended, each with its positions.
#[derive(Debug)]
pub struct Contents {
    pub variant: String,
    pub samples: Vec<Sample>,
    pub games: u32,
    /// The length of the file up to the last game end (a run stopped inside a game leaves more).
    pub complete_len: usize,
}

/// Reads a whole file. `width_of` gives (board bytes, hand kinds) for the variant named in the
/// header, or an error if it is not known.
pub fn read(
    bytes: &[u8],
    width_of: impl Fn(&str) -> Result<(usize, usize), String>,
) -> Result<Contents, String> {
    if bytes.len() < MAGIC.len() + 3 || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a menagerie data file".to_string());
    }
    let version = u16::from_le_bytes([bytes[6], bytes[7]]);
    if version != VERSION {
        return Err(format!(
            "data file version {version}; this build reads {VERSION}"
        ));
    }
    let name_len = usize::from(bytes[8]);
    let name = bytes
        .get(9..9 + name_len)
        .and_then(|n| std::str::from_utf8(n).ok())
        .ok_or("the data file's header is cut short")?
        .to_string();
    let (width, hand_kinds) = width_of(&name)?;
    let mut at = 9 + name_len;
    let mut samples = Vec::new();
    let mut pending: Vec<Sample> = Vec::new();
    let mut games = 0u32;
    let mut complete_len = at;
    while at < bytes.len() {
        let flags = bytes[at];
        if flags == GAME_END {
            let Some(end) = bytes.get(at + 1..at + 8) else {
                break;
            };
            let index = u32::from_le_bytes(end[0..4].try_into().expect("four bytes"));
            if index != games {
                return Err(format!("game {index} follows {games} games"));
            }
            let result = end[4];
            if result > 2 {
                return Err(format!("game {index}: a result of {result}"));
            }
            for mut s in pending.drain(..) {
                s.result = result;
                s.game = index;
                samples.push(s);
            }
            games += 1;
            at += 8;
            complete_len = at;
            continue;
        }
        if flags & !1 != 0 {
            return Err(format!("a bad record at byte {at}"));
        }
        let Some(fixed) = bytes.get(at + 1..at + 3 + width) else {
            break;
        };
        let score = i16::from_le_bytes([fixed[0], fixed[1]]);
        let occupancy = &fixed[2..];
        let count: usize = occupancy.iter().map(|b| b.count_ones() as usize).sum();
        let start = at + 3 + width;
        let Some(rest) = bytes.get(start..start + count + 2 * hand_kinds) else {
            break;
        };
        let squares = (0..width * 8).filter(|i| occupancy[i / 8] & (1 << (i % 8)) != 0);
        let pieces = squares
            .zip(&rest[..count])
            .map(|(sq, &raw)| (sq as u8, raw))
            .collect();
        pending.push(Sample {
            black_to_move: flags & 1 != 0,
            score,
            result: 1,
            game: 0,
            pieces,
            hands: rest[count..].to_vec(),
        });
        at = start + count + 2 * hand_kinds;
    }
    Ok(Contents {
        variant: name,
        samples,
        games,
        complete_len,
    })
}

/// (board bytes, hand kinds) of a variant, for [`read`].
pub fn width_of<B: Bits>(v: &Variant<B>) -> (usize, usize) {
    (B::BITS as usize / 8, v.hand_kinds.len())
}
