//! Exact decimals, one place for the whole library (readers, JSON records, certificate checks,
//! the command line): an integer count of units of 10^−decimals written as the file wrote its
//! weights, without trailing zeros (`35` with 1 decimal is `3.5`, `40` is `4`).
//!
//! [`scale`] puts decimals on one common power of ten as integers (or on the finest grid that
//! fits a limit, with the rounding check).

pub mod scale;

/// `value / 10^decimals` written exactly, trailing zeros and a trailing point removed:
/// `decimal(-125, 2) == "-1.25"`, `decimal(40, 1) == "4"`, `decimal(0, 3) == "0"`.
pub fn decimal(value: i128, decimals: u32) -> String {
    written(value < 0, &value.unsigned_abs().to_string(), decimals)
}

/// The number `±digits / 10^decimals` (`digits` ASCII digits, most significant first) written
/// as [`decimal`] writes it.
pub(crate) fn written(negative: bool, digits: &str, decimals: u32) -> String {
    let digits = match digits.trim_start_matches('0') {
        "" => "0",
        d => d,
    };
    let d = decimals as usize;
    let (int, frac) = if digits.len() > d {
        digits.split_at(digits.len() - d)
    } else {
        ("0", digits)
    };
    let frac = format!("{frac:0>d$}");
    let frac = frac.trim_end_matches('0');
    let sign = if negative && digits != "0" { "-" } else { "" };
    if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn exact_and_trimmed() {
        assert_eq!(decimal(35, 1), "3.5");
        assert_eq!(decimal(40, 1), "4");
        assert_eq!(decimal(0, 3), "0");
        assert_eq!(decimal(-125, 2), "-1.25");
        assert_eq!(decimal(-5, 3), "-0.005");
        assert_eq!(decimal(7, 0), "7");
        assert_eq!(decimal(-70, 0), "-70");
        assert_eq!(decimal(100, 2), "1");
        assert_eq!(decimal(i128::MIN, 0), i128::MIN.to_string());
        assert_eq!(decimal(123_456, 18), "0.000000000000123456");
    }
}
