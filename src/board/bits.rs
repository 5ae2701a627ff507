//! The bitboard storage types: one trait, `Bits`, implemented by `u64` (8x8 boards, stride 8) and
//! `u128` (boards up to 11x11, stride 11). Everything above this module is generic over it.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use super::square::Square;

/// A set of squares. Bit `rank * STRIDE + file` stands for the square (file, rank).
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Bits per rank in the layout: a rank's squares are `STRIDE` bits apart, so that a step to the
    /// next rank is a constant shift.
    const STRIDE: u32;
    /// Number of bits (and so the largest number of square indices).
    const BITS: u32;
    const ZERO: Self;
    const ALL: Self;
    /// The mailbox (one byte per square index) that goes with this width.
    type Mailbox: Copy + AsRef<[u8]> + AsMut<[u8]> + Send + Sync + Debug;

    /// `value`, a member of the family `T` of this width, as a [`ByWidth`].
    fn by_width<T: Widths>(value: T::Of<Self>) -> ByWidth<T>;
    /// The member inside `x` if it is of this width.
    fn of_width<T: Widths>(x: &ByWidth<T>) -> Option<&T::Of<Self>>;
    /// As [`Bits::of_width`], taking `x`.
    fn into_width<T: Widths>(x: ByWidth<T>) -> Option<T::Of<Self>>;

    /// A mailbox with every byte set to `fill`.
    fn mailbox(fill: u8) -> Self::Mailbox;
    /// The set holding one square.
    fn bit(sq: Square) -> Self;
    fn count(self) -> u32;
    /// Index of the lowest set bit; the set must not be empty.
    fn lsb(self) -> Square;
    /// Index of the highest set bit; the set must not be empty.
    fn msb(self) -> Square;

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::ZERO
    }
    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        (self & Self::bit(sq)).any()
    }
    /// True when more than one square is set.
    fn several(self) -> bool;
    /// Removes and returns the lowest square; the set must not be empty.
    #[inline(always)]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        *self = self.clear_lsb();
        sq
    }
    fn clear_lsb(self) -> Self;
    /// Iterates the squares from the lowest index up.
    #[inline(always)]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// A family of types with one member per board width: `Of<u64>` for the 8x8 boards, `Of<u128>`
/// for the wider ones (a variant, a game, an evaluator of that width).
pub trait Widths {
    type Of<B: Bits>;
}

/// A member of the family `T` of whichever width a variant's board has: how the layers above
/// the generic core hold a variant, a game or an evaluator without a width of their own.
/// [`by_width!`](crate::by_width) opens it; [`Bits::of_width`] asks it for a width the caller
/// knows.
#[derive(Clone, Copy, Debug)]
pub enum ByWidth<T: Widths> {
    Narrow(T::Of<u64>),
    Wide(T::Of<u128>),
}

/// Runs `$body` with `$v` bound to the value inside `$x` (a [`ByWidth`], or a reference to one),
/// whichever width it has: the body is compiled once per width.
#[macro_export]
macro_rules! by_width {
    ($x:expr, $v:ident => $body:expr) => {
        match $x {
            $crate::board::ByWidth::Narrow($v) => $body,
            $crate::board::ByWidth::Wide($v) => $body,
        }
    };
}

macro_rules! impl_bits {
    ($t:ty, $stride:expr, $bits:expr, $width:ident) => {
        impl Bits for $t {
            const STRIDE: u32 = $stride;
            const BITS: u32 = $bits;
            const ZERO: Self = 0;
            const ALL: Self = !0;
            type Mailbox = [u8; $bits];

            fn by_width<T: Widths>(value: T::Of<Self>) -> ByWidth<T> {
                ByWidth::$width(value)
            }
            fn of_width<T: Widths>(x: &ByWidth<T>) -> Option<&T::Of<Self>> {
                match x {
                    ByWidth::$width(v) => Some(v),
                    _ => None,
                }
            }
            fn into_width<T: Widths>(x: ByWidth<T>) -> Option<T::Of<Self>> {
                match x {
                    ByWidth::$width(v) => Some(v),
                    _ => None,
                }
            }

            #[inline(always)]
            fn mailbox(fill: u8) -> Self::Mailbox {
                [fill; $bits]
            }
            #[inline(always)]
            fn bit(sq: Square) -> Self {
                1 << sq.index()
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> Square {
                debug_assert!(self != 0);
                Square::new(self.trailing_zeros() as u8)
            }
            #[inline(always)]
            fn msb(self) -> Square {
                debug_assert!(self != 0);
                Square::new(($bits - 1 - self.leading_zeros()) as u8)
            }
            #[inline(always)]
            fn several(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
            #[inline(always)]
            fn clear_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

impl_bits!(u64, 8, 64, Narrow);
impl_bits!(u128, 11, 128, Wide);

/// Iterator over the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for BitIter<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lsb_msb_and_iteration_agree_for_both_widths() {
        let x: u64 = (1 << 3) | (1 << 40) | (1 << 63);
        assert_eq!(x.lsb().index(), 3);
        assert_eq!(x.msb().index(), 63);
        let v: Vec<usize> = x.iter().map(|s| s.index()).collect();
        assert_eq!(v, vec![3, 40, 63]);
        let y: u128 = (1 << 0) | (1 << 100) | (1 << 120);
        assert_eq!(y.lsb().index(), 0);
        assert_eq!(y.msb().index(), 120);
        assert_eq!(y.count(), 3);
        assert!(y.several());
        assert!(!(1u128 << 77).several());
    }
}
