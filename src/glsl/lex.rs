//! GLSL's lexical rules, written once: where comments are
//! ([`code_runs`]), what one token is ([`next_token`]), and the tokens of a
//! code block's lines, each remembering its line and byte span, so that code
//! can be rewritten token by token while every line keeps its place in the
//! ROP's file ([`tokens`]). Comments and white space are not tokens: they
//! stay in the text between tokens. Everything else in ropkit that reads
//! GLSL text (the checks in [`crate::glsl`], the words a library's code
//! uses, the shaping pass) goes through these.

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

/// The byte ranges of one line that are code, not comment, in order.
/// `in_comment` says whether the line starts inside a `/* */` comment and
/// is left saying whether it ends inside one. A line comment (`//`) ends the
/// code of its line.
pub fn code_runs(line: &str, in_comment: &mut bool) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    let mut start = 0;
    while i < b.len() {
        if *in_comment {
            if b[i..].starts_with(b"*/") {
                *in_comment = false;
                i += 2;
                start = i;
            } else {
                i += 1;
            }
        } else if b[i..].starts_with(b"//") {
            break;
        } else if b[i..].starts_with(b"/*") {
            if i > start {
                runs.push((start, i));
            }
            *in_comment = true;
            i += 2;
        } else {
            i += 1;
        }
    }
    if !*in_comment {
        let end = if b[i.min(b.len())..].starts_with(b"//") {
            i
        } else {
            b.len()
        };
        if end > start {
            runs.push((start, end));
        }
    }
    runs
}

/// The token that starts at byte `i` of `b` (not white space), as its end
/// and kind. A number runs over its letters and dots (`1.5e-4`, `0x1Fu`);
/// another character is one operator (the longest of [`LONG_PUNCT`]) or
/// one whole UTF-8 character.
pub fn next_token(b: &[u8], i: usize) -> (usize, Kind) {
    let c = b[i];
    if c.is_ascii_alphabetic() || c == b'_' {
        let mut j = i;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
            j += 1;
        }
        (j, Kind::Ident)
    } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
        let hex = b[i..].starts_with(b"0x") || b[i..].starts_with(b"0X");
        let mut j = i;
        while j < b.len() {
            let d = b[j];
            let exponent_sign = (d == b'+' || d == b'-') && matches!(b[j - 1], b'e' | b'E') && !hex;
            if d.is_ascii_alphanumeric() || d == b'.' || exponent_sign {
                j += 1;
            } else {
                break;
            }
        }
        (j, Kind::Number)
    } else {
        let len = LONG_PUNCT
            .iter()
            .find(|p| b[i..].starts_with(p.as_bytes()))
            .map_or_else(
                || {
                    let mut n = 1;
                    while i + n < b.len() && (b[i + n] & 0xC0) == 0x80 {
                        n += 1;
                    }
                    n
                },
                |p| p.len(),
            );
        (i + len, Kind::Punct)
    }
}

/// Every token of `lines`, comments skipped, one pass over the text. A
/// line that starts with `#` (outside a comment) is one directive token,
/// and so is each of its continuation lines.
pub fn tokens(lines: &Lines) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut in_comment = false;
    let mut continued_directive = false;
    for (li, (_, text)) in lines.iter().enumerate() {
        let b = text.as_bytes();
        let tok = |start: usize, end: usize, kind: Kind| Tok {
            line: li as u32,
            start: start as u32,
            end: end as u32,
            kind,
        };
        let directive = continued_directive || (!in_comment && text.trim_start().starts_with('#'));
        // Comments in a directive line count too: one may open there.
        let runs = code_runs(text, &mut in_comment);
        if directive {
            continued_directive = text.trim_end().ends_with('\\');
            out.push(tok(0, b.len(), Kind::Directive));
            continue;
        }
        for (from, to) in runs {
            let mut i = from;
            while i < to {
                if b[i].is_ascii_whitespace() {
                    i += 1;
                    continue;
                }
                let (end, kind) = next_token(&b[..to], i);
                out.push(tok(i, end, kind));
                i = end;
            }
        }
    }
    out
}

/// The lines of `text` as a code block (numbered from 1).
pub fn lines_of(text: &str) -> Vec<(u32, String)> {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| (i as u32 + 1, l.strip_suffix('\r').unwrap_or(l).to_string()))
        .collect()
}

/// The text with its comments blanked out: every byte of a comment becomes
/// a space (line breaks stay), so positions in the result are positions in
/// the text. Linear in the length.
pub fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_comment = false;
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let mut at = 0;
        for (from, to) in code_runs(line, &mut in_comment) {
            out.extend(std::iter::repeat_n(' ', line[at..from].len()));
            out.push_str(&line[from..to]);
            at = to;
        }
        // A comment's bytes become spaces one for one (a multi-byte
        // character in it becomes several), a `\r` ending the line stays.
        let tail = &line[at..];
        let keep_cr = tail.ends_with('\r') && at < line.len();
        out.extend(std::iter::repeat_n(' ', tail.len() - usize::from(keep_cr)));
        if keep_cr {
            out.push('\r');
        }
    }
    out
}

/// Every identifier in GLSL text, comments skipped (directive lines
/// included: `#define A b` gives `define`, `A` and `b`).
pub fn identifiers(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut in_comment = false;
    for line in text.split('\n') {
        let b = line.as_bytes();
        for (from, to) in code_runs(line, &mut in_comment) {
            let mut i = from;
            while i < to {
                if b[i].is_ascii_whitespace() {
                    i += 1;
                    continue;
                }
                let (end, kind) = next_token(&b[..to], i);
                if kind == Kind::Ident {
                    out.push(&line[i..end]);
                }
                i = end;
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

    #[test]
    fn a_comment_opened_on_a_directive_line_runs_on() {
        let l = lines("#define A 1 /* a\nb c */ d");
        let t: Vec<&str> = tokens(&l).iter().map(|t| t.text(&l)).collect();
        assert_eq!(t, ["#define A 1 /* a", "d"]);
    }

    #[test]
    fn stripping_keeps_every_position_and_only_code() {
        let text = "a/*é\n*/b // c é\r\n#x /* y */ z\r";
        let out = strip_comments(text);
        assert_eq!(out.len(), text.len());
        assert_eq!(out.lines().count(), text.lines().count());
        let words: Vec<&str> = out
            .split(|c: char| !c.is_alphanumeric() && c != '#')
            .filter(|w| !w.is_empty())
            .collect();
        assert_eq!(words, ["a", "b", "#x", "z"]);
        // Checked against a byte-by-byte reference: outside comments each
        // byte is the text's own.
        for (i, (x, y)) in text.bytes().zip(out.bytes()).enumerate() {
            assert!(x == y || y == b' ', "byte {i}");
        }
    }

    #[test]
    fn identifiers_skip_comments_and_numbers_and_keep_directives() {
        let words = identifiers(
            "#define SIZE 1.5e-4 // x\nfloat f(vec3 p) { return 0x1Fu + a_2; } /* b */",
        );
        assert_eq!(
            words,
            ["define", "SIZE", "float", "f", "vec3", "p", "return", "a_2"]
        );
    }
}
