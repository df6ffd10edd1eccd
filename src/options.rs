//! What a build depends on besides the library and the network, in one
//! struct passed explicitly to [`crate::build::build`] (as naga's back ends
//! take theirs). Nothing below the front ends reads the environment: the
//! command line reads its measuring knobs (`ROPKIT_SHAPE`, `ROPKIT_PARAMS`)
//! once, in [`crate::cli`], and passes them down in here.

/// Everything a build is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildOptions {
    /// What the shader is for (a picture, sampling, an export's dialect).
    pub mode: Mode,
    /// What the shape pass may do.
    pub shaping: Shaping,
    /// Where live parameters live in the shader.
    pub params: ParamPlacement,
    /// Whether the stitched GLSL goes through naga too ([`crate::build::Built::compiled`]).
    /// Off for text naga does not read (a Shadertoy pass) and for
    /// measuring the stitch alone.
    pub compile: bool,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions::from(Mode::Render)
    }
}

impl From<Mode> for BuildOptions {
    /// Everything at its default: the shape pass does all it can, the
    /// parameters are placed by size, and the shader is compiled (except
    /// where naga cannot read the target's text: [`Mode::Shadertoy`]).
    fn from(mode: Mode) -> BuildOptions {
        BuildOptions {
            mode,
            shaping: Shaping::default(),
            params: ParamPlacement::Auto,
            compile: mode != Mode::Shadertoy,
        }
    }
}

impl BuildOptions {
    /// The same options for another mode (whether to compile follows the
    /// mode: a Shadertoy pass is not compiled).
    pub fn with_mode(self, mode: Mode) -> BuildOptions {
        BuildOptions {
            mode,
            compile: mode != Mode::Shadertoy,
            ..self
        }
    }

    /// For another program, which fills the parameters slot by slot as the
    /// JSON layout says: transforms stay apart (a folded run's composed map
    /// is a slot only ropkit's renderer computes).
    pub fn for_export(self) -> BuildOptions {
        BuildOptions {
            shaping: Shaping {
                fold: false,
                ..self.shaping
            },
            ..self
        }
    }

    /// With the measuring knobs a front end read (from `ROPKIT_SHAPE` and
    /// `ROPKIT_PARAMS`, say: see BENCHMARKS.md): a shape by name
    /// ([`Shaping::parse`]) and a placement by name
    /// ([`ParamPlacement::parse`]). A name that is not one leaves the
    /// option as it is.
    pub fn with_knobs(self, shape: Option<&str>, params: Option<&str>) -> BuildOptions {
        BuildOptions {
            shaping: shape.and_then(Shaping::parse).unwrap_or(self.shaping),
            params: params
                .and_then(ParamPlacement::parse)
                .unwrap_or(self.params),
            ..self
        }
    }

    /// Resolve and generate only, without naga.
    pub fn stitch_only(self) -> BuildOptions {
        BuildOptions {
            compile: false,
            ..self
        }
    }
}

/// What the shape pass may do (both, unless measuring them: see
/// BENCHMARKS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shaping {
    /// Join nodes' code into their callers' functions.
    pub splice: bool,
    /// Fold runs of affine nodes into one map.
    pub fold: bool,
}

impl Default for Shaping {
    fn default() -> Shaping {
        Shaping {
            splice: true,
            fold: true,
        }
    }
}

impl Shaping {
    /// Every node a function of its own, as before the shape pass.
    pub const FUNCTIONS: Shaping = Shaping {
        splice: false,
        fold: false,
    };

    /// By name, as `ROPKIT_SHAPE` gives it: `functions`, `spliced` (no
    /// folding), `all`; `None` for anything else.
    pub fn parse(name: &str) -> Option<Shaping> {
        match name {
            "functions" => Some(Shaping::FUNCTIONS),
            "spliced" => Some(Shaping {
                splice: true,
                fold: false,
            }),
            "all" => Some(Shaping::default()),
            _ => None,
        }
    }
}

/// Where a shader with live parameters keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ParamPlacement {
    /// By size: a private copy of a small uniform block, the block read in
    /// place past [`crate::generate::layout::COPY_VEC4S`] slots, a storage buffer past
    /// a uniform block's size.
    #[default]
    Auto,
    /// A private copy of the uniform block (where the block is big enough).
    Copy,
    /// The uniform block read where each value is used (where it fits).
    Direct,
    /// A storage buffer, copied.
    Storage,
}

impl ParamPlacement {
    /// By name, as `ROPKIT_PARAMS` gives it: `copy`, `direct`, `storage`,
    /// `auto`; `None` for anything else.
    pub fn parse(name: &str) -> Option<ParamPlacement> {
        match name {
            "auto" => Some(ParamPlacement::Auto),
            "copy" => Some(ParamPlacement::Copy),
            "direct" => Some(ParamPlacement::Direct),
            "storage" => Some(ParamPlacement::Storage),
            _ => None,
        }
    }
}

/// What the shader is for: a picture, or evaluating the scene at points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Render,
    /// Evaluates the output's first input at points read from a uniform array.
    Sample,
    /// A Shadertoy image pass: `mainImage`, Shadertoy's uniforms, parameter
    /// values baked in as constants, textures on `iChannel0..3`.
    Shadertoy,
    /// Like `Render`, with the parameter values baked in as constants: as fast
    /// as hand-written code, but any parameter change needs a new shader. For
    /// one-off renders and exports, never for live editing.
    RenderBaked,
    /// Like `Render`, but the output's values leave as 32-bit floats (their
    /// bits in an unsigned-integer target) and `ROPKIT_DATA` is defined, so
    /// an output can write raw data (distances, normals, ids) instead of
    /// colours made to be looked at.
    Data,
    /// Evaluates the output's first input for the mesher (`crate::mesh`):
    /// blocks of grid points, points, gradients and material colours, as a
    /// read-only storage buffer asks. Parameter values are compiled in.
    Mesh,
    /// A web page's shader: like `Render`, with the page's entry point
    /// (naga turns it into GLSL ES 3.00 for WebGL2).
    Web,
    /// Like `Render`, with every parameter read from the uniform block where
    /// it is used (no private copy): the engine exports give each slot to
    /// the engine's own properties.
    Engine,
}
