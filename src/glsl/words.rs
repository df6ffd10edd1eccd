//! GLSL's own words, in one list: keywords and type names, built-in
//! functions (each with whether the shaping pass may treat a call to it as
//! pure), and the names ropkit's shader library defines. Node names keep
//! clear of every one of them ([`crate::resolve::glsl_name`]); the shaping
//! pass moves and folds calls only to the pure ones
//! ([`crate::generate::shape`]).

/// Keywords, the type names no call constructs, and the words GLSL
/// reserves for later use ([`CONSTRUCTORS`] holds the other type names).
pub const KEYWORDS: &[&str] = &[
    "attribute",
    "const",
    "uniform",
    "varying",
    "buffer",
    "shared",
    "coherent",
    "volatile",
    "restrict",
    "readonly",
    "writeonly",
    "layout",
    "centroid",
    "flat",
    "smooth",
    "noperspective",
    "patch",
    "sample",
    "break",
    "continue",
    "do",
    "for",
    "while",
    "switch",
    "case",
    "default",
    "if",
    "else",
    "subroutine",
    "in",
    "out",
    "inout",
    "double",
    "void",
    "true",
    "false",
    "invariant",
    "precise",
    "discard",
    "return",
    "struct",
    "precision",
    "highp",
    "mediump",
    "lowp",
    "dvec2",
    "dvec3",
    "dvec4",
    "sampler",
    "texture2D",
    "common",
    "partition",
    "active",
    "asm",
    "class",
    "union",
    "enum",
    "typedef",
    "template",
    "this",
    "resource",
    "goto",
    "inline",
    "noinline",
    "public",
    "static",
    "extern",
    "external",
    "interface",
    "long",
    "short",
    "half",
    "fixed",
    "unsigned",
    "superp",
    "input",
    "output",
    "filter",
    "sizeof",
    "cast",
    "namespace",
    "using",
    "main",
];

/// Type names that a call may use as a constructor (`vec3(1.0)`): pure.
pub const CONSTRUCTORS: &[&str] = &[
    "float",
    "int",
    "uint",
    "bool",
    "vec2",
    "vec3",
    "vec4",
    "ivec2",
    "ivec3",
    "ivec4",
    "uvec2",
    "uvec3",
    "uvec4",
    "bvec2",
    "bvec3",
    "bvec4",
    "mat2",
    "mat3",
    "mat4",
    "sampler2D",
];

/// Built-in functions, each with whether a call to it is pure: it writes
/// none of its arguments (`modf` and `frexp` write their `out` one) and has
/// no other effect. Those marked `false` that are in fact pure
/// (`ldexp`, `bitCount`, ...) are only not yet vouched for: the shaping
/// pass leaves their calls in place, which is always safe.
pub const FUNCTIONS: &[(&str, bool)] = &[
    ("radians", true),
    ("degrees", true),
    ("sin", true),
    ("cos", true),
    ("tan", true),
    ("asin", true),
    ("acos", true),
    ("atan", true),
    ("sinh", true),
    ("cosh", true),
    ("tanh", true),
    ("asinh", true),
    ("acosh", true),
    ("atanh", true),
    ("pow", true),
    ("exp", true),
    ("log", true),
    ("exp2", true),
    ("log2", true),
    ("sqrt", true),
    ("inversesqrt", true),
    ("abs", true),
    ("sign", true),
    ("floor", true),
    ("trunc", true),
    ("round", true),
    ("roundEven", true),
    ("ceil", true),
    ("fract", true),
    ("mod", true),
    ("modf", false),
    ("min", true),
    ("max", true),
    ("clamp", true),
    ("mix", true),
    ("step", true),
    ("smoothstep", true),
    ("isnan", true),
    ("isinf", true),
    ("fma", true),
    ("frexp", false),
    ("ldexp", false),
    ("length", true),
    ("distance", true),
    ("dot", true),
    ("cross", true),
    ("normalize", true),
    ("faceforward", true),
    ("reflect", true),
    ("refract", true),
    ("matrixCompMult", false),
    ("outerProduct", true),
    ("transpose", true),
    ("determinant", true),
    ("inverse", true),
    ("lessThan", true),
    ("lessThanEqual", true),
    ("greaterThan", true),
    ("greaterThanEqual", true),
    ("equal", true),
    ("notEqual", true),
    ("any", true),
    ("all", true),
    ("not", true),
    ("texture", true),
    ("textureSize", true),
    ("texelFetch", true),
    ("textureLod", true),
    ("textureGrad", true),
    ("dFdx", true),
    ("dFdy", true),
    ("fwidth", true),
    ("floatBitsToInt", true),
    ("intBitsToFloat", true),
    ("packUnorm2x16", false),
    ("unpackUnorm2x16", false),
    ("bitCount", false),
    ("findLSB", false),
    ("findMSB", false),
    ("emit", false),
    ("barrier", false),
    ("floatBitsToUint", true),
    ("uintBitsToFloat", true),
];

/// Names the shader library (`shaders/`) and the output templates define
/// for every shader, and `map`, the name SDF code commonly gives its scene.
pub const SHADER_LIBRARY: &[&str] = &[
    "Sdf",
    "Context",
    "Ray",
    "Light",
    "CameraContext",
    "LightContext",
    "MaterialContext",
    "createSdf",
    "assignMaterial",
    "blendInSdf",
    "smoothBlendRatio",
    "sdfUnion",
    "initAll",
    "vecParams",
    "Params",
    "iTime",
    "iFrame",
    "iTimeDelta",
    "iResolution",
    "iMouse",
    "mainImage",
    "PI",
    "TAU",
    "map",
];

/// Whether `name` is a GLSL word or a name every shader defines: a node
/// may not be called so.
pub fn reserved(name: &str) -> bool {
    KEYWORDS.contains(&name)
        || CONSTRUCTORS.contains(&name)
        || FUNCTIONS.iter().any(|&(f, _)| f == name)
        || SHADER_LIBRARY.contains(&name)
}

/// Whether a call to `name` is a pure built-in function or constructor.
pub fn pure_builtin(name: &str) -> bool {
    CONSTRUCTORS.contains(&name) || FUNCTIONS.iter().any(|&(f, pure)| pure && f == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_listed_once() {
        let mut all: Vec<&str> = KEYWORDS
            .iter()
            .copied()
            .chain(CONSTRUCTORS.iter().copied())
            .chain(FUNCTIONS.iter().map(|&(f, _)| f))
            .chain(SHADER_LIBRARY.iter().copied())
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "a word is listed twice");
        assert!(reserved("vec3") && reserved("sampler2D") && reserved("while"));
    }

    #[test]
    fn functions_that_write_an_argument_are_not_pure() {
        for f in ["modf", "frexp"] {
            assert!(reserved(f));
            assert!(!pure_builtin(f), "{f}");
        }
        assert!(pure_builtin("vec3") && pure_builtin("sin") && !pure_builtin("main"));
        assert!(reserved("main") && reserved("sdfUnion") && !reserved("sphere1"));
    }
}
