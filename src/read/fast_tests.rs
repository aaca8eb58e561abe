//! The fast paths' byte scanning against plain reference parsers, on every byte value around
//! digits and on random lines.

use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The reference: the digits at `b[j..]`, one at a time.
fn digits_ref(b: &[u8], j: usize) -> Option<(u64, usize)> {
    let n = b
        .get(j..)?
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if n == 0 || n > 18 {
        return None;
    }
    let v = b[j..j + n]
        .iter()
        .fold(0u64, |acc, &d| acc * 10 + u64::from(d - b'0'));
    Some((v, j + n))
}

#[test]
fn digit_runs_read_as_one_digit_at_a_time() {
    // Every byte value after every run length, at every offset in short and long buffers.
    for len in 0..=20usize {
        for stop in 0..=255u8 {
            for tail in [0usize, 1, 3, 7, 12] {
                let mut b: Vec<u8> = (0..len).map(|k| b'0' + ((k * 7 + 3) % 10) as u8).collect();
                b.push(stop);
                b.extend(std::iter::repeat_n(b'5', tail));
                for j in 0..=1 {
                    let mut c = vec![b'x'; j];
                    c.extend_from_slice(&b);
                    assert_eq!(digit_run(&c, j), digits_ref(&c, j), "{c:?} at {j}");
                }
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200_000 {
        let n = rng.random_range(0..24);
        let b: Vec<u8> = (0..n)
            .map(|_| {
                if rng.random_bool(0.8) {
                    rng.random_range(b'0'..=b'9')
                } else {
                    rng.random_range(0..=255)
                }
            })
            .collect();
        let j = rng.random_range(0..=n);
        assert_eq!(digit_run(&b, j), digits_ref(&b, j), "{b:?} at {j}");
    }
}

#[test]
fn pair_lines_are_exactly_the_simple_ones() {
    type Case<'a> = (&'a [u8], Option<u8>, Option<(u64, u64, usize)>);
    let cases: &[Case] = &[
        (b"e 1 2\n", Some(b'e'), Some((1, 2, 6))),
        (
            b"e\t12345678 987654321 \r\nx",
            Some(b'e'),
            Some((12345678, 987654321, 23)),
        ),
        (b"e 1 2", Some(b'e'), None),
        (b"e 1 2 3\n", Some(b'e'), None),
        (b"e1 2\n", Some(b'e'), None),
        (b"e +1 2\n", Some(b'e'), None),
        (b"c 1 2\n", Some(b'e'), None),
        (b"0 0\n", None, Some((0, 0, 4))),
        (b"0  00017\r\n", None, Some((0, 17, 10))),
        (b"0 1 # c\n", None, None),
        (b"0 1\r\r\n", None, None),
        (b" 0 1\n", None, None),
        (b"1234567890123456789 1\n", None, None),
        (
            b"123456789012345678 1\n",
            None,
            Some((123456789012345678, 1, 21)),
        ),
    ];
    for &(line, lead, want) in cases {
        assert_eq!(
            pair_line(line, lead),
            want,
            "{:?}",
            String::from_utf8_lossy(line)
        );
    }
}

/// Weighted DIMACS files of mostly integer weights, with some lines only the per-line paths
/// take (a decimal, a `+`, an exponent, a CR, a blank after the weight, weights beyond the
/// narrow range, 19 digits, a vertex out of range, comments): read whole (the batch path of
/// integer lines takes what it can) and through 1-byte buffers (where it never applies), to
/// the same graph, weights and place of the largest weight, or the same error.
#[test]
fn weighted_integer_lines_read_as_line_by_line() {
    use crate::graph::weighted::MAX_WEIGHT;
    use crate::read::{Format, Limits, read_weighted_graph};
    let mut rng = ChaCha8Rng::seed_from_u64(3434_0037);
    let (mut read, mut refused) = (0, 0);
    for round in 0..3000 {
        let n = rng.random_range(1..=20u64);
        let m = rng.random_range(0..=30usize);
        let mut text = format!("p edge {n} {m}\n");
        // Most files all integers and well formed; the others with a few odd lines.
        let odd = if rng.random_bool(0.5) { 0 } else { 12 };
        for _ in 0..m {
            if rng.random_range(0..20) == 0 {
                text.push_str("c a comment 1 2 3\n");
            }
            let u = if odd > 0 && rng.random_range(0..60) == 0 {
                n + 1
            } else {
                rng.random_range(1..=n)
            };
            let v = rng.random_range(1..=n);
            let w = match rng.random_range(0..odd + 10) {
                0..=3 => rng.random_range(-3..=3i64).to_string(),
                4..=9 => rng.random_range(-1_000_000..=1_000_000i64).to_string(),
                10 => "2.5".into(),
                11 => "+7".into(),
                12 => "1e3".into(),
                13 => "-0".into(),
                14 => "007".into(),
                15 => MAX_WEIGHT.to_string(),
                16 => (-MAX_WEIGHT).to_string(),
                17 => (MAX_WEIGHT + 1).to_string(),
                18 => "1234567890123456789".into(),
                19 => "-5.000".into(),
                20 => "12345678".into(),
                _ => "-123456789012345678".into(),
            };
            let gap = if odd > 0 && rng.random_range(0..10) == 0 {
                "\t"
            } else {
                " "
            };
            let end = match rng.random_range(0..odd + 10) {
                0 => "\r\n",
                1 => " \n",
                _ => "\n",
            };
            text.push_str(&format!("e {u}{gap}{v} {w}{end}"));
        }
        let whole = read_weighted_graph(
            text.as_bytes(),
            "t",
            Some(Format::Dimacs),
            Limits::default(),
        );
        let tiny = std::io::BufReader::with_capacity(1, text.as_bytes());
        let by_line = read_weighted_graph(tiny, "t", Some(Format::Dimacs), Limits::default());
        assert_eq!(whole, by_line, "round {round}:\n{text}");
        if whole.is_ok() {
            read += 1;
        } else {
            refused += 1;
        }
    }
    assert!(
        read > 1000 && refused > 100,
        "{read} read, {refused} refused"
    );
}
