//! Input and output formats: the judges' text formats ([`judge`]), JSON certificates
//! ([`json`]), words and terminal pictures ([`text`]), SVG pictures ([`svg`]), and a whole
//! answer written as the command line prints it ([`output`]), and the
//! colours both drawers give L pieces ([`colour`]). They encode, read and draw values the
//! puzzles hand them; no algorithms live here.

pub mod colour;
pub mod json;
pub mod judge;
pub mod output;
pub mod svg;
pub mod text;

pub use crate::error::count;

#[cfg(test)]
mod tests;
