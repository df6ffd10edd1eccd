//! The points file of `ropkit sample`: one point a line, `x`, `x y` or
//! `x y z` (spaces, tabs or commas between), `#` starts a comment, blank
//! lines are skipped. Parsed a chunk at a time, the pieces of a chunk on
//! every core, so that a file of any size (up to its limit) is read in
//! bounded memory.

use rayon::prelude::*;
use std::path::Path;

/// Pieces a chunk is split into for parsing in parallel.
const PIECES: usize = 16;

/// Why a line could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}:{line}:1: {message}")]
pub struct PointsError {
    pub file: String,
    pub line: u64,
    pub message: String,
}

/// Parses whole lines (`text` ends at a line end or at the end of the
/// file), the first of them line `first_line` (1-based), appending their
/// points to `out`.
pub fn parse_lines(
    text: &[u8],
    first_line: u64,
    file: &Path,
    out: &mut Vec<[f32; 3]>,
) -> Result<(), PointsError> {
    // Split at line ends into pieces of about equal size.
    let mut cuts = vec![0];
    for k in 1..PIECES {
        let mut at = (text.len() * k / PIECES)
            .max(*cuts.last().unwrap_or(&0))
            .max(1);
        while at < text.len() && text[at - 1] != b'\n' {
            at += 1;
        }
        if at > *cuts.last().unwrap_or(&0) && at < text.len() {
            cuts.push(at);
        }
    }
    cuts.push(text.len());
    let pieces: Vec<&[u8]> = cuts.windows(2).map(|w| &text[w[0]..w[1]]).collect();
    // Line numbers: the lines before each piece.
    let mut firsts = Vec::with_capacity(pieces.len());
    let mut line = first_line;
    for p in &pieces {
        firsts.push(line);
        line += p.iter().filter(|&&b| b == b'\n').count() as u64;
    }
    let parsed: Vec<PieceResult> = pieces
        .par_iter()
        .zip(&firsts)
        .map(|(p, first)| parse_piece(p, *first))
        .collect();
    for r in parsed {
        match r {
            Ok(v) => out.extend(v),
            Err((line, message)) => {
                return Err(PointsError {
                    file: file.display().to_string(),
                    line,
                    message,
                });
            }
        }
    }
    Ok(())
}

/// A piece's points, or the line and message of its first bad line.
type PieceResult = Result<Vec<[f32; 3]>, (u64, String)>;

/// Separates the numbers of a line.
fn separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b',' | b'\r')
}

/// Parses a piece in one pass over its bytes: no line or token is copied,
/// and each number is read by `fast_float2` (the same correctly rounded
/// algorithm as the standard library's, without its UTF-8 and token steps).
fn parse_piece(text: &[u8], first_line: u64) -> PieceResult {
    let mut out = Vec::with_capacity(text.len() / 24);
    let n = text.len();
    let mut i = 0;
    let mut line = first_line;
    while i < n {
        let mut nums = [0.0f32; 3];
        let mut count = 0;
        loop {
            while i < n && separator(text[i]) {
                i += 1;
            }
            if i >= n || text[i] == b'\n' {
                break;
            }
            if text[i] == b'#' {
                while i < n && text[i] != b'\n' {
                    i += 1;
                }
                break;
            }
            let start = i;
            while i < n && !separator(text[i]) && text[i] != b'\n' && text[i] != b'#' {
                i += 1;
            }
            if count == 3 {
                return Err((line, "expected 1 to 3 numbers".into()));
            }
            let token = &text[start..i];
            nums[count] =
                fast_float2::parse::<f32, _>(token).map_err(|_| (line, bad_number(token)))?;
            count += 1;
        }
        if count > 0 {
            out.push(nums);
        }
        // Past the line end.
        i += 1;
        line += 1;
    }
    Ok(out)
}

/// What is wrong with a token that is not a number.
fn bad_number(token: &[u8]) -> String {
    match std::str::from_utf8(token) {
        Ok(text) => format!("invalid float literal: '{}'", crate::limits::echo(text)),
        Err(_) => "not UTF-8 text (is it a binary file?)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<[f32; 3]>, PointsError> {
        let mut out = Vec::new();
        parse_lines(text.as_bytes(), 1, Path::new("p.txt"), &mut out).map(|_| out)
    }

    #[test]
    fn lines_of_one_to_three_numbers() {
        let v = parse("# header\n1\n\n2 3\n4,5,6 # note\n  7\t8 9\r\n").unwrap();
        assert_eq!(
            v,
            vec![
                [1.0, 0.0, 0.0],
                [2.0, 3.0, 0.0],
                [4.0, 5.0, 6.0],
                [7.0, 8.0, 9.0]
            ]
        );
    }

    #[test]
    fn numbers_read_as_the_standard_library_reads_them() {
        let tokens = [
            "0",
            "-0",
            "1",
            "+3",
            "-.5",
            "5.",
            "0.123456",
            "-0.999999",
            "1e5",
            "2.5E-3",
            "1.17549435e-38",
            "1.4e-45",
            "1e-50",
            "3.4028235e38",
            "3.5e38",
            "1e50",
            "16777217",
            "0.1000000000000000055511151231257827",
            "inf",
            "-inf",
            "infinity",
            "NaN",
            "nan",
            "0x10",
            "1_000",
            ".",
            "-",
            "e5",
            "1e",
            "1.2.3",
            "--1",
            "1,5",
        ];
        for t in tokens {
            let ours = parse(t).map(|v| v[0][0]);
            // A comma separates numbers: "1,5" is two of them.
            let theirs: Result<f32, _> = t.split(',').next().unwrap().parse::<f32>();
            match (ours, theirs) {
                (Ok(a), Ok(b)) => assert!(
                    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                    "{t}: {a} vs {b}"
                ),
                (Err(_), Err(_)) => {}
                (a, b) => panic!("{t}: {a:?} vs {b:?}"),
            }
        }
    }

    #[test]
    fn errors_name_the_line_across_pieces() {
        // Long enough to be split into many pieces; the bad line is late.
        let mut text = String::new();
        for i in 0..5000 {
            text += &format!("{i} {i} {i}\n");
        }
        text += "1 2 x\n";
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, 5001);
        assert!(e.to_string().starts_with("p.txt:5001:1: "), "{e}");
        let e = parse("1 2 3 4\n").unwrap_err();
        assert!(e.message.contains("1 to 3"), "{e}");
        let e = parse("1 2\n3 4.5.6\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("'4.5.6'"), "{e}");
        let e = parse("1 \u{ff}\n").unwrap_err();
        assert!(e.message.contains("invalid float literal"), "{e}");
        let mut out = Vec::new();
        let e = parse_lines(b"1 2\n\x80\x81\n", 1, Path::new("p.txt"), &mut out).unwrap_err();
        assert!(e.message.contains("not UTF-8"), "{e}");
        // Every point survives the split, in order.
        let mut text = String::new();
        for i in 0..5000 {
            text += &format!("{i}\n");
        }
        let v = parse(&text).unwrap();
        assert_eq!(v.len(), 5000);
        assert!(v.iter().enumerate().all(|(i, p)| p[0] == i as f32));
    }
}
