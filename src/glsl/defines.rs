//! The `#define`s and `#undef`s of a GLSL text and the identifiers it
//! uses, read without a preprocessor: what the shape pass
//! ([`crate::generate::shape`]) needs to know of text that is not a node's.
//! The library's files are scanned once each
//! ([`crate::library::ShaderFile::scan`]).

use std::collections::HashMap;

/// What the shape pass reads of a text that is not a node's: its
/// identifiers (each with how many times it occurs) and its directives.
/// The library's files are scanned once, when first needed
/// ([`crate::library::ShaderFile::scan`]), not at every build.
#[derive(Debug, Default)]
pub struct TextScan {
    pub words: Vec<(String, u32)>,
    pub directives: Vec<Directive>,
}

impl TextScan {
    pub fn of(text: &str) -> TextScan {
        let mut counts: HashMap<&str, u32> = HashMap::new();
        let mut order: Vec<&str> = Vec::new();
        for w in identifiers(text) {
            let c = counts.entry(w).or_insert(0);
            if *c == 0 {
                order.push(w);
            }
            *c += 1;
        }
        TextScan {
            words: order.iter().map(|w| (w.to_string(), counts[w])).collect(),
            directives: directives(text.lines()),
        }
    }
}

/// One `#define` or `#undef`.
#[derive(Debug)]
pub struct Directive {
    pub name: String,
    pub function_like: bool,
    pub params: Vec<String>,
    /// `None` for `#undef`.
    pub body: Option<String>,
}

/// The directives of some lines (continuation lines joined).
pub fn directives<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<Directive> {
    let mut out = Vec::new();
    let mut pending: Option<String> = None;
    for line in lines {
        let text = match pending.take() {
            Some(mut p) => {
                p.push(' ');
                p.push_str(line);
                p
            }
            None if line.trim_start().starts_with('#') => line.to_string(),
            None => continue,
        };
        if let Some(cut) = text.trim_end().strip_suffix('\\') {
            pending = Some(cut.to_string());
            continue;
        }
        if let Some(d) = directive(&text) {
            out.push(d);
        }
    }
    out
}

fn directive(line: &str) -> Option<Directive> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let (undef, rest) = if let Some(r) = rest.strip_prefix("define") {
        (false, r)
    } else if let Some(r) = rest.strip_prefix("undef") {
        (true, r)
    } else {
        return None;
    };
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim_start();
    let len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let name = rest[..len].to_string();
    if name.is_empty() {
        return None;
    }
    if undef {
        return Some(Directive {
            name,
            function_like: false,
            params: Vec::new(),
            body: None,
        });
    }
    let after = &rest[len..];
    let (function_like, params, body) = match after.strip_prefix('(') {
        Some(p) => {
            let close = p.find(')')?;
            let params = p[..close]
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            (true, params, p[close + 1..].trim().to_string())
        }
        None => (false, Vec::new(), after.trim().to_string()),
    };
    let body = strip_comment(&body);
    Some(Directive {
        name,
        function_like,
        params,
        body: Some(body),
    })
}

fn strip_comment(body: &str) -> String {
    match body.find("//") {
        Some(k) => body[..k].trim().to_string(),
        None => body.to_string(),
    }
}

/// The identifiers of `text`: runs of ASCII letters, digits and `_` that
/// do not start with a digit. (Read byte by byte: every build scans the
/// nodes' text this way, and a scan by `char` predicates costs several
/// times more in unoptimised builds.)
pub fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    std::iter::from_fn(move || {
        loop {
            while i < b.len() && !word(b[i]) {
                i += 1;
            }
            if i == b.len() {
                return None;
            }
            let start = i;
            while i < b.len() && word(b[i]) {
                i += 1;
            }
            // Word bytes are ASCII, so both ends are on character boundaries.
            if !b[start].is_ascii_digit() {
                return Some(&text[start..i]);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte scan finds what splitting at every character that is not
    /// an ASCII letter, digit or `_` finds, in text with other scripts,
    /// digits first and punctuation.
    #[test]
    fn identifiers_match_a_split_by_characters() {
        let reference = |t: &str| -> Vec<String> {
            t.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
                .map(str::to_string)
                .collect()
        };
        let alphabet: Vec<char> = "aZ_09 .(+\n#éсф→".chars().collect();
        let mut state = 0x2545_f491_u64;
        for len in 0..400 {
            let text: String = (0..len % 40)
                .map(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    alphabet[(state >> 33) as usize % alphabet.len()]
                })
                .collect();
            let ours: Vec<String> = identifiers(&text).map(str::to_string).collect();
            assert_eq!(ours, reference(&text), "{text:?}");
        }
        assert_eq!(
            identifiers("x1 2y _z сфw 9v").collect::<Vec<_>>(),
            ["x1", "_z", "w"]
        );
    }
}
