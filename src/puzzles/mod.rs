//! The puzzles: each module holds a reduction to the graph core, the certificate of its answer,
//! and a verifier that checks a certificate against the board without the solver's code. No
//! I/O and no prose: words and pictures are [`crate::formats`]' job.
//!
//! [`Puzzle`] is the one list of them; everything that needs to name a puzzle (the command line,
//! JSON, the web API, the generators) uses it. [`Puzzle::answer`] is the one interface to the
//! solvers: a board and a [`Request`] in, an [`Answer`] value out; every front end calls it
//! and renders what it returns.

/// Serialises a closed set of unit variants as fixed strings and reads them back, refusing
/// anything else with what was found and what would do (serde's derive for enums says only
/// "expected value" for a number where a name should be).
///
/// With `fn NAME` first, the table also defines the type's `pub fn NAME(self) -> &'static str`,
/// so the names are written once.
macro_rules! serde_by_name {
    (fn $fname:ident, $ty:ty, $expecting:literal, $($variant:path => $name:literal),+ $(,)?) => {
        impl $ty {
            /// Lower-case name, as on the command line and in JSON.
            pub fn $fname(self) -> &'static str {
                match self {
                    $($variant => $name,)+
                }
            }
        }
        $crate::puzzles::serde_by_name!($ty, $expecting, $($variant => $name),+);
    };
    ($ty:ty, $expecting:literal, $($variant:path => $name:literal),+ $(,)?) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(match self {
                    $($variant => $name,)+
                })
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Name;
                impl serde::de::Visitor<'_> for Name {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<$ty, E> {
                        match s {
                            $($name => Ok($variant),)+
                            _ => Err(E::unknown_variant(s, &[$($name),+])),
                        }
                    }
                }
                d.deserialize_str(Name)
            }
        }
    };
}
pub(crate) use serde_by_name;

mod answer;
pub mod king;
pub mod lpuzzle;
pub mod rooks;

pub use answer::{Answer, AnswerError, KingAnswer, LpuzzleAnswer, Request, RooksAnswer};

use crate::grid::{Grid, GridError};

/// One of the puzzles. In JSON, its [`name`](Puzzle::name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Puzzle {
    /// UVa 12668 "Attacking Rooks": most non-attacking rooks among pawns.
    Rooks,
    /// NWERC 2011 "Piece it together": tile a pattern with L pieces.
    Lpuzzle,
    /// GCJ 2008 "King": who wins the game of moving a king to unvisited squares.
    King,
}

impl Puzzle {
    /// Every puzzle.
    pub const ALL: [Puzzle; 3] = [Puzzle::Rooks, Puzzle::Lpuzzle, Puzzle::King];

    /// The characters a board may hold.
    pub fn alphabet(self) -> &'static [u8] {
        match self {
            Puzzle::Rooks => rooks::ALPHABET,
            Puzzle::Lpuzzle => lpuzzle::ALPHABET,
            Puzzle::King => king::ALPHABET,
        }
    }

    /// The kinds of cell a board is made of, the empty cell first: the
    /// [`alphabet`](Self::alphabet) without King's `K` (the start, a free square). What a
    /// generator or a shrinker places.
    pub fn cell_kinds(self) -> &'static [u8] {
        match self {
            Puzzle::Rooks => b".X",
            Puzzle::Lpuzzle => b".BW",
            Puzzle::King => b".#",
        }
    }

    /// Peak memory per cell of solving one board in its worst shape and output mode (`--json`
    /// is the heaviest), rounded up: the measured peak, see docs/BENCHMARKS.md (*Memory per
    /// cell*).
    pub fn peak_bytes_per_cell(self) -> u64 {
        match self {
            Puzzle::Rooks => 96,
            Puzzle::Lpuzzle => 32,
            Puzzle::King => 160,
        }
    }

    /// A board of this puzzle from its rows: a rectangle over [`alphabet`](Self::alphabet).
    ///
    /// # Complexity
    /// O(cells).
    pub fn grid_from_lines<S: AsRef<str>>(self, lines: &[S]) -> Result<Grid, GridError> {
        let grid = Grid::from_lines(lines)?;
        grid.check_alphabet(self.alphabet())?;
        Ok(grid)
    }
}

serde_by_name!(fn name, Puzzle, "a puzzle name",
    Puzzle::Rooks => "rooks", Puzzle::Lpuzzle => "lpuzzle", Puzzle::King => "king");

impl std::fmt::Display for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Puzzle;

    #[test]
    fn cell_kinds_are_the_alphabet_but_the_start() {
        for p in Puzzle::ALL {
            let kinds = p.cell_kinds();
            assert!(kinds.iter().all(|c| p.alphabet().contains(c)), "{p}");
            let rest: Vec<u8> = p
                .alphabet()
                .iter()
                .copied()
                .filter(|c| !kinds.contains(c))
                .collect();
            assert_eq!(
                rest,
                if p == Puzzle::King {
                    vec![b'K']
                } else {
                    vec![]
                }
            );
            assert_eq!(kinds[0], b'.', "{p}: the empty cell first");
        }
    }
}
