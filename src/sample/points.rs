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

fn parse_piece(text: &[u8], first_line: u64) -> PieceResult {
    let mut out = Vec::with_capacity(text.len() / 24);
    for (i, raw) in text.split(|&b| b == b'\n').enumerate() {
        let line = match raw.iter().position(|&b| b == b'#') {
            Some(k) => &raw[..k],
            None => raw,
        };
        let mut nums = [0.0f32; 3];
        let mut count = 0;
        for token in line
            .split(|&b| b == b' ' || b == b'\t' || b == b',' || b == b'\r')
            .filter(|t| !t.is_empty())
        {
            let at = first_line + i as u64;
            if count == 3 {
                return Err((at, "expected 1 to 3 numbers".into()));
            }
            let text = std::str::from_utf8(token)
                .map_err(|_| (at, "not UTF-8 text (is it a binary file?)".to_string()))?;
            nums[count] = text
                .parse::<f32>()
                .map_err(|e| (at, format!("{e}: '{}'", crate::limits::echo(text))))?;
            count += 1;
        }
        if count > 0 {
            out.push(nums);
        }
    }
    Ok(out)
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
