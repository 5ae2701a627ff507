//! Helpers of the rules tests: variants by name, legal moves as sorted canonical strings, an
//! oracle's move list, moves played through the parser.
#![allow(dead_code)]

use menagerie::board::{Bits, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::notation::{parse_move, render};
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

pub fn narrow(name: &str) -> &'static Variant<u64> {
    match lookup(name) {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("{name} is not a variant on the 64-bit boards"),
    }
}

pub fn wide(name: &str) -> &'static Variant<u128> {
    match lookup(name) {
        Some(AnyVariant::Wide(v)) => v,
        _ => panic!("{name} is not a variant on the 128-bit boards"),
    }
}

/// The engine's legal moves as sorted canonical strings.
pub fn moves<B: Bits>(p: &Position<B>) -> Vec<String> {
    let mut list = MoveList::new();
    generate_legal(p, &mut list);
    let mut v: Vec<String> = list.iter().map(|e| render(p, e)).collect();
    v.sort();
    v
}

/// An oracle's move list, sorted.
pub fn set(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Plays a move string through the parser.
pub fn play<B: Bits>(p: &Position<B>, mv: &str) -> Position<B> {
    let entry =
        parse_move(p, mv).unwrap_or_else(|e| panic!("'{mv}' refused in '{}': {e}", p.to_fen()));
    p.make_move(&entry)
}

/// A Shock Troops FEN written with W and E, rewritten for the -ca games (C and A).
pub fn with_chancellor_archbishop(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').expect("a FEN");
    let board: String = board
        .chars()
        .map(|c| match c {
            'W' => 'C',
            'E' => 'A',
            'w' => 'c',
            'e' => 'a',
            c => c,
        })
        .collect();
    format!("{board} {rest}")
}
