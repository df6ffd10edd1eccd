//! GLSL tokens over a code block's lines, each token remembering its line
//! and byte span, so that code can be rewritten token by token while every
//! line keeps its place in the ROP's file. Comments and white space are
//! not tokens: they stay in the text between tokens.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Ident,
    Number,
    /// An operator or a bracket (multi-character operators are one token).
    Punct,
    /// A whole preprocessor line (with its continuation lines).
    Directive,
}

/// One token: its line (an index into the block's lines) and byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tok {
    pub line: u32,
    pub start: u32,
    pub end: u32,
    pub kind: Kind,
}

/// A code block as lines (each with its line number in the ROP's file).
pub type Lines = [(u32, String)];

impl Tok {
    pub fn text<'a>(&self, lines: &'a Lines) -> &'a str {
        &lines[self.line as usize].1[self.start as usize..self.end as usize]
    }
    /// Where the token starts, as (line, byte).
    pub fn begin(&self) -> (u32, u32) {
        (self.line, self.start)
    }
    /// Where the token ends, as (line, byte).
    pub fn finish(&self) -> (u32, u32) {
        (self.line, self.end)
    }
}

/// Operators of three and two characters, longest first.
const LONG_PUNCT: &[&str] = &[
    "<<=", ">>=", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "==", "!=", "<=",
    ">=", "&&", "||", "^^", "<<", ">>",
];

/// Every token of `lines`, comments skipped, one pass over the text.
pub fn tokens(lines: &Lines) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut in_comment = false;
    let mut continued_directive = false;
    for (li, (_, text)) in lines.iter().enumerate() {
        let b = text.as_bytes();
        let mut i = 0;
        let tok = |start: usize, end: usize, kind: Kind| Tok {
            line: li as u32,
            start: start as u32,
            end: end as u32,
            kind,
        };
        if continued_directive {
            continued_directive = text.trim_end().ends_with('\\');
            out.push(tok(0, b.len(), Kind::Directive));
            continue;
        }
        if !in_comment && text.trim_start().starts_with('#') {
            continued_directive = text.trim_end().ends_with('\\');
            out.push(tok(0, b.len(), Kind::Directive));
            continue;
        }
        while i < b.len() {
            let c = b[i];
            if in_comment {
                if b[i..].starts_with(b"*/") {
                    in_comment = false;
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            if c.is_ascii_whitespace() {
                i += 1;
            } else if b[i..].starts_with(b"//") {
                break;
            } else if b[i..].starts_with(b"/*") {
                in_comment = true;
                i += 2;
            } else if c.is_ascii_alphabetic() || c == b'_' {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push(tok(start, i, Kind::Ident));
            } else if c.is_ascii_digit()
                || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            {
                let start = i;
                while i < b.len() {
                    let d = b[i];
                    let exponent_sign = (d == b'+' || d == b'-')
                        && matches!(b[i - 1], b'e' | b'E')
                        && !text[start..i].starts_with("0x");
                    if d.is_ascii_alphanumeric() || d == b'.' || exponent_sign {
                        i += 1;
                    } else {
                        break;
                    }
                }
                out.push(tok(start, i, Kind::Number));
            } else {
                let len = LONG_PUNCT
                    .iter()
                    .find(|p| b[i..].starts_with(p.as_bytes()))
                    .map_or_else(
                        || {
                            // One whole UTF-8 character.
                            let mut n = 1;
                            while i + n < b.len() && (b[i + n] & 0xC0) == 0x80 {
                                n += 1;
                            }
                            n
                        },
                        |p| p.len(),
                    );
                out.push(tok(i, i + len, Kind::Punct));
                i += len;
            }
        }
    }
    out
}

/// Index of the bracket that closes the one at `open` (`(`, `[` or `{`),
/// counting every kind of bracket together.
pub fn matching(toks: &[Tok], lines: &Lines, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open) {
        if t.kind != Kind::Punct {
            continue;
        }
        match t.text(lines) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// A replacement of the text from one position to another (positions are
/// (line, byte); the span may cross lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub from: (u32, u32),
    pub to: (u32, u32),
    pub with: String,
}

/// Appends text at a line to the pieces written so far.
type Push<'a> = dyn FnMut(&mut Vec<(u32, String)>, u32, &str) + 'a;

/// The text of `lines` from `from` to `to` with `edits` applied (sorted,
/// not overlapping, inside the range), as one piece per line touched:
/// (line index, text).
pub fn render(
    lines: &Lines,
    from: (u32, u32),
    to: (u32, u32),
    edits: &[Edit],
) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = Vec::new();
    let mut at = from;
    let mut push = |out: &mut Vec<(u32, String)>, line: u32, text: &str| match out.last_mut() {
        Some((l, s)) if *l == line => s.push_str(text),
        _ => out.push((line, text.to_string())),
    };
    // Copies the text from `at` up to `until`, line by line.
    let copy =
        |out: &mut Vec<(u32, String)>, at: (u32, u32), until: (u32, u32), push: &mut Push| {
            let mut pos = at;
            while pos < until {
                let line = &lines[pos.0 as usize].1;
                let end = if pos.0 == until.0 {
                    until.1 as usize
                } else {
                    line.len()
                };
                let start = (pos.1 as usize).min(end);
                push(out, pos.0, &line[start..end]);
                if pos.0 == until.0 {
                    break;
                }
                pos = (pos.0 + 1, 0);
            }
        };
    for e in edits {
        copy(&mut out, at, e.from, &mut push);
        push(&mut out, e.from.0, &e.with);
        // The lines an edit swallows whole still count, empty.
        for l in e.from.0 + 1..=e.to.0 {
            push(&mut out, l, "");
        }
        at = e.to;
    }
    copy(&mut out, at, to, &mut push);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(u32, String)> {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i as u32 + 1, l.to_string()))
            .collect()
    }

    #[test]
    fn tokens_skip_comments_and_keep_operators_whole() {
        let l = lines("a += 1.5e-4; // c\n/* x\n y */ b<<=c; #x\n#define A \\\n  2\nd");
        let t: Vec<&str> = tokens(&l).iter().map(|t| t.text(&l)).collect();
        assert_eq!(
            t,
            [
                "a",
                "+=",
                "1.5e-4",
                ";",
                "b",
                "<<=",
                "c",
                ";",
                "#",
                "x",
                "#define A \\",
                "  2",
                "d"
            ]
        );
    }

    #[test]
    fn render_applies_edits_across_lines() {
        let l = lines("  x = f(a,\n    b) + y;\n");
        let toks = tokens(&l);
        let f = toks.iter().position(|t| t.text(&l) == "f").unwrap();
        let close = matching(&toks, &l, f + 1).unwrap();
        let edits = [Edit {
            from: toks[f].begin(),
            to: toks[close].finish(),
            with: "r".into(),
        }];
        let out = render(&l, (0, 0), toks.last().unwrap().finish(), &edits);
        assert_eq!(out, [(0, "  x = r".to_string()), (1, " + y;".to_string())]);
    }
}
