//! What the shader's macros mean to the shape pass: which names they
//! read (a spliced body must not depend on a macro that reads its local
//! variables by name), which are defined again or undefined by a later
//! node (a body moved later would see them changed), and the bodies of
//! the object-like ones (for the affine fold).

use crate::generate::model::NodeText;
pub use crate::glsl::defines::{Directive, TextScan, directives, identifiers};
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

#[cfg(test)]
mod tests {
    use super::*;

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
