//! The points file of `ropkit sample`: one point a line, `x y` or `x y z`
//! (spaces, tabs or commas between; `z` is 0 when left out), `#` starts a
//! comment, blank lines are skipped. Parsed a chunk at a time, the pieces
//! of a chunk on every core, so that a file of any size (up to its limit)
//! is read in bounded memory.
//!
//! An error names the line and column. It quotes the text it found only
//! once the file has given a point: a file that is not a points file (a
//! link to some other file, say) is never quoted.

use rayon::prelude::*;
use std::path::Path;

/// Pieces a chunk is split into for parsing in parallel.
const PIECES: usize = 16;

/// Why a line could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}:{line}:{col}: {message}")]
pub struct PointsError {
    pub file: String,
    pub line: u64,
    /// 1-based, in characters.
    pub col: u64,
    pub message: String,
}

/// Parses whole lines (`text` ends at a line end or at the end of the
/// file), the first of them line `first_line` (1-based), appending their
/// points to `out`. `seen` says whether the lines before `text` gave a
/// point (only then does an error quote what it found), and is updated.
pub fn parse_lines(
    text: &[u8],
    first_line: u64,
    file: &Path,
    seen: &mut bool,
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
    let parsed: Vec<(Vec<[f32; 3]>, Option<Bad>)> = pieces
        .par_iter()
        .zip(&firsts)
        .map(|(p, first)| parse_piece(p, *first))
        .collect();
    for (points, bad) in parsed {
        *seen |= !points.is_empty();
        out.extend(points);
        if let Some(bad) = bad {
            return Err(PointsError {
                file: file.display().to_string(),
                line: bad.line,
                col: bad.col,
                message: bad.what.message(*seen),
            });
        }
    }
    Ok(())
}

/// The first bad line of a piece: where, and what is wrong there.
struct Bad {
    line: u64,
    col: u64,
    what: Wrong,
}

enum Wrong {
    /// A line of one number, or of more than three.
    Count(usize),
    /// Text that does not read as a number.
    NotANumber(Vec<u8>),
}

impl Wrong {
    /// The message; `quote` when the file has given points before it.
    fn message(&self, quote: bool) -> String {
        const SHAPE: &str = "a points line holds two or three numbers (x y, or x y z)";
        match self {
            Wrong::Count(1) => format!("one number where {SHAPE}"),
            Wrong::Count(_) => format!("more than three numbers where {SHAPE}"),
            Wrong::NotANumber(token) => match std::str::from_utf8(token) {
                Err(_) => "not UTF-8 text (is it a binary file?)".into(),
                Ok(text) if quote => {
                    format!("'{}' is not a number", crate::limits::echo(text))
                }
                Ok(_) => format!(
                    "not a number, and no line before it gave a point: this is not a points file ({SHAPE})"
                ),
            },
        }
    }
}

/// Separates the numbers of a line.
fn separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b',' | b'\r')
}

/// The 1-based column, in characters, of byte `at` of a line starting at `start`.
fn column(text: &[u8], start: usize, at: usize) -> u64 {
    1 + text[start..at]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count() as u64
}

/// Parses a piece in one pass over its bytes: no line or token is copied,
/// and each number is read by `fast_float2` (the same correctly rounded
/// algorithm as the standard library's, without its UTF-8 and token steps).
/// Returns the points before the first bad line, and that line.
fn parse_piece(text: &[u8], first_line: u64) -> (Vec<[f32; 3]>, Option<Bad>) {
    let mut out = Vec::with_capacity(text.len() / 24);
    let n = text.len();
    let mut i = 0;
    let mut line = first_line;
    while i < n {
        let line_start = i;
        let mut nums = [0.0f32; 3];
        let mut count = 0;
        let mut first_col = 1;
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
            let col = column(text, line_start, start);
            if count == 3 {
                let what = Wrong::Count(4);
                return (out, Some(Bad { line, col, what }));
            }
            let token = &text[start..i];
            match fast_float2::parse::<f32, _>(token) {
                Ok(v) => nums[count] = v,
                Err(_) => {
                    let what = Wrong::NotANumber(token.to_vec());
                    return (out, Some(Bad { line, col, what }));
                }
            }
            if count == 0 {
                first_col = col;
            }
            count += 1;
        }
        match count {
            0 => {}
            1 => {
                let what = Wrong::Count(1);
                return (
                    out,
                    Some(Bad {
                        line,
                        col: first_col,
                        what,
                    }),
                );
            }
            _ => out.push(nums),
        }
        // Past the line end.
        i += 1;
        line += 1;
    }
    (out, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<[f32; 3]>, PointsError> {
        let mut out = Vec::new();
        parse_lines(text.as_bytes(), 1, Path::new("p.txt"), &mut false, &mut out).map(|_| out)
    }

    #[test]
    fn lines_of_two_or_three_numbers() {
        let v = parse("# header\n1 0.5\n\n2 3\n4,5,6 # note\n  7\t8 9\r\n").unwrap();
        assert_eq!(
            v,
            vec![
                [1.0, 0.5, 0.0],
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
            let ours = parse(&format!("{t} 0")).map(|v| v[0][0]);
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
    fn errors_name_the_line_and_column_across_pieces() {
        // Long enough to be split into many pieces; the bad line is late.
        let mut text = String::new();
        for i in 0..5000 {
            text += &format!("{i} {i} {i}\n");
        }
        text += "1 2 x\n";
        let e = parse(&text).unwrap_err();
        assert_eq!((e.line, e.col), (5001, 5));
        assert!(e.to_string().starts_with("p.txt:5001:5: "), "{e}");
        let e = parse("1 2 3 4\n").unwrap_err();
        assert_eq!(e.col, 7);
        assert!(e.message.contains("two or three"), "{e}");
        let e = parse("1 2\n3 4.5.6\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        assert!(e.message.contains("'4.5.6'"), "{e}");
        // Columns count characters, not bytes.
        let e = parse("1 2\n\u{e9}\u{e9} x\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1));
        let e = parse("1 2\n1,\u{e9}\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        let mut out = Vec::new();
        let e = parse_lines(
            b"1 2\n\x80\x81\n",
            1,
            Path::new("p.txt"),
            &mut false,
            &mut out,
        )
        .unwrap_err();
        assert!(e.message.contains("not UTF-8"), "{e}");
        // Every point survives the split, in order.
        let mut text = String::new();
        for i in 0..5000 {
            text += &format!("{i} 1\n");
        }
        let v = parse(&text).unwrap();
        assert_eq!(v.len(), 5000);
        assert!(v.iter().enumerate().all(|(i, p)| p[0] == i as f32));
    }

    #[test]
    fn a_line_of_one_number_is_no_point() {
        let e = parse("1 2\n3\n4 5\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1));
        assert!(e.message.starts_with("one number where"), "{e}");
        let e = parse("# x\n  7 # one\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
    }

    #[test]
    fn a_file_that_gave_no_point_is_never_quoted() {
        let e = parse("root:x:0:0:SECRET:/root:/bin/bash\n1 2\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert!(
            !e.message.contains("SECRET") && !e.message.contains("root"),
            "{e}"
        );
        assert!(e.message.contains("not a points file"), "{e}");
        // The same line after a point is quoted: the file is a points file.
        let e = parse("1 2\nroot:x\n").unwrap_err();
        assert!(e.message.contains("'root:x'"), "{e}");
        // Points of an earlier chunk count: `seen` carries over.
        let mut seen = false;
        let mut out = Vec::new();
        parse_lines(b"1 2\n", 1, Path::new("p.txt"), &mut seen, &mut out).unwrap();
        assert!(seen);
        let e = parse_lines(b"oops\n", 2, Path::new("p.txt"), &mut seen, &mut out).unwrap_err();
        assert!(e.message.contains("'oops'"), "{e}");
        // A later piece of the same chunk sees the points of earlier ones.
        let mut text = "1 2\n".repeat(5000);
        text += "oops\n";
        assert!(parse(&text).unwrap_err().message.contains("'oops'"));
    }
}
