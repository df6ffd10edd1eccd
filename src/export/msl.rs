//! Metal Shading Language (2.1) through naga's MSL back end, with every
//! resource in the argument slot [`super::bindings`] gives it.

use super::ExportError;
use super::bindings::{self, ResourceKind};
use crate::build::Built;
use naga::back::msl;

/// Metal's per-stage limits on the argument tables ropkit fills.
const MAX_TEXTURES: usize = 96;

/// The MSL text and the name of its fragment function.
pub fn write(built: &Built) -> Result<(String, String), ExportError> {
    let table = bindings::resources(&built.shader);
    let textures = table
        .iter()
        .filter(|r| r.kind == ResourceKind::Texture)
        .count();
    if textures > MAX_TEXTURES {
        return Err(ExportError::Refused {
            format: "msl",
            feature: format!("{textures} textures (Metal binds at most {MAX_TEXTURES} a stage)"),
        });
    }
    let mut resources = msl::BindingMap::default();
    for r in &table {
        let mut target = msl::BindTarget::default();
        match r.kind {
            ResourceKind::Globals | ResourceKind::Params => target.buffer = Some(r.msl_slot.1),
            ResourceKind::Texture => target.texture = Some(r.msl_slot.1),
            ResourceKind::Sampler => {
                target.sampler = Some(msl::BindSamplerTarget::Resource(r.msl_slot.1))
            }
        }
        resources.insert(
            naga::ResourceBinding {
                group: r.set,
                binding: r.binding,
            },
            target,
        );
    }
    let mut per_entry_point_map = msl::EntryPointResourceMap::default();
    per_entry_point_map.insert(
        "main".into(),
        msl::EntryPointResources {
            resources,
            ..Default::default()
        },
    );
    let options = msl::Options {
        lang_version: (2, 1),
        per_entry_point_map,
        fake_missing_bindings: false,
        ..Default::default()
    };
    let pipeline = msl::PipelineOptions {
        entry_point: Some((naga::ShaderStage::Fragment, "main".into())),
        ..Default::default()
    };
    let compiled = built
        .compiled()
        .map_err(|e| ExportError::Msl(e.to_string()))?;
    let module = bindings::named_module(&compiled.module, &built.shader);
    let (text, info) = msl::write_string(&module, &compiled.info, &options, &pipeline)
        .map_err(|e| ExportError::Msl(e.to_string()))?;
    let entry = info
        .entry_point_names
        .into_iter()
        .next()
        .ok_or_else(|| ExportError::Msl("no entry point was written".into()))?
        .map_err(|e| ExportError::Msl(e.to_string()))?;
    let header = format!(
        "// Metal Shading Language 2.1 exported by ropkit.\n\
         // Fragment function: {entry}. Globals in buffer(0), parameters in buffer(1),\n\
         // the sampler in sampler(0), textures from texture(0); the JSON layout export lists each one.\n"
    );
    Ok((header + &text, entry))
}
