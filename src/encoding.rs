//! The start of every text input, read the same way by every reader (boards, graphs, CNF
//! formulas, certificates): at most one UTF-8 byte order mark is skipped, and a UTF-16 one is
//! refused with the way to convert the file.
//!
//! **Guarantee:** [`skip_byte_order_mark`] consumes the three bytes of one UTF-8 mark and
//! nothing else; a second mark is left for the reader, which refuses it like any other stray
//! byte. It never consumes a byte that is not part of a mark it skips, however small the
//! reader's buffer, except the first bytes of an incomplete UTF-8 mark (which no format accepts).

use std::io::{BufRead, ErrorKind};

use crate::InputError;

/// The UTF-8 byte order mark.
pub const UTF8_BOM: &[u8] = b"\xef\xbb\xbf";

/// The hint for a UTF-16 file: what it is and how to convert it.
pub const UTF16_HINT: &str = "the file is UTF-16 text (Windows PowerShell 5 writes it with `>`): \
     convert it to UTF-8, e.g. `iconv -f UTF-16 -t UTF-8 FILE > FILE.utf8`, or in PowerShell \
     write it with `| Out-File -Encoding utf8`";

/// Skips one UTF-8 byte order mark at the start of `input`; refuses a UTF-16 one (bytes
/// `FF FE` or `FE FF`, which no gridmatch format starts with) at line 1, column 1, with
/// [`UTF16_HINT`]. Call it once, before reading anything. A read error is left for the reader
/// to report where it happens.
///
/// # Errors
/// The input starts with byte `0xff` or `0xfe`.
///
/// # Examples
/// ```
/// use gridmatch::encoding::skip_byte_order_mark;
/// use std::io::BufRead;
///
/// let mut input = &b"\xef\xbb\xbf5\n"[..];
/// skip_byte_order_mark(&mut input, "in.txt")?;
/// assert_eq!(input.fill_buf().unwrap(), b"5\n");
///
/// let e = skip_byte_order_mark(&mut &b"\xff\xfe5\x00"[..], "in.txt").unwrap_err();
/// assert!(e.hint.unwrap().contains("iconv -f UTF-16"));
/// # Ok::<(), gridmatch::InputError>(())
/// ```
pub fn skip_byte_order_mark<R: BufRead + ?Sized>(
    input: &mut R,
    file: &str,
) -> Result<(), InputError> {
    let chunk = loop {
        match input.fill_buf() {
            Ok(c) => break c,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return Ok(()),
        }
    };
    match chunk.first() {
        Some(&b @ (0xff | 0xfe)) => {
            let found = match chunk.get(1) {
                Some(&c) if c == (b ^ 1) => {
                    format!("a UTF-16 byte order mark (0x{b:02x} 0x{c:02x})")
                }
                _ => format!("byte 0x{b:02x}"),
            };
            Err(InputError::at(file, 1, 1, found, "UTF-8 text").with_hint(UTF16_HINT))
        }
        Some(0xef) if chunk.len() >= UTF8_BOM.len() => {
            if chunk.starts_with(UTF8_BOM) {
                input.consume(UTF8_BOM.len());
            }
            Ok(())
        }
        Some(0xef) => {
            // A buffer smaller than the mark: byte by byte.
            for &b in UTF8_BOM {
                match input.fill_buf() {
                    Ok(c) if c.first() == Some(&b) => input.consume(1),
                    _ => break,
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
