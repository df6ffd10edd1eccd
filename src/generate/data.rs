//! The data parameters of a network (see [`crate::data`]), loaded and
//! packed into one block of texels, with each node's accessor macros.

use super::GenerateError;
use crate::data::{Files, load};
use crate::library::RopDef;
use crate::network::Network;
use crate::resolve::Resolution;
use crate::value::ParamValue;

/// Every data parameter's texels, one after another, and per node the
/// accessor macros of each of its data parameters (by parameter index).
#[derive(Debug, Clone, Default)]
pub struct DataPack {
    pub texels: Vec<[f32; 4]>,
    pub node_macros: Vec<Vec<(usize, String)>>,
}

impl DataPack {
    /// Whether any node has a data parameter (an empty list included: its
    /// accessors still read `rk_data`).
    pub fn any(&self) -> bool {
        self.node_macros.iter().any(|m| !m.is_empty())
    }
}

/// Loads and packs the data parameters of the resolved nodes. An error
/// names the network file and the node's line, or the data file and its
/// line.
pub(super) fn pack(
    res: &Resolution,
    net: &Network,
    defs: &[&RopDef],
) -> Result<DataPack, GenerateError> {
    let mut pack = DataPack {
        texels: Vec::new(),
        node_macros: vec![Vec::new(); res.nodes.len()],
    };
    if !defs
        .iter()
        .any(|d| d.params.iter().any(|p| p.style.is_data()))
    {
        return Ok(pack);
    }
    let files = Files::for_network(&net.file);
    for (ni, n) in res.nodes.iter().enumerate() {
        let def = defs[ni];
        let Some(node) = net.nodes.get(&n.path) else {
            continue;
        };
        for (pi, p) in def
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.style.is_data())
        {
            let value_of = |name: &str| {
                node.value(def, name)
                    .cloned()
                    .or_else(|| def.param(name).map(|q| q.default.clone()))
                    .unwrap_or(ParamValue::Text(String::new()))
            };
            let with: Vec<ParamValue> = p.with.iter().map(|w| value_of(w)).collect();
            let located = |message: String, file: Option<&std::path::Path>, line: usize| {
                let (file, line) = match file {
                    Some(f) => (f.to_path_buf(), line),
                    None => (
                        net.file.clone(),
                        net.lines.get(&n.path).copied().unwrap_or(1),
                    ),
                };
                GenerateError::Macro {
                    file,
                    line: line.max(1),
                    node: n.path.clone(),
                    message: format!("parameter {}: {message}", p.name),
                }
            };
            let loaded = load(p.style, &value_of(&p.name), &with, &files)
                .map_err(|e| located(e.message.clone(), e.file.as_deref(), e.line))?;
            let texels = loaded.texels();
            if pack.texels.len() + texels.len() > crate::limits::DATA_TEXELS {
                return Err(located(
                    format!(
                        "the network's data takes more than {} texels (DATA_TEXELS)",
                        crate::limits::DATA_TEXELS
                    ),
                    None,
                    0,
                ));
            }
            let prefix = format!("{}_{}", n.name, p.name);
            let macros = loaded.macros(&prefix, pack.texels.len());
            pack.texels.extend(texels);
            pack.node_macros[ni].push((pi, macros));
        }
    }
    if pack.any() && pack.texels.is_empty() {
        // Empty lists only: one texel, so the texture exists.
        pack.texels.push([0.0; 4]);
    }
    Ok(pack)
}
