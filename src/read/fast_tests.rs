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
