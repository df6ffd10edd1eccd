//! Checks on GLSL text made before naga sees it: a ROP's code blocks when
//! its folder is loaded, and the stitched shader before it is compiled.
//!
//! naga's GLSL parser recurses once per level of brackets, so a file of
//! 10,000 nested `(` overflows the stack and aborts the process: nesting is
//! counted here first, against [`limits::GLSL_NESTING`]. A NUL or another
//! control character makes naga's preprocessor fail at the top of the
//! stitched shader, far from its cause: it is found here, at its own line.

pub mod defines;
pub mod lex;
pub mod words;

use crate::limits;
use std::collections::HashMap;

/// A problem in GLSL text, at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// The first control character or the first bracket nested deeper than
/// [`limits::GLSL_NESTING`] (comments aside), if any.
pub fn scan(text: &str) -> Option<Problem> {
    scan_with(text, limits::GLSL_NESTING)
}

/// [`scan`] with another nesting limit.
pub fn scan_with(text: &str, max_nesting: usize) -> Option<Problem> {
    let mut depth = 0usize;
    let mut block_comment = false;
    for (li, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let at = |byte: usize, message: String| Problem {
            line: li + 1,
            col: line[..byte].chars().count() + 1,
            message,
        };
        // Control characters count in comments too.
        if let Some(i) = line.bytes().position(is_bad_control) {
            let c = line.as_bytes()[i];
            let name = if c == 0 { " (NUL)" } else { "" };
            return Some(at(
                i,
                format!("control character U+{c:04X}{name} in GLSL text"),
            ));
        }
        for (from, to) in lex::code_runs(line, &mut block_comment) {
            for (i, c) in line.as_bytes()[from..to].iter().enumerate() {
                match c {
                    b'(' | b'[' | b'{' => {
                        depth += 1;
                        if depth > max_nesting {
                            return Some(at(
                                from + i,
                                format!(
                                    "brackets nested deeper than {max_nesting} levels (the limit for GLSL in ropkit)"
                                ),
                            ));
                        }
                    }
                    b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
        }
    }
    None
}

/// A control character GLSL has no use for (tabs, form feeds and line
/// breaks are white space).
fn is_bad_control(b: u8) -> bool {
    b.is_ascii_control() && !matches!(b, b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// Whether `name` is followed by `(` somewhere outside comments (a function
/// defined, declared or called under that name).
pub fn has_function(text: &str, name: &str) -> bool {
    let code = strip_comments(text);
    let mut from = 0;
    while let Some(k) = code[from..].find(name) {
        let end = from + k + name.len();
        if code[end..].trim_start().starts_with('(') {
            return true;
        }
        from = end;
    }
    false
}

pub use lex::strip_comments;

/// One token of GLSL text, as [`expanded_size`] sees it.
#[derive(Debug, Clone, PartialEq)]
enum Tok<'a> {
    Ident(&'a str),
    /// `;`, `{` or `}`: a statement ends.
    End,
    Open,
    Close,
    /// Anything else: a number, an operator, a comma.
    Other,
}

/// Splits code (comments already blanked) into tokens with their byte
/// offsets, by [`lex::next_token`]'s rules.
fn tokens(code: &str) -> Vec<(usize, Tok<'_>)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() || c == b'\\' {
            i += 1;
            continue;
        }
        let (end, kind) = lex::next_token(b, i);
        let t = match kind {
            lex::Kind::Ident => Tok::Ident(&code[i..end]),
            lex::Kind::Punct => match c {
                b';' | b'{' | b'}' => Tok::End,
                b'(' => Tok::Open,
                b')' => Tok::Close,
                _ => Tok::Other,
            },
            _ => Tok::Other,
        };
        out.push((i, t));
        i = end;
    }
    out
}

/// A `#define`: its parameters (function-like ones) and body tokens.
struct Macro<'a> {
    params: Option<Vec<&'a str>>,
    body: Vec<Tok<'a>>,
}

/// Splits code into directive lines (with their continuations) and the rest.
/// Returns the `#define`s, and the code with every directive line blanked.
fn split_directives(code: &str) -> (Vec<(&str, Macro<'_>)>, String) {
    let mut defines = Vec::new();
    let mut rest = String::with_capacity(code.len());
    let mut lines = code.split_inclusive('\n');
    while let Some(line) = lines.next() {
        if !line.trim_start().starts_with('#') {
            rest.push_str(line);
            continue;
        }
        // The directive and its continuation lines, blanked in `rest`.
        let start = line.as_ptr() as usize - code.as_ptr() as usize;
        let mut end = start + line.len();
        let mut last = line;
        rest.push_str(&" ".repeat(line.len() - 1));
        rest.push('\n');
        while last.trim_end().ends_with('\\') {
            let Some(next) = lines.next() else { break };
            end += next.len();
            rest.push_str(&" ".repeat(next.len().saturating_sub(1)));
            if next.ends_with('\n') {
                rest.push('\n');
            } else {
                rest.push(' ');
            }
            last = next;
        }
        let directive = code[start..end]
            .trim_start()
            .trim_start_matches('#')
            .trim_start();
        let Some(def) = directive.strip_prefix("define") else {
            continue;
        };
        if !def.starts_with(|c: char| c.is_whitespace()) {
            continue;
        }
        let def = def.trim_start();
        let name_len = def
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(def.len());
        let (name, after) = def.split_at(name_len);
        if name.is_empty() {
            continue;
        }
        let (params, body) = match after.strip_prefix('(') {
            Some(p) => match p.find(')') {
                Some(close) => (
                    Some(p[..close].split(',').map(str::trim).collect()),
                    &p[close + 1..],
                ),
                None => (Some(Vec::new()), ""),
            },
            None => (None, after),
        };
        let body = tokens(body).into_iter().map(|(_, t)| t).collect();
        defines.push((name, Macro { params, body }));
    }
    (defines, rest)
}

/// Weights of the macros: how many tokens each expands to, counting the
/// macros in its body (found depth first without recursion: a chain of
/// 100,000 macros must not overflow this stack either). Saturates at `cap`.
fn macro_weights(defines: &[(&str, Macro<'_>)], cap: u64) -> HashMap<String, (u64, u64)> {
    let bodies: HashMap<&str, &Macro> = defines.iter().map(|(n, m)| (*n, m)).collect();
    // name -> (weight, argument multiplier)
    let mut done: HashMap<String, (u64, u64)> = HashMap::new();
    let mut visiting: std::collections::HashSet<&str> = Default::default();
    for (root, _) in defines {
        if done.contains_key(*root) {
            continue;
        }
        let mut stack: Vec<&str> = vec![root];
        while let Some(&name) = stack.last() {
            let m = bodies[name];
            // Macros of the body not yet weighed come first.
            let pending: Vec<&str> = m
                .body
                .iter()
                .filter_map(|t| match t {
                    Tok::Ident(id) => Some(*id),
                    _ => None,
                })
                .filter(|id| {
                    *id != name
                        && bodies.contains_key(id)
                        && !done.contains_key(*id)
                        && !visiting.contains(id)
                })
                .collect();
            if !pending.is_empty() && visiting.insert(name) {
                stack.extend(pending);
                continue;
            }
            stack.pop();
            visiting.remove(name);
            if done.contains_key(name) {
                continue;
            }
            // A macro met again while it is being weighed expands no further.
            let params = m.params.as_deref().unwrap_or(&[]);
            let weight = 1u64.saturating_add(count(&m.body, &done, params, cap));
            let multiplier = params
                .iter()
                .map(|p| {
                    m.body
                        .iter()
                        .filter(|t| matches!(t, Tok::Ident(id) if id == p))
                        .count() as u64
                })
                .max()
                .unwrap_or(1)
                .max(1);
            done.insert(name.to_string(), (weight.min(cap), multiplier));
        }
    }
    done
}

/// Tokens `toks` expand to, with the weights of the macros known so far;
/// `params` (a macro's own parameters) count as one token each.
fn count(
    toks: &[Tok<'_>],
    weights: &HashMap<String, (u64, u64)>,
    params: &[&str],
    cap: u64,
) -> u64 {
    let mut total = 0u64;
    let mut muls: Vec<u64> = vec![1];
    let mut pending_mul: Option<u64> = None;
    for t in toks {
        let scale = *muls.last().unwrap_or(&1);
        match t {
            Tok::Ident(id) if !params.contains(id) => match weights.get(*id) {
                Some((w, m)) => {
                    total = total.saturating_add(w.saturating_mul(scale));
                    pending_mul = Some(*m);
                    continue;
                }
                None => total = total.saturating_add(scale),
            },
            Tok::Open => {
                muls.push(scale.saturating_mul(pending_mul.unwrap_or(1)).min(cap));
                total = total.saturating_add(scale);
            }
            Tok::Close => {
                if muls.len() > 1 {
                    muls.pop();
                }
                total = total.saturating_add(scale);
            }
            _ => total = total.saturating_add(scale),
        }
        pending_mul = None;
        if total > cap {
            return total;
        }
    }
    total
}

/// The first statement whose tokens, once every macro is expanded, number
/// more than `cap` (naga's parser recurses on long expressions, and a macro
/// that doubles at each level expands a few lines into billions of tokens).
pub fn expanded_size(text: &str, cap: u64) -> Option<Problem> {
    let code = strip_comments(text);
    let (defines, rest) = split_directives(&code);
    let weights = macro_weights(&defines, cap.saturating_add(1));
    let toks = tokens(&rest);
    let mut from = 0;
    for (k, (_, t)) in toks.iter().enumerate() {
        if *t == Tok::End || k + 1 == toks.len() {
            let end = if *t == Tok::End { k } else { k + 1 };
            let stmt: Vec<Tok> = toks[from..end].iter().map(|(_, t)| t.clone()).collect();
            if count(&stmt, &weights, &[], cap) > cap {
                let at = toks[from].0;
                let line = code[..at].matches('\n').count() + 1;
                let line_start = code[..at].rfind('\n').map(|p| p + 1).unwrap_or(0);
                return Some(Problem {
                    line,
                    col: code[line_start..at].chars().count() + 1,
                    message: format!(
                        "this statement expands to more than {cap} tokens (macros included): split it up"
                    ),
                });
            }
            from = k + 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_counted_outside_comments() {
        assert_eq!(scan_with("a((b));\n", 2), None);
        let p = scan_with("x;\n  f(((1)));\n", 2).unwrap();
        assert_eq!((p.line, p.col), (2, 6));
        assert_eq!(scan_with("// (((((\n/* {{{{{ */ f((1));\n", 2), None);
        assert_eq!(scan_with("{}{}{}{}{}{}\n", 1), None);
    }

    #[test]
    fn control_characters_are_found_where_they_are() {
        let p = scan("float a;\nfloat b;\u{0}\n").unwrap();
        assert_eq!((p.line, p.col), (2, 9));
        assert!(p.message.contains("NUL"), "{}", p.message);
        let p = scan("// a comment \u{1}\n").unwrap();
        assert_eq!((p.line, p.col), (1, 14));
        assert_eq!(scan("a\tb\r\nc\n"), None);
    }

    #[test]
    fn functions_are_found_outside_comments_only() {
        assert!(has_function("Sdf thismap (vec3 p) {}", "thismap"));
        assert!(!has_function("// Sdf thismap(vec3 p)\n", "thismap"));
        assert!(!has_function("/* thismap( */ float x;", "thismap"));
        assert!(!has_function("float thismap;", "thismap"));
        assert!(!has_function("", "thismap"));
    }
}
