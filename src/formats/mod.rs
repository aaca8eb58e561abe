//! Input and output formats: the judges' text formats ([`judge`]), JSON certificates
//! ([`json`]), words and terminal pictures ([`text`]), SVG pictures ([`svg`]), and a whole
//! answer written as the command line prints it ([`output`]). They encode,
//! read and draw values the puzzles hand them; no algorithms live here.

pub mod json;
pub mod judge;
pub mod output;
pub mod svg;
pub mod text;

/// A count and its noun for messages and human-readable outputs: `1 cell`, `0 cells`, `5
/// cells` (`one` is the singular, `many` the plural: `vertex`, `vertices`). Judge outputs hold
/// numbers only and never go through this.
pub fn count<N>(n: N, one: &str, many: &str) -> String
where
    N: std::fmt::Display + PartialEq + From<u8>,
{
    let noun = if n == N::from(1) { one } else { many };
    format!("{n} {noun}")
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u64, "vertex", "vertices"), "1 vertex");
        assert_eq!(count(0usize, "cell", "cells"), "0 cells");
        assert_eq!(count(2u32, "cell", "cells"), "2 cells");
        assert_eq!(
            count(11usize, "odd component", "odd components"),
            "11 odd components"
        );
    }

    /// The verifiers' messages that count things: counts of one in the singular.
    #[test]
    fn verifier_messages_count_in_words() {
        use crate::graph::geography::GeographyError;
        use crate::puzzles::king::KingError;
        use crate::puzzles::rooks::RooksError;
        let geography = GeographyError::TutteBerge {
            what: "barrier",
            vertices: 3,
            matched: 1,
            odd: 1,
            size: 1,
        };
        assert!(
            geography
                .to_string()
                .ends_with("3 vertices − 2·1 matched ≠ 1 odd component − 1 barrier vertex"),
            "{geography}"
        );
        let king = KingError::TutteBerge {
            what: "Bob's barrier",
            vertices: 1,
            matched: 0,
            odd: 1,
            size: 2,
        };
        assert_eq!(
            king.to_string(),
            "Bob's barrier: 1 cell − 2×0 matched ≠ 1 odd component − 2 barrier cells"
        );
        let rooks = RooksError::Sizes { rooks: 1, runs: 2 };
        assert_eq!(
            rooks.to_string(),
            "1 rook but 2 cover runs: sizes must be equal"
        );
        assert_eq!(
            GeographyError::StartOutOfRange(4, 1).to_string(),
            "the start 4 is not a vertex (the graph has 1 vertex)"
        );
    }
}
