//! Input and output formats: the judges' text formats ([`judge`]), JSON certificates
//! ([`json`]), words and terminal pictures ([`text`]), SVG pictures ([`svg`]), and a whole
//! answer written as the command line prints it ([`output`]), exact decimals ([`decimal`](decimal::decimal)), and the
//! colours both drawers give L pieces ([`colour`]). They encode, read and draw values the
//! puzzles hand them; no algorithms live here.

pub mod colour;
pub mod decimal;
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
mod tests;
