//! Parameter macros and macro tables: the `#define`s a parameter value
//! becomes, and the evaluation of a ROP's macro-table rows.

use super::{GenerateError, ParamSlot};
use crate::expr::{self, Env};
use crate::library::{MacroRow, ParamDef, RopDef};
use crate::substitute::{Names, substitute};
use crate::types::ParamStyle;
use crate::value::{ParamValue, float_text};
use std::fmt::Write as _;

/// The `#define`s that make a parameter reachable as `<name>_<Param>`.
pub fn param_macros(
    out: &mut String,
    nm: &str,
    p: &ParamDef,
    value: &ParamValue,
    slot: Option<&ParamSlot>,
) {
    let pn = &p.name;
    if let Some(s) = slot {
        let swz = &"xyzw"[s.offset..s.offset + s.components];
        let v = format!("vecParams[{}]", s.slot);
        match p.style {
            ParamStyle::Float => {
                let _ = writeln!(out, "#define {nm}_{pn} {v}.{swz}");
            }
            ParamStyle::Int => {
                let _ = writeln!(out, "#define {nm}_{pn} int({v}.{swz})");
            }
            ParamStyle::Toggle => {
                let _ = writeln!(out, "#define {nm}_{pn} ({v}.{swz} > 0.5)");
            }
            ParamStyle::Rotation => {
                // Three columns of the matrix (made on the CPU), angles in `.w`.
                let col = |c: usize| format!("vecParams[{}]", s.slot + c);
                let _ = writeln!(
                    out,
                    "#define {nm}_{pn} vec3({}.w, {}.w, {}.w)\n#define {nm}_{pn}x {}.w\n#define {nm}_{pn}y {}.w\n#define {nm}_{pn}z {}.w\n#define {nm}_{pn}_matrix mat3({}.xyz, {}.xyz, {}.xyz)",
                    col(0),
                    col(1),
                    col(2),
                    col(0),
                    col(1),
                    col(2),
                    col(0),
                    col(1),
                    col(2)
                );
            }
            _ => {
                let _ = writeln!(out, "#define {nm}_{pn} vec{}({v}.{swz})", s.components);
                for (k, suffix) in p.style.component_suffixes().iter().enumerate() {
                    let _ = writeln!(out, "#define {nm}_{pn}{suffix} {v}.{}", &"xyzw"[k..k + 1]);
                }
            }
        }
        return;
    }
    if let (ParamStyle::Rotation, ParamValue::Vector(v)) = (p.style, value) {
        let deg = |k: usize| v.get(k).copied().unwrap_or(0.0);
        let m = crate::value::rotation_matrix([deg(0), deg(1), deg(2)]);
        let items: Vec<String> = m
            .iter()
            .flat_map(|c| c.iter().map(|f| float_text(*f)))
            .collect();
        let _ = writeln!(
            out,
            "#define {nm}_{pn} vec3({}, {}, {})\n#define {nm}_{pn}x {}\n#define {nm}_{pn}y {}\n#define {nm}_{pn}z {}\n#define {nm}_{pn}_matrix mat3({})",
            float_text(deg(0)),
            float_text(deg(1)),
            float_text(deg(2)),
            float_text(deg(0)),
            float_text(deg(1)),
            float_text(deg(2)),
            items.join(", ")
        );
        return;
    }
    match (p.style, value) {
        (ParamStyle::Menu, ParamValue::Text(opt)) => {
            let index = p.options.iter().position(|o| o == opt).unwrap_or(0);
            let _ = writeln!(
                out,
                "#define {nm}_{pn} {opt}\n#define {nm}_{pn}_{opt}\n#define {nm}_{pn}_INDEX {index}"
            );
        }
        (ParamStyle::String, ParamValue::Text(s)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {}", s.replace('\n', " "));
        }
        (ParamStyle::Texture, _) => {} // bound by texture macros
        // Data: accessor macros come from the layout (crate::data).
        (ParamStyle::Points | ParamStyle::Font | ParamStyle::Path, _)
        | (_, ParamValue::Points(_)) => {}
        (_, ParamValue::Float(f)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {}", float_text(*f));
        }
        (_, ParamValue::Int(i)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {i}");
        }
        (_, ParamValue::Bool(b)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {b}");
            if *b {
                let _ = writeln!(out, "#define {nm}_{pn}_on");
            }
        }
        (_, ParamValue::Vector(v)) => {
            let items: Vec<String> = v.iter().map(|f| float_text(*f)).collect();
            let _ = writeln!(
                out,
                "#define {nm}_{pn} vec{}({})",
                v.len(),
                items.join(", ")
            );
            for (suffix, item) in p.style.component_suffixes().iter().zip(&items) {
                let _ = writeln!(out, "#define {nm}_{pn}{suffix} {item}");
            }
        }
        (_, ParamValue::Text(s)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {s}");
        }
    }
}

/// Evaluates a macro table into `#define` lines (see the ROP code guide):
/// a row whose condition is falsy is dropped; the second cell is a name, or a
/// name and value separated by a space; the third cell, if any, is the value.
pub fn eval_macro_table(
    rows: &[MacroRow],
    env: &dyn Env,
    names: &Names,
    def: &RopDef,
    node: &str,
) -> Result<Vec<String>, GenerateError> {
    eval_macro_rows(rows, env, names, def, node, crate::limits::SHADER_BYTES)
        .map(|lines| lines.into_iter().map(|(line, _)| line).collect())
}

/// [`eval_macro_table`], with the `rop.yaml` line of each row, failing at
/// the row whose lines take the table past `budget` bytes: each cell is
/// capped, but thousands of rows of a megabyte each would make a shader of
/// gigabytes.
pub(super) fn eval_macro_rows(
    rows: &[MacroRow],
    env: &dyn Env,
    names: &Names,
    def: &RopDef,
    node: &str,
    budget: usize,
) -> Result<Vec<(String, usize)>, GenerateError> {
    let mut lines = Vec::new();
    let mut bytes = 0usize;
    for (ri, row) in rows.iter().enumerate() {
        let fail = |cell: usize, message: String| GenerateError::Macro {
            file: def.yaml_path.clone(),
            line: row.line,
            node: node.to_string(),
            message: format!("macro row {}, cell {}: {message}", ri + 1, cell + 1),
        };
        let cell = |k: usize| {
            row.cells
                .get(k)
                .cloned()
                .flatten()
                .map(|c| substitute(&c, names))
        };
        if let Some(cond) = cell(0) {
            let v = expr::eval(&cond, env).map_err(|e| fail(0, e.to_string()))?;
            if !v.truthy() {
                continue;
            }
        }
        let Some(name_cell) = cell(1) else { continue };
        let name_text = match literal_macro_name(&name_cell) {
            Some(text) => text.to_string(),
            None => expr::eval(&name_cell, env)
                .map_err(|e| fail(1, e.to_string()))?
                .to_text(),
        };
        let name_text = name_text.trim().to_string();
        let (name, inline_value) = match name_text.split_once(char::is_whitespace) {
            Some((n, v)) => (n.to_string(), Some(v.trim().to_string())),
            None => (name_text.clone(), None),
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(fail(
                1,
                format!("'{}' is not a macro name", crate::value::echo(&name_text)),
            ));
        }
        let value = match cell(2) {
            Some(v) => Some(
                expr::eval(&v, env)
                    .map_err(|e| fail(2, e.to_string()))?
                    .to_text(),
            ),
            None => inline_value,
        };
        let line = match value {
            Some(v) if !v.is_empty() => format!("#define {name} {}", v.replace('\n', " ")),
            _ => format!("#define {name}"),
        };
        bytes = bytes.saturating_add(line.len() + 1);
        if bytes > budget {
            return Err(GenerateError::Macro {
                file: def.yaml_path.clone(),
                line: row.line,
                node: node.to_string(),
                message: format!(
                    "macro row {}: the macro table takes the stitched shader past the limit of {}",
                    ri + 1,
                    crate::files::human_size(crate::limits::SHADER_BYTES as u64)
                ),
            });
        }
        lines.push((line, row.line));
    }
    Ok(lines)
}

/// A name cell written as a bare macro name (`THIS_USE_THINGS` or
/// `THIS_FOO 3.5`) is taken as it is; anything else is an expression.
fn literal_macro_name(cell: &str) -> Option<&str> {
    let t = cell.trim();
    let first = t.split_whitespace().next()?;
    let ident = first
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && first.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (ident && !expr::is_reserved_name(first) && !t[first.len()..].trim_start().starts_with('('))
        .then_some(t)
}
