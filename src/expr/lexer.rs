//! Splitting a cell into tokens.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Int(i64),
    Float(f64),
    Str(String),
    Name(String),
    Op(&'static str),
    End,
    /// A lexical error; always the last token. The parser reports it when it
    /// gets there, so errors come out in source order.
    Error(String),
}

#[derive(Debug, Clone)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) col: usize,
    pub(super) text: String,
}

pub(super) fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Split `src` into tokens. The result always ends with `Tok::End` or, when
/// the text cannot be split, with `Tok::Error`.
pub(super) fn lex(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let tok = if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            match lex_number(&chars, i) {
                Ok((tok, end)) => {
                    i = end;
                    tok
                }
                Err(e) => return with_error(out, e),
            }
        } else if c == '_' || c.is_alphabetic() {
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            Tok::Name(chars[start..i].iter().collect())
        } else if c == '\'' || c == '"' {
            match lex_string(&chars, i) {
                Ok((text, end)) => {
                    i = end;
                    Tok::Str(text)
                }
                Err(e) => return with_error(out, e),
            }
        } else {
            let two = match (c, chars.get(i + 1)) {
                ('*', Some('*')) => Some("**"),
                ('/', Some('/')) => Some("//"),
                ('=', Some('=')) => Some("=="),
                ('!', Some('=')) => Some("!="),
                ('<', Some('=')) => Some("<="),
                ('>', Some('=')) => Some(">="),
                _ => None,
            };
            if let Some(op) = two {
                i += 2;
                Tok::Op(op)
            } else {
                let op = match c {
                    '+' => "+",
                    '-' => "-",
                    '*' => "*",
                    '/' => "/",
                    '%' => "%",
                    '<' => "<",
                    '>' => ">",
                    '(' => "(",
                    ')' => ")",
                    '[' => "[",
                    ']' => "]",
                    ',' => ",",
                    '.' => ".",
                    _ => {
                        let e = ExprError {
                            message: format!("unexpected '{c}'"),
                            column: col,
                        };
                        return with_error(out, e);
                    }
                };
                i += 1;
                Tok::Op(op)
            }
        };
        out.push(Token {
            tok,
            col,
            text: chars[start..i].iter().collect(),
        });
    }
    out.push(Token {
        tok: Tok::End,
        col: chars.len() + 1,
        text: String::new(),
    });
    out
}

pub(super) fn with_error(mut tokens: Vec<Token>, e: ExprError) -> Vec<Token> {
    tokens.push(Token {
        tok: Tok::Error(e.message),
        col: e.column,
        text: String::new(),
    });
    tokens
}

pub(super) fn lex_number(chars: &[char], start: usize) -> Res<(Tok, usize)> {
    let col = start + 1;
    let n = chars.len();
    let digits_from = |mut i: usize, hex: bool| {
        while i < n && (chars[i].is_ascii_digit() || (hex && chars[i].is_ascii_hexdigit())) {
            i += 1;
        }
        i
    };
    let bad_literal = |end: usize| {
        let mut end = end;
        while end < n && is_ident_char(chars[end]) {
            end += 1;
        }
        let text: String = chars[start..end].iter().collect();
        fail(col, format!("invalid number literal '{text}'"))
    };

    if chars[start] == '0' && matches!(chars.get(start + 1), Some('x' | 'X')) {
        let end = digits_from(start + 2, true);
        if end == start + 2 || (end < n && is_ident_char(chars[end])) {
            return bad_literal(end);
        }
        let digits: String = chars[start + 2..end].iter().collect();
        return match i64::from_str_radix(&digits, 16) {
            Ok(v) => Ok((Tok::Int(v), end)),
            Err(_) => fail(col, "integer literal too large"),
        };
    }

    let mut i = digits_from(start, false);
    let mut is_float = false;
    if i < n && chars[i] == '.' {
        is_float = true;
        i = digits_from(i + 1, false);
    }
    if i < n && matches!(chars[i], 'e' | 'E') {
        let mut j = i + 1;
        if j < n && matches!(chars[j], '+' | '-') {
            j += 1;
        }
        if j < n && chars[j].is_ascii_digit() {
            is_float = true;
            i = digits_from(j, false);
        } else {
            return bad_literal(i);
        }
    }
    if i < n && is_ident_char(chars[i]) {
        return bad_literal(i);
    }
    let text: String = chars[start..i].iter().collect();
    if is_float {
        match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok((Tok::Float(f), i)),
            Ok(_) => fail(col, "float literal too large"),
            Err(_) => fail(col, format!("invalid number literal '{text}'")),
        }
    } else {
        if text.len() > 1 && text.starts_with('0') && text.bytes().any(|b| b != b'0') {
            return fail(
                col,
                "leading zeros in decimal integer literals are not permitted",
            );
        }
        match text.parse::<i64>() {
            Ok(v) => Ok((Tok::Int(v), i)),
            Err(_) => fail(col, "integer literal too large"),
        }
    }
}

pub(super) fn lex_string(chars: &[char], start: usize) -> Res<(String, usize)> {
    let quote = chars[start];
    let unterminated = || fail(start + 1, "unterminated string");
    let mut out = String::new();
    let mut i = start + 1;
    loop {
        let Some(&c) = chars.get(i) else {
            return unterminated();
        };
        if c == quote {
            return Ok((out, i + 1));
        }
        match c {
            '\n' => return unterminated(),
            '\\' => {
                let Some(&e) = chars.get(i + 1) else {
                    return unterminated();
                };
                match e {
                    '\\' | '\'' | '"' => out.push(e),
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    '\n' => {} // line continuation
                    other => {
                        // Unknown escapes keep their backslash, as in Python.
                        out.push('\\');
                        out.push(other);
                    }
                }
                i += 2;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
}
