//! Weighted matching of a DIMACS graph file (`p edge N M`, `e U V W`, 1-based) with the
//! integer-blossom crate's O(n³) dense algorithm, the way its users call it: an n × n weight
//! matrix, then `max_weight_matching` (`--max`, the default) or `min_weight_perfect_matching`
//! (`--min --perfect`; the crate requires a complete graph with non-negative costs).
//!
//! Usage: integer_blossom [--max | --min --perfect] [--call-time FILE] FILE
//!
//! Prints gridmatch's first line `TOTAL PAIRS`. Written for bench/frontier.py.

use std::time::Instant;

fn fail(msg: &str) -> ! {
    eprintln!("integer_blossom: {msg}");
    std::process::exit(1);
}

fn main() {
    let mut minimize = false;
    let mut perfect = false;
    let mut path = None;
    let mut call_time = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--max" => minimize = false,
            "--min" => minimize = true,
            "--perfect" => perfect = true,
            "--call-time" => call_time = args.next(),
            _ if !a.starts_with('-') && path.is_none() => path = Some(a),
            _ => fail("usage: integer_blossom [--max | --min --perfect] [--call-time FILE] FILE"),
        }
    }
    if minimize != perfect {
        fail("only --max (any cardinality) and --min --perfect are supported");
    }
    let text = std::fs::read(path.unwrap_or_else(|| fail("no input file")))
        .unwrap_or_else(|e| fail(&format!("cannot read the input: {e}")));
    let mut n = usize::MAX;
    let mut w: Vec<i64> = Vec::new();
    let mut edges = 0usize;
    for line in text.split(|&b| b == b'\n') {
        let line = std::str::from_utf8(line).unwrap_or_else(|_| fail("not UTF-8"));
        let mut it = line.split_ascii_whitespace();
        match it.next() {
            Some("p") => {
                it.next();
                n = it
                    .next()
                    .and_then(|x| x.parse().ok())
                    .unwrap_or_else(|| fail("bad p line"));
                if n > 20_000 {
                    fail("too many vertices for an n × n matrix");
                }
                w = vec![0; n * n];
            }
            Some("e") => {
                let mut num = || it.next().and_then(|x| x.parse::<i64>().ok());
                let (u, v) = (num(), num());
                let c = num().unwrap_or(1);
                let (Some(u), Some(v)) = (u, v) else {
                    fail("bad edge line")
                };
                if n == usize::MAX || u < 1 || v < 1 || u as usize > n || v as usize > n {
                    fail("edge out of range (or before p)");
                }
                let (a, b) = ((u.min(v) - 1) as usize, (u.max(v) - 1) as usize);
                if a == b {
                    continue;
                }
                if minimize && c < 0 {
                    fail("negative cost");
                }
                if w[a * n + b] != 0 {
                    fail("repeated edge");
                }
                w[a * n + b] = c;
                edges += 1;
            }
            _ => {}
        }
    }
    if n == usize::MAX {
        fail("no p line");
    }
    let t0 = Instant::now();
    let pairs: Vec<(usize, usize)> = if minimize {
        if edges != n * (n - 1) / 2 {
            fail("--min --perfect needs a complete graph");
        }
        let mate = integer_blossom::min_weight_perfect_matching(&w, n);
        (0..n)
            .filter(|&i| i < mate[i])
            .map(|i| (i, mate[i]))
            .collect()
    } else {
        let mate = integer_blossom::max_weight_matching(&w, n);
        (0..n)
            .filter_map(|i| mate[i].filter(|&j| i < j).map(|j| (i, j)))
            .collect()
    };
    let secs = t0.elapsed().as_secs_f64();
    let total: i128 = pairs.iter().map(|&(a, b)| w[a * n + b] as i128).sum();
    println!("{total} {}", pairs.len());
    eprintln!("integer_blossom: {secs:.6} s");
    if let Some(f) = call_time {
        let _ = std::fs::write(f, format!("{secs:.6}\n"));
    }
}
