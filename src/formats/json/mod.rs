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

mod dm;
mod matching;
mod reason;
mod weighted;

use serde::{Deserialize, Serialize};

pub use dm::{CoarseRecord, DmRecord, DmRecordError};
pub use matching::{MatchingProof, MatchingRecord, MatchingRecordError};
pub use reason::{ChoiceRecord, ReasonRecord};
pub use weighted::{BlossomRecord, DualsRecord, WeightedRecord, gap};

use crate::formats::text::{self, reason_message};
use crate::grid::{Grid, GridError};
use crate::puzzles::king::{self, Certificate, Moves, Player};
use crate::puzzles::lpuzzle::{self, Choice, Outcome, Piece, Reason};
use crate::puzzles::rooks;
use crate::puzzles::{Answer as PuzzleAnswer, Puzzle, Request};

/// The first rule a record breaks: its board, its certificate, or its shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The board rows are not a board of the puzzle.
    #[error(transparent)]
    Board(#[from] GridError),
    /// A rooks certificate.
    #[error(transparent)]
    Rooks(#[from] rooks::RooksError),
    /// An L-puzzle certificate.
    #[error(transparent)]
    Lpuzzle(#[from] lpuzzle::LpuzzleError),
    /// A King certificate.
    #[error(transparent)]
    King(#[from] king::KingError),
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
    pub fn of_answer(
        case: u64,
        grid: &Grid,
        answer: &PuzzleAnswer,
        extras: &Request,
    ) -> Option<Record> {
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
    pub fn verify(&self) -> Result<(), RecordError> {
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

    /// Checks the record against its board with the independent verifier, and its answer
    /// against the rooks placed.
    pub fn verify(&self) -> Result<(), RecordError> {
        let grid = Puzzle::Rooks.grid_from_lines(&self.board)?;
        let roles = self.roles.as_deref();
        Ok(rooks::verify_answer(
            &grid,
            self.answer,
            &self.solution(),
            roles,
        )?)
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
pub enum YesNo {
    /// The pattern can be built.
    Yes,
    /// It cannot.
    No,
}

crate::puzzles::serde_by_name!(YesNo, "YES or NO", YesNo::Yes => "YES", YesNo::No => "NO");

/// An L-puzzle answer: a tiling or a reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LpuzzleRecord {
    /// 1-based case number.
    pub case: u64,
    /// The pattern rows.
    pub board: Vec<String>,
    /// `YES` or `NO`.
    pub answer: YesNo,
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

fn pair(p: (usize, usize)) -> [usize; 2] {
    [p.0, p.1]
}

impl LpuzzleRecord {
    /// Builds the record of a solved pattern.
    pub fn new(case: u64, grid: &Grid, answer: &Outcome) -> Self {
        let mut rec = LpuzzleRecord {
            case,
            board: grid.to_lines(),
            answer: if answer.is_yes() {
                YesNo::Yes
            } else {
                YesNo::No
            },
            pieces: None,
            reason: None,
            unique: None,
            second: None,
            forced: None,
        };
        match answer {
            Outcome::Yes(pieces) => {
                rec.pieces = Some(pieces.iter().map(piece_out).collect());
            }
            Outcome::No(reason) => {
                let message = reason_message(grid, reason);
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
            Tilings::None(reason) => (Outcome::No(reason.clone()), None),
            Tilings::Unique(t) => (Outcome::Yes(t.clone()), None),
            Tilings::Several(a, b) => (Outcome::Yes(a.clone()), Some(b)),
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
        if self.answer == YesNo::Yes {
            self.forced = Some(forced.into_iter().map(piece_out).collect());
        }
        self
    }

    /// Checks the record against its board with the puzzle's independent verifiers.
    pub fn verify(&self) -> Result<(), RecordError> {
        let grid = Puzzle::Lpuzzle.grid_from_lines(&self.board)?;
        let pieces_in = |list: &Option<Vec<[[usize; 2]; 3]>>| -> Option<Vec<Piece>> {
            list.as_ref().map(|l| l.iter().map(piece_in).collect())
        };
        let (second, forced) = (pieces_in(&self.second), pieces_in(&self.forced));
        let claims = lpuzzle::TilingClaims {
            unique: self.unique,
            second: second.as_deref(),
            forced: forced.as_deref(),
        };
        match (self.answer, &self.pieces, &self.reason) {
            (YesNo::Yes, Some(pieces), None) => {
                let pieces: Vec<Piece> = pieces.iter().map(piece_in).collect();
                Ok(lpuzzle::verify_claims(&grid, &pieces, &claims)?)
            }
            (YesNo::No, None, Some(reason)) => {
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
                Ok(lpuzzle::verify_no_claims(&grid, &reason, &claims)?)
            }
            _ => Err(RecordError::LpuzzleShape),
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

    /// Checks the record against its board with the independent verifier. A record whose
    /// answer and barriers do not fit one [`Certificate`] shape fails after the checks both
    /// shapes share.
    pub fn verify(&self) -> Result<(), RecordError> {
        let grid = Puzzle::King.grid_from_lines(&self.board)?;
        let cert = self.certificate(&grid)?;
        match &self.map {
            Some(map) => king::verify_map(&grid, self.moves, &cert, map)?,
            None => king::verify(&grid, self.moves, &cert)?,
        }
        Ok(())
    }

    /// The record's certificate, in the shape its answer says (not checked yet); a record whose
    /// answer and barriers fit no shape is refused after the checks both shapes share.
    fn certificate(&self, grid: &Grid) -> Result<Certificate, RecordError> {
        let cells = |v: &[[usize; 2]]| v.iter().map(|c| (c[0], c[1])).collect::<Vec<_>>();
        let matching = self
            .matching
            .iter()
            .map(|m| ((m[0], m[1]), (m[2], m[3])))
            .collect();
        let barrier = cells(&self.barrier);
        match (self.answer, &self.barrier_without_start) {
            (Player::Alice, Some(y)) => Ok(Certificate::Alice {
                matching,
                barrier,
                barrier_without_start: cells(y),
            }),
            (Player::Bob, None) => Ok(Certificate::Bob { matching, barrier }),
            (answer, _) => {
                // The checks of the matching and the barrier come first, as for a good shape.
                let cert = Certificate::Bob { matching, barrier };
                match king::verify(grid, self.moves, &cert) {
                    Ok(()) | Err(king::KingError::StartCovered) => Err(match answer {
                        Player::Bob => RecordError::BobExtraBarrier,
                        Player::Alice => RecordError::AliceNeedsBarrier,
                    }),
                    Err(e) => Err(e.into()),
                }
            }
        }
    }
}
