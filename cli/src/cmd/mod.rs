//! One module per command.

pub mod dm;
pub mod r#match;
pub mod play;
