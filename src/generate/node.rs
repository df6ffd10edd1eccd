//! Each node's text, made once per build: its generated `#define`s, its
//! macro-table lines and its code blocks, substituted and with the
//! conditionals whose answer is known folded away (see [`super::fold`]).
//! Every later step (the shape pass, the sections) reads these.

use super::decls::{field_node, node_decls, unfield};
use super::macros::eval_macro_rows;
use super::model::{GenerateError, Lines, NodeCx, NodeText};
use crate::expr::{Env, Value};
use crate::library::{BlockKind, CodeBlock, RopDef};
use crate::resolve::{Resolution, ResolvedNode};
use crate::substitute::{Names, substitute};

/// The values a macro-table expression of one node may look at.
pub(super) struct NodeEnv<'a> {
    pub def: &'a RopDef,
    pub node: &'a crate::network::Node,
    pub rnode: &'a ResolvedNode,
    /// The whole resolution, for `inputSize`.
    pub res: &'a Resolution,
}

impl Env for NodeEnv<'_> {
    fn param(&self, name: &str) -> Option<Value> {
        self.def.param(name)?;
        Some(self.node.value(self.def, name)?.expr_value())
    }
    fn has_input(&self, index: i64) -> bool {
        index >= 1
            && self
                .rnode
                .inputs
                .get(index as usize - 1)
                .is_some_and(|i| i.is_some())
    }
    fn input_size(&self, index: i64) -> i64 {
        let Some(Some(first)) = index
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.rnode.inputs.get(i))
        else {
            return 0;
        };
        // Inputs come before the nodes that call them, so a walk down from
        // `first` marks each upstream node once.
        let mut seen = vec![false; self.res.nodes.len()];
        let mut stack = vec![*first];
        let mut count = 0;
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            count += 1;
            stack.extend(self.res.nodes[i].inputs.iter().flatten().copied());
        }
        count
    }
    fn coord_type(&self) -> &str {
        self.rnode.coord.as_str()
    }
    fn context_type(&self) -> &str {
        self.rnode.context.as_str()
    }
    fn return_type(&self) -> &str {
        self.rnode.ret.as_str()
    }
}

/// Every node's declarations, substituted code and macro-table lines, with
/// the conditionals whose answer the generator knows folded away.
/// `settled` holds the macros defined before the nodes (the target's
/// header and the global macro rows).
pub(super) fn node_texts(
    cx: &NodeCx,
    layout: &super::layout::Layout,
    settled: &str,
    lib: &crate::library::Library,
) -> Result<(Vec<NodeText>, std::collections::HashSet<String>), GenerateError> {
    use super::fold;
    use std::collections::HashSet;
    let mut raw = Vec::with_capacity(cx.res.nodes.len());
    for (ni, n) in cx.res.nodes.iter().enumerate() {
        let def = cx.defs[ni];
        let names = cx.names(ni);
        let env = NodeEnv {
            def,
            node: &cx.net.nodes[&n.path],
            rnode: n,
            res: cx.res,
        };
        let (decls, decl_params) =
            node_decls(cx, ni, &layout.params[layout.node_params[ni].clone()]);
        // Field-capable parameters with nothing on their input read their own
        // value: `<node>_<Param>_at(p, ctx)` becomes `<node>_<Param>`, so the
        // code is exactly what it was before the parameter could be driven.
        let own_values: Vec<String> = def
            .params
            .iter()
            .filter(|p| {
                def.driving_slot(&p.name).is_some() && field_node(cx, ni, &p.name).is_none()
            })
            .map(|p| format!("{}_{}", n.name, p.name))
            .collect();
        let macros = eval_macro_rows(
            &def.macros,
            &env,
            &names,
            def,
            &n.path,
            crate::limits::SHADER_BYTES,
        )?;
        let blocks: Vec<(&CodeBlock, String)> = def
            .blocks
            .iter()
            .map(|b| (b, unfield(substitute(&b.text, &names), &own_values)))
            .collect();
        raw.push((decls, decl_params, macros, blocks));
    }
    // What is settled: every generated macro; what is not: anything code defines.
    let mut defined = HashSet::new();
    fold::defined_in(settled, &mut defined);
    let mut code_defined = HashSet::new();
    // Every word of the output node's own prefix that the code names before
    // folding (see `emit_node`).
    let out_prefix = format!("{}_", cx.res.output().name);
    let mut named = HashSet::new();
    for (decls, _, macros, blocks) in &raw {
        for line in decls.iter().chain(macros.iter().map(|(m, _)| m)) {
            fold::defined_in(line, &mut defined);
        }
        for (m, _) in macros {
            add_words_with_prefix(m, &out_prefix, &mut named);
        }
        for (_, text) in blocks {
            fold::defined_in(text, &mut code_defined);
            add_words_with_prefix(text, &out_prefix, &mut named);
        }
    }
    for file in lib.shaders.values() {
        fold::defined_in(&file.text, &mut code_defined);
    }
    let mut prefixes: HashSet<String> = cx
        .res
        .nodes
        .iter()
        .map(|n| format!("{}_", n.name))
        .collect();
    prefixes.insert("ROPKIT_".into());
    let facts = fold::Facts {
        defined: &defined,
        code_defined: &code_defined,
        generated_prefixes: &prefixes,
    };
    let texts = raw
        .into_iter()
        .enumerate()
        .map(|(ni, (decls, decl_params, macros, blocks))| {
            let n = &cx.res.nodes[ni];
            let stores = super::decls::stores_point(cx.res, cx.defs, ni);
            NodeText {
                decls,
                decl_params,
                macros,
                blocks: blocks
                    .iter()
                    .map(|(block, text)| {
                        // Numbered as lines of the block; its line map
                        // gives their files (a custom node's code sits
                        // inside a network file, a template in shaders/).
                        let mut lines: Lines = fold::fold(text, &facts)
                            .into_iter()
                            .map(|(n, l)| (n, l.into_owned()))
                            .collect();
                        match block.kind {
                            BlockKind::Function if stores => {
                                super::decls::store_points(&mut lines, &n.name, None)
                            }
                            BlockKind::Material if stores => super::decls::store_points(
                                &mut lines,
                                &n.name,
                                Some((n.coord, n.context)),
                            ),
                            _ => {}
                        }
                        (block.kind, lines, block.line_map())
                    })
                    .collect(),
            }
        })
        .collect();
    Ok((texts, named))
}

/// Adds every identifier of `text` to `words`.
pub(super) fn add_words(text: &str, words: &mut std::collections::HashSet<String>) {
    add_words_with_prefix(text, "", words);
}

/// Adds every identifier of `text` that starts with `prefix` to `words`.
pub(super) fn add_words_with_prefix(
    text: &str,
    prefix: &str,
    words: &mut std::collections::HashSet<String>,
) {
    for w in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && w.starts_with(prefix)
            && !words.contains(w)
        {
            words.insert(w.to_string());
        }
    }
}

impl NodeCx<'_> {
    fn names(&self, ni: usize) -> Names<'_> {
        Names {
            name: &self.res.nodes[ni].name,
            inputs: &self.input_names[ni],
        }
    }
}
