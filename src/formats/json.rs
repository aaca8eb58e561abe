//! JSON certificates: one object per board and line, tagged by `"puzzle"`.
//!
//! Rooks: `{"puzzle":"rooks","case":1,"board":["X....",…],"answer":7,"rooks":[[r,c],…],
//! "cover":{"rows":[[row,first_col,last_col],…],"cols":[[col,first_row,last_row],…]}}`
//! (0-based, ends inclusive); with `--roles` also `"roles":["R.rX",…]` (`R`: a rook in every
//! maximum placement, `r`: in some, `.`: in none, `X`: pawn).
//!
//! L-puzzle: `{"puzzle":"lpuzzle","case":1,"board":[…],"answer":"YES","pieces":[[[br,bc],[vr,vc],[hr,hc]],…]}`
//! (black corner, vertical arm, horizontal arm), or `"answer":"NO","reason":{"kind":…}` with kind
//! `count` (`blacks`, `whites`), `stranded` (`cell`, `axis`: `vertical`/`horizontal`) or
//! `conflict` (`chain`: `[{"cell":[r,c],"dir":"up"},…]`); every reason also has `message` and
//! the culprit `cells`. With `--unique`, `"unique":true|false` and, when false, a `"second"`
//! tiling (pieces as `pieces`); with `--forced`, `"forced"`: the pieces in every tiling.
//!
//! King: `{"puzzle":"king","case":1,"moves":"king","board":[…],"answer":"A","matching":[[r1,c1,r2,c2],…],
//! "barrier":[[r,c],…],"barrier_without_start":[[r,c],…]}` (`barrier_without_start` only for `A`);
//! see [`crate::puzzles::king`] for what they prove. With `--all`, `"map":["AB#",…]`: who wins
//! from every square.

use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::formats::text::{self, reason_message};
use crate::graph::certified::{self, MatchingCertificate, Proof, Vertices};
use crate::graph::read::{GraphInput, Shape};
use crate::grid::{Grid, GridError};
use crate::puzzles::{Answer as PuzzleAnswer, Puzzle, Request};
use crate::puzzles::king::{self, Certificate, Moves, Player};
use crate::puzzles::lpuzzle::{self, Answer, Axis, Choice, Dir, Piece, Reason};
use crate::puzzles::rooks;

/// The first rule a record breaks: its board, its certificate, or its shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// The board rows are not a board of the puzzle.
    #[error(transparent)]
    Board(#[from] GridError),
    /// A rooks certificate.
    #[error(transparent)]
    Rooks(#[from] rooks::VerifyError),
    /// An L-puzzle certificate.
    #[error(transparent)]
    Lpuzzle(#[from] lpuzzle::VerifyError),
    /// A King certificate.
    #[error(transparent)]
    King(#[from] king::VerifyError),
    /// A rooks answer that is not the number of rooks placed.
    #[error("answer {answer} but {rooks} rooks placed")]
    RooksAnswer {
        /// The answer claimed.
        answer: usize,
        /// The rooks placed.
        rooks: usize,
    },
    /// A roles board that contradicts the board or the placement.
    #[error("roles: {0}")]
    Roles(String),
    /// An L-puzzle record whose uniqueness fields contradict each other or its tiling.
    #[error("{0}")]
    LpuzzleUnique(String),
    /// A King map (`--all`) that contradicts the board or the certificate.
    #[error("map: {0}")]
    KingMap(String),
    /// An L-puzzle record without its certificate.
    #[error("expected answer YES with pieces, or NO with a reason")]
    LpuzzleShape,
    /// Bob's record with Alice's extra barrier.
    #[error("Bob's certificate has no barrier without the start")]
    BobExtraBarrier,
    /// Alice's record without her barrier of the board without the start.
    #[error("Alice's certificate needs a barrier without the start")]
    AliceNeedsBarrier,
}

/// One line of `--json` output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "puzzle", rename_all = "lowercase")]
pub enum Record {
    /// A rooks board.
    Rooks(RooksRecord),
    /// An L-puzzle pattern.
    Lpuzzle(LpuzzleRecord),
    /// A King board.
    King(KingRecord),
}

impl Record {
    /// The puzzle (`"puzzle"`).
    pub fn puzzle(&self) -> Puzzle {
        match self {
            Record::Rooks(_) => Puzzle::Rooks,
            Record::Lpuzzle(_) => Puzzle::Lpuzzle,
            Record::King(_) => Puzzle::King,
        }
    }

    /// The case number.
    pub fn case(&self) -> u64 {
        match self {
            Record::Rooks(r) => r.case,
            Record::Lpuzzle(r) => r.case,
            Record::King(r) => r.case,
        }
    }

    /// Reads one `--json` line. Same result as `serde_json::from_str::<Record>` for every line
    /// that is a JSON object (all that `--json` writes), but without serde's buffering of
    /// internally tagged enums (a tree of every value in the line, ~100 bytes per board cell):
    /// the tag is read first, then the line straight into its record. A whole record written as
    /// a JSON array, which the derived reader also takes, is refused.
    ///
    /// # Complexity
    /// O(line length) time; memory O(the record), not O(a buffered copy of the line).
    pub fn from_json(line: &str) -> serde_json::Result<Record> {
        #[derive(Deserialize)]
        struct Tag {
            puzzle: Puzzle,
        }
        Ok(match serde_json::from_str::<Tag>(line)?.puzzle {
            Puzzle::Rooks => Record::Rooks(serde_json::from_str(line)?),
            Puzzle::Lpuzzle => Record::Lpuzzle(serde_json::from_str(line)?),
            Puzzle::King => Record::King(serde_json::from_str(line)?),
        })
    }

    /// The record of board `case`'s answer, with the extras the caller asked for (`extras`:
    /// roles, uniqueness, forced pieces, the King map); `None` if the answer holds no
    /// certificate (the request did not ask for one).
    pub fn of_answer(case: u64, grid: &Grid, answer: &PuzzleAnswer, extras: &Request) -> Option<Record> {
        Some(match answer {
            PuzzleAnswer::Rooks(a) => {
                let mut rec = RooksRecord::new(case, grid, a.solution.as_ref()?);
                if let (true, Some(roles)) = (extras.roles, &a.roles) {
                    rec = rec.with_roles(roles);
                }
                Record::Rooks(rec)
            }
            PuzzleAnswer::Lpuzzle(a) => {
                let mut rec = LpuzzleRecord::new(case, grid, a.solution.as_ref()?);
                if extras.unique {
                    rec.unique = a.unique;
                    rec.second = a.second.as_ref().map(|b| b.iter().map(piece_out).collect());
                }
                if let (true, Some(forced)) = (extras.forced, &a.forced) {
                    rec = rec.with_forced(forced.pieces());
                }
                Record::Lpuzzle(rec)
            }
            PuzzleAnswer::King(a) => {
                let mut rec = KingRecord::new(case, a.moves, grid, a.certificate.as_ref()?);
                if let (true, Some(map)) = (extras.map, &a.map) {
                    rec = rec.with_map(text::king_map(map));
                }
                Record::King(rec)
            }
        })
    }

    /// Checks the certificate against its board with the puzzle's independent verifier;
    /// `Err` names the first rule broken.
    pub fn verify(&self) -> Result<(), CertificateError> {
        match self {
            Record::Rooks(r) => r.verify(),
            Record::Lpuzzle(r) => r.verify(),
            Record::King(r) => r.verify(),
        }
    }
}

/// A rooks answer with its placement and König cover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RooksRecord {
    /// 1-based case number.
    pub case: u64,
    /// The board rows.
    pub board: Vec<String>,
    /// The most non-attacking rooks.
    pub answer: usize,
    /// Rook cells `[row, col]`.
    pub rooks: Vec<[usize; 2]>,
    /// The cover proving optimality.
    pub cover: RooksCover,
    /// `--roles`: each cell's role across all maximum placements, as rows of `R`/`r`/`.`/`X`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roles: Option<Vec<String>>,
}

/// Cover runs as `[line, first, last]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RooksCover {
    /// Row runs `[row, first_col, last_col]`.
    pub rows: Vec<[usize; 3]>,
    /// Column runs `[col, first_row, last_row]`.
    pub cols: Vec<[usize; 3]>,
}

fn seg_out(s: &rooks::Segment) -> [usize; 3] {
    [s.line, s.start, s.end]
}

fn seg_in(s: &[usize; 3]) -> rooks::Segment {
    rooks::Segment {
        line: s[0],
        start: s[1],
        end: s[2],
    }
}

impl RooksRecord {
    /// Builds the record of a solved board.
    pub fn new(case: u64, grid: &Grid, sol: &rooks::Solution) -> Self {
        RooksRecord {
            case,
            board: grid.to_lines(),
            answer: sol.rooks.len(),
            rooks: sol.rooks.iter().map(|&(r, c)| [r, c]).collect(),
            cover: RooksCover {
                rows: sol.row_cover.iter().map(seg_out).collect(),
                cols: sol.col_cover.iter().map(seg_out).collect(),
            },
            roles: None,
        }
    }

    /// The record with the roles board.
    pub fn with_roles(mut self, roles: &rooks::Roles) -> Self {
        self.roles = Some(roles.to_lines());
        self
    }

    /// The roles must fit the board and the placement: `X` exactly on pawns, a rook on every
    /// `R`, none on a `.` (an `r` may or may not hold one). That a role is right needs every
    /// maximum placement; this checks what one placement can refute.
    fn check_roles(&self, grid: &Grid) -> Result<(), CertificateError> {
        let Some(roles) = &self.roles else {
            return Ok(());
        };
        let bad = |m: String| Err(CertificateError::Roles(m));
        if roles.len() != grid.rows() {
            return bad(format!(
                "{} rows, the board has {}",
                roles.len(),
                grid.rows()
            ));
        }
        let rook: std::collections::HashSet<[usize; 2]> = self.rooks.iter().copied().collect();
        for (r, line) in roles.iter().enumerate() {
            if line.len() != grid.cols() {
                return bad(format!(
                    "row {r} has {} cells, the board has {}",
                    line.len(),
                    grid.cols()
                ));
            }
            for (c, role) in line.bytes().enumerate() {
                let pawn = grid.get(r, c) != rooks::EMPTY;
                let has = rook.contains(&[r, c]);
                let wrong = match role {
                    b'X' => !pawn,
                    b'R' => pawn || !has,
                    b'.' => pawn || has,
                    b'r' => pawn,
                    _ => true,
                };
                if wrong {
                    return bad(format!(
                        "({r},{c}) is {:?} on a {} cell{}",
                        char::from(role),
                        if pawn { "pawn" } else { "free" },
                        if has { " with a rook" } else { "" }
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks the record against its board with the independent verifier, and its answer
    /// against the rooks placed.
    pub fn verify(&self) -> Result<(), CertificateError> {
        let grid = Puzzle::Rooks.grid_from_lines(&self.board)?;
        rooks::verify(&grid, &self.solution())?;
        self.check_roles(&grid)?;
        if self.answer != self.rooks.len() {
            return Err(CertificateError::RooksAnswer {
                answer: self.answer,
                rooks: self.rooks.len(),
            });
        }
        Ok(())
    }

    /// The certificate part as the puzzle's own type.
    pub fn solution(&self) -> rooks::Solution {
        rooks::Solution {
            rooks: self.rooks.iter().map(|&[r, c]| (r, c)).collect(),
            row_cover: self.cover.rows.iter().map(seg_in).collect(),
            col_cover: self.cover.cols.iter().map(seg_in).collect(),
        }
    }
}

/// `YES` or `NO`, the L-puzzle judge's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The pattern can be built.
    Yes,
    /// It cannot.
    No,
}

crate::puzzles::serde_by_name!(Verdict, "YES or NO", Verdict::Yes => "YES", Verdict::No => "NO");

/// An L-puzzle answer: a tiling or a reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LpuzzleRecord {
    /// 1-based case number.
    pub case: u64,
    /// The pattern rows.
    pub board: Vec<String>,
    /// `YES` or `NO`.
    pub answer: Verdict,
    /// For YES: `[black, vertical arm, horizontal arm]` per piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<Vec<[[usize; 2]; 3]>>,
    /// For NO: why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<ReasonRecord>,
    /// `--unique`, for YES: whether the tiling is the only one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// `--unique`, when not unique: a second tiling, different from `pieces`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<Vec<[[usize; 2]; 3]>>,
    /// `--forced`, for YES: the pieces in every tiling (some of `pieces`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<Vec<[[usize; 2]; 3]>>,
}

fn piece_out(p: &Piece) -> [[usize; 2]; 3] {
    [pair(p.black), pair(p.vertical), pair(p.horizontal)]
}

fn piece_in([b, v, h]: &[[usize; 2]; 3]) -> Piece {
    Piece {
        black: (b[0], b[1]),
        vertical: (v[0], v[1]),
        horizontal: (h[0], h[1]),
    }
}

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

fn pair(p: (usize, usize)) -> [usize; 2] {
    [p.0, p.1]
}

impl LpuzzleRecord {
    /// Builds the record of a solved pattern.
    pub fn new(case: u64, grid: &Grid, answer: &Answer) -> Self {
        let mut rec = LpuzzleRecord {
            case,
            board: grid.to_lines(),
            answer: if answer.is_yes() {
                Verdict::Yes
            } else {
                Verdict::No
            },
            pieces: None,
            reason: None,
            unique: None,
            second: None,
            forced: None,
        };
        match answer {
            Answer::Yes(pieces) => {
                rec.pieces = Some(pieces.iter().map(piece_out).collect());
            }
            Answer::No(reason) => {
                let message = reason_message(reason);
                let cells = reason.cells(grid).into_iter().map(pair).collect();
                rec.reason = Some(match reason {
                    Reason::Count { blacks, whites } => ReasonRecord::Count {
                        message,
                        blacks: *blacks,
                        whites: *whites,
                        cells,
                    },
                    Reason::Stranded { cell, axis } => ReasonRecord::Stranded {
                        message,
                        cell: pair(*cell),
                        axis: *axis,
                        cells,
                    },
                    Reason::Conflict { chain } => ReasonRecord::Conflict {
                        message,
                        chain: chain
                            .iter()
                            .map(|c| ChoiceRecord {
                                cell: pair(c.cell),
                                dir: c.dir,
                            })
                            .collect(),
                        cells,
                    },
                });
            }
        }
        rec
    }

    /// The record of [`lpuzzle::tilings`]: the first tiling as `pieces`, `unique`, and the
    /// second tiling if there is one.
    pub fn of_tilings(case: u64, grid: &Grid, tilings: &lpuzzle::Tilings) -> Self {
        use lpuzzle::Tilings;
        let (answer, second) = match tilings {
            Tilings::None(reason) => (Answer::No(reason.clone()), None),
            Tilings::Unique(t) => (Answer::Yes(t.clone()), None),
            Tilings::Several(a, b) => (Answer::Yes(a.clone()), Some(b)),
        };
        let mut rec = LpuzzleRecord::new(case, grid, &answer);
        if answer.is_yes() {
            rec.unique = Some(second.is_none());
            rec.second = second.map(|b| b.iter().map(piece_out).collect());
        }
        rec
    }

    /// The record with the pieces in every tiling (`forced`).
    pub fn with_forced<'a>(mut self, forced: impl IntoIterator<Item = &'a Piece>) -> Self {
        if self.answer == Verdict::Yes {
            self.forced = Some(forced.into_iter().map(piece_out).collect());
        }
        self
    }

    /// `unique`, `second` and `forced` must agree with each other and the tiling: a second
    /// tiling is a tiling other than `pieces` (checked by the verifier), and is there exactly
    /// when `unique` is false; forced pieces are pieces of the tiling. (That a tiling is unique,
    /// or a piece forced, needs every tiling; this checks what the record can refute.)
    fn check_unique(&self, grid: &Grid, pieces: &[Piece]) -> Result<(), CertificateError> {
        let bad = |m: &str| Err(CertificateError::LpuzzleUnique(m.into()));
        match (self.unique, &self.second) {
            (Some(true), Some(_)) => return bad("a unique tiling with a second one"),
            (Some(false), None) => return bad("not unique, but no second tiling"),
            (None, Some(_)) => return bad("a second tiling without \"unique\": false"),
            (_, Some(second)) => {
                let second: Vec<Piece> = second.iter().map(piece_in).collect();
                lpuzzle::verify_tiling(grid, &second)?;
                if lpuzzle::differing_cells(grid, pieces, &second).is_empty() {
                    return bad("the second tiling is the first one");
                }
            }
            _ => {}
        }
        if let Some(forced) = &self.forced {
            let ours: std::collections::HashSet<Piece> = pieces.iter().copied().collect();
            if forced.iter().any(|p| !ours.contains(&piece_in(p))) {
                return bad("a forced piece that is not in the tiling");
            }
        }
        Ok(())
    }

    /// Checks the record against its board with the puzzle's independent verifiers.
    pub fn verify(&self) -> Result<(), CertificateError> {
        let grid = Puzzle::Lpuzzle.grid_from_lines(&self.board)?;
        match (self.answer, &self.pieces, &self.reason) {
            (Verdict::Yes, Some(pieces), None) => {
                let pieces: Vec<Piece> = pieces.iter().map(piece_in).collect();
                lpuzzle::verify_tiling(&grid, &pieces)?;
                self.check_unique(&grid, &pieces)
            }
            (Verdict::No, None, Some(_))
                if self.unique.is_some() || self.second.is_some() || self.forced.is_some() =>
            {
                Err(CertificateError::LpuzzleUnique(
                    "a NO record with uniqueness or forced pieces".into(),
                ))
            }
            (Verdict::No, None, Some(reason)) => {
                let reason = match reason {
                    ReasonRecord::Count { blacks, whites, .. } => Reason::Count {
                        blacks: *blacks,
                        whites: *whites,
                    },
                    ReasonRecord::Stranded { cell, axis, .. } => Reason::Stranded {
                        cell: (cell[0], cell[1]),
                        axis: *axis,
                    },
                    ReasonRecord::Conflict { chain, .. } => Reason::Conflict {
                        chain: chain
                            .iter()
                            .map(|c| Choice {
                                cell: (c.cell[0], c.cell[1]),
                                dir: c.dir,
                            })
                            .collect(),
                    },
                };
                Ok(lpuzzle::verify_no(&grid, &reason)?)
            }
            _ => Err(CertificateError::LpuzzleShape),
        }
    }
}

/// A King answer with its certificate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KingRecord {
    /// 1-based case number.
    pub case: u64,
    /// The move set (`king` is GCJ's game).
    pub moves: Moves,
    /// The board rows.
    pub board: Vec<String>,
    /// `A` (Alice, who moves first, wins) or `B`.
    pub answer: Player,
    /// Matched pairs `[r1, c1, r2, c2]`.
    pub matching: Vec<[usize; 4]>,
    /// Tutte–Berge barrier of the board.
    pub barrier: Vec<[usize; 2]>,
    /// For `A`: a barrier of the board without the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barrier_without_start: Option<Vec<[usize; 2]>>,
    /// With `--all`: who wins from every square, as rows of `A`/`B`/`#` (what `king --all`
    /// prints). [`verify`](Self::verify) checks what the certificate implies of it: its shape,
    /// the start's letter, `B` on every square the matching leaves exposed, `A` on every
    /// barrier square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<Vec<String>>,
}

impl KingRecord {
    /// Builds the record of a solved board.
    pub fn new(case: u64, moves: Moves, grid: &Grid, cert: &Certificate) -> Self {
        KingRecord {
            case,
            moves,
            board: grid.to_lines(),
            answer: cert.winner(),
            matching: cert
                .matching()
                .iter()
                .map(|&(a, b)| [a.0, a.1, b.0, b.1])
                .collect(),
            barrier: cert.barrier().iter().map(|&c| pair(c)).collect(),
            barrier_without_start: cert
                .barrier_without_start()
                .map(|y| y.iter().map(|&c| pair(c)).collect()),
            map: None,
        }
    }

    /// The same record with the winner from every square ([`text::king_map`] rows).
    ///
    /// [`text::king_map`]: crate::formats::text::king_map
    pub fn with_map(mut self, map: Vec<String>) -> Self {
        self.map = Some(map);
        self
    }

    /// Checks the map against the board and the (verified) certificate: a maximum matching
    /// misses every square it leaves exposed, so Bob wins there; every maximum matching covers
    /// a barrier square (it is matched into its own odd component), so Alice wins there.
    fn verify_map(&self, grid: &Grid, map: &[String]) -> Result<(), CertificateError> {
        let bad = |m: String| Err(CertificateError::KingMap(m));
        if map.len() != grid.rows() {
            return bad(format!("{} rows for a board of {}", map.len(), grid.rows()));
        }
        for (r, row) in map.iter().enumerate() {
            if row.len() != grid.cols() {
                return bad(format!(
                    "row {r} has {} squares, not {}",
                    row.len(),
                    grid.cols()
                ));
            }
            for (c, letter) in row.bytes().enumerate() {
                let burned = grid.get(r, c) == b'#';
                match letter {
                    b'#' if burned => {}
                    b'A' | b'B' if !burned => {}
                    _ => {
                        let want = if burned { "'#'" } else { "'A' or 'B'" };
                        return bad(format!("({r},{c}) should be {want}"));
                    }
                }
            }
        }
        let at = |(r, c): (usize, usize)| map[r].as_bytes()[c];
        let start = king::start_of(grid).map_err(|_| king::VerifyError::Start)?;
        if at(start) != self.answer.letter() as u8 {
            return bad(format!("the start says {}", at(start) as char));
        }
        let mut covered = vec![false; grid.rows() * grid.cols()];
        for m in &self.matching {
            covered[m[0] * grid.cols() + m[1]] = true;
            covered[m[2] * grid.cols() + m[3]] = true;
        }
        for (i, &cell) in grid.cells().iter().enumerate() {
            let sq = (i / grid.cols(), i % grid.cols());
            if cell != b'#' && !covered[i] && at(sq) != b'B' {
                return bad(format!(
                    "({},{}) is exposed by a maximum matching, so Bob wins there",
                    sq.0, sq.1
                ));
            }
        }
        for &[r, c] in &self.barrier {
            if at((r, c)) != b'A' {
                return bad(format!(
                    "({r},{c}) is in the barrier, so every maximum matching covers it and Alice wins there"
                ));
            }
        }
        Ok(())
    }

    /// Checks the record against its board with the independent verifier. A record whose
    /// answer and barriers do not fit one [`Certificate`] shape fails after the checks both
    /// shapes share.
    pub fn verify(&self) -> Result<(), CertificateError> {
        let grid = Puzzle::King.grid_from_lines(&self.board)?;
        self.verify_certificate(&grid)?;
        match &self.map {
            Some(map) => self.verify_map(&grid, map),
            None => Ok(()),
        }
    }

    fn verify_certificate(&self, grid: &Grid) -> Result<(), CertificateError> {
        let cells = |v: &[[usize; 2]]| v.iter().map(|c| (c[0], c[1])).collect::<Vec<_>>();
        let matching = self
            .matching
            .iter()
            .map(|m| ((m[0], m[1]), (m[2], m[3])))
            .collect();
        let barrier = cells(&self.barrier);
        match (self.answer, &self.barrier_without_start) {
            (Player::Alice, Some(y)) => {
                let cert = Certificate::Alice {
                    matching,
                    barrier,
                    barrier_without_start: cells(y),
                };
                Ok(king::verify(grid, self.moves, &cert)?)
            }
            (Player::Bob, None) => {
                let cert = Certificate::Bob { matching, barrier };
                Ok(king::verify(grid, self.moves, &cert)?)
            }
            (answer, _) => {
                // The checks of the matching and the barrier come first, as for a good shape.
                let cert = Certificate::Bob { matching, barrier };
                match king::verify(grid, self.moves, &cert) {
                    Ok(()) | Err(king::VerifyError::StartCovered) => Err(match answer {
                        Player::Bob => CertificateError::BobExtraBarrier,
                        Player::Alice => CertificateError::AliceNeedsBarrier,
                    }),
                    Err(e) => Err(e.into()),
                }
            }
        }
    }
}

/// The proof part of a [`MatchingRecord`]: a König cover or a Tutte–Berge barrier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchingProof {
    /// A vertex cover of a graph, in the file's numbering.
    Cover(Vec<u64>),
    /// A vertex cover of a matrix: rows and columns, 1-based.
    #[serde(rename = "matrix_cover")]
    MatrixCover {
        /// Rows in the cover.
        rows: Vec<u64>,
        /// Columns in the cover.
        cols: Vec<u64>,
    },
    /// A Tutte–Berge barrier, in the file's numbering.
    Barrier(Vec<u64>),
}

/// `gridmatch match --json`: a maximum matching of a graph file and its proof, every vertex in
/// the file's own numbering (`[row, col]` pairs for a Matrix Market matrix):
/// `{"certificate":"matching","format":"dimacs","size":2,"matching":[[1,2],[3,4]],
/// "proof":{"cover":[2,3]}}` (or `"proof":{"barrier":[…]}`, or for a matrix
/// `"proof":{"matrix_cover":{"rows":[…],"cols":[…]}}`). It holds no copy of the graph:
/// `gridmatch verify --graph FILE` checks it against the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchingRecord {
    /// Always `"matching"`.
    pub certificate: String,
    /// The graph file's format (`dimacs`, `mtx`, `edges`), which fixes its numbering.
    pub format: String,
    /// Matched pairs.
    pub size: usize,
    /// The matched pairs.
    pub matching: Vec<[u64; 2]>,
    /// Why no matching is larger.
    pub proof: MatchingProof,
}

/// Why a matching record does not fit its graph file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchingRecordError {
    /// Not a matching certificate, or for another format.
    #[error("{0}")]
    Shape(String),
    /// A vertex number outside the graph.
    #[error("{what} {number} is not in the graph (it numbers them {first}..={last})")]
    OutOfRange {
        /// Vertex, row or column.
        what: &'static str,
        /// The number written.
        number: u64,
        /// The first number.
        first: u64,
        /// The last number.
        last: u64,
    },
    /// The proof fails (the reason names vertices in the file's numbering).
    #[error("{why}")]
    Proof {
        /// The verifier's verdict.
        error: crate::graph::certified::MatchingError,
        /// Its reason in the file's numbering.
        why: String,
    },
}

impl MatchingRecord {
    /// The record of a matching certificate of `input`.
    pub fn new(input: &GraphInput, cert: &MatchingCertificate) -> MatchingRecord {
        let v = Vertices::of(input);
        let base = input.format.base();
        let number = |x: u32| u64::from(v.column(x).unwrap_or(x)) + base;
        let proof = match (&cert.proof, v.rows) {
            (Proof::Cover(c), Some(_)) => {
                let (cols, rows): (Vec<u32>, Vec<u32>) =
                    c.iter().partition(|&&x| v.column(x).is_some());
                MatchingProof::MatrixCover {
                    rows: rows.into_iter().map(number).collect(),
                    cols: cols.into_iter().map(number).collect(),
                }
            }
            (Proof::Cover(c), None) => MatchingProof::Cover(c.iter().map(|&x| number(x)).collect()),
            (Proof::Barrier(b), _) => {
                MatchingProof::Barrier(b.iter().map(|&x| number(x)).collect())
            }
        };
        MatchingRecord {
            certificate: "matching".into(),
            format: input.format.name().into(),
            size: cert.pairs.len(),
            matching: cert
                .pairs
                .iter()
                .map(|&(a, b)| [number(a), number(b)])
                .collect(),
            proof,
        }
    }

    /// Checks the record against the graph file's contents (not against anything the record
    /// says of the graph): numbers in range, then [`certified::verify`].
    pub fn verify(&self, input: &GraphInput) -> Result<(), MatchingRecordError> {
        if self.certificate != "matching" {
            return Err(MatchingRecordError::Shape(format!(
                "expected a matching certificate, found {:?}",
                self.certificate
            )));
        }
        if self.format != input.format.name() {
            return Err(MatchingRecordError::Shape(format!(
                "the certificate is for a {} file, the graph is {}",
                self.format,
                input.format.name()
            )));
        }
        if self.size != self.matching.len() {
            return Err(MatchingRecordError::Shape(format!(
                "size {} but {} pairs",
                self.size,
                self.matching.len()
            )));
        }
        let base = input.format.base();
        // One vertex set: rows, then columns past them.
        let (rows, cols) = match input.shape {
            Shape::Bipartite { rows, cols } => (rows, Some(cols)),
            Shape::General { vertices } => (vertices, None),
        };
        let to_vertex = |what: &'static str, x: u64, size: usize, shift: usize| {
            if x < base || x - base >= size as u64 {
                Err(MatchingRecordError::OutOfRange {
                    what,
                    number: x,
                    first: base,
                    last: (size as u64 + base).saturating_sub(1),
                })
            } else {
                Ok((x - base) as u32 + shift as u32)
            }
        };
        let (first, second) = match cols {
            Some(c) => (("row", rows, 0), ("column", c, rows)),
            None => (("vertex", rows, 0), ("vertex", rows, 0)),
        };
        let pairs = self
            .matching
            .iter()
            .map(|&[a, b]| {
                Ok((
                    to_vertex(first.0, a, first.1, first.2)?,
                    to_vertex(second.0, b, second.1, second.2)?,
                ))
            })
            .collect::<Result<Vec<_>, MatchingRecordError>>()?;
        let all = |what, xs: &[u64], size, shift| {
            xs.iter()
                .map(|&x| to_vertex(what, x, size, shift))
                .collect::<Result<Vec<u32>, _>>()
        };
        let proof = match (&self.proof, cols) {
            (MatchingProof::Cover(c), None) => Proof::Cover(all("vertex", c, rows, 0)?),
            (MatchingProof::Barrier(b), None) => Proof::Barrier(all("vertex", b, rows, 0)?),
            (MatchingProof::MatrixCover { rows: r, cols: c }, Some(nc)) => {
                let mut cover = all("row", r, rows, 0)?;
                cover.extend(all("column", c, nc, rows)?);
                Proof::Cover(cover)
            }
            (MatchingProof::Barrier(_), Some(_)) | (MatchingProof::Cover(_), Some(_)) => {
                return Err(MatchingRecordError::Shape(
                    "a matrix's proof is a matrix_cover of rows and columns".into(),
                ));
            }
            (MatchingProof::MatrixCover { .. }, None) => {
                return Err(MatchingRecordError::Shape(
                    "a matrix_cover proves a matching of a matrix, the graph is not one".into(),
                ));
            }
        };
        let cert = MatchingCertificate { pairs, proof };
        certified::verify(input, &cert).map_err(|error| {
            let v = Vertices::of(input);
            let name = |x: u32| match (v.rows, v.column(x)) {
                (Some(_), Some(c)) => format!("column {}", u64::from(c) + base),
                (Some(_), None) => format!("row {}", u64::from(x) + base),
                (None, _) => format!("{}", u64::from(x) + base),
            };
            let why = error.describe(&name);
            MatchingRecordError::Proof { error, why }
        })
    }
}
