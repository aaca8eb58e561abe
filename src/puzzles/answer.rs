//! The one puzzle interface: a board and a [`Request`] in, an [`Answer`] value out.
//!
//! Every front end (the command line's batch driver, the web playground, `stress`, the Python
//! package) says what it wants to know and renders what comes back; none of them chooses
//! solver calls. The fast paths live here: a request for the judge's answer alone decides
//! without building a certificate (rooks: the matching's size; L-puzzle: satisfiability, or
//! uniqueness by propagation and a second-model search; King: the start's component only), and
//! each extra a request names is computed once, from what the others already found (the forced
//! pieces are marked on the tiling already solved, the King queries share one analysis).
//!
//! ```
//! use gridmatch::puzzles::{Answer, Puzzle, Request};
//! let board = gridmatch::Grid::from_rows(&["X.", ".."]);
//! let Answer::Rooks(rooks) = Puzzle::Rooks.answer(&board, &Request::judge())? else {
//!     unreachable!()
//! };
//! assert_eq!(rooks.max_rooks, 2);
//! assert!(rooks.solution.is_none()); // only what was asked for
//! # Ok::<(), gridmatch::puzzles::AnswerError>(())
//! ```

use super::Puzzle;
use super::king::{self, Analysis, Certificate, Moves, Player, StartError, Strategy, WinnerMap};
use super::lpuzzle::{self, Forced, Piece, Tilings};
use super::rooks::{self, Roles, Solution};
use crate::grid::{Cell, Grid};

/// What a caller wants to know about a board, beyond the judge's answer (which every
/// [`Answer`] holds). Each flag applies to the puzzles it names and is ignored by the others.
///
/// [`Request::judge`] (the default) asks for the judge's answer alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The proof of the answer: rooks, the placement and its König cover; L-puzzle, a tiling
    /// or the reason there is none (with [`unique`](Self::unique), a second tiling when there
    /// is one); King, the matching and Tutte–Berge barriers ([`Certificate`]).
    pub certificate: bool,
    /// Rooks: the role of every cell across all maximum placements.
    pub roles: bool,
    /// L-puzzle: whether the tiling is unique.
    pub unique: bool,
    /// L-puzzle: the pieces in every tiling (marked on the tiling found).
    pub forced: bool,
    /// King: the winner from every square.
    pub map: bool,
    /// King: the winner's strategy from the start.
    pub strategy: bool,
    /// King: the maximum matching the winner plays along (what a picture draws).
    pub matching: bool,
    /// King: how the piece moves.
    pub moves: Moves,
}

impl Request {
    /// The judge's answer alone, King moves.
    pub fn judge() -> Request {
        Request::default()
    }

    /// Everything a puzzle can answer about a board with `moves` (what the web playground shows).
    pub fn everything(moves: Moves) -> Request {
        Request {
            certificate: true,
            roles: true,
            unique: true,
            forced: true,
            map: true,
            strategy: true,
            matching: true,
            moves,
        }
    }
}

/// The answer to a [`Request`]: the judge's answer, and exactly the extras asked for (an
/// extra not asked for is `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A rooks board.
    Rooks(RooksAnswer),
    /// An L-puzzle pattern.
    Lpuzzle(LpuzzleAnswer),
    /// A King board.
    King(KingAnswer),
}

impl Answer {
    /// Which puzzle answered.
    pub fn puzzle(&self) -> Puzzle {
        match self {
            Answer::Rooks(_) => Puzzle::Rooks,
            Answer::Lpuzzle(_) => Puzzle::Lpuzzle,
            Answer::King(_) => Puzzle::King,
        }
    }
}

/// A rooks board's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RooksAnswer {
    /// The most non-attacking rooks (the judge's answer).
    pub max_rooks: usize,
    /// With [`Request::certificate`]: a maximum placement and its König cover.
    pub solution: Option<Solution>,
    /// With [`Request::roles`]: every cell's role across all maximum placements.
    pub roles: Option<Roles>,
}

/// An L-puzzle pattern's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LpuzzleAnswer {
    /// Whether the pattern can be built (the judge's answer).
    pub yes: bool,
    /// With [`Request::unique`], when there is a tiling: whether it is the only one.
    pub unique: Option<bool>,
    /// With [`Request::certificate`]: a tiling ([`lpuzzle::solve`]'s), or the reason there is
    /// none.
    pub solution: Option<lpuzzle::Outcome>,
    /// With [`Request::certificate`] and [`Request::unique`], when the tiling is not unique: a
    /// second tiling, different from the first in at least one piece.
    pub second: Option<Vec<Piece>>,
    /// With [`Request::forced`], when there is a tiling: the pieces in every tiling, marked on
    /// the tiling found.
    pub forced: Option<Forced>,
}

/// A King board's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingAnswer {
    /// How the piece moved.
    pub moves: Moves,
    /// The square of the board's `K`.
    pub start: Cell,
    /// Who wins from the start (the judge's answer).
    pub winner: Player,
    /// With [`Request::certificate`]: the proof of the winner.
    pub certificate: Option<Certificate>,
    /// With [`Request::map`]: the winner from every square.
    pub map: Option<WinnerMap>,
    /// With [`Request::strategy`]: how the winner plays from the start.
    pub strategy: Option<Strategy>,
    /// With [`Request::matching`]: the maximum matching the winner plays along (the
    /// certificate's when one was asked for too).
    pub matching: Option<Vec<(Cell, Cell)>>,
}

/// Why a board has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// A King board without a single `K`.
    #[error(transparent)]
    Start(#[from] StartError),
}

impl Puzzle {
    /// Answers `request` about `board`, a board of this puzzle (its cells in
    /// [`alphabet`](Puzzle::alphabet)).
    ///
    /// # Errors
    /// A King board without exactly one `K`.
    /// # Panics
    /// If the board has 2³² − 1 cells or more (the solvers number cells with 32-bit integers).
    /// # Complexity
    /// That of the solver calls the request needs: near-linear in the cells for the judge's
    /// answer, a certificate, roles, uniqueness and the King queries; the forced pieces are
    /// found by failed-literal probing on the choices propagation leaves open
    /// ([`lpuzzle::forced_pieces`]).
    pub fn answer(self, board: &Grid, request: &Request) -> Result<Answer, AnswerError> {
        Ok(match self {
            Puzzle::Rooks => Answer::Rooks(answer_rooks(board, request)),
            Puzzle::Lpuzzle => Answer::Lpuzzle(answer_lpuzzle(board, request)),
            Puzzle::King => Answer::King(answer_king(board, request)?),
        })
    }

    /// Peak memory per cell of answering `request` about one board in its worst shape, rounded
    /// up: the puzzle's own figure ([`peak_bytes_per_cell`](Puzzle::peak_bytes_per_cell)), or
    /// more where the request needs more: an L-puzzle certificate (its tiling, record and
    /// line), and more again for the forced pieces or uniqueness with a certificate (two
    /// tilings, the backbone). Measured peaks, rounded up; the measurements are in
    /// docs/BENCHMARKS.md (*Memory per cell*).
    pub fn peak_bytes_per_request_cell(self, request: &Request) -> u64 {
        let own = self.peak_bytes_per_cell();
        match self {
            Puzzle::Lpuzzle if request.forced || (request.unique && request.certificate) => {
                own.max(192)
            }
            Puzzle::Lpuzzle if request.certificate => own.max(64),
            _ => own,
        }
    }
}

fn answer_rooks(board: &Grid, request: &Request) -> RooksAnswer {
    let roles = request.roles.then(|| rooks::roles(board));
    let solution = request.certificate.then(|| rooks::solve(board));
    let max_rooks = match (&solution, &roles) {
        (Some(sol), _) => sol.rooks.len(),
        (None, Some(roles)) => roles.max_rooks,
        (None, None) => rooks::max_rooks(board),
    };
    RooksAnswer {
        max_rooks,
        solution,
        roles,
    }
}

fn answer_lpuzzle(board: &Grid, request: &Request) -> LpuzzleAnswer {
    if !request.certificate && !request.forced {
        // Decide only: no tiling is built.
        return if request.unique {
            let unique = lpuzzle::is_unique(board);
            LpuzzleAnswer {
                yes: unique.is_some(),
                unique,
                solution: None,
                second: None,
                forced: None,
            }
        } else {
            LpuzzleAnswer {
                yes: lpuzzle::can_build(board),
                unique: None,
                solution: None,
                second: None,
                forced: None,
            }
        };
    }
    let (solution, second) = if request.unique {
        match lpuzzle::tilings(board) {
            Tilings::None(reason) => (lpuzzle::Outcome::No(reason), None),
            Tilings::Unique(t) => (lpuzzle::Outcome::Yes(t), None),
            Tilings::Several(t, other) => (lpuzzle::Outcome::Yes(t), Some(other)),
        }
    } else {
        (lpuzzle::solve(board), None)
    };
    let yes = solution.is_yes();
    let unique = (request.unique && yes).then_some(second.is_none());
    // The tiling is solved once: the forced pieces are marked on the one already found.
    let forced = match &solution {
        lpuzzle::Outcome::Yes(tiling) if request.forced => {
            Some(lpuzzle::forced_on(board, tiling.clone()))
        }
        _ => None,
    };
    LpuzzleAnswer {
        yes,
        unique,
        solution: request.certificate.then_some(solution),
        second: second.filter(|_| request.certificate),
        forced,
    }
}

fn answer_king(board: &Grid, request: &Request) -> Result<KingAnswer, AnswerError> {
    let start = king::start_of(board)?;
    let moves = request.moves;
    let mut answer = KingAnswer {
        moves,
        start,
        winner: Player::Bob,
        certificate: None,
        map: None,
        strategy: None,
        matching: None,
    };
    if !(request.certificate || request.map || request.strategy || request.matching) {
        // Only the winner: the start's component is enough.
        answer.winner = king::winner_from(board, moves, start);
        return Ok(answer);
    }
    let analysis = Analysis::new(board, moves);
    // `start` is the board's K, a free cell: every query below has an answer.
    answer.winner = analysis
        .winner(start)
        .expect("the start is the board's K, a free square");
    answer.certificate = request
        .certificate
        .then(|| analysis.certificate(start))
        .flatten();
    answer.map = request.map.then(|| analysis.map());
    answer.strategy = request.strategy.then(|| analysis.strategy(start)).flatten();
    answer.matching = match &answer.certificate {
        Some(cert) if request.matching => Some(cert.matching().to_vec()),
        _ if request.matching => analysis.winning_matching(start),
        _ => None,
    };
    Ok(answer)
}
