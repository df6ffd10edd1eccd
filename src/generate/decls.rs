//! The `#define`s the generator writes for each node: its types, inputs,
//! material id, parameters (live slots or literals), textures and
//! variable; and the rewriting of field-capable parameter reads.

use super::ParamSlot;
use super::macros::param_macros;
use super::model::NodeCx;
use super::sections::variable_global;
use std::fmt::Write as _;

/// The `#define`s that make a node's types, inputs, material id,
/// parameters and textures reachable from its code, one line each.
/// Also says, line by line, which parameter (its index in the ROP's list)
/// each line defines.
pub(super) fn node_decls(
    cx: &NodeCx,
    ni: usize,
    params: &[ParamSlot],
) -> (Vec<String>, Vec<Option<usize>>) {
    let n = &cx.res.nodes[ni];
    let def = cx.defs[ni];
    let node = &cx.net.nodes[&n.path];
    let nm = &n.name;
    let mut decl = format!(
        "#define {nm}_CoordT {c}\n#define {nm}_ContextT {x}\n#define {nm}_ReturnT {r}\n#define {nm}_COORD_TYPE_{c}\n#define {nm}_CONTEXT_TYPE_{x}\n#define {nm}_RETURN_TYPE_{r}\n",
        c = n.coord,
        x = n.context,
        r = n.ret
    );
    for (i, input) in n.inputs.iter().enumerate() {
        if input.is_some() {
            let _ = writeln!(decl, "#define {nm}_HAS_INPUT_{}", i + 1);
        }
    }
    if let Some(m) = n.material_id {
        let _ = writeln!(decl, "#define {nm}_MAT {m}");
    }
    let mut owners = vec![None; decl.lines().count()];
    for (pi, p) in def.params.iter().enumerate() {
        let value = node
            .value(def, &p.name)
            .cloned()
            .unwrap_or_else(|| p.default.clone());
        let slot = if cx.bake {
            None
        } else {
            params.iter().find(|s| s.param == p.name)
        };
        let mut text = String::new();
        match field_node(cx, ni, &p.name) {
            // Driven, and read as a value: the field at the point the
            // node's function was called with (see `store_points`).
            Some(fi) if def.reads_param_plainly(&p.name) => {
                let body = field_value(cx, fi, p, &stored(nm));
                let _ = writeln!(text, "#define {nm}_{} ({body})", p.name);
                // Each component in full: code may name only a component,
                // and macros no code names are left out.
                for (k, suffix) in p.style.component_suffixes().iter().enumerate() {
                    let _ = writeln!(
                        text,
                        "#define {nm}_{}{suffix} (({body}).{})",
                        p.name,
                        &"xyzw"[k..k + 1]
                    );
                }
            }
            _ => param_macros(&mut text, nm, p, &value, slot),
        }
        field_macro(&mut text, cx, ni, p);
        if let Some((_, macros)) = cx.data_macros[ni].iter().find(|(i, _)| *i == pi) {
            text.push_str(macros);
        }
        owners.extend(std::iter::repeat_n(Some(pi), text.lines().count()));
        decl.push_str(&text);
    }
    for (name, value) in &cx.texture_macros[ni] {
        let _ = writeln!(decl, "#define {name} {value}");
    }
    if let Some((_, var, _)) = node.variable(def) {
        let _ = writeln!(decl, "#define {nm}_VAR {}", variable_global(var));
    }
    if let Some(slot) = n.attribute_slot {
        let _ = writeln!(decl, "#define {nm}_ATTR {}", crate::attributes::field(slot));
    }
    if stores_point(cx.res, cx.defs, ni) {
        // The point and context the node's function was last called with:
        // globals of this node alone, written on entry (GLSL has no
        // recursion, so no call of another node overwrites them).
        let (p, ctx) = stored_globals(nm);
        let _ = writeln!(decl, "{} {p};\n{} {ctx};", n.coord, n.context);
    }
    let lines: Vec<String> = decl.lines().map(str::to_string).collect();
    owners.resize(lines.len(), None);
    (lines, owners)
}

/// `<node>_<Param>_at(P, CTX)` for a field-capable parameter with a field
/// on its input: the field node evaluated at P (converted to the parameter's
/// type). Appended to `text`, which already holds the parameter's own
/// macros. Without a field nothing is defined: [`unfield`] has rewritten the
/// reads to the parameter itself.
pub(super) fn field_macro(text: &mut String, cx: &NodeCx, ni: usize, p: &crate::library::ParamDef) {
    let Some(fi) = field_node(cx, ni, &p.name) else {
        return;
    };
    let body = field_value(cx, fi, p, "P, CTX");
    let _ = writeln!(
        text,
        "#define {}_{}_at(P, CTX) ({body})",
        cx.res.nodes[ni].name, p.name
    );
}

/// Field node `fi` called with `args`, as a value of parameter `p`'s type:
/// a float field fills every component, a vec4 gives its first ones.
fn field_value(cx: &NodeCx, fi: usize, p: &crate::library::ParamDef, args: &str) -> String {
    let f = &cx.res.nodes[fi];
    let call = format!("{}({args})", f.name);
    let k = p.style.components();
    match (k, f.ret) {
        (1, _) | (4, crate::types::ReturnType::Vec4) => call,
        (_, crate::types::ReturnType::Vec4) => format!("({call}).{}", &"xyzw"[..k]),
        _ => format!("vec{k}({call})"),
    }
}

/// The globals that hold node `nm`'s point and context.
pub(super) fn stored_globals(nm: &str) -> (String, String) {
    (format!("{nm}_rkFieldP"), format!("{nm}_rkFieldCtx"))
}

/// The stored point and context as call arguments.
fn stored(nm: &str) -> String {
    let (p, ctx) = stored_globals(nm);
    format!("{p}, {ctx}")
}

/// Whether node `ni` keeps the point it was called at: a field drives one
/// of its parameters that its code reads as a value (`THIS_<Name>`).
pub(crate) fn stores_point(
    res: &crate::resolve::Resolution,
    defs: &[&crate::library::RopDef],
    ni: usize,
) -> bool {
    let def = defs[ni];
    def.inputs.iter().enumerate().any(|(k, i)| {
        i.drives.as_deref().is_some_and(|p| {
            res.nodes[ni].inputs.get(k).copied().flatten().is_some() && def.reads_param_plainly(p)
        })
    })
}

/// Whether a field drives any parameter of node `ni`.
pub(crate) fn driven(
    res: &crate::resolve::Resolution,
    defs: &[&crate::library::RopDef],
    ni: usize,
) -> bool {
    defs[ni].inputs.iter().enumerate().any(|(k, i)| {
        i.drives.is_some() && res.nodes[ni].inputs.get(k).copied().flatten().is_some()
    })
}

/// `lines` (a node's folded function or material block) with the stores
/// of its point added: after the `{` of each definition of the node's
/// function `name` (its first two parameters: point and context), or, for
/// a material block (a statement run where `p` is the hit point), before
/// its first line. No line is added, so every line keeps its place in the
/// ROP's file.
pub(super) fn store_points(
    lines: &mut Vec<(u32, String)>,
    name: &str,
    material: Option<(crate::types::CoordType, crate::types::ContextType)>,
) {
    let (gp, gctx) = stored_globals(name);
    if let Some((coord, context)) = material {
        if coord != crate::types::CoordType::Vec3 {
            return;
        }
        let line = lines.first().map(|(l, _)| *l).unwrap_or(1);
        let ctx = if context == crate::types::ContextType::Context {
            format!(" {gctx} = ropkitContextAt(p);")
        } else {
            String::new()
        };
        lines.insert(0, (line, format!("  {gp} = p;{ctx}")));
        return;
    }
    let text: String = lines
        .iter()
        .map(|(_, l)| l.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let code = crate::glsl::strip_comments(&text);
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut inserts: Vec<(usize, String)> = Vec::new();
    let mut from = 0;
    while let Some(k) = code[from..].find(name) {
        let at = from + k;
        from = at + name.len();
        if (at > 0 && ident(b[at - 1])) || b.get(from).copied().is_some_and(ident) {
            continue;
        }
        let rest = &code[from..];
        let open = from + (rest.len() - rest.trim_start().len());
        if b.get(open) != Some(&b'(') {
            continue;
        }
        // The matching parenthesis, then the body's brace.
        let mut depth = 0usize;
        let Some(close) = (open..b.len()).find(|&i| {
            match b[i] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
            depth == 0
        }) else {
            continue;
        };
        let after = &code[close + 1..];
        let brace = close + 1 + (after.len() - after.trim_start().len());
        if b.get(brace) != Some(&b'{') {
            continue;
        }
        let params: Vec<&str> = code[open + 1..close]
            .split(',')
            .filter_map(|param| {
                param
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .rfind(|w| !w.is_empty())
            })
            .collect();
        if let [point, ctx, ..] = params.as_slice() {
            inserts.push((brace + 1, format!(" {gp} = {point}; {gctx} = {ctx};")));
        }
    }
    if inserts.is_empty() {
        return;
    }
    let mut text = text;
    for (at, store) in inserts.into_iter().rev() {
        text.insert_str(at, &store);
    }
    for ((_, line), new) in lines.iter_mut().zip(text.split('\n')) {
        *line = new.to_string();
    }
}

/// The node on the input that drives field-capable parameter `param` of
/// node `ni`, if one is connected.
pub(super) fn field_node(cx: &NodeCx, ni: usize, param: &str) -> Option<usize> {
    let k = cx.defs[ni]
        .inputs
        .iter()
        .position(|i| i.drives.as_deref() == Some(param))?;
    cx.res.nodes[ni].inputs.get(k).copied().flatten()
}

/// `text` with every call `NAME_at(…)` of a name in `names` replaced by
/// `NAME` (arguments dropped, parentheses balanced). A call left open is
/// left as written, for the compiler to report at its line.
pub(super) fn unfield(text: String, names: &[String]) -> String {
    let mut text = text;
    for name in names {
        let call = format!("{name}_at(");
        if !text.contains(&call) {
            continue;
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find(&call) {
            let boundary = rest[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
            let args = &rest[at + call.len()..];
            let mut depth = 1usize;
            let close = args.char_indices().find_map(|(i, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                (depth == 0).then_some(i)
            });
            match (boundary, close) {
                (true, Some(i)) => {
                    out.push_str(&rest[..at]);
                    out.push_str(name);
                    // Arguments over several lines: keep the line breaks, so
                    // the lines after still map to their place in the file.
                    out.extend(args[..i].chars().filter(|c| *c == '\n'));
                    rest = &args[i + 1..];
                }
                _ => {
                    out.push_str(&rest[..at + call.len()]);
                    rest = args;
                }
            }
        }
        out.push_str(rest);
        text = out;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::unfield;

    #[test]
    fn unfield_drops_the_arguments_of_unconnected_field_reads_only() {
        let names = vec!["n_Radius".to_string()];
        let un = |t: &str| unfield(t.to_string(), &names);
        assert_eq!(un("d - n_Radius_at(p, ctx);"), "d - n_Radius;");
        // Nested parentheses in the arguments.
        assert_eq!(un("f(n_Radius_at(max(p, q), ctx)) * 2"), "f(n_Radius) * 2");
        // Another name that merely ends the same way is left alone.
        assert_eq!(un("xn_Radius_at(p, ctx)"), "xn_Radius_at(p, ctx)");
        // Arguments over two lines keep the line break.
        assert_eq!(un("a = n_Radius_at(p,\n ctx);\nb"), "a = n_Radius\n;\nb");
        // A call left open stays as written, for the compiler to report.
        assert_eq!(un("n_Radius_at(p, ctx"), "n_Radius_at(p, ctx");
        // Two reads on one line.
        assert_eq!(
            un("n_Radius_at(p, c) + n_Radius_at(q, c)"),
            "n_Radius + n_Radius"
        );
    }
}
