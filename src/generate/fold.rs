//! Folding preprocessor conditionals whose answer ropkit already knows.
//!
//! ROP code branches on the macros the generator defines for it
//! (`#ifdef THIS_HAS_INPUT_2`, `#if defined(THIS_Mode_smoothUnion)`). Those
//! answers are settled before any compiler sees the shader, so the branches
//! not taken are dropped here and the directives around the taken one go,
//! the way a pipeline language resolves its options before the driver does.
//! A `combine` node of 62 lines becomes a dozen. Conditions that involve
//! anything else (a macro some code defines itself, `ROPKIT_DATA` in a
//! shader that does not settle it, an arithmetic `#if`) are kept as they are.
//! Lines keep their numbers in the ROP's file, so the source map still
//! points every line home.

use std::borrow::Cow;
use std::collections::HashSet;

/// What is known about one macro name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    Defined,
    Undefined,
    Unknown,
}

/// What the generator knows about macro names.
pub struct Facts<'a> {
    /// Every macro the generator defines (for every node, the global macro
    /// rows and the target's own).
    pub defined: &'a HashSet<String>,
    /// Names some code defines or undefines itself: never settled here.
    pub code_defined: &'a HashSet<String>,
    /// Prefixes of names only the generator would define (`<node>_`, `ROPKIT_`):
    /// such a name it did not define is undefined. Each ends with `_`.
    pub generated_prefixes: &'a HashSet<String>,
}

impl Facts<'_> {
    pub fn known(&self, name: &str) -> Known {
        if self.code_defined.contains(name) {
            Known::Unknown
        } else if self.defined.contains(name) {
            Known::Defined
        } else if name
            .match_indices('_')
            .any(|(i, _)| self.generated_prefixes.contains(&name[..=i]))
        {
            Known::Undefined
        } else {
            Known::Unknown
        }
    }
}

/// Names `#define`d or `#undef`d in GLSL text.
pub fn defined_in(text: &str, out: &mut HashSet<String>) {
    for line in text.lines() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix('#') else {
            continue;
        };
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("define")
            .or_else(|| rest.strip_prefix("undef"));
        if let Some(rest) = rest {
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
}

enum Frame {
    /// Inside a branch that is dropped: everything below is dropped too.
    Dropped,
    /// The directive was kept: every branch stays, as written.
    Kept,
    /// Settled so far. `opened`: an unsettled `#elif` turned into an `#if`
    /// from there on, so the rest is kept and the `#endif` must stay.
    Folded {
        active: bool,
        taken: bool,
        opened: bool,
    },
}

/// The lines of `text` that remain, with their 1-based line numbers.
pub fn fold<'t>(text: &'t str, facts: &Facts) -> Vec<(u32, Cow<'t, str>)> {
    let mut out = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let emitting = |stack: &[Frame]| {
        stack.iter().all(|f| match f {
            Frame::Dropped => false,
            Frame::Kept => true,
            Frame::Folded { active, opened, .. } => *active || *opened,
        })
    };
    for (i, line) in text.lines().enumerate() {
        let n = i as u32 + 1;
        let Some((word, rest)) = directive(line) else {
            if emitting(&stack) {
                out.push((n, Cow::Borrowed(line)));
            }
            continue;
        };
        match word {
            "if" | "ifdef" | "ifndef" => {
                if !emitting(&stack) {
                    stack.push(Frame::Dropped);
                    continue;
                }
                let value = match word {
                    "ifdef" => defined_value(rest, facts),
                    "ifndef" => defined_value(rest, facts).map(|v| !v),
                    _ => eval(rest, facts),
                };
                match value {
                    Some(v) => stack.push(Frame::Folded {
                        active: v,
                        taken: v,
                        opened: false,
                    }),
                    None => {
                        out.push((n, Cow::Borrowed(line)));
                        stack.push(Frame::Kept);
                    }
                }
            }
            "elif" => match stack.last_mut() {
                Some(Frame::Kept) => out.push((n, Cow::Borrowed(line))),
                Some(Frame::Folded {
                    active,
                    taken,
                    opened,
                }) => {
                    if *opened {
                        if !*taken {
                            out.push((n, Cow::Borrowed(line)));
                        }
                        continue;
                    }
                    if *taken {
                        *active = false;
                        continue;
                    }
                    match eval(rest, facts) {
                        Some(v) => {
                            *active = v;
                            *taken = v;
                        }
                        None => {
                            // From here the chain is unsettled: it becomes an #if.
                            *active = true;
                            *opened = true;
                            out.push((n, Cow::Owned(format!("#if {rest}"))));
                        }
                    }
                }
                _ => {
                    if emitting(&stack) {
                        out.push((n, Cow::Borrowed(line)));
                    }
                }
            },
            "else" => match stack.last_mut() {
                Some(Frame::Kept) => out.push((n, Cow::Borrowed(line))),
                Some(Frame::Folded {
                    active,
                    taken,
                    opened,
                }) => {
                    if *opened {
                        if !*taken {
                            out.push((n, Cow::Borrowed(line)));
                        }
                    } else {
                        *active = !*taken;
                        *taken = true;
                    }
                }
                _ => {
                    if emitting(&stack) {
                        out.push((n, Cow::Borrowed(line)));
                    }
                }
            },
            "endif" => match stack.pop() {
                Some(Frame::Kept) => out.push((n, Cow::Borrowed(line))),
                Some(Frame::Folded { opened: true, .. }) => {
                    out.push((n, Cow::Borrowed(line)));
                }
                Some(_) => {}
                None => out.push((n, Cow::Borrowed(line))),
            },
            _ => {
                if emitting(&stack) {
                    out.push((n, Cow::Borrowed(line)));
                }
            }
        }
    }
    out
}

/// The directive word and its argument text, for a preprocessor line.
fn directive(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start().strip_prefix('#')?.trim_start();
    let word_len = t
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(t.len());
    let (word, rest) = t.split_at(word_len);
    let rest = rest.split("//").next().unwrap_or("").trim();
    Some((word, rest))
}

fn defined_value(name: &str, facts: &Facts) -> Option<bool> {
    match facts.known(name.trim()) {
        Known::Defined => Some(true),
        Known::Undefined => Some(false),
        Known::Unknown => None,
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok<'a> {
    Ident(&'a str),
    Num(i64),
    Not,
    And,
    Or,
    Open,
    Close,
}

fn tokens(text: &str) -> Option<Vec<Tok<'_>>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'(' {
            out.push(Tok::Open);
            i += 1;
        } else if c == b')' {
            out.push(Tok::Close);
            i += 1;
        } else if c == b'!' && b.get(i + 1) != Some(&b'=') {
            out.push(Tok::Not);
            i += 1;
        } else if text[i..].starts_with("&&") {
            out.push(Tok::And);
            i += 2;
        } else if text[i..].starts_with("||") {
            out.push(Tok::Or);
            i += 2;
        } else if c.is_ascii_digit() {
            let j = text[i..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(b.len(), |k| i + k);
            out.push(Tok::Num(text[i..j].parse().ok()?));
            i = j;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let j = text[i..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(b.len(), |k| i + k);
            out.push(Tok::Ident(&text[i..j]));
            i = j;
        } else {
            // Comparisons, arithmetic: not settled here.
            return None;
        }
    }
    Some(out)
}

/// Evaluates an `#if` condition made of `defined`, `!`, `&&`, `||`,
/// parentheses and integers; `None` when the answer is not known here.
fn eval(text: &str, facts: &Facts) -> Option<bool> {
    let toks = tokens(text)?;
    let mut p = Parser {
        toks: &toks,
        pos: 0,
        facts,
        depth: 0,
    };
    let v = p.or()?;
    if p.pos != toks.len() {
        return None;
    }
    v
}

struct Parser<'a, 'b> {
    toks: &'a [Tok<'b>],
    pos: usize,
    facts: &'a Facts<'a>,
    /// Brackets open around the current position: deeper than
    /// [`MAX_BRACKETS`] the condition is left unsettled (and the driver
    /// reads it), so no line can exhaust the stack here.
    depth: usize,
}

/// Deepest brackets of an `#if` condition settled here.
const MAX_BRACKETS: usize = 64;

/// Three-valued: Some(Some(b)) a known value, Some(None) an unknown one,
/// None a syntax this evaluator does not read.
impl Parser<'_, '_> {
    fn peek(&self) -> Option<&Tok<'_>> {
        self.toks.get(self.pos)
    }
    fn or(&mut self) -> Option<Option<bool>> {
        let mut v = self.and()?;
        while self.peek() == Some(&Tok::Or) {
            self.pos += 1;
            let r = self.and()?;
            v = match (v, r) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            };
        }
        Some(v)
    }
    fn and(&mut self) -> Option<Option<bool>> {
        let mut v = self.unary()?;
        while self.peek() == Some(&Tok::And) {
            self.pos += 1;
            let r = self.unary()?;
            v = match (v, r) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            };
        }
        Some(v)
    }
    fn unary(&mut self) -> Option<Option<bool>> {
        // `!!!…x` counted, not recursed into.
        let mut negate = false;
        while self.peek() == Some(&Tok::Not) {
            self.pos += 1;
            negate = !negate;
        }
        Some(self.primary()?.map(|v| v != negate))
    }
    fn primary(&mut self) -> Option<Option<bool>> {
        match self.toks.get(self.pos)?.clone() {
            Tok::Open => {
                self.pos += 1;
                self.depth += 1;
                if self.depth > MAX_BRACKETS {
                    return None;
                }
                let v = self.or()?;
                self.depth -= 1;
                if self.peek() != Some(&Tok::Close) {
                    return None;
                }
                self.pos += 1;
                Some(v)
            }
            Tok::Num(n) => {
                self.pos += 1;
                Some(Some(n != 0))
            }
            Tok::Ident("defined") => {
                self.pos += 1;
                let paren = self.peek() == Some(&Tok::Open);
                if paren {
                    self.pos += 1;
                }
                let Some(Tok::Ident(name)) = self.toks.get(self.pos).cloned() else {
                    return None;
                };
                self.pos += 1;
                if paren {
                    if self.peek() != Some(&Tok::Close) {
                        return None;
                    }
                    self.pos += 1;
                }
                Some(defined_value(name, self.facts))
            }
            // A macro's value: not settled here.
            Tok::Ident(_) => None,
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, defined: &[&str], code: &[&str]) -> String {
        let defined: HashSet<String> = defined.iter().map(|s| s.to_string()).collect();
        let code: HashSet<String> = code.iter().map(|s| s.to_string()).collect();
        let prefixes: HashSet<String> = ["n1_".to_string(), "ROPKIT_".to_string()].into();
        let facts = Facts {
            defined: &defined,
            code_defined: &code,
            generated_prefixes: &prefixes,
        };
        fold(text, &facts)
            .iter()
            .map(|(n, l)| format!("{n}:{l}\n"))
            .collect()
    }

    #[test]
    fn conditions_of_any_length_fold_without_recursing_on_them() {
        // A hundred thousand `!` are counted; brackets past the limit are
        // left for the compiler (whose own limit reports them).
        let nots = format!("#if {}defined(n1_A)\nx\n#endif\n", "!".repeat(100_000));
        assert_eq!(run(&nots, &["n1_A"], &[]), "2:x\n");
        let deep = format!(
            "#if {}defined(n1_A){}\nx\n#endif\n",
            "(".repeat(MAX_BRACKETS + 1),
            ")".repeat(MAX_BRACKETS + 1)
        );
        assert!(run(&deep, &["n1_A"], &[]).starts_with("1:#if"));
        let shallow = format!(
            "#if {}defined(n1_A){}\nx\n#endif\n",
            "(".repeat(MAX_BRACKETS),
            ")".repeat(MAX_BRACKETS)
        );
        assert_eq!(run(&shallow, &["n1_A"], &[]), "2:x\n");
    }

    #[test]
    fn known_branches_fold_and_lines_keep_their_numbers() {
        let text = "a\n#ifdef n1_HAS_INPUT_2\nb\n#else\nc\n#endif\nd\n";
        assert_eq!(run(text, &["n1_HAS_INPUT_2"], &[]), "1:a\n3:b\n7:d\n");
        assert_eq!(run(text, &[], &[]), "1:a\n5:c\n7:d\n");
    }

    #[test]
    fn elif_chains_settle_to_one_branch() {
        let text = "#if defined(n1_Mode_a)\nA\n#elif defined(n1_Mode_b) || defined(n1_Mode_c)\nB\n#elif defined(n1_Mode_d)\nD\n#else\nE\n#endif\n";
        assert_eq!(run(text, &["n1_Mode_c"], &[]), "4:B\n");
        assert_eq!(run(text, &["n1_Mode_x"], &[]), "8:E\n");
        assert_eq!(run(text, &["n1_Mode_a"], &[]), "2:A\n");
    }

    #[test]
    fn unknown_conditions_are_kept_and_nested_known_ones_still_fold() {
        // ROPKIT_DATA is settled (undefined); FOO is nobody's: kept whole.
        let text = "#ifdef FOO\n#ifdef n1_X\nx\n#else\ny\n#endif\n#endif\n";
        assert_eq!(run(text, &[], &[]), "1:#ifdef FOO\n5:y\n7:#endif\n");
        // A name some code defines is never settled, even with the prefix.
        let text = "#ifdef n1_LOCAL\nx\n#endif\n";
        assert_eq!(
            run(text, &[], &["n1_LOCAL"]),
            "1:#ifdef n1_LOCAL\n2:x\n3:#endif\n"
        );
        // Arithmetic stays for the compiler.
        let text = "#if n1_AA > 1\nx\n#endif\n";
        assert_eq!(
            run(text, &["n1_AA"], &[]),
            "1:#if n1_AA > 1\n2:x\n3:#endif\n"
        );
    }

    #[test]
    fn an_unsettled_elif_after_a_false_if_becomes_an_if() {
        let text = "#if defined(n1_A)\na\n#elif defined(OTHER)\nb\n#else\nc\n#endif\n";
        assert_eq!(
            run(text, &[], &[]),
            "3:#if defined(OTHER)\n4:b\n5:#else\n6:c\n7:#endif\n"
        );
        // After a true branch the rest goes, whatever it says.
        assert_eq!(run(text, &["n1_A"], &[]), "2:a\n");
    }

    #[test]
    fn short_circuits_settle_what_they_can() {
        let text = "#if defined(n1_A) && defined(OTHER)\nx\n#endif\n";
        assert_eq!(run(text, &[], &[]), "");
        let text = "#if defined(n1_A) || defined(OTHER)\nx\n#endif\n";
        assert_eq!(run(text, &["n1_A"], &[]), "2:x\n");
        let text = "#if !defined(ROPKIT_DATA)\nx\n#endif\n";
        assert_eq!(run(text, &[], &[]), "2:x\n");
    }
}
