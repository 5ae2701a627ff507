//! Squares, colours and pieces as small newtypes.

/// A square as a bit index of the board's layout (`rank * STRIDE + file`). Which file and rank it
/// stands for depends on the stride, so naming a square goes through `Geometry`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(u8);

impl Square {
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        Square(index)
    }
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline(always)]
    pub const fn raw(self) -> u8 {
        self.0
    }
}

/// A side. White moves up the board (towards higher ranks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

/// Index of a piece kind in its variant's kind table (`Variant::kinds`). At most `MAX_KINDS`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PieceKind(pub u8);

impl PieceKind {
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Most piece kinds one variant can have.
pub const MAX_KINDS: usize = 16;

/// A coloured piece packed in one byte: bits 0-3 the kind, bit 4 the colour. `Piece::NONE` marks
/// an empty mailbox square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    pub const NONE: Piece = Piece(0xff);

    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(((color as u8) << 4) | kind.0)
    }
    #[inline(always)]
    pub const fn from_raw(raw: u8) -> Piece {
        Piece(raw)
    }
    #[inline(always)]
    pub const fn raw(self) -> u8 {
        self.0
    }
    #[inline(always)]
    pub fn is_none(self) -> bool {
        self.0 == 0xff
    }
    #[inline(always)]
    pub fn color(self) -> Color {
        if self.0 & 0x10 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    #[inline(always)]
    pub fn kind(self) -> PieceKind {
        PieceKind(self.0 & 0x0f)
    }
}
