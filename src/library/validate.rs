//! Checking a parsed `rop.yaml` and turning it into a [`RopDef`]: types,
//! parameters, inputs, macro tables, textures, variables, names.

use super::*;
use crate::location::Location;
use crate::types::UnknownType;

/// Most field-capable parameters one ROP may have.
pub const MAX_FIELD_PARAMS: usize = 8;

/// Why a parameter cannot be `field: true`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(super) enum FieldProblem {
    #[error("at most {MAX_FIELD_PARAMS} parameters of a ROP may be field: true")]
    TooMany,
    #[error("a variadic ROP cannot have field parameters (its inputs repeat)")]
    Variadic,
    #[error(
        "only float and vector parameters (not int, toggle, menu, rotation, string or texture) can be field: true"
    )]
    Style,
    #[error("a field parameter cannot be macro: true (a field varies per point)")]
    Macro,
    #[error("an input has the same name; a field parameter's input takes its name")]
    NameTaken,
}

/// A field parameter's problem, with the parameter's name.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("parameter {param}: {problem}")]
pub(super) struct FieldParamError {
    pub(super) param: String,
    pub(super) problem: FieldProblem,
}

/// One input per field-capable parameter, after the declared ones: named
/// as the parameter, optional, running at the caller's coordinate and
/// context types, returning a float (or, for a vector, a float spread over
/// the components or a vec4 cut to size). Fails with the parameter's name.
pub(super) fn field_inputs(
    params: &[ParamDef],
    inputs: &mut Vec<InputDef>,
    variadic: bool,
) -> Result<(), FieldParamError> {
    let fields: Vec<&ParamDef> = params.iter().filter(|p| p.field).collect();
    if fields.len() > MAX_FIELD_PARAMS {
        return Err(FieldParamError {
            param: fields[MAX_FIELD_PARAMS].name.clone(),
            problem: FieldProblem::TooMany,
        });
    }
    for p in fields {
        let fail = |problem| {
            Err(FieldParamError {
                param: p.name.clone(),
                problem,
            })
        };
        if variadic {
            return fail(FieldProblem::Variadic);
        }
        if !p.style.kind().takes_field {
            return fail(FieldProblem::Style);
        }
        if p.is_macro {
            return fail(FieldProblem::Macro);
        }
        if inputs.iter().any(|i| i.name == p.name) {
            return fail(FieldProblem::NameTaken);
        }
        let return_types = if p.style == ParamStyle::Float {
            vec![ReturnType::Float]
        } else {
            vec![ReturnType::Float, ReturnType::Vec4]
        };
        inputs.push(InputDef {
            name: p.name.clone(),
            label: format!("{} (field)", p.label),
            coord_types: None,
            return_types: Some(return_types),
            context_types: None,
            required: false,
            drives: Some(p.name.clone()),
        });
    }
    Ok(())
}

/// An input's own type list, if it gives one.
pub(super) fn optional_types<T: Copy>(
    list: &Option<Vec<String>>,
    all: &[T],
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<Vec<T>>, UnknownType> {
    list.as_ref()
        .map(|l| parse_type_list(l, all, parse))
        .transpose()
}

pub(super) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Where a definition comes from and what it may refer to: everything
/// [`build_def`] needs beside the parsed fields.
pub(super) struct DefSite<'a> {
    pub(super) name: String,
    pub(super) category: String,
    pub(super) src: &'a Src<'a>,
    /// The ROP's folder (the network's folder for a custom node).
    pub(super) dir: PathBuf,
    pub(super) origin: Origin,
    /// The shader files, for the templates an output ROP may name.
    pub(super) shaders: &'a BTreeMap<String, ShaderFile>,
    pub(super) shader_root: &'a Path,
}

/// Checks a parsed definition and builds the [`RopDef`]; `read_blocks`
/// gives its code blocks (read once the fields have passed).
pub(super) fn build_def(
    raw: RopYaml,
    site: DefSite,
    read_blocks: impl FnOnce() -> Result<Vec<CodeBlock>, LibraryError>,
) -> Result<RopDef, LibraryError> {
    let src = site.src;
    let yaml_path = src.path.to_path_buf();
    let err = |needle: &str, message: String| src.err(needle, message);
    if !is_identifier(&site.name) {
        return Err(err(
            "name:",
            format!("ROP name '{}' must be a GLSL-style identifier", site.name),
        ));
    }
    let (coord_types, return_types, context_types) = types_of(&raw, src)?;
    let params = params_of(&raw, src)?;
    for p in &params {
        check_hard_limits(p).map_err(|m| {
            src.err(
                &format!("name: {}", p.name),
                format!("parameter {}: {m}", p.name),
            )
        })?;
    }
    let inputs = inputs_of(&raw, &params, src)?;
    let macros = macro_rows(&raw.macros, &src.rows("macros"), &yaml_path)?;
    let global_macros = macro_rows(&raw.global_macros, &src.rows("globalMacros"), &yaml_path)?;
    let textures = textures_of(&raw, &params, src)?;
    let distance = distance_of(&raw, src)?;
    let variable = match &raw.variable {
        None => None,
        Some(v) => Some(variable_def(v, &params).map_err(|e| err("variable:", e.to_string()))?),
    };
    let attribute = match &raw.attribute {
        None => None,
        Some(a) => Some(attribute_def(a, &params).map_err(|e| err("attribute:", e.to_string()))?),
    };
    let blocks = read_blocks()?
        .into_iter()
        .map(|b| super::include::expand_block(b, site.shaders, site.shader_root))
        .collect::<Result<Vec<_>, _>>()?;
    check_libraries(&raw.libraries, src)?;
    check_blocks(&blocks)?;
    check_names(&params, &textures, &macros, &global_macros, src)?;
    check_template(&raw, &site)?;
    let gallery = match &raw.gallery {
        None => None,
        Some(g) => Some(
            gallery_of(g, &params, &inputs)
                .map_err(|m| err("gallery:", format!("gallery: {m}")))?,
        ),
    };
    let mut def = RopDef {
        name: site.name,
        category: site.category,
        description: raw.description,
        keywords: raw.keywords,
        raytk: raw.raytk,
        distance,
        lipschitz: raw.lipschitz,
        dir: site.dir,
        yaml_path,
        coord_types,
        return_types,
        context_types,
        params,
        inputs,
        variadic: raw.variadic,
        macros,
        global_macros,
        libraries: raw.libraries,
        textures,
        template: raw.template,
        variable,
        attribute,
        gallery,
        blocks,
        origin: site.origin,
    };
    def.add_parameter_sockets();
    Ok(def)
}

/// A ROP's coordinate, return and context types.
type Types = (Vec<CoordType>, Vec<ReturnType>, Vec<ContextType>);

/// `coordTypes`, `returnTypes` and `contextTypes` (all contexts when left out).
fn types_of(raw: &RopYaml, src: &Src) -> Result<Types, LibraryError> {
    let err = |needle: &str, message: String| src.err(needle, message);
    let coord_types = parse_type_list(&raw.coord_types, CoordType::ALL, CoordType::parse)
        .map_err(|m| err("coordTypes", format!("coordTypes: {m}")))?;
    let return_types = parse_type_list(&raw.return_types, ReturnType::ALL, ReturnType::parse)
        .map_err(|m| err("returnTypes", format!("returnTypes: {m}")))?;
    let context_types = match &raw.context_types {
        Some(list) => parse_type_list(list, ContextType::ALL, ContextType::parse)
            .map_err(|m| err("contextTypes", format!("contextTypes: {m}")))?,
        None => ContextType::ALL.to_vec(),
    };
    if coord_types.is_empty() || return_types.is_empty() || context_types.is_empty() {
        return Err(err(
            "Types",
            "coordTypes, returnTypes and contextTypes must not be empty".into(),
        ));
    }
    Ok((coord_types, return_types, context_types))
}

/// `hardMin`/`hardMax`: on a numeric parameter only, in order, around the
/// slider's range and the default (a default past them could never load).
fn check_hard_limits(p: &ParamDef) -> Result<(), String> {
    if p.hard_min.is_none() && p.hard_max.is_none() {
        return Ok(());
    }
    let numeric = matches!(
        p.default,
        ParamValue::Float(_) | ParamValue::Int(_) | ParamValue::Vector(_)
    );
    if !numeric {
        return Err(format!(
            "hardMin and hardMax bound numbers; a {} parameter has none",
            p.style
        ));
    }
    let (lo, hi) = (
        p.hard_min.unwrap_or(f64::NEG_INFINITY),
        p.hard_max.unwrap_or(f64::INFINITY),
    );
    if lo.is_nan() || hi.is_nan() || lo > hi {
        return Err(format!("hardMin {lo} is above hardMax {hi}"));
    }
    for (name, soft) in [("min", p.min), ("max", p.max)] {
        if let Some(v) = soft.filter(|v| !(lo..=hi).contains(v)) {
            return Err(format!(
                "{name} {v} lies past the hard limits {lo}..={hi} (the slider stays inside them)"
            ));
        }
    }
    p.within_hard_limits(p.default.clone())
        .map(|_| ())
        .map_err(|e| format!("default: {e}"))
}

/// The parameters, each checked: name, style, menu options, default.
fn params_of(raw: &RopYaml, src: &Src) -> Result<Vec<ParamDef>, LibraryError> {
    let mut params: Vec<ParamDef> = Vec::new();
    for p in &raw.params {
        let perr = |m: String| {
            src.err(
                &format!("name: {}", p.name),
                format!("parameter {}: {m}", p.name),
            )
        };
        if !is_identifier(&p.name) || !p.name.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Err(perr(
                "names are Capitalized identifiers, like Radius".into(),
            ));
        }
        if params.iter().any(|q| q.name == p.name) {
            return Err(perr("defined twice".into()));
        }
        let style = ParamStyle::parse(&p.style).ok_or_else(|| {
            let all: Vec<_> = ParamStyle::ALL.iter().map(|s| s.as_str()).collect();
            perr(format!(
                "unknown style '{}' (styles: {})",
                p.style,
                all.join(", ")
            ))
        })?;
        if style == ParamStyle::Menu && p.options.is_empty() {
            return Err(perr("a menu needs options".into()));
        }
        // Options become macro names (`<node>_<Param>_<option>`); INDEX is taken.
        if let Some(bad) = p
            .options
            .iter()
            .find(|o| !is_identifier(o) || *o == "INDEX")
        {
            return Err(perr(format!(
                "menu option '{bad}' must be an identifier other than INDEX"
            )));
        }
        let default = match &p.default {
            Some(y) => ParamValue::from_yaml(y, style, &p.options)
                .map_err(|m| perr(format!("default: {m}")))?,
            None => ParamValue::zero(style, &p.options),
        };
        params.push(ParamDef {
            name: p.name.clone(),
            style,
            default,
            min: p.min,
            max: p.max,
            hard_min: p.hard_min,
            hard_max: p.hard_max,
            label: p.label.clone().unwrap_or_else(|| p.name.clone()),
            help: p.help.clone(),
            is_macro: p.is_macro || style.always_inlined(),
            options: p.options.clone(),
            field: p.field,
            with: p.with.clone(),
            grid: p.grid,
            tree: p.tree,
        });
    }
    check_with(raw, &params, src)?;
    // A data parameter's data is packed when the shader is built, so the
    // parameters it is built from rebuild the shader when they change.
    let with: Vec<String> = params.iter().flat_map(|p| p.with.clone()).collect();
    for p in params.iter_mut().filter(|p| with.contains(&p.name)) {
        p.is_macro = true;
    }
    Ok(params)
}

/// `with:` belongs to data parameters and names other, non-data
/// parameters of the same ROP.
fn check_with(raw: &RopYaml, params: &[ParamDef], src: &Src) -> Result<(), LibraryError> {
    for p in params.iter().filter(|p| !p.with.is_empty()) {
        let perr = |m: String| {
            src.err(
                &format!("name: {}", p.name),
                format!("parameter {}: {m}", p.name),
            )
        };
        if !p.style.is_data() {
            return Err(perr("`with:` is for data parameters (points)".into()));
        }
        for w in &p.with {
            match params.iter().find(|q| q.name == *w) {
                None => {
                    return Err(perr(format!(
                        "`with:` names '{}', which is not a parameter",
                        crate::limits::echo(w)
                    )));
                }
                Some(q) if q.style.is_data() => {
                    return Err(perr(format!("`with:` names {w}, another data parameter")));
                }
                Some(_) => {}
            }
        }
    }
    // `grid:` needs a point list and, first in `with:`, the bound radius.
    for p in params.iter().filter(|p| p.grid) {
        let radius = p
            .with
            .first()
            .and_then(|w| params.iter().find(|q| q.name == *w));
        if p.style != crate::types::ParamStyle::Points
            || radius.is_none_or(|q| q.style != crate::types::ParamStyle::Float)
        {
            return Err(src.err(
                &format!("name: {}", p.name),
                format!(
                    "parameter {}: `grid: true` is for a points parameter whose first `with:` is a float parameter (the bound radius)",
                    p.name
                ),
            ));
        }
    }
    // `tree:` is for a point list.
    for p in params.iter().filter(|p| p.tree) {
        if p.style != crate::types::ParamStyle::Points || p.grid {
            return Err(src.err(
                &format!("name: {}", p.name),
                format!(
                    "parameter {}: `tree: true` is for a points parameter without `grid: true` (a curve's pieces, not copies)",
                    p.name
                ),
            ));
        }
    }
    let _ = raw;
    Ok(())
}

/// The declared inputs, then one for each field-capable parameter.
fn inputs_of(raw: &RopYaml, params: &[ParamDef], src: &Src) -> Result<Vec<InputDef>, LibraryError> {
    let mut inputs = Vec::new();
    for i in &raw.inputs {
        let ierr = |m: UnknownType| {
            src.err(
                &format!("name: {}", i.name),
                format!("input {}: {m}", i.name),
            )
        };
        let coord_types =
            optional_types(&i.coord_types, CoordType::ALL, CoordType::parse).map_err(ierr)?;
        let return_types =
            optional_types(&i.return_types, ReturnType::ALL, ReturnType::parse).map_err(ierr)?;
        let context_types =
            optional_types(&i.context_types, ContextType::ALL, ContextType::parse).map_err(ierr)?;
        inputs.push(InputDef {
            name: i.name.clone(),
            label: i.label.clone().unwrap_or_else(|| i.name.clone()),
            coord_types,
            return_types,
            context_types,
            required: i.required,
            drives: None,
        });
    }
    if !raw.variadic && inputs.len() > MAX_INPUTS {
        return Err(src.err(
            "inputs:",
            format!("at most {MAX_INPUTS} inputs unless the ROP says variadic: true"),
        ));
    }
    if raw.variadic && inputs.is_empty() {
        return Err(src.err(
            "variadic",
            "a variadic ROP needs one input definition to repeat".into(),
        ));
    }
    field_inputs(params, &mut inputs, raw.variadic)
        .map_err(|e| src.err(&format!("name: {}", e.param), e.to_string()))?;
    Ok(inputs)
}

/// The textures, each from a parameter or a path inside the project.
fn textures_of(
    raw: &RopYaml,
    params: &[ParamDef],
    src: &Src,
) -> Result<Vec<TextureDef>, LibraryError> {
    let err = |needle: &str, message: String| src.err(needle, message);
    let mut textures = Vec::new();
    for t in &raw.textures {
        let source = match (&t.param, &t.path) {
            (Some(p), None) => {
                if params.iter().all(|q| &q.name != p) {
                    return Err(err(
                        &t.name,
                        format!("texture {}: no parameter named {p}", t.name),
                    ));
                }
                TextureSource::Param(p.clone())
            }
            (None, Some(p)) => {
                // Checked here, as a parameter's texture path is: a ROP from
                // a stranger must not point the renderer at /etc or above the project.
                crate::value::check_texture_path(p)
                    .map_err(|m| err(p, format!("texture {}: {m}", t.name)))?;
                TextureSource::Path(p.clone())
            }
            _ => {
                return Err(err(
                    &t.name,
                    format!("texture {}: give exactly one of param or path", t.name),
                ));
            }
        };
        let raw = raw_params(t, &source, params).map_err(|m| err(&t.name, m))?;
        let mesh_voxels = match &t.mesh_voxels {
            None => None,
            Some(v) => {
                let volume = matches!(&source, TextureSource::Param(p)
                    if params.iter().any(|q| &q.name == p && q.style == ParamStyle::Volume));
                let int = params
                    .iter()
                    .any(|q| &q.name == v && q.style == ParamStyle::Int);
                if !volume || !int {
                    return Err(err(
                        &t.name,
                        format!(
                            "texture {}: meshVoxels names the int parameter giving the voxels a side a volume parameter's mesh file is baked on",
                            t.name
                        ),
                    ));
                }
                Some(v.clone())
            }
        };
        textures.push(TextureDef {
            name: t.name.clone(),
            source,
            raw,
            mesh_voxels,
        });
    }
    Ok(textures)
}

/// A `textures:` entry's `rawSize:` and `rawFormat:`: both or neither, on
/// a volume parameter, naming an `xyz` and a `menu` of raw sample types.
fn raw_params(
    t: &TextureYaml,
    source: &TextureSource,
    params: &[ParamDef],
) -> Result<Option<RawParams>, String> {
    let (size, format) = match (&t.raw_size, &t.raw_format) {
        (None, None) => return Ok(None),
        (Some(s), Some(f)) => (s, f),
        _ => {
            return Err(format!(
                "texture {}: give both rawSize and rawFormat",
                t.name
            ));
        }
    };
    let param = |name: &str| params.iter().find(|p| p.name == name);
    let volume = match source {
        TextureSource::Param(p) => param(p).is_some_and(|p| p.style == ParamStyle::Volume),
        TextureSource::Path(_) => false,
    };
    if !volume {
        return Err(format!(
            "texture {}: rawSize and rawFormat describe a volume parameter's raw file (param: a parameter of style volume)",
            t.name
        ));
    }
    if param(size).is_none_or(|p| p.style != ParamStyle::Xyz) {
        return Err(format!(
            "texture {}: rawSize names {}, which must be a parameter of style xyz",
            t.name,
            crate::value::echo(size)
        ));
    }
    let formats_ok = param(format).is_some_and(|p| {
        p.style == ParamStyle::Menu
            && p.options
                .iter()
                .all(|o| crate::volume::RawFormat::parse(o).is_some())
    });
    if !formats_ok {
        return Err(format!(
            "texture {}: rawFormat names {}, which must be a menu of {}",
            t.name,
            crate::value::echo(format),
            crate::volume::RawFormat::NAMES.join(", ")
        ));
    }
    Ok(Some(RawParams {
        size: size.clone(),
        format: format.clone(),
    }))
}

/// `distance:` (what the output promises), and the `raytk:` names checked.
fn distance_of(raw: &RopYaml, src: &Src) -> Result<Option<DistanceKind>, LibraryError> {
    if let Some(bad) = raw.raytk.iter().find(|n| !is_identifier(n)) {
        return Err(src.err(
            "raytk:",
            format!(
                "raytk: '{}' is not an operator name (letters, digits and _)",
                crate::value::echo(bad)
            ),
        ));
    }
    if let Some(e) = raw
        .lipschitz
        .as_deref()
        .and_then(|x| crate::expr::check_syntax(x).err())
    {
        return Err(src.err("lipschitz:", format!("lipschitz: {e}")));
    }
    let Some(d) = &raw.distance else {
        return Ok(None);
    };
    DistanceKind::parse(d).map(Some).ok_or_else(|| {
        let all: Vec<_> = DistanceKind::ALL.iter().map(|k| k.as_str()).collect();
        src.err(
            "distance:",
            format!(
                "distance: unknown kind '{}' (kinds: {})",
                crate::value::echo(d),
                all.join(", ")
            ),
        )
    })
}

/// `libraries:` names global files of `shaders/`, included once; the
/// per-node templates of `shaders/node/` hold `THIS_` code that only an
/// `#include` in the ROP's code can substitute.
fn check_libraries(libraries: &[String], src: &Src) -> Result<(), LibraryError> {
    match libraries
        .iter()
        .find(|l| l.starts_with(super::include::TEMPLATE_DIR))
    {
        Some(l) => Err(src.err(
            "libraries:",
            format!(
                "libraries: '{}' is a per-node template: include it in the code with `#include \"{}\"` so that it is written for each node",
                crate::value::echo(l),
                crate::value::echo(if l.ends_with(".glsl") { l.clone() } else { format!("{l}.glsl") }.as_str())
            ),
        )),
        None => Ok(()),
    }
}

/// An output ROP without its template cannot build anything: say so here,
/// at its line, so that `check` reports it and a network using it says why.
fn check_template(raw: &RopYaml, site: &DefSite) -> Result<(), LibraryError> {
    match &raw.template {
        Some(t) if !site.shaders.contains_key(&format!("templates/{t}.glsl")) => Err(site.src.err(
            "template:",
            format!(
                "template '{}' not found: there is no {}",
                crate::value::echo(t),
                site.shader_root
                    .join("templates")
                    .join(format!("{t}.glsl"))
                    .display()
            ),
        )),
        _ => Ok(()),
    }
}

/// Checks `variable:` against the parameters it names.
/// What is wrong with a `variable:` mapping.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(super) enum VariableError {
    #[error("variable: role '{0}' is neither provide nor read")]
    Role(String),
    #[error("variable: {what} names parameter '{name}', which the ROP does not have")]
    NoParam { what: &'static str, name: String },
    #[error("variable: the name parameter {0} must have style string")]
    NameStyle(String),
    #[error("variable: the type parameter {0} must be a menu of {types}", types = VARIABLE_TYPES.join(", "))]
    TypeStyle(String),
}

pub(super) fn variable_def(
    v: &VariableYaml,
    params: &[ParamDef],
) -> Result<VariableDef, VariableError> {
    let role = match v.role.as_str() {
        "provide" => VariableRole::Provide,
        "read" => VariableRole::Read,
        other => return Err(VariableError::Role(crate::value::echo(other))),
    };
    let param = |name: &str, what: &'static str| {
        params
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| VariableError::NoParam {
                what,
                name: crate::value::echo(name),
            })
    };
    let name = param(&v.name, "name")?;
    if name.style != ParamStyle::String {
        return Err(VariableError::NameStyle(name.name.clone()));
    }
    let ty = param(&v.ty, "type")?;
    if ty.style != ParamStyle::Menu
        || ty
            .options
            .iter()
            .any(|o| !VARIABLE_TYPES.contains(&o.as_str()))
    {
        return Err(VariableError::TypeStyle(ty.name.clone()));
    }
    Ok(VariableDef {
        role,
        name_param: name.name.clone(),
        type_param: ty.name.clone(),
    })
}

/// What is wrong with an `attribute:` mapping.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(super) enum AttributeError {
    #[error("attribute: role '{0}' is neither assign nor read")]
    Role(String),
    #[error("attribute: {what} names parameter '{name}', which the ROP does not have")]
    NoParam { what: &'static str, name: String },
    #[error("attribute: the name parameter {0} must have style string")]
    NameStyle(String),
    #[error("attribute: the type parameter {0} must be a menu of {types}", types = VARIABLE_TYPES.join(", "))]
    TypeStyle(String),
}

/// Checks `attribute:` against the parameters it names: the same shape
/// as `variable:`, with roles `assign` and `read`.
pub(super) fn attribute_def(
    a: &VariableYaml,
    params: &[ParamDef],
) -> Result<AttributeDef, AttributeError> {
    let role = match a.role.as_str() {
        "assign" => AttributeRole::Assign,
        "read" => AttributeRole::Read,
        other => return Err(AttributeError::Role(crate::value::echo(other))),
    };
    // The parameter checks are the variable's: only the words differ.
    let as_variable = VariableYaml {
        role: "read".into(),
        name: a.name.clone(),
        ty: a.ty.clone(),
    };
    let v = variable_def(&as_variable, params).map_err(|e| match e {
        VariableError::NoParam { what, name } => AttributeError::NoParam { what, name },
        VariableError::NameStyle(n) => AttributeError::NameStyle(n),
        VariableError::TypeStyle(n) | VariableError::Role(n) => AttributeError::TypeStyle(n),
    })?;
    Ok(AttributeDef {
        role,
        name_param: v.name_param,
        type_param: v.type_param,
    })
}

/// Each code block checked before naga sees it (control characters, nesting
/// deep enough to overflow naga's parser), and the function block for the
/// function every ROP must define: without these, the error would surface
/// in the stitched shader, blamed on another file.
pub(super) fn check_blocks(blocks: &[CodeBlock]) -> Result<(), LibraryError> {
    for block in blocks {
        let problem = crate::glsl::scan(&block.text)
            .or_else(|| crate::glsl::expanded_size(&block.text, limits::GLSL_STATEMENT_TOKENS));
        if let Some(p) = problem {
            let (path, line) = block.origin(p.line);
            return Err(LibraryError {
                at: Location::new(path, line, p.col),
                message: p.message,
            });
        }
        if block.kind == BlockKind::Function && !crate::glsl::has_function(&block.text, "thismap") {
            let file = if block.at == BlockAt::File {
                "function.glsl"
            } else {
                "function:"
            };
            let what = if block.text.trim().is_empty() {
                format!("{file} is empty")
            } else {
                format!("{file} defines no function named thismap")
            };
            return Err(LibraryError::at(
                &block.path,
                block.origin(1).1,
                format!(
                    "{what}: every ROP defines its function as `ReturnT thismap(CoordT p, ContextT ctx)` (see docs/writing-rops.md)"
                ),
            ));
        }
    }
    Ok(())
}

/// Names ropkit defines for every node (`<node>_CoordT`, ...), and prefixes
/// of those it defines per type and input (`<node>_COORD_TYPE_vec3`, ...).
pub(super) const RESERVED_NAMES: [&str; 6] =
    ["CoordT", "ContextT", "ReturnT", "MAT", "VAR", "ATTR"];
pub(super) const RESERVED_PREFIXES: [&str; 4] =
    ["COORD_TYPE_", "CONTEXT_TYPE_", "RETURN_TYPE_", "HAS_INPUT_"];

/// The macro names (after `<node>_`) a parameter makes: its own, one per
/// component (`Sizex`), one per menu option and the index (`Axis_y`,
/// `Axis_INDEX`), `_on` for a toggle.
pub(super) fn param_macro_names(p: &ParamDef) -> Vec<String> {
    let mut v = vec![p.name.clone()];
    for suffix in p.style.component_suffixes() {
        v.push(format!("{}{suffix}", p.name));
    }
    if p.style == ParamStyle::Menu {
        for o in &p.options {
            v.push(format!("{}_{o}", p.name));
        }
        v.push(format!("{}_INDEX", p.name));
    }
    if p.style == ParamStyle::Toggle {
        v.push(format!("{}_on", p.name));
    }
    v
}

/// Refuses a parameter, texture or macro-table name whose macro would
/// collide with one ropkit generates for the node (`CoordT`, `Sizex` beside
/// an xyz `Size`, `Axis_y` beside a menu `Axis` with option `y`): naga would
/// reject the stitched shader, far from the `rop.yaml` line that caused it.
pub(super) fn check_names(
    params: &[ParamDef],
    textures: &[TextureDef],
    macros: &[MacroRow],
    global_macros: &[MacroRow],
    src: &Src,
) -> Result<(), LibraryError> {
    let yaml_path = src.path;
    let reserved = |name: &str| {
        RESERVED_NAMES.contains(&name) || RESERVED_PREFIXES.iter().any(|p| name.starts_with(p))
    };
    let reserved_note = "ropkit defines CoordT, ContextT, ReturnT, MAT, VAR, ATTR, COORD_TYPE_*, CONTEXT_TYPE_*, RETURN_TYPE_* and HAS_INPUT_* for every node";
    // Generated name -> what makes it.
    let mut made: BTreeMap<String, String> = BTreeMap::new();
    for p in params {
        let line = src.line(&format!("name: {}", p.name));
        for name in param_macro_names(p) {
            let fail = |m: String| {
                Err(LibraryError::at(
                    yaml_path,
                    line,
                    format!("parameter {}: {m}", p.name),
                ))
            };
            if reserved(&name) {
                return fail(format!(
                    "its macro THIS_{name} is a name ropkit generates ({reserved_note})"
                ));
            }
            if let Some(owner) = made.get(&name) {
                return fail(format!(
                    "its macro THIS_{name} is also made by {owner}: rename one of them"
                ));
            }
            made.insert(name, format!("parameter {}", p.name));
        }
    }
    for t in textures {
        // A texture named after its own parameter makes the same macro with the same value.
        if matches!(&t.source, TextureSource::Param(p) if *p == t.name) {
            continue;
        }
        let fail = |m: String| {
            Err(LibraryError::at(
                yaml_path,
                src.line(&t.name),
                format!("texture {}: {m}", t.name),
            ))
        };
        if !is_identifier(&t.name) {
            return fail("texture names are identifiers, like Image".into());
        }
        if reserved(&t.name) {
            return fail(format!(
                "its macro THIS_{} is a name ropkit generates ({reserved_note})",
                t.name
            ));
        }
        if let Some(owner) = made.get(&t.name) {
            return fail(format!(
                "its macro THIS_{} is also made by {owner}: rename one of them",
                t.name
            ));
        }
        made.insert(t.name.clone(), format!("texture {}", t.name));
    }
    for (table, rows) in [("macros", macros), ("globalMacros", global_macros)] {
        for (ri, row) in rows.iter().enumerate() {
            let Some(name) = row
                .cells
                .get(1)
                .and_then(|c| c.as_deref())
                .and_then(literal_this_name)
            else {
                continue;
            };
            let owner = if reserved(name) {
                format!("ropkit itself ({reserved_note})")
            } else if let Some(owner) = made.get(name) {
                owner.clone()
            } else {
                continue;
            };
            return Err(LibraryError::at(
                yaml_path,
                row.line,
                format!(
                    "{table} row {}: THIS_{name} is also a macro made by {owner}: rename one of them",
                    ri + 1
                ),
            ));
        }
    }
    Ok(())
}

/// The name after `THIS_` of a macro-table name cell written out as a
/// name (`THIS_FOO`, `THIS_FOO 3`, `'THIS_FOO'`); `None` for expressions.
pub(super) fn literal_this_name(cell: &str) -> Option<&str> {
    let t = cell.trim();
    let t = match t.as_bytes().first() {
        Some(q @ (b'\'' | b'"')) if t.len() >= 2 && t.ends_with(*q as char) => &t[1..t.len() - 1],
        _ => t,
    };
    let first = t.split_whitespace().next()?;
    let rest = &t[first.len()..];
    let name = first.strip_prefix("THIS_")?;
    (is_identifier(name) && !rest.trim_start().starts_with('(')).then_some(name)
}

pub(super) fn macro_rows(
    rows: &[Vec<Yaml>],
    lines: &[usize],
    file: &Path,
) -> Result<Vec<MacroRow>, LibraryError> {
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(1);
        if row.is_empty() || row.len() > 3 {
            return Err(LibraryError::at(
                file,
                line,
                format!("macro row {}: needs 1 to 3 cells", i + 1),
            ));
        }
        let mut cells = Vec::new();
        for cell in row {
            cells.push(match cell {
                Yaml::Null => None,
                Yaml::Bool(b) => Some(if *b { "True".into() } else { "False".into() }),
                Yaml::Number(n) => Some(n.to_string()),
                Yaml::String(s) if s.trim().is_empty() => None,
                // A cell's text can reach the shader as it is: a NUL there
                // would break the whole shader, far from this row.
                Yaml::String(s) if s.chars().any(|c| c.is_control() && c != '\t') => {
                    return Err(LibraryError::at(
                        file,
                        line,
                        format!("macro row {}: a cell holds a control character", i + 1),
                    ));
                }
                Yaml::String(s) => Some(s.clone()),
                _ => {
                    return Err(LibraryError::at(
                        file,
                        line,
                        format!(
                            "macro row {}: cells are expression text, numbers or booleans",
                            i + 1
                        ),
                    ));
                }
            });
        }
        // A row with one cell is just a name.
        if cells.len() == 1 {
            cells.insert(0, None);
        }
        out.push(MacroRow { cells, line });
    }
    Ok(out)
}

/// Checks `gallery:`: parameter values name parameters, sources name
/// inputs or parameters, every node has a path (`/name`) and is a mapping
/// naming its `rop`, and there are at most [`MAX_GALLERY_NODES`] of them.
/// (Whether the scene builds is checked when it is built.)
fn gallery_of(
    g: &GalleryYaml,
    params: &[ParamDef],
    inputs: &[InputDef],
) -> Result<GalleryDef, String> {
    let key = |k: &Yaml, what: &str| -> Result<String, String> {
        k.as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("{what} {} is not a name", crate::yaml::flow(k)))
    };
    let mut count = 0;
    let mut nodes =
        |map: &serde_yaml_ng::Mapping, what: &str| -> Result<Vec<(String, String)>, String> {
            let mut out = Vec::new();
            for (k, v) in map {
                let path = key(k, "a node path")?;
                if !path.starts_with('/') || path.len() < 2 {
                    return Err(format!(
                        "{what}: node path `{path}` must start with `/` (e.g. /block)"
                    ));
                }
                let Yaml::Mapping(node) = v else {
                    return Err(format!(
                        "{what}: node {path} is not a mapping like {{ rop: box, params: {{...}} }}"
                    ));
                };
                if !node.get("rop").is_some_and(|r| r.is_string()) && !node.contains_key("custom") {
                    return Err(format!("{what}: node {path} names no `rop:`"));
                }
                count += 1;
                if count > MAX_GALLERY_NODES {
                    return Err(format!("more than {MAX_GALLERY_NODES} nodes"));
                }
                out.push((path, crate::yaml::flow(v)));
            }
            Ok(out)
        };
    let mut def = GalleryDef {
        plain: g.plain.clone().filter(|p| !p.trim().is_empty()),
        own_material: g.own_material,
        ..Default::default()
    };
    for name in &g.unwired {
        if !inputs.iter().any(|i| &i.name == name) {
            return Err(format!("unwired: no input `{name}`"));
        }
        def.unwired.push(name.clone());
    }
    for (k, v) in &g.params {
        let name = key(k, "parameter")?;
        if !params.iter().any(|p| p.name == name) {
            return Err(format!("params: no parameter `{name}`"));
        }
        def.params.push((name, crate::yaml::flow(v)));
    }
    for (k, v) in &g.sources {
        let name = key(k, "input")?;
        if !inputs.iter().any(|i| i.name == name) && !params.iter().any(|p| p.name == name) {
            return Err(format!("sources: no input or parameter `{name}`"));
        }
        let Yaml::Mapping(map) = v else {
            return Err(format!(
                "sources: {name} is not a mapping of node paths to nodes"
            ));
        };
        let list = nodes(map, &format!("sources: {name}"))?;
        if list.is_empty() {
            return Err(format!("sources: {name} has no node"));
        }
        def.sources.push((name, list));
    }
    def.wrap = nodes(&g.wrap, "wrap")?;
    if !def.wrap.is_empty() && !def.wrap[0].1.contains("SUBJECT") {
        return Err(
            "wrap: its first node takes the ROP's place, so it names SUBJECT among its inputs"
                .into(),
        );
    }
    Ok(def)
}
