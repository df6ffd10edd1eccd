//! Stage 3: choose each reachable node's coordinate, context and return type,
//! give it a unique and stable GLSL name, and order nodes inputs-first.

use crate::library::{Library, RopDef};
use crate::network::Network;
use crate::types::{ContextType, CoordType, ReturnType};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Display;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message} (node {node})")]
pub struct ResolveError {
    pub node: String,
    pub message: String,
}

/// One reachable node with everything the generator needs to emit it.
#[derive(Debug, Clone)]
pub struct ResolvedNode {
    pub path: String,
    /// The unique GLSL name (`/scene/sphere1` → `scene_sphere1`).
    pub name: String,
    pub rop: String,
    pub coord: CoordType,
    pub context: ContextType,
    pub ret: ReturnType,
    /// Index into [`Resolution::nodes`] of the node on each input slot.
    pub inputs: Vec<Option<usize>>,
    /// Unique material id, for ROPs that have a material block.
    pub material_id: Option<u32>,
    /// The `Sdf` field slot of the attribute the node assigns or reads
    /// (see [`crate::attributes`]).
    pub attribute_slot: Option<usize>,
}

/// Reachable nodes, inputs before the nodes that call them; the output is last.
#[derive(Debug, Clone)]
pub struct Resolution {
    pub nodes: Vec<ResolvedNode>,
    /// The attribute names of the network, in slot order (empty: the
    /// `Sdf` carries no attributes).
    pub attributes: Vec<String>,
}

impl Resolution {
    pub fn output(&self) -> &ResolvedNode {
        self.nodes
            .last()
            .expect("a resolution always holds its output node")
    }
    pub fn index_of(&self, path: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.path == path)
    }
}

pub fn resolve(lib: &Library, net: &Network) -> Result<Resolution, ResolveError> {
    resolve_with(lib, net, true)
}

/// [`resolve`], with or without the checks of a finished network: variables
/// and required inputs (a reference whose provider is not wired yet, or an
/// input still empty, is no reason to refuse a connection).
fn resolve_with(lib: &Library, net: &Network, complete: bool) -> Result<Resolution, ResolveError> {
    let variables = complete;
    check_wiring(net)?;
    let order = net.reachable_order();
    // Networks built without `Network::check` (an embedder's own) meet the
    // custom code budget here, before any code is stitched.
    let mut custom_code = 0u64;
    for p in &order {
        custom_code += net.nodes[p].custom_code_bytes();
        if custom_code > crate::limits::CUSTOM_CODE_BYTES {
            return Err(ResolveError {
                node: p.clone(),
                message: crate::network::NodeProblem::CustomCode { total: custom_code }.to_string(),
            });
        }
    }
    let index: BTreeMap<&str, usize> = order
        .iter()
        .enumerate()
        .map(|(i, p)| (p.as_str(), i))
        .collect();
    let defs: Vec<&RopDef> = order
        .iter()
        .map(|p| {
            let node = &net.nodes[p];
            node.lookup(lib).map_err(|e| ResolveError {
                node: p.clone(),
                message: e.to_string(),
            })
        })
        .collect::<Result<_, _>>()?;
    let out_def = defs[defs.len() - 1];
    if !out_def.is_output() {
        return Err(ResolveError {
            node: net.output.clone(),
            message: format!(
                "ROP {} is not an output ROP (outputs: raymarchRender3D, render2D)",
                out_def.name
            ),
        });
    }

    if complete {
        check_required(net, &order, &defs)?;
    }
    let callers = callers_of(net, &order, &index);

    let chosen = choose_types(net, &order, &defs, &index, &callers)?;

    if variables {
        check_variables(lib, net, &order, &defs, &callers)?;
    }

    let (attribute_slots, attributes) =
        crate::attributes::slots(net, &order, &defs).map_err(|e| ResolveError {
            node: order[e.node].clone(),
            message: e.message,
        })?;
    let names = glsl_names(lib, &order, &defs);
    let material_ids = material_ids(&order, &defs);

    let nodes = order
        .iter()
        .enumerate()
        .map(|(i, path)| {
            let (coord, context, ret) = chosen[i].expect("every node is typed");
            ResolvedNode {
                path: path.clone(),
                name: names[i].clone(),
                rop: defs[i].name.clone(),
                coord,
                context,
                ret,
                inputs: net.nodes[path]
                    .inputs
                    .iter()
                    .map(|s| s.as_ref().map(|s| index[s.as_str()]))
                    .collect(),
                material_id: material_ids.get(&i).copied(),
                attribute_slot: attribute_slots[i],
            }
        })
        .collect();
    Ok(Resolution { nodes, attributes })
}

/// A node's coordinate, context and return type.
type NodeTypes = (CoordType, ContextType, ReturnType);

/// Refuses what the steps of [`resolve_with`] cannot order: networks edited
/// in memory have not been through `Network::check`.
fn check_wiring(net: &Network) -> Result<(), ResolveError> {
    if !net.nodes.contains_key(&net.output) {
        return Err(ResolveError {
            node: net.output.clone(),
            message: "the output node is not in the network".into(),
        });
    }
    for (path, node) in &net.nodes {
        if let Some(missing) = node
            .inputs
            .iter()
            .flatten()
            .find(|s| !net.nodes.contains_key(*s))
        {
            return Err(ResolveError {
                node: path.clone(),
                message: format!("input refers to '{missing}', which is not a node"),
            });
        }
    }
    if let Some(cycle) = net.find_cycle() {
        return Err(ResolveError {
            node: cycle[0].clone(),
            message: format!("cycle: {}", cycle.join(" -> ")),
        });
    }
    Ok(())
}

/// Every required input of a node in use is connected: an empty one would
/// only show up as a GLSL error about a function that is not there.
fn check_required(net: &Network, order: &[String], defs: &[&RopDef]) -> Result<(), ResolveError> {
    for (path, def) in order.iter().zip(defs) {
        let node = &net.nodes[path];
        if let Some(input) = def
            .inputs
            .iter()
            .enumerate()
            .find(|(slot, i)| i.required && node.input(*slot).is_none())
            .map(|(_, i)| i)
        {
            return Err(ResolveError {
                node: path.clone(),
                message: format!("input {} of {path} is not connected", input.label),
            });
        }
    }
    Ok(())
}

/// Who calls each node, through which input slot: `(caller, slot)` per node.
fn callers_of(
    net: &Network,
    order: &[String],
    index: &BTreeMap<&str, usize>,
) -> Vec<Vec<(usize, usize)>> {
    let mut callers: Vec<Vec<(usize, usize)>> = vec![Vec::new(); order.len()];
    for (pi, path) in order.iter().enumerate() {
        for (slot, src) in net.nodes[path].inputs.iter().enumerate() {
            if let Some(src) = src {
                callers[index[src.as_str()]].push((pi, slot));
            }
        }
    }
    callers
}

/// Each node's coordinate, context and return type, chosen from the output
/// down: what every caller's input slot allows, narrowed by the node's own
/// refusals, preferring what its own inputs can follow.
fn choose_types(
    net: &Network,
    order: &[String],
    defs: &[&RopDef],
    index: &BTreeMap<&str, usize>,
    callers: &[Vec<(usize, usize)>],
) -> Result<Vec<Option<NodeTypes>>, ResolveError> {
    let can = feasible_types(net, order, defs, index);
    let mut chosen: Vec<Option<NodeTypes>> = vec![None; order.len()];
    for ni in (0..order.len()).rev() {
        let def = defs[ni];
        let mut coord = def.coord_types.clone();
        let mut context = def.context_types.clone();
        let mut ret = def.return_types.clone();
        for &(pi, slot) in &callers[ni] {
            let (pc, px, pr) = chosen[pi].expect("callers are typed before their inputs");
            let idef = defs[pi].input_def(slot);
            let describe = || {
                let name = idef.map(|i| format!(" ({})", i.name)).unwrap_or_default();
                format!("node {} input {}{name}", order[pi], slot + 1)
            };
            let want_c = idef
                .and_then(|i| i.coord_types.clone())
                .unwrap_or_else(|| vec![pc]);
            narrow(
                &mut coord,
                &want_c,
                "coordinate",
                &describe,
                &order[ni],
                def,
            )?;
            let want_x = idef
                .and_then(|i| i.context_types.clone())
                .unwrap_or_else(|| vec![px]);
            narrow(&mut context, &want_x, "context", &describe, &order[ni], def)?;
            let want_r = idef
                .and_then(|i| i.return_types.clone())
                .unwrap_or_else(|| vec![pr]);
            narrow(&mut ret, &want_r, "return", &describe, &order[ni], def)?;
        }
        crate::refusal::narrow(def, &net.nodes[&order[ni]], &mut coord, &context, &mut ret);
        // Of the types the callers allow, the first that the node's own
        // inputs can follow (a passthrough under render2D, which takes an
        // Sdf or a field, becomes a field when a field feeds it).
        chosen[ni] = Some((
            prefer(&coord, &can[ni].0),
            prefer(&context, &can[ni].1),
            prefer(&ret, &can[ni].2),
        ));
    }
    Ok(chosen)
}

/// A GLSL name for every node, unique and clear of every word of the code
/// the shader is stitched from: the shader library's and that of the ROPs
/// the network uses (custom nodes' code included). ROPs the network does
/// not use play no part, so adding a ROP to the library never renames a
/// node in a network that does not use it.
fn glsl_names(lib: &Library, order: &[String], defs: &[&RopDef]) -> Vec<String> {
    let mut words = lib.shader_words.clone();
    let mut seen = BTreeSet::new();
    for def in defs {
        if seen.insert(std::ptr::from_ref::<RopDef>(def)) {
            for block in &def.blocks {
                crate::library::collect_words(&block.text, &mut words);
            }
        }
    }
    unique_names(order, &words)
}

/// Material ids 1, 2, ... for the material nodes, in the order of their
/// paths (0 is the default material).
fn material_ids(order: &[String], defs: &[&RopDef]) -> BTreeMap<usize, u32> {
    let mut material_ids = BTreeMap::new();
    let mut sorted: Vec<usize> = (0..order.len())
        .filter(|&i| defs[i].is_material())
        .collect();
    sorted.sort_by_key(|&i| &order[i]);
    for (k, i) in sorted.into_iter().enumerate() {
        material_ids.insert(i, k as u32 + 1);
    }
    material_ids
}

/// Variables (`variable:` in `rop.yaml`): every name is an identifier,
/// one name has one type, and every node that reads a variable finds a
/// node providing it, of its type, on each way from it to the output.
fn check_variables(
    lib: &Library,
    net: &Network,
    order: &[String],
    defs: &[&RopDef],
    callers: &[Vec<(usize, usize)>],
) -> Result<(), ResolveError> {
    use crate::library::VariableRole;
    let vars: Vec<_> = order
        .iter()
        .zip(defs)
        .map(|(p, d)| net.nodes[p].variable(d))
        .collect();
    if vars.iter().all(Option::is_none) {
        return Ok(());
    }
    let fail = |i: usize, message: String| {
        Err(ResolveError {
            node: order[i].clone(),
            message,
        })
    };
    let mut provided: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
    for (i, v) in vars.iter().enumerate() {
        let Some((role, name, ty)) = *v else { continue };
        let ident = name.len() <= 64
            && name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !name.contains("__");
        if !ident {
            return fail(
                i,
                format!(
                    "variable name '{}' must be an identifier (a letter, then letters, digits and single underscores; at most 64)",
                    crate::value::echo(name)
                ),
            );
        }
        if role == VariableRole::Provide {
            match provided.get(name) {
                Some(&(t, j)) if t != ty => {
                    return fail(
                        i,
                        format!(
                            "variable '{name}' is provided as {ty} here but as {t} by {}: a name has one type",
                            order[j]
                        ),
                    );
                }
                Some(_) => {}
                None => {
                    provided.insert(name, (ty, i));
                }
            }
        }
    }
    for (r, v) in vars.iter().enumerate() {
        let Some((VariableRole::Read, name, ty)) = *v else {
            continue;
        };
        // Walk from the reader towards the output; a provider of the name
        // ends a way. Reaching the output (no callers) means no provider.
        let mut from: Vec<Option<usize>> = vec![None; order.len()];
        let mut seen = vec![false; order.len()];
        seen[r] = true;
        let mut stack = vec![r];
        while let Some(k) = stack.pop() {
            if callers[k].is_empty() {
                let mut way = vec![order[k].as_str()];
                let mut at = k;
                while let Some(next) = from[at] {
                    way.push(&order[next]);
                    at = next;
                }
                way.reverse();
                // The ROPs that provide this name as they come (instance
                // for `instance`, say), before the general provideVariable.
                let mut providers: Vec<&str> = lib
                    .rops
                    .values()
                    .filter(|d| {
                        d.variable.as_ref().is_some_and(|v| {
                            v.role == VariableRole::Provide
                                && d.param(&v.name_param).and_then(|p| p.default.as_text())
                                    == Some(name)
                        })
                    })
                    .map(|d| d.name.as_str())
                    .collect();
                providers.sort();
                let wire = match providers.as_slice() {
                    [] => format!("a node that provides '{name}' (provideVariable)"),
                    some => format!(
                        "{} (which provide '{name}'), or provideVariable,",
                        some.join(" or ")
                    ),
                };
                return fail(
                    r,
                    format!(
                        "reads variable '{name}', but no node provides it on the way to the output ({}): wire {wire} between them",
                        way.join(" -> ")
                    ),
                );
            }
            for &(c, _) in &callers[k] {
                if seen[c] {
                    continue;
                }
                seen[c] = true;
                from[c] = Some(k);
                match vars[c] {
                    Some((VariableRole::Provide, n, t)) if n == name => {
                        if t != ty {
                            return fail(
                                r,
                                format!(
                                    "reads variable '{name}' as {ty}, but {} provides it as {t}",
                                    order[c]
                                ),
                            );
                        }
                    }
                    _ => stack.push(c),
                }
            }
        }
    }
    Ok(())
}

/// Why wiring `src` into input `slot` of `dst` would be refused, if it would:
/// a cycle, a return type the input cannot take, or (when `dst` is in use)
/// no types that fit the whole network. The editor asks before connecting.
pub fn connection_problem(
    lib: &Library,
    net: &Network,
    src: &str,
    dst: &str,
    slot: usize,
) -> Option<String> {
    let (Some(s), Some(d)) = (net.nodes.get(src), net.nodes.get(dst)) else {
        return Some("no such node".into());
    };
    let (Some(sdef), Some(ddef)) = (s.def(lib), d.def(lib)) else {
        return Some("unknown ROP".into());
    };
    if slot >= ddef.max_inputs() {
        return Some(format!("{dst} takes at most {} inputs", ddef.max_inputs()));
    }
    let mut trial = net.clone();
    let node = trial.nodes.get_mut(dst)?;
    if node.inputs.len() <= slot {
        node.inputs.resize(slot + 1, None);
    }
    node.inputs[slot] = Some(src.to_string());
    if let Some(cycle) = trial.find_cycle() {
        return Some(format!("it would make a cycle: {}", cycle.join(" -> ")));
    }
    // Can the source produce what the input takes at all?
    if let Some(idef) = ddef.input_def(slot)
        && let Some(want) = &idef.return_types
        && !sdef.return_types.iter().any(|t| want.contains(t))
    {
        let list = |v: &[ReturnType]| {
            v.iter()
                .map(|t| t.as_str())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        return Some(format!(
            "{dst} input '{}' takes {}, {src} returns {}",
            idef.name,
            list(want),
            list(&sdef.return_types)
        ));
    }
    // The whole network, when the node is in use. Variables are left out:
    // a reference may be wired before its provider is.
    if trial.reachable_order().iter().any(|p| p == dst)
        && let Err(e) = resolve_with(lib, &trial, false)
    {
        return Some(e.message);
    }
    None
}

/// The types a node can take, seen from below: those of its ROP that every
/// input taking on the node's own type (an input without types of its own)
/// can take too. Where nothing is left, the ROP's list stands, and the pass
/// from the output reports the mismatch as before.
type TypeSets = (Vec<CoordType>, Vec<ContextType>, Vec<ReturnType>);

fn feasible_types(
    net: &Network,
    order: &[String],
    defs: &[&RopDef],
    index: &BTreeMap<&str, usize>,
) -> Vec<TypeSets> {
    let mut can: Vec<TypeSets> = Vec::with_capacity(order.len());
    // `order` puts inputs before the nodes that call them.
    for (ni, path) in order.iter().enumerate() {
        let def = defs[ni];
        let mut sets = (
            def.coord_types.clone(),
            def.context_types.clone(),
            def.return_types.clone(),
        );
        for (slot, src) in net.nodes[path].inputs.iter().enumerate() {
            let Some(src) = src else { continue };
            let si = index[src.as_str()];
            let idef = def.input_def(slot);
            if idef.is_none_or(|i| i.coord_types.is_none()) {
                keep_if_any(&mut sets.0, &can[si].0);
            }
            if idef.is_none_or(|i| i.context_types.is_none()) {
                keep_if_any(&mut sets.1, &can[si].1);
            }
            if idef.is_none_or(|i| i.return_types.is_none()) {
                keep_if_any(&mut sets.2, &can[si].2);
            }
        }
        crate::refusal::narrow(def, &net.nodes[path], &mut sets.0, &sets.1, &mut sets.2);
        can.push(sets);
    }
    can
}

/// Narrows `have` to what `allowed` holds, unless that leaves nothing.
fn keep_if_any<T: Copy + PartialEq>(have: &mut Vec<T>, allowed: &[T]) {
    let kept: Vec<T> = have
        .iter()
        .copied()
        .filter(|t| allowed.contains(t))
        .collect();
    if !kept.is_empty() {
        *have = kept;
    }
}

/// The first of `have` that `can` holds, else the first of `have`.
fn prefer<T: Copy + PartialEq>(have: &[T], can: &[T]) -> T {
    have.iter()
        .copied()
        .find(|t| can.contains(t))
        .unwrap_or(have[0])
}

fn narrow<T: Copy + PartialEq + Display>(
    have: &mut Vec<T>,
    want: &[T],
    what: &str,
    caller: &dyn Fn() -> String,
    node: &str,
    def: &RopDef,
) -> Result<(), ResolveError> {
    let kept: Vec<T> = have.iter().copied().filter(|t| want.contains(t)).collect();
    if kept.is_empty() {
        let list = |v: &[T]| {
            v.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        return Err(ResolveError {
            node: node.to_string(),
            message: format!(
                "{} needs {what} type {} but {node} ({}) supports only {}",
                caller(),
                list(want),
                def.name,
                list(have)
            ),
        });
    }
    *have = kept;
    Ok(())
}

/// A GLSL identifier for each path: letters, digits and single underscores,
/// never reserved ([`crate::glsl::words`]), never a word in `avoid` (the code
/// being stitched uses it), never `gl_`-prefixed, unique, and stable across
/// rebuilds (it depends only on the path, the other paths that clash with
/// it, and `avoid`).
pub fn unique_names(paths: &[String], avoid: &BTreeSet<String>) -> Vec<String> {
    let base: Vec<String> = paths
        .iter()
        .map(|p| {
            let name = glsl_name(p);
            // A node named like a local variable of some ROP would be shadowed there.
            if avoid.contains(&name) {
                format!("{name}_op")
            } else {
                name
            }
        })
        .collect();
    let mut sorted: Vec<usize> = (0..paths.len()).collect();
    sorted.sort_by_key(|&i| &paths[i]);
    let mut taken = BTreeSet::new();
    let mut names = vec![String::new(); paths.len()];
    for i in sorted {
        let mut name = base[i].clone();
        let mut k = 2;
        while !taken.insert(name.clone()) {
            name = format!("{}_{k}", base[i]);
            k += 1;
        }
        names[i] = name;
    }
    names
}

/// The name a single path maps to, before clashes are settled.
/// Letters and digits of other scripts become `u` and their code point in
/// hex (`/сфера` → `u441u444u435u440u430`): GLSL names are ASCII. Two
/// paths that map to one name are told apart by [`unique_names`].
pub fn glsl_name(path: &str) -> String {
    let mut out = String::new();
    for c in path.chars() {
        if c.is_alphanumeric() && !c.is_ascii() {
            out.push_str(&format!("u{:x}", c as u32));
            continue;
        }
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        if c == '_' && (out.is_empty() || out.ends_with('_')) {
            continue;
        }
        out.push(c);
    }
    while out.ends_with('_') {
        out.pop();
    }
    if out.is_empty() {
        out = "node".into();
    }
    if out.starts_with(|c: char| c.is_ascii_digit())
        || out.starts_with("gl_")
        || out.starts_with("rk_")
    {
        out = format!("n_{out}");
    }
    if crate::glsl::words::reserved(&out) || out.starts_with("ropkit") {
        out = format!("{out}_op");
    }
    out
}
