//! Input and output formats: the judges' text formats ([`judge`]), JSON certificates
//! ([`json`]), words and terminal pictures ([`text`]) and SVG pictures ([`svg`]). They encode,
//! read and draw values the puzzles hand them; no algorithms live here.

pub mod json;
pub mod judge;
pub mod svg;
pub mod text;
