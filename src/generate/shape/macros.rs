//! What the shader's macros mean to the shape pass: which names they
//! read (a spliced body must not depend on a macro that reads its local
//! variables by name), which are defined again or undefined by a later
//! node (a body moved later would see them changed), and the bodies of
//! the object-like ones (for the affine fold).

use crate::generate::model::NodeText;
use std::collections::{HashMap, HashSet};

/// The macros of a whole shader.
#[derive(Default)]
pub struct Macros {
    /// Name → every identifier of its bodies (a function-like macro's own
    /// parameters left out).
    words: HashMap<String, Vec<String>>,
    /// Name → body, for object-like macros defined exactly once.
    bodies: HashMap<String, Option<String>>,
    /// Names that node sections (macro rows and code) define or undefine,
    /// with the nodes that do (and whether they undefine it).
    by_nodes: HashMap<String, Vec<(usize, bool)>>,
}

impl Macros {
    /// Reads every `#define` and `#undef` of the nodes' macro rows and
    /// code blocks and of `others` (the header, global rows, library).
    pub fn collect(texts: &[NodeText], others: &[&TextScan]) -> Macros {
        let mut m = Macros::default();
        for scan in others {
            for d in &scan.directives {
                m.add(d, None);
            }
        }
        for (ni, t) in texts.iter().enumerate() {
            for d in directives(t.macros.iter().map(|(l, _)| l.as_str())) {
                m.add(&d, Some(ni));
            }
            for (_, lines, _) in &t.blocks {
                for d in directives(lines.iter().map(|(_, l)| l.as_str())) {
                    m.add(&d, Some(ni));
                }
            }
        }
        m
    }

    fn add(&mut self, d: &Directive, node: Option<usize>) {
        if let Some(ni) = node {
            self.by_nodes
                .entry(d.name.clone())
                .or_default()
                .push((ni, d.body.is_none()));
        }
        let Some(body) = &d.body else {
            // An `#undef`: the name no longer has one meaning.
            self.bodies.insert(d.name.clone(), None);
            return;
        };
        let mut words: Vec<String> = Vec::new();
        for w in identifiers(body) {
            if !d.params.iter().any(|p| p == w) {
                words.push(w.to_string());
            }
        }
        self.words.entry(d.name.clone()).or_default().extend(words);
        let one = d.params.is_empty() && !d.function_like;
        self.bodies
            .entry(d.name.clone())
            .and_modify(|b| {
                if b.as_deref() != Some(body.as_str()) {
                    *b = None;
                }
            })
            .or_insert_with(|| one.then(|| body.clone()));
    }

    /// Every identifier any macro body reads: a local of one of these names
    /// could be read in place of the global by a macro used after it.
    pub fn read_words(&self) -> HashSet<String> {
        self.words.values().flatten().cloned().collect()
    }

    /// The body of object-like macro `name`, where it has one meaning.
    pub fn body(&self, name: &str) -> Option<String> {
        self.bodies.get(name).cloned().flatten()
    }

    /// Whether a body that uses `words` (and declares `locals`), moved from
    /// node `from` to where node `to` is emitted, means what it meant: no
    /// macro it uses reads one of its locals by name (directly or through
    /// other macros), no node after `from` up to `to` defines or undefines
    /// a name it uses, and `from` undefines none.
    pub fn hygienic(
        &self,
        words: &HashSet<String>,
        locals: &dyn Fn(&str) -> bool,
        from: usize,
        to: usize,
    ) -> bool {
        let mut seen: HashSet<&str> = HashSet::new();
        let mut todo: Vec<&str> = words.iter().map(String::as_str).collect();
        while let Some(w) = todo.pop() {
            if let Some(nodes) = self.by_nodes.get(w)
                && nodes
                    .iter()
                    .any(|&(n, undef)| (n > from && n <= to) || (n == from && undef))
            {
                return false;
            }
            let Some(inner) = self.words.get(w) else {
                continue;
            };
            if !seen.insert(w) {
                continue;
            }
            if seen.len() > 4096 {
                return false;
            }
            for i in inner {
                if locals(i) {
                    return false;
                }
                todo.push(i);
            }
        }
        true
    }
}

/// What the shape pass reads of a text that is not a node's: its
/// identifiers (each with how many times it occurs) and its directives.
/// The library's files are scanned once, when first needed
/// ([`crate::library::ShaderFile::scan`]), not at every build.
#[derive(Debug, Default)]
pub struct TextScan {
    pub(super) words: Vec<(String, u32)>,
    directives: Vec<Directive>,
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
struct Directive {
    name: String,
    function_like: bool,
    params: Vec<String>,
    /// `None` for `#undef`.
    body: Option<String>,
}

/// The directives of some lines (continuation lines joined).
fn directives<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<Directive> {
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
    use crate::library::BlockKind;
    use std::path::PathBuf;

    /// A node whose macro rows are `rows` and whose code is `code`.
    fn node(rows: &[&str], code: &[&str]) -> NodeText {
        NodeText {
            decls: Vec::new(),
            decl_params: Vec::new(),
            macros: rows.iter().map(|r| (r.to_string(), 1)).collect(),
            blocks: vec![(
                BlockKind::Function,
                code.iter()
                    .enumerate()
                    .map(|(i, l)| (i as u32 + 1, l.to_string()))
                    .collect(),
                crate::library::LineMap {
                    path: PathBuf::from("function.glsl"),
                    ..Default::default()
                },
            )],
        }
    }

    fn words(w: &[&str]) -> HashSet<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_macro_that_reads_a_local_by_name_keeps_the_body_in_place() {
        // `SCALED` reads `k`: spliced and renamed `n0_k`, the body's `k`
        // would no longer be what the macro reads.
        let m = Macros::collect(
            &[],
            &[&TextScan::of(
                "#define SCALED (k * 2.0)\n#define TWICE(v) (v + v)",
            )],
        );
        let locals = |w: &str| w == "k";
        assert!(!m.hygienic(&words(&["SCALED", "k"]), &locals, 0, 1));
        // Through another macro too.
        let m = Macros::collect(
            &[],
            &[&TextScan::of(
                "#define INNER k\n#define OUTER (INNER + 1.0)",
            )],
        );
        assert!(!m.hygienic(&words(&["OUTER"]), &locals, 0, 1));
        // A function-like macro's own parameter is not a read of a local.
        let m = Macros::collect(&[], &[&TextScan::of("#define TWICE(k) (k + k)")]);
        assert!(m.hygienic(&words(&["TWICE", "k"]), &locals, 0, 1));
        // Reading only globals is fine.
        let m = Macros::collect(&[], &[&TextScan::of("#define SCALED (ropkitTime * 2.0)")]);
        assert!(m.hygienic(&words(&["SCALED", "k"]), &locals, 0, 1));
    }

    #[test]
    fn a_macro_redefined_between_the_node_and_its_caller_keeps_the_body_in_place() {
        let texts = [
            node(&["#define AMOUNT 1.0"], &["float f() { return AMOUNT; }"]),
            node(&[], &["float g() { return 0.0; }"]),
            node(&["#define AMOUNT 2.0"], &["float h() { return 0.0; }"]),
            node(&[], &["#undef GONE", "float u() { return 0.0; }"]),
        ];
        let m = Macros::collect(&texts, &[&TextScan::of("#define GONE 3.0")]);
        let none = |_: &str| false;
        let uses = words(&["AMOUNT"]);
        // Node 0's body moved to node 1 sees the same AMOUNT...
        assert!(m.hygienic(&uses, &none, 0, 1));
        // ...but moved past node 2, which defines it again, it would not.
        assert!(!m.hygienic(&uses, &none, 0, 2));
        assert!(!m.hygienic(&uses, &none, 0, 3));
        // A node that undefines a name it uses keeps its body in place.
        assert!(!m.hygienic(&words(&["GONE"]), &none, 3, 3));
        assert!(m.hygienic(&words(&["GONE"]), &none, 1, 2));
    }
}
