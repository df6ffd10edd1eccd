//! HLSL through naga's HLSL back end, from the module ropkit compiles.
//!
//! The registers are the Vulkan bindings (see [`super::bindings`]): the
//! globals in `b0`, the sampler in `s1`, textures from `t2`, the parameters
//! after them. naga 30 reads every sampler from a sampler heap indexed
//! through a structured buffer (how wgpu's Direct3D 12 back end binds them);
//! a host of its own binds plain registers, so that heap is replaced by one
//! `SamplerState` in `s1`.

use super::ExportError;
use super::bindings::{self, ResourceKind};
use crate::build::Built;

/// The shader model the text is written for: 5.1 source compiles
/// unchanged with DXC for Shader Model 6 (`-T ps_6_0`).
const SHADER_MODEL: naga::back::hlsl::ShaderModel = naga::back::hlsl::ShaderModel::V5_1;

/// The HLSL text and the name of its entry point.
pub fn write(built: &Built) -> Result<(String, String), ExportError> {
    let compiled = built
        .compiled()
        .map_err(|e| ExportError::Hlsl(e.to_string()))?;
    let module = bindings::named_module(&compiled.module, &built.shader);
    let options = naga::back::hlsl::Options {
        shader_model: SHADER_MODEL,
        ..Default::default()
    };
    let pipeline = naga::back::hlsl::PipelineOptions {
        entry_point: Some((naga::ShaderStage::Fragment, "main".into())),
    };
    let mut text = String::new();
    let mut writer = naga::back::hlsl::Writer::new(&mut text, &options, &pipeline);
    let reflection = writer
        .write(&module, &compiled.info, None)
        .map_err(|e| ExportError::Hlsl(e.to_string()))?;
    let entry = reflection
        .entry_point_names
        .into_iter()
        .next()
        .ok_or_else(|| ExportError::Hlsl("no entry point was written".into()))?
        .map_err(|e| ExportError::Hlsl(e.to_string()))?;
    let sampler = bindings::resources(&built.shader)
        .into_iter()
        .find(|r| r.kind == ResourceKind::Sampler)
        .map(|r| r.hlsl())
        .unwrap_or_else(|| "s1".into());
    let body = plain_sampler(&text, &sampler)?;
    let header = format!(
        "// HLSL exported by ropkit (Shader Model 5.1; DXC compiles it for 6.x too).\n\
         // Entry point: {entry} (pixel shader). fxc /T ps_5_1 /E {entry}, or dxc -T ps_6_0 -E {entry}.\n\
         // Registers: globals b0, sampler {sampler}, textures from t2, parameters after them;\n\
         // the JSON layout export lists each one.\n"
    );
    Ok((header + &body, entry))
}

/// Longest array whose zero value is spelled out element by element.
const MAX_SPELLED_ZEROS: usize = 4096;

/// naga zeroes arrays with a cast, `T a[N] = (T[N])0;`, which DXC and FXC
/// take but glslang's HLSL front end does not. A static global is zero
/// without an initialiser; a local gets an initialiser list, which all
/// three take.
fn portable_zero(line: &str) -> Option<String> {
    let t = line.trim_start();
    let indent = &line[..line.len() - t.len()];
    let (decl, cast) = t.split_once(" = (")?;
    let inner = cast.strip_suffix(")0;")?;
    let (elem, count) = inner.strip_suffix(']')?.split_once('[')?;
    let n: usize = count.parse().ok()?;
    if elem.contains('[') || !decl.ends_with(&format!("[{n}]")) {
        return None;
    }
    if t.starts_with("static ") && indent.is_empty() {
        return Some(format!("{decl};"));
    }
    if n > MAX_SPELLED_ZEROS {
        return None;
    }
    let zeros = vec![format!("({elem})0"); n].join(", ");
    Some(format!("{indent}{decl} = {{ {zeros} }};"))
}

/// naga's sampler heap, replaced by a plain sampler register; array zero
/// values in a form every HLSL compiler takes.
fn plain_sampler(text: &str, register: &str) -> Result<String, ExportError> {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if let Some(zeroed) = portable_zero(line) {
            out.push_str(&zeroed);
            out.push('\n');
            continue;
        }
        let t = line.trim_start();
        if t.starts_with("SamplerState nagaSamplerHeap[")
            || t.starts_with("SamplerComparisonState nagaComparisonSamplerHeap[")
            || (t.starts_with("StructuredBuffer<uint> nagaGroup")
                && t.contains("SamplerIndexArray"))
        {
            continue;
        }
        if let Some(rest) = t.strip_prefix("static const SamplerState ") {
            let name = rest.split_whitespace().next().unwrap_or("rk_sampler");
            out.push_str(&format!("SamplerState {name} : register({register});\n"));
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    if out.contains("nagaSamplerHeap") || out.contains("SamplerIndexArray") {
        return Err(ExportError::Hlsl(
            "the sampler heap naga wrote has a form this exporter does not know".into(),
        ));
    }
    Ok(out)
}
