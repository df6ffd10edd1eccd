//! Stage 4 from end to end: the layout, the nodes' texts, the shape pass
//! (which functions the shader keeps, folded transforms), then the text in
//! section order (see [`super::generate`]).

use super::layout::{Folds, Layout};
use super::model::Piece;
use super::model::{NodeCx, NodeText, Texts};
use super::node;
use super::out::Out;
use super::shape::{self, FoldText, Plan};
use super::{FoldSlots, GenerateError, Mode, Shader, fold, layout, macros, sections, target};
use crate::data::DataFiles;
use crate::library::{BlockKind, Library, RopDef};
use crate::network::Network;
use crate::options::BuildOptions;
use crate::resolve::Resolution;
use crate::substitute::{Names, substitute};
use std::collections::{BTreeSet, HashSet};

/// Generates the shader for a resolved network, as `options` ask (the
/// target its mode names, what the shape pass may do, where live
/// parameters go). `files` holds what the data parameters name, read
/// before: generation reads no files and no environment.
pub fn generate(
    lib: &Library,
    net: &Network,
    res: &Resolution,
    files: &DataFiles,
    options: &BuildOptions,
) -> Result<Shader, GenerateError> {
    let (mode, shaping) = (options.mode, options.shaping);
    let target = mode.target();
    let defs: Vec<&RopDef> = res
        .nodes
        .iter()
        .map(|n| {
            net.nodes
                .get(&n.path)
                .and_then(|node| node.def(lib))
                .ok_or_else(|| GenerateError::Other {
                    message: format!("unknown ROP '{}'", n.rop),
                })
        })
        .collect::<Result<_, _>>()?;
    let input_names: Vec<Vec<Option<&str>>> = res
        .nodes
        .iter()
        .map(|n| {
            n.inputs
                .iter()
                .map(|i| i.map(|k| res.nodes[k].name.as_str()))
                .collect()
        })
        .collect();
    let data = super::data::pack(res, net, &defs, files)?;
    let data = (&data, !target.data_inline());
    let first_layout = Layout::compute(res, net, &defs, &Folds::default(), data, options.params)?;
    let texture_macros: Vec<Vec<(String, String)>> = first_layout
        .node_textures
        .iter()
        .map(|list| {
            list.iter()
                .map(|(name, t)| (name.clone(), target.texture(&first_layout.textures[*t])))
                .collect()
        })
        .collect();
    let node_cx = NodeCx {
        res,
        net,
        defs: &defs,
        input_names: &input_names,
        texture_macros: &texture_macros,
        data_macros: &data.0.node_macros,
        bake: target.bakes_params(),
    };
    let parts = Parts {
        lib,
        net,
        res,
        defs: &defs,
        input_names: &input_names,
    };

    let mut out = Out::new();
    out.map.nodes = res.nodes.iter().map(|n| n.path.clone()).collect();
    // 1. Header, then the global macros of every node.
    target.header(&mut out, &parts.cx(&first_layout))?;
    global_macros(&mut out, &node_cx)?;

    // What is settled before the nodes (the header, the global rows and
    // the resources' own macros) decides how their code folds.
    let mut resources = Out::new();
    target.resources(&mut resources, &parts.cx(&first_layout))?;
    let settled = format!("{}{}", out.text, resources.text);
    let (mut node_texts, named) = node::node_texts(&node_cx, &first_layout, &settled, lib)?;
    let templates = output_templates(lib, res, &input_names);
    let named = with_template_words(named, &templates, &res.output().name);

    // The shape pass; the layout again when folded runs take slots.
    let folds_live = !target.bakes_params() && target.composes_folds();
    let settled_scan = shape::TextScan::of(&settled);
    let mut others: Vec<&shape::TextScan> = vec![&settled_scan];
    others.extend(lib.shaders.values().map(|f| f.scan()));
    let output_text: Vec<&str> = templates.iter().map(String::as_str).collect();
    let fold = shaping.fold && (target.bakes_params() || folds_live);
    let plan =
        shape::plan(&parts.input(&node_texts, &others, &output_text, (shaping.splice, fold)))?;
    let layout = if folds_live && !plan.runs.is_empty() {
        let layout = Layout::compute(
            res,
            net,
            &defs,
            &layout_folds(&plan, res.nodes.len()),
            data,
            options.params,
        )?;
        for (ni, text) in node_texts.iter_mut().enumerate() {
            let slots = &layout.params[layout.node_params[ni].clone()];
            (text.decls, text.decl_params) = super::decls::node_decls(&node_cx, ni, slots);
        }
        layout
    } else {
        first_layout
    };
    let fold_texts = fold_texts(&plan, &layout, (net, res, lib), target.bakes_params());
    let functions = shape::flatten(
        &plan,
        &parts.input(&node_texts, &others, &output_text, (shaping.splice, fold)),
        &fold_texts,
    );
    let used = used_words(&node_texts, &functions);

    // 2. Resources: the target's uniforms, textures and whatever else it binds.
    out.header("resources");
    target.resources(&mut out, &parts.cx(&layout))?;
    // 3. Library includes, each once, dependencies first.
    library(&mut out, lib, &defs)?;

    // 4. Nodes, inputs first. The output node comes after the material
    // switch, which it calls (naga wants functions defined before use).
    let texts = Texts {
        nodes: &node_texts,
        used: &used,
        named: &named,
        functions: &functions,
    };
    sections::variables(&mut out, &node_cx);
    let out_index = res.nodes.len() - 1;
    for ni in 0..out_index {
        let quiet = plan.is_spliced(ni) || plan.is_folded(ni);
        sections::emit_node(&mut out, ni, &node_cx, &texts, quiet)?;
    }
    // 5. Init, 6. the material switch.
    sections::init_all(&mut out, &texts, &target.init_prologue(&parts.cx(&layout)));
    sections::materials(&mut out, &node_cx, &texts);
    sections::emit_node(&mut out, out_index, &node_cx, &texts, false)?;
    // 7. The target's entry point.
    target.entry(&mut out, &parts.cx(&layout))?;

    let mut shader = shader(out, layout, &plan, net, res, mode, target);
    shader
        .warnings
        .extend(unassigned_attributes(net, res, &defs));
    Ok(shader)
}

/// What every step of the generation looks at.
struct Parts<'a> {
    lib: &'a Library,
    net: &'a Network,
    res: &'a Resolution,
    defs: &'a [&'a RopDef],
    input_names: &'a [Vec<Option<&'a str>>],
}

impl<'a> Parts<'a> {
    fn cx<'b>(&'b self, layout: &'b Layout) -> target::Context<'b> {
        target::Context {
            lib: self.lib,
            net: self.net,
            res: self.res,
            defs: self.defs,
            input_names: self.input_names,
            layout,
        }
    }
    fn input<'b>(
        &'b self,
        texts: &'b [NodeText],
        others: &'b [&'b shape::TextScan],
        output_text: &'b [&'b str],
        (splice, fold): (bool, bool),
    ) -> shape::Input<'b> {
        shape::Input {
            res: self.res,
            defs: self.defs,
            net: self.net,
            texts,
            others,
            output_text,
            splice,
            fold,
        }
    }
}

/// The global macro rows of every node, each distinct line once.
fn global_macros(out: &mut Out, cx: &NodeCx) -> Result<(), GenerateError> {
    out.header("global macros");
    let mut seen = BTreeSet::new();
    for (ni, n) in cx.res.nodes.iter().enumerate() {
        let def = cx.defs[ni];
        let env = node::NodeEnv {
            def,
            node: &cx.net.nodes[&n.path],
            rnode: n,
            res: cx.res,
        };
        let names = Names {
            name: &n.name,
            inputs: &cx.input_names[ni],
        };
        let budget = crate::limits::SHADER_BYTES.saturating_sub(out.text.len());
        let rows = macros::eval_macro_rows(&def.global_macros, &env, &names, def, &n.path, budget)?;
        for (line, row) in rows {
            if seen.insert(line.clone()) {
                out.line_from(&line, &def.yaml_path, row, ni as u32);
            }
        }
        sections::check_size(out, def, &n.path)?;
    }
    // One `Sdf` field per attribute name in use (see crate::attributes).
    for slot in 0..cx.res.attributes.len() {
        out.emit(
            &format!("#define {}", crate::attributes::feature_macro(slot)),
            u32::MAX,
        );
    }
    Ok(())
}

/// Library includes, each once, dependencies first.
fn library(out: &mut Out, lib: &Library, defs: &[&RopDef]) -> Result<(), GenerateError> {
    out.header("library");
    let mut included = BTreeSet::new();
    // Names the library files define themselves: never settled when the
    // files are folded.
    let mut library_defined = HashSet::new();
    for f in lib.shaders.values() {
        fold::defined_in(&f.text, &mut library_defined);
    }
    let mut wanted = vec!["common".to_string()];
    for d in defs {
        wanted.extend(d.libraries.iter().cloned());
    }
    for name in wanted {
        let file = if name.ends_with(".glsl") {
            name.clone()
        } else {
            format!("{name}.glsl")
        };
        sections::include(
            lib,
            &library_defined,
            &file,
            &mut included,
            &mut Vec::new(),
            out,
        )?;
    }
    Ok(())
}

/// The output templates, substituted for the output node.
fn output_templates(
    lib: &Library,
    res: &Resolution,
    input_names: &[Vec<Option<&str>>],
) -> Vec<String> {
    let out_names = Names {
        name: &res.output().name,
        inputs: &input_names[res.nodes.len() - 1],
    };
    lib.shaders
        .iter()
        .filter(|(key, _)| key.starts_with("templates/"))
        .map(|(_, file)| substitute(&file.text, &out_names))
        .collect()
}

/// `named`, with the output node's words the templates name (they read the
/// output node's macros too).
fn with_template_words(
    mut named: HashSet<String>,
    templates: &[String],
    output: &str,
) -> HashSet<String> {
    for t in templates {
        node::add_words_with_prefix(t, &format!("{output}_"), &mut named);
    }
    named
}

/// Every identifier the emitted code uses: a generated macro that none of
/// it names is left out of the shader.
fn used_words(texts: &[NodeText], functions: &[Option<Vec<Piece>>]) -> HashSet<String> {
    let mut words = HashSet::new();
    for (t, function) in texts.iter().zip(functions) {
        for (m, _) in &t.macros {
            node::add_words(m, &mut words);
        }
        for (kind, lines, _) in &t.blocks {
            if *kind == BlockKind::Function && function.is_some() {
                continue;
            }
            for (_, l) in lines {
                node::add_words(l, &mut words);
            }
        }
        for p in function.iter().flatten() {
            node::add_words(&p.text, &mut words);
        }
    }
    words
}

/// Which nodes' parameters need no slots, and the slots each run takes.
fn layout_folds(plan: &Plan, nodes: usize) -> Folds {
    let mut unread = vec![false; nodes];
    for run in plan.runs.iter().filter(|r| r.params_unread) {
        for &x in &run.nodes {
            unread[x] = true;
        }
    }
    Folds {
        unread,
        slots: plan.runs.iter().map(|r| FoldSlots::slots(r.dims)).collect(),
    }
}

/// How each run's composed map reads: literals when parameters are
/// compiled in, its slots otherwise.
fn fold_texts(
    plan: &Plan,
    layout: &Layout,
    (net, res, lib): (&Network, &Resolution, &Library),
    bake: bool,
) -> Vec<FoldText> {
    use crate::value::float_text;
    plan.runs
        .iter()
        .enumerate()
        .map(|(r, run)| {
            let n = run.dims;
            if bake {
                let values: Vec<_> = run
                    .nodes
                    .iter()
                    .map(|&x| super::node_values(net, lib, &res.nodes[x].path))
                    .collect();
                let step = run
                    .compose(&values)
                    .unwrap_or_else(|| shape::Step::identity(n));
                let cols: Vec<String> = (0..n)
                    .flat_map(|j| step.a.iter().map(move |row| row[j]))
                    .map(float_text)
                    .collect();
                let b: Vec<String> = step.b.iter().map(|c| float_text(*c)).collect();
                FoldText {
                    matrix: format!("mat{n}({})", cols.join(", ")),
                    offset: format!("vec{n}({})", b.join(", ")),
                    scale: float_text(step.scale),
                }
            } else {
                let k = layout.folds[r];
                let v = |i: usize| format!("vecParams[{}]", k + i);
                if n == 2 {
                    FoldText {
                        matrix: format!("mat2({0}.xy, {0}.zw)", v(0)),
                        offset: format!("{}.xy", v(1)),
                        scale: format!("{}.z", v(1)),
                    }
                } else {
                    FoldText {
                        matrix: format!("mat3({}.xyz, {}.xyz, {}.xyz)", v(0), v(1), v(2)),
                        offset: format!("{}.xyz", v(3)),
                        scale: format!("{}.w", v(3)),
                    }
                }
            }
        })
        .collect()
}

/// The finished shader.
/// A warning for each node that reads an attribute no node of the network
/// assigns: it would show its fallback everywhere, with no word otherwise.
fn unassigned_attributes(net: &Network, res: &Resolution, defs: &[&RopDef]) -> Vec<super::Warning> {
    use crate::library::AttributeRole;
    let attrs: Vec<_> = res
        .nodes
        .iter()
        .zip(defs)
        .map(|(n, d)| net.nodes.get(&n.path).and_then(|node| node.attribute(d)))
        .collect();
    let assigned: HashSet<&str> = attrs
        .iter()
        .flatten()
        .filter(|(role, _, _)| *role == AttributeRole::Assign)
        .map(|(_, name, _)| *name)
        .collect();
    res.nodes
        .iter()
        .zip(&attrs)
        .filter_map(|(n, a)| match a {
            Some((AttributeRole::Read, name, _)) if !assigned.contains(name) => {
                Some(super::Warning {
                    file: net.file.clone(),
                    line: net.lines.get(&n.path).copied().unwrap_or(0),
                    node: n.path.clone(),
                    message: format!(
                        "reads the attribute '{name}', which no node of the network assigns \
                     (assignAttribute with Name {name}): every hit shows the fallback"
                    ),
                })
            }
            _ => None,
        })
        .collect()
}

fn shader(
    out: Out,
    layout: Layout,
    plan: &Plan,
    net: &Network,
    res: &Resolution,
    mode: Mode,
    target: &dyn target::Target,
) -> Shader {
    // As the network names them: a node with its own definition says `custom`.
    let mut rops: Vec<String> = res
        .nodes
        .iter()
        .map(|n| net.nodes[&n.path].rop.clone())
        .collect();
    rops.sort();
    rops.dedup();
    let params_binding = (!target.bakes_params()).then(|| layout.params_binding());
    let points_binding = matches!(mode, Mode::Sample | Mode::Mesh).then(|| layout.points_binding());
    let params_uniform = layout.params_storage() != layout::ParamStorage::StorageCopy;
    let folds = if target.bakes_params() {
        Vec::new()
    } else {
        plan.runs
            .iter()
            .zip(&layout.folds)
            .map(|(run, &slot)| FoldSlots {
                slot,
                nodes: run
                    .nodes
                    .iter()
                    .map(|&x| res.nodes[x].path.clone())
                    .collect(),
                run: run.clone(),
            })
            .collect()
    };
    Shader {
        params_uniform,
        params_binding,
        points_binding,
        glsl: out.text,
        params: layout.params,
        param_vec4s: layout.vec4s,
        textures: layout.textures,
        source_map: out.map,
        rops,
        names: res
            .nodes
            .iter()
            .map(|n| (n.path.clone(), n.name.clone()))
            .collect(),
        mode,
        folds,
        call_depth: plan.depth,
        data: layout.data.texels,
        warnings: layout.data.warnings,
    }
}
