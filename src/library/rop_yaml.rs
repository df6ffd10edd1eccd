//! `rop.yaml` as it is written (the serde structs), and where in its text
//! a field lies, for locating errors.

use super::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct RopYaml {
    /// Required in a ROP folder; a network's custom node may leave it out.
    #[serde(default)]
    pub(super) name: Option<String>,
    #[serde(default)]
    pub(super) category: Option<String>,
    #[serde(default)]
    pub(super) description: String,
    #[serde(default)]
    pub(super) keywords: Vec<String>,
    #[serde(default)]
    pub(super) raytk: Vec<String>,
    #[serde(default)]
    pub(super) distance: Option<String>,
    #[serde(default)]
    pub(super) lipschitz: Option<String>,
    pub(super) coord_types: Vec<String>,
    pub(super) return_types: Vec<String>,
    #[serde(default)]
    pub(super) context_types: Option<Vec<String>>,
    #[serde(default)]
    pub(super) params: Vec<ParamYaml>,
    #[serde(default)]
    pub(super) inputs: Vec<InputYaml>,
    #[serde(default)]
    pub(super) variadic: bool,
    #[serde(default)]
    pub(super) macros: Vec<Vec<Yaml>>,
    #[serde(default)]
    pub(super) global_macros: Vec<Vec<Yaml>>,
    #[serde(default)]
    pub(super) libraries: Vec<String>,
    #[serde(default)]
    pub(super) textures: Vec<TextureYaml>,
    #[serde(default)]
    pub(super) template: Option<String>,
    #[serde(default)]
    pub(super) variable: Option<VariableYaml>,
    /// Same shape as `variable:`, with roles `assign` and `read`.
    #[serde(default)]
    pub(super) attribute: Option<VariableYaml>,
    /// How `ropkit gallery` shows the ROP (see [`GalleryDef`]).
    #[serde(default)]
    pub(super) gallery: Option<GalleryYaml>,
    // The code blocks, inline: only in a network's custom node (a ROP
    // folder keeps them in its .glsl files).
    #[serde(default)]
    pub(super) function: Option<String>,
    #[serde(default)]
    pub(super) globals: Option<String>,
    #[serde(default)]
    pub(super) init: Option<String>,
    #[serde(default)]
    pub(super) material: Option<String>,
}

impl RopYaml {
    pub(super) fn inline_blocks(&self) -> [(BlockKind, &'static str, Option<&String>); 4] {
        [
            (BlockKind::Globals, "globals", self.globals.as_ref()),
            (BlockKind::Init, "init", self.init.as_ref()),
            (BlockKind::Function, "function", self.function.as_ref()),
            (BlockKind::Material, "material", self.material.as_ref()),
        ]
    }
}

/// `gallery:` as written: parameter values, sources by input name and
/// wrapping nodes as mappings (their order kept), and the reason a
/// thumbnail may be plain.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GalleryYaml {
    #[serde(default)]
    pub(super) params: serde_yaml_ng::Mapping,
    #[serde(default)]
    pub(super) sources: serde_yaml_ng::Mapping,
    #[serde(default)]
    pub(super) wrap: serde_yaml_ng::Mapping,
    #[serde(default)]
    pub(super) plain: Option<String>,
    #[serde(default, rename = "ownMaterial")]
    pub(super) own_material: bool,
    #[serde(default)]
    pub(super) unwired: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ParamYaml {
    pub(super) name: String,
    pub(super) style: String,
    #[serde(default)]
    pub(super) default: Option<Yaml>,
    #[serde(default)]
    pub(super) min: Option<f64>,
    #[serde(default)]
    pub(super) max: Option<f64>,
    /// Hard limits: a value past them is refused (min/max only steer sliders).
    #[serde(default, rename = "hardMin")]
    pub(super) hard_min: Option<f64>,
    #[serde(default, rename = "hardMax")]
    pub(super) hard_max: Option<f64>,
    #[serde(default)]
    pub(super) label: Option<String>,
    #[serde(default)]
    pub(super) help: String,
    #[serde(default, rename = "macro")]
    pub(super) is_macro: bool,
    #[serde(default)]
    pub(super) options: Vec<String>,
    #[serde(default)]
    pub(super) field: bool,
    #[serde(default)]
    pub(super) with: Vec<String>,
    #[serde(default)]
    pub(super) grid: bool,
    #[serde(default)]
    pub(super) tree: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct InputYaml {
    pub(super) name: String,
    #[serde(default)]
    pub(super) label: Option<String>,
    #[serde(default)]
    pub(super) coord_types: Option<Vec<String>>,
    #[serde(default)]
    pub(super) return_types: Option<Vec<String>>,
    #[serde(default)]
    pub(super) context_types: Option<Vec<String>>,
    #[serde(default)]
    pub(super) required: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct VariableYaml {
    pub(super) role: String,
    pub(super) name: String,
    #[serde(rename = "type")]
    pub(super) ty: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct TextureYaml {
    pub(super) name: String,
    #[serde(default)]
    pub(super) param: Option<String>,
    #[serde(default)]
    pub(super) path: Option<String>,
    #[serde(default)]
    pub(super) raw_size: Option<String>,
    #[serde(default)]
    pub(super) raw_format: Option<String>,
    #[serde(default)]
    pub(super) mesh_voxels: Option<String>,
}

/// Line (1-based) of the first line containing `needle`, or 1.
pub(crate) fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .unwrap_or(1)
}

/// Lines of the rows of the YAML list under `key:` (best effort, for messages).
pub(super) fn row_lines(text: &str, key: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut key_indent = 0;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if !inside {
            if trimmed.starts_with(&format!("{key}:")) {
                inside = true;
                key_indent = indent;
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if indent <= key_indent && !trimmed.starts_with('-') {
            break;
        }
        if trimmed.starts_with("- ") || trimmed == "-" {
            out.push(i + 1);
        }
    }
    out
}

/// The text a definition was read from, for locating its errors: a
/// `rop.yaml`, or the lines of a custom node in a network file (`base` is
/// the file line of the text's first line).
pub(super) struct Src<'a> {
    pub(super) text: &'a str,
    pub(super) path: &'a Path,
    pub(super) base: usize,
}

impl Src<'_> {
    /// The file line of the first line holding `needle` (the first line when none does).
    pub(super) fn line(&self, needle: &str) -> usize {
        self.base + line_of(self.text, needle) - 1
    }
    pub(super) fn err(&self, needle: &str, message: String) -> LibraryError {
        LibraryError::at(self.path, self.line(needle), message)
    }
    pub(super) fn rows(&self, key: &str) -> Vec<usize> {
        row_lines(self.text, key)
            .into_iter()
            .map(|l| self.base + l - 1)
            .collect()
    }
}
