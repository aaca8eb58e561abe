//! Solver + verifier target for rooks, on boards of at most 10 × 10 built from the fuzz bytes.
//!
//! 1. `solve` → `verify` accepts, `max_rooks` agrees, the certificate passes the independent
//!    plain-rule check, `roles` fits the placement, and on small boards the answer equals an
//!    exhaustive search.
//! 2. The remaining bytes edit the certificate, its answer (and maybe the board); whenever
//!    `verify` accepts the edited certificate, it must pass the independent check and its rooks
//!    be the true answer; whenever `RooksRecord::verify` accepts it with the edited answer, that
//!    answer must be the true one too.
#![no_main]

use gridmatch::formats::json::RooksRecord;
use gridmatch::puzzles::rooks;
use gridmatch_fuzz::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let mut grid = board(&mut u, 10, 10, b"...X");
    let sol = rooks::solve(&grid);
    let answer = sol.rooks.len();
    if let Err(why) = rooks::verify(&grid, &sol) {
        panic!(
            "verify rejects the solver's certificate: {why}\n{:?}",
            grid.to_lines()
        );
    }
    assert_eq!(
        rooks::max_rooks(&grid),
        answer,
        "max_rooks differs from solve"
    );
    if let Err(why) = rooks_certificate_ok(&grid, answer, &sol) {
        panic!(
            "solver's certificate is invalid: {why}\n{:?}",
            grid.to_lines()
        );
    }
    // Roles: the same maximum, a rook of this placement on every `R`, none on a `.`.
    let roles = rooks::roles(&grid);
    assert_eq!(roles.max_rooks, answer, "roles differ from solve");
    for &(r, c) in &sol.rooks {
        assert_ne!(
            roles.get(r, c),
            rooks::Role::None,
            "a rook on a never-used cell"
        );
    }
    let on_rooks = sol
        .rooks
        .iter()
        .filter(|&&(r, c)| roles.get(r, c) == rooks::Role::Every)
        .count();
    let every = roles
        .cells
        .iter()
        .filter(|&&x| x == rooks::Role::Every)
        .count();
    assert_eq!(on_rooks, every, "an R cell without a rook");
    let empties = grid.cells().iter().filter(|&&c| c == b'.').count();
    if empties <= BRUTE_ROOKS_EMPTY {
        assert_eq!(
            answer,
            rooks_brute(&grid),
            "exhaustive search differs: {:?}",
            grid.to_lines()
        );
    }

    let (mut ans, mut cert) = (answer, sol);
    let edits = range(&mut u, 1, 4);
    for _ in 0..edits {
        mutate_rooks(&mut u, &mut grid, &mut ans, &mut cert);
    }
    // `rooks::verify` no longer takes the answer (the old edit 0 of `mutate_rooks`, a changed
    // answer, cannot reach it): the answer is the number of rooks, and the record-level
    // `RooksRecord::verify` checks a claimed answer against it. So the edited certificate goes
    // through both: `rooks::verify` with its own rooks as the answer, and the record with the
    // edited answer, which must accept exactly when `rooks::verify` does and the answer is the
    // number of rooks.
    let direct = rooks::verify(&grid, &cert).is_ok();
    if direct {
        check_rooks_accepted(&grid, cert.rooks.len(), &cert);
    }
    let mut rec = RooksRecord::new(1, &grid, &cert);
    rec.answer = ans;
    let by_record = rec.verify().is_ok();
    assert_eq!(
        by_record,
        direct && ans == cert.rooks.len(),
        "RooksRecord::verify (answer {ans}, {} rooks) disagrees with rooks::verify ({direct})",
        cert.rooks.len()
    );
    if by_record {
        check_rooks_accepted(&grid, ans, &cert);
    }
});
