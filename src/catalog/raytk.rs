//! The RayTK name map: every operator of RayTK (the TouchDesigner toolkit
//! ropkit's vocabulary follows) beside the ROPs that stand in for it, made
//! from `docs/raytk-operators.yaml` (RayTK's operator names, and why some
//! have no ROP) and the `raytk:` list of every ROP. `ropkit list
//! --raytk-map` prints it; `docs/raytk-names.md` is that output, committed.

use crate::library::Library;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// The operator list, built into the program so the map needs no checkout.
const OPERATORS_YAML: &str = include_str!("../../docs/raytk-operators.yaml");
/// Where [`OPERATORS_YAML`] lives in the repository, for messages.
pub const OPERATORS_FILE: &str = "docs/raytk-operators.yaml";
/// What a `none:` note starts with when only TouchDesigner can run the operator.
pub const TOUCHDESIGNER_ONLY: &str = "touchdesigner-only:";
/// The note of an operator that could be a ROP but is not one yet.
pub const NOT_YET: &str = "not yet";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RaytkDataError {
    #[error("{OPERATORS_FILE}: {0}")]
    Yaml(String),
    #[error("{OPERATORS_FILE}: {name} ({category}): {message}")]
    Entry {
        category: String,
        name: String,
        message: String,
    },
    #[error("{OPERATORS_FILE}: {name} is listed twice (in {first} and in {second})")]
    Duplicate {
        name: String,
        first: String,
        second: String,
    },
}

/// One RayTK operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaytkOperator {
    pub name: String,
    /// RayTK's category (`sdf`, `filter`, ...).
    pub category: String,
    /// Earlier names of the same operator; a ROP may use any of them.
    pub formerly: Vec<String>,
    /// Why no ROP stands in for it (`touchdesigner-only: ...` or `not yet`).
    pub none: Option<String>,
    /// A part of ropkit that is not a ROP but does the job.
    pub feature: Option<String>,
    /// How much of the operator the ROPs that name it do, read side by side
    /// with RayTK's own definition (its parameters and code).
    pub parity: Option<Parity>,
    /// For `partial`: the parameters, modes, inputs and variables still missing.
    pub missing: Vec<String>,
    /// What differs, or why a gap is deliberate.
    pub note: Option<String>,
    /// A ROP that shares the name but does something else (so it does not
    /// claim the operator), and what it does instead.
    pub unlike: Option<String>,
}

/// How much of a RayTK operator ropkit's ROPs do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// The same function, with the parameters, modes and inputs RayTK users
    /// reach for (names may differ).
    Full,
    /// The headline function, without some of them (listed in `missing`).
    Partial,
}

impl RaytkOperator {
    /// Only TouchDesigner can run it: it is left out of the coverage figure.
    pub fn touchdesigner_only(&self) -> bool {
        self.none
            .as_deref()
            .is_some_and(|n| n.starts_with(TOUCHDESIGNER_ONLY))
    }

    /// Every name a ROP's `raytk:` list may use for it.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.formerly.iter().map(String::as_str))
    }
}

/// An entry of the YAML file: a bare name, or a name with notes.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawEntry {
    Name(String),
    Full(RawOperator),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOperator {
    name: String,
    #[serde(default)]
    formerly: Vec<String>,
    none: Option<String>,
    feature: Option<String>,
    parity: Option<Parity>,
    #[serde(default)]
    missing: Vec<String>,
    note: Option<String>,
    unlike: Option<String>,
}

/// RayTK's operators, in the file's order (by category).
pub fn operators() -> Result<Vec<RaytkOperator>, RaytkDataError> {
    parse_operators(OPERATORS_YAML)
}

/// Reads an operator list in the form of `docs/raytk-operators.yaml`.
pub fn parse_operators(text: &str) -> Result<Vec<RaytkOperator>, RaytkDataError> {
    let raw: BTreeMap<String, Vec<RawEntry>> =
        serde_yaml_ng::from_str(text).map_err(|e| RaytkDataError::Yaml(e.to_string()))?;
    let mut out = Vec::new();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for (category, entries) in raw {
        for entry in entries {
            let op = match entry {
                RawEntry::Name(name) => RaytkOperator {
                    name,
                    category: category.clone(),
                    formerly: Vec::new(),
                    none: None,
                    feature: None,
                    parity: None,
                    missing: Vec::new(),
                    note: None,
                    unlike: None,
                },
                RawEntry::Full(r) => RaytkOperator {
                    name: r.name,
                    category: category.clone(),
                    formerly: r.formerly,
                    none: r.none,
                    feature: r.feature,
                    parity: r.parity,
                    missing: r.missing,
                    note: r.note,
                    unlike: r.unlike,
                },
            };
            check_entry(&op)?;
            for name in op.names() {
                if let Some(first) = seen.insert(name.to_string(), category.clone()) {
                    return Err(RaytkDataError::Duplicate {
                        name: name.to_string(),
                        first,
                        second: category.clone(),
                    });
                }
            }
            out.push(op);
        }
    }
    Ok(out)
}

fn check_entry(op: &RaytkOperator) -> Result<(), RaytkDataError> {
    let fail = |message: String| RaytkDataError::Entry {
        category: op.category.clone(),
        name: op.name.clone(),
        message,
    };
    let identifier = |s: &str| {
        s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric())
    };
    if let Some(bad) = op.names().find(|n| !identifier(n)) {
        return Err(fail(format!("'{bad}' is not an operator name")));
    }
    if let Some(none) = &op.none {
        let td_reason = none.strip_prefix(TOUCHDESIGNER_ONLY).map(str::trim);
        if none != NOT_YET && td_reason.is_none_or(str::is_empty) {
            return Err(fail(format!(
                "none: '{none}' is neither '{NOT_YET}' nor '{TOUCHDESIGNER_ONLY} REASON'"
            )));
        }
    }
    if op.none.is_some() && op.feature.is_some() {
        return Err(fail("has both none: and feature:".into()));
    }
    if op.parity.is_some() && op.unlike.is_some() {
        return Err(fail(
            "has both parity: and unlike: (a ROP unlike the operator does not claim it)".into(),
        ));
    }
    match (op.parity, op.missing.is_empty()) {
        (Some(Parity::Partial), true) => {
            return Err(fail("parity: partial lists nothing under missing:".into()));
        }
        (Some(Parity::Full) | None, false) => {
            return Err(fail("missing: is for parity: partial".into()));
        }
        _ => {}
    }
    Ok(())
}

/// One row of the map.
#[derive(Debug, Clone)]
pub struct MapRow {
    pub op: RaytkOperator,
    /// The ROPs that name it, sorted.
    pub rops: Vec<String>,
}

/// The whole map, with what it counts.
#[derive(Debug, Clone)]
pub struct RaytkMap {
    pub rows: Vec<MapRow>,
    /// `(ROP, name)` for every name in a `raytk:` list that is no RayTK
    /// operator of the list (a typo, or an operator the list lacks).
    pub unknown: Vec<(String, String)>,
}

/// Counts over the map (the coverage figure is `mapped / independent`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Coverage {
    /// Operators in the list.
    pub total: usize,
    /// Operators that work outside TouchDesigner.
    pub independent: usize,
    /// Of those, the ones at least one ROP stands in for.
    pub mapped: usize,
    /// Of those without a ROP, the ones a part of ropkit that is not a ROP covers.
    pub feature: usize,
    /// Of the mapped ones, those whose ROPs do all of it (`parity: full`).
    pub full: usize,
    /// Of the mapped ones, those whose ROPs do part of it (`parity: partial`).
    pub partial: usize,
}

impl Coverage {
    pub fn percent(&self) -> f64 {
        if self.independent == 0 {
            0.0
        } else {
            100.0 * self.mapped as f64 / self.independent as f64
        }
    }

    fn add(&mut self, row: &MapRow) {
        self.total += 1;
        if row.op.touchdesigner_only() {
            return;
        }
        self.independent += 1;
        if !row.rops.is_empty() {
            self.mapped += 1;
            match row.op.parity {
                Some(Parity::Full) => self.full += 1,
                Some(Parity::Partial) => self.partial += 1,
                None => {}
            }
        } else if row.op.feature.is_some() {
            self.feature += 1;
        }
    }
}

impl RaytkMap {
    pub fn coverage(&self) -> Coverage {
        let mut c = Coverage::default();
        self.rows.iter().for_each(|r| c.add(r));
        c
    }

    fn coverage_of(&self, category: &str) -> Coverage {
        let mut c = Coverage::default();
        self.rows
            .iter()
            .filter(|r| r.op.category == category)
            .for_each(|r| c.add(r));
        c
    }
}

/// The map of `lib` against RayTK's operator list.
pub fn map(lib: &Library) -> Result<RaytkMap, RaytkDataError> {
    Ok(map_with(lib, operators()?))
}

/// The map of `lib` against a given operator list.
pub fn map_with(lib: &Library, operators: Vec<RaytkOperator>) -> RaytkMap {
    let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, op) in operators.iter().enumerate() {
        for name in op.names() {
            by_name.insert(name, i);
        }
    }
    let mut rops: Vec<BTreeSet<String>> = vec![BTreeSet::new(); operators.len()];
    let mut unknown = Vec::new();
    for def in lib.rops.values() {
        for name in &def.raytk {
            match by_name.get(name.as_str()) {
                Some(&i) => {
                    rops[i].insert(def.name.clone());
                }
                None => unknown.push((def.name.clone(), name.clone())),
            }
        }
    }
    unknown.sort();
    let rows = operators
        .into_iter()
        .zip(rops)
        .map(|(op, rops)| MapRow {
            op,
            rops: rops.into_iter().collect(),
        })
        .collect();
    RaytkMap { rows, unknown }
}

/// The map as Markdown (committed as `docs/raytk-names.md`).
pub fn markdown(map: &RaytkMap) -> String {
    let c = map.coverage();
    let mut out = String::from(
        "# RayTK operators in ropkit\n\n\
         Generated by `ropkit list --raytk-map` from `docs/raytk-operators.yaml`\n\
         (RayTK's operators by category, and why some have no ROP) and the\n\
         `raytk:` list in each ROP's `rop.yaml`. Regenerate it after adding or\n\
         renaming ROPs:\n\n\
         ```sh\ncargo run -- list --raytk-map > docs/raytk-names.md\n```\n\n\
         The palette search of the viewer finds a ROP by the RayTK names it\n\
         stands in for, and `ropkit list --json` shows them (`raytk`).\n\n",
    );
    out.push_str(&format!(
        "**Coverage:** {} of the {} RayTK operators that work outside TouchDesigner \
         ({:.0}%) have a ropkit ROP; {} more are covered by a part of ropkit that is \
         not a ROP; {} only make sense inside TouchDesigner.\n\n",
        c.mapped,
        c.independent,
        c.percent(),
        c.feature,
        c.total - c.independent
    ));
    out.push_str(&format!(
        "**Parity:** each operator a ROP names was read side by side with RayTK's \
         own definition (its parameters and its code). Of the {}, {} ({:.0}%) do \
         what RayTK's operator does (`full`); {} do its main job but lack \
         parameters, modes, inputs or variables RayTK users reach for, listed \
         in the note (`partial`); {} are not audited yet. Operators whose \
         ropkit namesake does something else are not claimed: their note says \
         what it does instead.\n\n",
        c.mapped,
        c.full,
        if c.mapped == 0 {
            0.0
        } else {
            100.0 * c.full as f64 / c.mapped as f64
        },
        c.partial,
        c.mapped - c.full - c.partial
    ));
    let categories: Vec<&str> = {
        let mut seen = BTreeSet::new();
        map.rows
            .iter()
            .map(|r| r.op.category.as_str())
            .filter(|c| seen.insert(*c))
            .collect()
    };
    out.push_str(
        "| RayTK category | operators | outside TouchDesigner | with a ROP |\n|---|---|---|---|\n",
    );
    for cat in &categories {
        let cc = map.coverage_of(cat);
        out.push_str(&format!(
            "| [{cat}](#{cat}) | {} | {} | {} |\n",
            cc.total, cc.independent, cc.mapped
        ));
    }
    for cat in &categories {
        out.push_str(&format!(
            "\n## {cat}\n\n| RayTK | ropkit | parity | note |\n|---|---|---|---|\n"
        ));
        for row in map.rows.iter().filter(|r| r.op.category == *cat) {
            out.push_str(&row_markdown(row));
        }
    }
    out
}

fn row_markdown(row: &MapRow) -> String {
    let op = &row.op;
    let mut name = format!("`{}`", op.name);
    if !op.formerly.is_empty() {
        let former: Vec<String> = op.formerly.iter().map(|f| format!("`{f}`")).collect();
        name.push_str(&format!(" (formerly {})", former.join(", ")));
    }
    let rops = if row.rops.is_empty() {
        "—".to_string()
    } else {
        row.rops
            .iter()
            .map(|r| format!("`{r}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let parity = match (row.rops.is_empty(), op.parity) {
        (true, _) => "",
        (false, Some(Parity::Full)) => "full",
        (false, Some(Parity::Partial)) => "partial",
        (false, None) => "not audited",
    };
    let note = if !row.rops.is_empty() {
        let mut note = op.note.clone().unwrap_or_default();
        if !op.missing.is_empty() {
            if !note.is_empty() {
                note.push(' ');
            }
            note.push_str(&format!("Missing: {}.", op.missing.join("; ")));
        }
        note
    } else if let Some(feature) = &op.feature {
        format!("not a ROP: {feature}")
    } else if let Some(none) = &op.none {
        match none.strip_prefix(TOUCHDESIGNER_ONLY) {
            Some(reason) => format!("TouchDesigner only: {}", reason.trim()),
            None => none.clone(),
        }
    } else {
        NOT_YET.to_string()
    };
    let note = match (&op.unlike, row.rops.is_empty()) {
        (Some(unlike), true) => format!("{note}; not the same as {unlike}"),
        _ => note,
    };
    format!(
        "| {name} | {rops} | {parity} | {} |\n",
        note.replace('|', "/").replace('\n', " ")
    )
}
