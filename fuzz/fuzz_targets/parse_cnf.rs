//! Reader + solver target for DIMACS CNF: raw bytes read as a 2-SAT formula. Errors are fine;
//! panics are not. A formula that reads is solved: a model must satisfy every clause, a conflict
//! chain's every step must be justified by the clause `chain_clauses` names, every backbone
//! literal must hold in the model, and a second model must differ and satisfy every clause.
#![no_main]

use gridmatch::graph::twosat::{self, Lit, Outcome};
use gridmatch::read::read_cnf_within;
use libfuzzer_sys::fuzz_target;

fn holds(model: &[bool], l: Lit) -> bool {
    model[l.var() as usize] != l.is_neg()
}

fuzz_target!(|data: &[u8]| {
    let Ok(cnf) = read_cnf_within(data, "fuzz", 512, 512) else {
        return;
    };
    let f = &cnf.formula;
    assert_eq!(cnf.lines.len(), f.clauses().len());
    match f.solve() {
        Outcome::Satisfiable(model) => {
            for &(a, b) in f.clauses() {
                assert!(holds(&model, a) || holds(&model, b), "clause {a} {b} fails");
            }
            let forced = twosat::backbone(f).expect("satisfiable");
            assert!(forced.iter().all(|&l| holds(&model, l)));
            if let Some(other) = twosat::second_model(f, &model) {
                assert_ne!(other, model);
                for &(a, b) in f.clauses() {
                    assert!(holds(&other, a) || holds(&other, b));
                }
                assert!(forced.iter().all(|&l| holds(&other, l)));
            }
        }
        Outcome::Unsatisfiable(conflict) => {
            let chain = &conflict.chain;
            assert_eq!(chain.first(), chain.last());
            for (step, k) in chain.windows(2).zip(twosat::chain_clauses(f, chain)) {
                let (a, b) = f.clauses()[k];
                let (x, y) = (step[0], step[1]);
                assert!(
                    (a == !x && b == y) || (b == !x && a == y),
                    "clause {k} does not give {x} ⇒ {y}"
                );
            }
        }
    }
});
