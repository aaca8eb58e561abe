//! Input and output formats: the judges' text formats, JSON certificates and terminal pictures.
//! No algorithms live here.

pub mod json;
pub mod judge;
pub mod show;
pub mod svg;
