//! The L-puzzle NO reason's record, read by a hand-written streaming reader.

use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::puzzles::lpuzzle::{Axis, Dir};

/// A choice in a conflict chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceRecord {
    /// The black cell.
    pub cell: [usize; 2],
    /// `up`, `down`, `left` or `right`.
    pub dir: Dir,
}

/// Why an L-puzzle pattern has no tiling.
///
/// Read by a hand-written [`Deserialize`] (see there): the same records as
/// `#[derive(Deserialize)]` reads for this `#[serde(tag = "kind")]` enum, but streamed. Two
/// differences, both on lines `--json` never writes: a key of another variant that comes
/// before `kind` is read as that variant's field (so must have its type) rather than skipped,
/// and an unknown key's value is skipped however deeply it nests (as unknown keys of the
/// record itself are) rather than refused past serde_json's recursion limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ReasonRecord {
    /// Whites are not twice the blacks.
    Count {
        /// For people.
        message: String,
        /// Black cells on the board.
        blacks: usize,
        /// White cells on the board.
        whites: usize,
        /// Culprit cells (none: the whole board).
        cells: Vec<[usize; 2]>,
    },
    /// A black with no white on one axis.
    Stranded {
        /// For people.
        message: String,
        /// The black.
        cell: [usize; 2],
        /// `vertical` or `horizontal`.
        axis: Axis,
        /// Culprit cells.
        cells: Vec<[usize; 2]>,
    },
    /// A cycle of forced choices.
    Conflict {
        /// For people.
        message: String,
        /// The chain `x ⇒ … ⇒ ¬x ⇒ … ⇒ x`.
        chain: Vec<ChoiceRecord>,
        /// Culprit cells.
        cells: Vec<[usize; 2]>,
    },
}

/// The `kind` of a [`ReasonRecord`].
#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(variant_identifier, rename_all = "lowercase")]
enum ReasonKind {
    Count,
    Stranded,
    Conflict,
}

/// The keys of a [`ReasonRecord`] object.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum ReasonField {
    Kind,
    Message,
    Cells,
    Blacks,
    Whites,
    Cell,
    Axis,
    Chain,
    #[serde(other)]
    Other,
}

/// Stores the next map value in `slot`, refusing a second one.
fn once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    slot: &mut Option<T>,
    name: &'static str,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

/// Element `i` of the fields after the tag in serde's sequence form of a tagged enum.
fn element<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(
    seq: &mut A,
    i: usize,
    variant: &'static str,
) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::invalid_length(i, &variant))
}

struct ReasonVisitor;

impl<'de> Visitor<'de> for ReasonVisitor {
    type Value = ReasonRecord;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("internally tagged enum ReasonRecord")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ReasonRecord, A::Error> {
        let mut kind = None;
        let (mut message, mut cells) = (None, None);
        let (mut blacks, mut whites, mut cell, mut axis, mut chain) =
            (None, None, None, None, None);
        while let Some(key) = map.next_key()? {
            // A key of another variant is skipped, as serde's derived reader skips it. Before
            // `kind` is known, such a key is read as the field of the one variant that has it.
            let ours = |k: ReasonKind| kind.is_none_or(|kind| kind == k);
            match key {
                ReasonField::Kind => once(&mut map, &mut kind, "kind")?,
                ReasonField::Message => once(&mut map, &mut message, "message")?,
                ReasonField::Cells => once(&mut map, &mut cells, "cells")?,
                ReasonField::Blacks if ours(ReasonKind::Count) => {
                    once(&mut map, &mut blacks, "blacks")?
                }
                ReasonField::Whites if ours(ReasonKind::Count) => {
                    once(&mut map, &mut whites, "whites")?
                }
                ReasonField::Cell if ours(ReasonKind::Stranded) => {
                    once(&mut map, &mut cell, "cell")?
                }
                ReasonField::Axis if ours(ReasonKind::Stranded) => {
                    once(&mut map, &mut axis, "axis")?
                }
                ReasonField::Chain if ours(ReasonKind::Conflict) => {
                    once(&mut map, &mut chain, "chain")?
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        fn get<T, E: de::Error>(slot: Option<T>, name: &'static str) -> Result<T, E> {
            slot.ok_or_else(|| E::missing_field(name))
        }
        let kind = get(kind, "kind")?;
        let message = get(message, "message")?;
        Ok(match kind {
            ReasonKind::Count => ReasonRecord::Count {
                message,
                blacks: get(blacks, "blacks")?,
                whites: get(whites, "whites")?,
                cells: get(cells, "cells")?,
            },
            ReasonKind::Stranded => ReasonRecord::Stranded {
                message,
                cell: get(cell, "cell")?,
                axis: get(axis, "axis")?,
                cells: get(cells, "cells")?,
            },
            ReasonKind::Conflict => ReasonRecord::Conflict {
                message,
                chain: get(chain, "chain")?,
                cells: get(cells, "cells")?,
            },
        })
    }

    /// The tag, then the variant's fields in order (serde's sequence form of a tagged enum).
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReasonRecord, A::Error> {
        let kind = seq
            .next_element()?
            .ok_or_else(|| de::Error::missing_field("kind"))?;
        let (fields, variant) = match kind {
            ReasonKind::Count => (4, "struct variant ReasonRecord::Count with 4 elements"),
            ReasonKind::Stranded => (4, "struct variant ReasonRecord::Stranded with 4 elements"),
            ReasonKind::Conflict => (3, "struct variant ReasonRecord::Conflict with 3 elements"),
        };
        let record = match kind {
            ReasonKind::Count => ReasonRecord::Count {
                message: element(&mut seq, 0, variant)?,
                blacks: element(&mut seq, 1, variant)?,
                whites: element(&mut seq, 2, variant)?,
                cells: element(&mut seq, 3, variant)?,
            },
            ReasonKind::Stranded => ReasonRecord::Stranded {
                message: element(&mut seq, 0, variant)?,
                cell: element(&mut seq, 1, variant)?,
                axis: element(&mut seq, 2, variant)?,
                cells: element(&mut seq, 3, variant)?,
            },
            ReasonKind::Conflict => ReasonRecord::Conflict {
                message: element(&mut seq, 0, variant)?,
                chain: element(&mut seq, 1, variant)?,
                cells: element(&mut seq, 2, variant)?,
            },
        };
        if seq.next_element::<IgnoredAny>()?.is_some() {
            let expected = format!("{fields} elements in sequence");
            return Err(de::Error::invalid_length(fields + 1, &expected.as_str()));
        }
        Ok(record)
    }
}

/// serde's derived reader for an internally tagged enum buffers the whole value as a tree before it
/// looks at the tag (tests/memory.rs measures both readers; figures in docs/BENCHMARKS.md, *Memory
/// per cell*), unknown keys included. This reads each key straight into its field and skips the
/// others without keeping them.
impl<'de> Deserialize<'de> for ReasonRecord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ReasonVisitor)
    }
}
