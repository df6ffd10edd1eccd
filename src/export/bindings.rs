//! Where each resource of a shader is bound in each language: the Vulkan
//! set and binding of the GLSL, WGSL and SPIR-V, the HLSL register and the
//! Metal argument slot. The HLSL and MSL writers are driven by this table
//! and the JSON layout publishes it, so a host reads the same numbers the
//! code was written with.

use crate::generate::Shader;

/// What a resource holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKind {
    /// The per-frame globals (`rk_time`, `rk_resolution`, ...).
    Globals,
    /// The live parameters' buffer (`rk_params`).
    Params,
    /// The one sampler every texture is read through.
    Sampler,
    /// A 2D texture (`rk_texN`).
    Texture,
}

/// One bound resource and its place in every language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resource {
    pub kind: ResourceKind,
    /// The name the exported code gives it.
    pub name: String,
    /// Vulkan descriptor set and binding (GLSL, WGSL, SPIR-V).
    pub set: u32,
    pub binding: u32,
    /// HLSL register class (`b`, `t` or `s`) and number, in space 0.
    pub hlsl_register: (char, u32),
    /// Metal argument table (`buffer`, `texture` or `sampler`) and index.
    pub msl_slot: (&'static str, u8),
}

impl Resource {
    /// The register as HLSL writes it: `b0`, `t2`, `s1`.
    pub fn hlsl(&self) -> String {
        format!("{}{}", self.hlsl_register.0, self.hlsl_register.1)
    }
    /// The name HLSL and MSL give it: naga's namer ends a name that ends
    /// in a digit with `_` (`rk_tex0` becomes `rk_tex0_`).
    pub fn written_name(&self) -> String {
        if self.name.ends_with(|c: char| c.is_ascii_digit()) {
            format!("{}_", self.name)
        } else {
            self.name.clone()
        }
    }
    /// The attribute as MSL writes it: `buffer(0)`, `texture(1)`.
    pub fn msl(&self) -> String {
        format!("{}({})", self.msl_slot.0, self.msl_slot.1)
    }
}

/// The name of the globals' block in HLSL and MSL.
pub const GLOBALS_NAME: &str = "rk_globals";
/// The name of the parameters' buffer in HLSL and MSL.
pub const PARAMS_NAME: &str = "rk_paramBlock";

/// Every resource the shader binds. HLSL registers are the Vulkan binding
/// numbers (as glslang and DXC's SPIR-V output read them back); Metal slots
/// count each table from 0: globals `buffer(0)`, parameters `buffer(1)`,
/// the sampler `sampler(0)`, textures `texture(0..)`.
pub fn resources(shader: &Shader) -> Vec<Resource> {
    let mut out = vec![Resource {
        kind: ResourceKind::Globals,
        name: GLOBALS_NAME.into(),
        set: 0,
        binding: 0,
        hlsl_register: ('b', 0),
        msl_slot: ("buffer", 0),
    }];
    if let Some(b) = shader.params_binding {
        out.push(Resource {
            kind: ResourceKind::Params,
            name: PARAMS_NAME.into(),
            set: 0,
            binding: b,
            hlsl_register: (if shader.params_uniform { 'b' } else { 't' }, b),
            msl_slot: ("buffer", 1),
        });
    }
    out.push(Resource {
        kind: ResourceKind::Sampler,
        name: "rk_sampler".into(),
        set: 0,
        binding: 1,
        hlsl_register: ('s', 1),
        msl_slot: ("sampler", 0),
    });
    for (i, t) in shader.textures.iter().enumerate() {
        out.push(Resource {
            kind: ResourceKind::Texture,
            name: t.var.clone(),
            set: 0,
            binding: t.binding,
            hlsl_register: ('t', t.binding),
            msl_slot: ("texture", i.min(u8::MAX as usize) as u8),
        });
    }
    out
}

/// A copy of the module whose bound globals carry the names of
/// [`resources`], so that the HLSL and MSL name them as the layout does
/// (the GLSL declares the blocks without instance names).
pub fn named_module(module: &naga::Module, shader: &Shader) -> naga::Module {
    let mut module = module.clone();
    let table = resources(shader);
    for (_, global) in module.global_variables.iter_mut() {
        let Some(rb) = global.binding else { continue };
        if let Some(r) = table
            .iter()
            .find(|r| r.set == rb.group && r.binding == rb.binding)
        {
            global.name = Some(r.name.clone());
        }
    }
    module
}
