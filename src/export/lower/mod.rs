//! Lowering a naga module into the plain shading code engines take: no
//! structs, no arrays, no global variables, no preprocessor. Godot 3's
//! shading language has none of them (nor dynamic indexing of vectors), and
//! an Unreal Custom node can declare nothing outside its own function; what
//! suits those two suits Godot 4, Unity and TouchDesigner too, so one writer
//! serves every engine format.
//!
//! How values become plain ones:
//! - a value of a struct or array type is a list of *leaves* (scalars,
//!   vectors, matrices), one variable each: `Sdf res` is `v_res_x`,
//!   `v_res_material`, ...;
//! - an index that is not a constant picks a leaf through a chain of
//!   `i == k ? ... : ...` (reading) or of `if`s (writing);
//! - a struct result leaves through `out` parameters;
//! - global variables, and engine inputs that only the entry point may read
//!   (Godot's `TIME`), travel as extra parameters to the functions that
//!   use them;
//! - naga's own expression order is kept: every value is stored in a
//!   temporary where naga emits it.
//!
//! The [`Host`] (one per engine) says what the bound resources and the
//! built-ins become; its language's [`Syntax`] (`syntax.rs`) how types,
//! literals and functions are spelt.

mod expr;
mod stmt;
pub mod syntax;

pub use syntax::Syntax;

use naga::{Handle, Module, Type, TypeInner};
use std::collections::{BTreeSet, HashMap, HashSet};

/// A construct the target cannot express (what a [`Host`] answers).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct Unsupported(pub String);

/// Why the lowering stopped: what the target cannot express, and where it
/// is in the shader naga read (the innermost expression or statement
/// known), which the source map turns into a node and a ROP file's line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{what}")]
pub struct Refusal {
    pub what: String,
    pub at: Option<naga::Span>,
}

impl From<Unsupported> for Refusal {
    fn from(u: Unsupported) -> Self {
        Refusal {
            what: u.0,
            at: None,
        }
    }
}

impl Refusal {
    /// The refusal placed at `span`, unless a place inside it is known.
    fn at(mut self, span: naga::Span) -> Self {
        if self.at.is_none() && span != naga::Span::default() {
            self.at = Some(span);
        }
        self
    }
}

type Result<T> = std::result::Result<T, Refusal>;

fn unsupported<T>(what: impl Into<String>) -> Result<T> {
    Err(Refusal {
        what: what.into(),
        at: None,
    })
}

/// What a bound global becomes in the target.
pub enum GlobalAccess {
    /// Readable in every function under these texts, one per leaf.
    Everywhere(Vec<String>),
    /// Readable only in the entry point, from these texts (one per leaf):
    /// carried to the functions that read it as parameters.
    EntryOnly(Vec<String>),
    /// A texture the target samples by this name.
    Texture(String),
    /// A texture only the entry point may name (`value`): carried to the
    /// functions that read it as a parameter of type `ty`.
    EntryOnlyTexture { value: String, ty: String },
    /// Nothing (the sampler: the target samples textures on their own).
    Nothing,
}

/// The engine side of the lowering.
pub trait Host {
    /// What the bound global `name` (`rk_globals`, `rk_paramBlock`,
    /// `rk_sampler`, `rk_texN`) becomes, given its number of leaves.
    fn global(&self, name: &str, leaves: usize) -> std::result::Result<GlobalAccess, Unsupported>;
    /// The value of a built-in input of the entry point.
    fn builtin(&self, builtin: naga::BuiltIn) -> std::result::Result<String, Unsupported>;
    /// The statement that hands the entry point's colour to the engine.
    fn output(&self, colour: &str) -> String;
}

/// The lowered code: functions in order, then the entry point's body.
pub struct Lowered {
    pub functions: Vec<String>,
    pub entry_body: String,
}

/// One leaf of a type: its name suffix and its type.
#[derive(Debug, Clone)]
struct Leaf {
    suffix: String,
    ty: LeafTy,
}

/// A type with no structure left to take apart.
#[derive(Debug, Clone, Copy, PartialEq)]
enum LeafTy {
    Scalar(naga::Scalar),
    Vector(naga::VectorSize, naga::Scalar),
    Matrix(naga::VectorSize, naga::VectorSize, naga::Scalar),
}

/// Most leaves one value may have (a larger array would make the lowered
/// code far too long to read or compile).
const MAX_LEAVES: usize = 1024;

/// What the whole lowering shares: the module, the names, the type leaves.
struct Cx<'a> {
    module: &'a Module,
    info: &'a naga::valid::ModuleInfo,
    syntax: &'a dyn Syntax,
    host: &'a dyn Host,
    leaves: std::cell::RefCell<HashMap<Handle<Type>, Vec<Leaf>>>,
    function_names: HashMap<Handle<naga::Function>, String>,
    /// Per global: how the target reaches it.
    globals: HashMap<Handle<naga::GlobalVariable>, GlobalKind>,
    /// Per function: the carried globals it (or a callee) uses, in order.
    carried: HashMap<Handle<naga::Function>, Vec<Handle<naga::GlobalVariable>>>,
    /// Names the host declares (its properties): never given to anything else.
    reserved: HashSet<String>,
}

/// How one global is reached.
enum GlobalKind {
    /// Read in place everywhere, per leaf.
    Everywhere(Vec<String>),
    /// Carried as parameters; `init` per leaf in the entry point, and
    /// whether functions may write it.
    Carried {
        init: Vec<String>,
        writable: bool,
    },
    Texture(String),
    /// A texture carried as a parameter (`value` in the entry point).
    CarriedTexture {
        value: String,
        ty: String,
    },
    Nothing,
}

impl GlobalKind {
    /// Whether functions take it as parameters.
    fn carried(&self) -> bool {
        matches!(
            self,
            GlobalKind::Carried { .. } | GlobalKind::CarriedTexture { .. }
        )
    }
}

/// Lowers the module's only entry point (a fragment shader). No name the
/// lowered code declares is one of `reserved`.
pub fn lower(
    module: &Module,
    info: &naga::valid::ModuleInfo,
    syntax: &dyn Syntax,
    host: &dyn Host,
    reserved: &HashSet<String>,
) -> Result<Lowered> {
    let mut cx = Cx {
        module,
        info,
        syntax,
        host,
        leaves: Default::default(),
        function_names: HashMap::new(),
        globals: HashMap::new(),
        carried: HashMap::new(),
        reserved: reserved.clone(),
    };
    let mut taken = reserved.clone();
    for (h, f) in module.functions.iter() {
        let base = format!("rk_{}", sanitize(f.name.as_deref().unwrap_or("function")));
        cx.function_names.insert(h, unique(&mut taken, &base));
    }
    cx.classify_globals()?;
    cx.find_carried();
    let mut functions = Vec::new();
    for (h, f) in module.functions.iter() {
        functions.push(stmt::function(&cx, h, f)?);
    }
    let [entry] = module.entry_points.as_slice() else {
        return unsupported("more than one entry point");
    };
    let entry_body = stmt::entry(&cx, entry)?;
    Ok(Lowered {
        functions,
        entry_body,
    })
}

impl Cx<'_> {
    fn classify_globals(&mut self) -> Result<()> {
        for (h, g) in self.module.global_variables.iter() {
            let kind = match g.space {
                naga::AddressSpace::Private => {
                    let init = match g.init {
                        Some(e) => expr::constant(self, &self.module.global_expressions, e)?,
                        None => self.zero(g.ty)?,
                    };
                    GlobalKind::Carried {
                        init,
                        writable: true,
                    }
                }
                naga::AddressSpace::Uniform | naga::AddressSpace::Handle => {
                    let name = g.name.as_deref().unwrap_or("");
                    let n = match self.module.types[g.ty].inner {
                        TypeInner::Image { .. } | TypeInner::Sampler { .. } => 1,
                        _ => self.leaves(g.ty)?.len(),
                    };
                    match self.host.global(name, n)? {
                        GlobalAccess::Everywhere(v) => GlobalKind::Everywhere(v),
                        GlobalAccess::EntryOnly(init) => GlobalKind::Carried {
                            init,
                            writable: false,
                        },
                        GlobalAccess::Texture(t) => GlobalKind::Texture(t),
                        GlobalAccess::EntryOnlyTexture { value, ty } => {
                            GlobalKind::CarriedTexture { value, ty }
                        }
                        GlobalAccess::Nothing => GlobalKind::Nothing,
                    }
                }
                other => return unsupported(format!("a global in the {other:?} address space")),
            };
            self.globals.insert(h, kind);
        }
        Ok(())
    }

    /// Which carried globals each function needs: those it uses, and its
    /// callees' (a callee always comes before its callers in naga's
    /// arena). A global the function names but never reads or writes (naga's
    /// GLSL front end names every global in every function) is not carried.
    fn find_carried(&mut self) {
        let mut sets: HashMap<Handle<naga::Function>, BTreeSet<Handle<naga::GlobalVariable>>> =
            HashMap::new();
        for (h, f) in self.module.functions.iter() {
            let mut set = BTreeSet::new();
            for (_, expr) in f.expressions.iter() {
                if let naga::Expression::GlobalVariable(g) = *expr
                    && self.globals.get(&g).is_some_and(GlobalKind::carried)
                    && !self.info[h][g].is_empty()
                {
                    set.insert(g);
                }
            }
            for callee in stmt::callees(&f.body) {
                if let Some(s) = sets.get(&callee) {
                    set.extend(s.iter().copied());
                }
            }
            sets.insert(h, set);
        }
        self.carried = sets
            .into_iter()
            .map(|(h, s)| (h, s.into_iter().collect()))
            .collect();
    }

    /// The leaves of a type, in order.
    fn leaves(&self, ty: Handle<Type>) -> Result<Vec<Leaf>> {
        if let Some(l) = self.leaves.borrow().get(&ty) {
            return Ok(l.clone());
        }
        let out = match self.module.types[ty].inner {
            TypeInner::Scalar(s) => vec![leaf("", LeafTy::Scalar(s))],
            TypeInner::Vector { size, scalar } => vec![leaf("", LeafTy::Vector(size, scalar))],
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => vec![leaf("", LeafTy::Matrix(columns, rows, scalar))],
            TypeInner::Struct { ref members, .. } => {
                let mut out = Vec::new();
                for (i, m) in members.iter().enumerate() {
                    let name = m.name.as_deref().map(sanitize).unwrap_or(format!("m{i}"));
                    for l in self.leaves(m.ty)? {
                        out.push(leaf(&format!("_{name}{}", l.suffix), l.ty));
                    }
                }
                out
            }
            TypeInner::Array {
                base,
                size: naga::ArraySize::Constant(n),
                ..
            } => {
                let inner = self.leaves(base)?;
                if inner.len() * n.get() as usize > MAX_LEAVES {
                    return unsupported(format!(
                        "an array of {n} elements with {} values each (at most {MAX_LEAVES} values in all)",
                        inner.len()
                    ));
                }
                (0..n.get())
                    .flat_map(|i| {
                        inner
                            .iter()
                            .map(move |l| leaf(&format!("_{i}{}", l.suffix), l.ty))
                    })
                    .collect()
            }
            ref other => return unsupported(format!("a value of type {other:?}")),
        };
        if out.len() > MAX_LEAVES {
            return unsupported(format!(
                "a value with {} parts (at most {MAX_LEAVES})",
                out.len()
            ));
        }
        self.leaves.borrow_mut().insert(ty, out.clone());
        Ok(out)
    }

    /// The zero value of a type, per leaf.
    fn zero(&self, ty: Handle<Type>) -> Result<Vec<String>> {
        Ok(self
            .leaves(ty)?
            .iter()
            .map(|l| self.zero_leaf(l.ty))
            .collect())
    }

    fn zero_leaf(&self, ty: LeafTy) -> String {
        match ty {
            LeafTy::Scalar(s) => self.scalar_literal(s, 0.0),
            LeafTy::Vector(_, s) | LeafTy::Matrix(_, _, s) => self
                .syntax
                .convert(&self.type_name(ty), &self.scalar_literal(s, 0.0)),
        }
    }

    /// A scalar literal of the given kind.
    fn scalar_literal(&self, s: naga::Scalar, v: f64) -> String {
        match s.kind {
            naga::ScalarKind::Float => self.syntax.float_literal(v as f32),
            naga::ScalarKind::Sint => format!("{}", v as i64),
            naga::ScalarKind::Uint => self.uint_literal(v as u64),
            naga::ScalarKind::Bool => (v != 0.0).to_string(),
            _ => "0".into(),
        }
    }

    fn uint_literal(&self, v: u64) -> String {
        self.syntax.uint_literal(v)
    }

    fn type_name(&self, ty: LeafTy) -> String {
        let n = |v: naga::VectorSize| v as u8;
        match ty {
            LeafTy::Scalar(s) => self.syntax.scalar(s).into(),
            LeafTy::Vector(v, s) => self.syntax.vector(n(v), s),
            LeafTy::Matrix(c, r, s) => self.syntax.matrix(n(c), n(r), s),
        }
    }
}

fn leaf(suffix: &str, ty: LeafTy) -> Leaf {
    Leaf {
        suffix: suffix.into(),
        ty,
    }
}

/// Letters, digits and single underscores, never ending in one.
pub fn sanitize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        if !(c == '_' && (out.is_empty() || out.ends_with('_'))) {
            out.push(c);
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'n');
    }
    out
}

/// `base`, or `base_2`, `base_3`, ... whichever is free.
fn unique(taken: &mut HashSet<String>, base: &str) -> String {
    let mut name = base.to_string();
    let mut n = 1;
    while !taken.insert(name.clone()) {
        n += 1;
        name = format!("{base}_{n}");
    }
    name
}
