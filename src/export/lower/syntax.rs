//! How each target language spells what the languages do not share: type
//! names, casts and constructors, literals, vector comparisons, matrix
//! products, function names, texture reads (in the manner of MaterialX
//! ShaderGen's syntax classes). The lowering writes everything else the
//! same way for every target; a new dialect is one more implementation of
//! [`Syntax`].
//!
//! The provided methods spell GLSL (the family of Godot and TouchDesigner);
//! [`Hlsl`] overrides what HLSL spells otherwise.

use naga::{MathFunction as M, Scalar, ScalarKind};

/// A texture read's level of detail, as text.
pub enum Lod<'a> {
    /// Chosen by the hardware from the derivatives.
    Auto,
    /// The given level.
    Exact(&'a str),
    /// Chosen by the hardware, then moved by a bias.
    Bias(&'a str),
}

/// The words and spellings of one target language.
pub trait Syntax: Sync {
    /// The language, for messages.
    fn name(&self) -> &'static str;

    /// A scalar type.
    fn scalar(&self, s: Scalar) -> &'static str {
        match s.kind {
            ScalarKind::Sint => "int",
            ScalarKind::Uint => "uint",
            ScalarKind::Bool => "bool",
            _ => "float",
        }
    }
    /// A vector of `n` components.
    fn vector(&self, n: u8, s: Scalar) -> String {
        let prefix = match s.kind {
            ScalarKind::Sint => "i",
            ScalarKind::Uint => "u",
            ScalarKind::Bool => "b",
            _ => "",
        };
        format!("{prefix}vec{n}")
    }
    /// A matrix of `columns` columns of `rows` rows (GLSL's order).
    fn matrix(&self, columns: u8, rows: u8, _s: Scalar) -> String {
        if columns == rows {
            format!("mat{columns}")
        } else {
            format!("mat{columns}x{rows}")
        }
    }

    /// `value` converted to type `ty` (also a scalar spread over a vector).
    fn convert(&self, ty: &str, value: &str) -> String {
        format!("{ty}({value})")
    }

    /// A float literal the target reads back as exactly `v`.
    fn float_literal(&self, v: f32) -> String {
        shortest_float(v)
    }
    /// An unsigned integer literal.
    fn uint_literal(&self, v: u64) -> String {
        format!("{v}u")
    }

    /// Whether a vector or matrix may be indexed by a run-time value.
    fn dynamic_vector_index(&self) -> bool {
        true
    }

    /// A comparison of two vectors, component by component, whose GLSL
    /// function is `glsl` (`lessThan`) and operator `op` (`<`).
    fn vector_compare(&self, glsl: &str, _op: &str, a: &str, b: &str) -> String {
        format!("{glsl}({a}, {b})")
    }
    /// `!` of a boolean vector.
    fn vector_not(&self, a: &str) -> String {
        format!("not({a})")
    }
    /// Per component: `accept` where `condition` holds, else `reject`.
    fn vector_select(&self, condition: &str, accept: &str, reject: &str) -> String {
        format!("mix({reject}, {accept}, {condition})")
    }
    /// The product of two values at least one of which is a matrix (and
    /// neither a scalar), as GLSL's `a * b`.
    fn matrix_product(&self, a: &str, b: &str) -> String {
        format!("({a} * {b})")
    }

    /// The name of a built-in function taking the arguments naga gives it,
    /// or `None` where the language has none. `Saturate` may be `None`: it
    /// is then written as a clamp.
    fn function(&self, f: M) -> Option<&'static str> {
        glsl_function(f)
    }
    /// The screen-space derivative along x (`false`) or y (`true`).
    fn derivative(&self, y: bool) -> &'static str {
        if y { "dFdy" } else { "dFdx" }
    }
    /// Reinterpreting the bits of a `from` value as `to` (`ty` the result's
    /// type name); `None` where the language cannot.
    fn bitcast(&self, from: ScalarKind, to: ScalarKind, ty: &str, a: &str) -> Option<String> {
        use ScalarKind as K;
        let f = match (from, to) {
            (K::Float, K::Sint) => "floatBitsToInt",
            (K::Float, K::Uint) => "floatBitsToUint",
            (K::Sint, K::Float) => "intBitsToFloat",
            (K::Uint, K::Float) => "uintBitsToFloat",
            (K::Sint | K::Uint, K::Sint | K::Uint) => return Some(format!("{ty}({a})")),
            _ => return None,
        };
        Some(format!("{f}({a})"))
    }

    /// Sampling texture `t` at `uv`.
    fn sample(&self, t: &str, uv: &str, lod: Lod) -> String {
        match lod {
            Lod::Auto => format!("texture({t}, {uv})"),
            Lod::Exact(l) => format!("textureLod({t}, {uv}, {l})"),
            Lod::Bias(b) => format!("texture({t}, {uv}, {b})"),
        }
    }
    /// One texel of `t` at integer coordinate `at`, mip level `level`.
    fn texel_fetch(&self, t: &str, at: &str, level: &str) -> String {
        format!("texelFetch({t}, ivec2({at}), int({level}))")
    }
    /// The size of `t` at mip level `level` as type `ty`, or `None` where
    /// the language has no expression for it.
    fn texture_size(&self, ty: &str, t: &str, level: &str) -> Option<String> {
        Some(format!("{ty}(textureSize({t}, int({level})))"))
    }
}

/// The GLSL names of naga's math functions.
pub fn glsl_function(f: M) -> Option<&'static str> {
    Some(match f {
        M::Abs => "abs",
        M::Min => "min",
        M::Max => "max",
        M::Clamp => "clamp",
        M::Cos => "cos",
        M::Cosh => "cosh",
        M::Sin => "sin",
        M::Sinh => "sinh",
        M::Tan => "tan",
        M::Tanh => "tanh",
        M::Acos => "acos",
        M::Asin => "asin",
        M::Atan => "atan",
        M::Atan2 => "atan",
        M::Asinh => "asinh",
        M::Acosh => "acosh",
        M::Atanh => "atanh",
        M::Radians => "radians",
        M::Degrees => "degrees",
        M::Ceil => "ceil",
        M::Floor => "floor",
        M::Round => "round",
        M::Fract => "fract",
        M::Trunc => "trunc",
        M::Exp => "exp",
        M::Exp2 => "exp2",
        M::Log => "log",
        M::Log2 => "log2",
        M::Pow => "pow",
        M::Dot => "dot",
        M::Cross => "cross",
        M::Distance => "distance",
        M::Length => "length",
        M::Normalize => "normalize",
        M::FaceForward => "faceforward",
        M::Reflect => "reflect",
        M::Refract => "refract",
        M::Sign => "sign",
        M::Mix => "mix",
        M::Step => "step",
        M::SmoothStep => "smoothstep",
        M::Sqrt => "sqrt",
        M::InverseSqrt => "inversesqrt",
        M::Transpose => "transpose",
        M::Determinant => "determinant",
        M::Inverse => "inverse",
        _ => return None,
    })
}

/// The shortest text that reads back as `v`, always with a point or an
/// exponent (so every dialect reads a float).
pub fn shortest_float(v: f32) -> String {
    let s = format!("{v:?}");
    if s.contains(['.', 'e', 'E']) || s.contains("inf") || s.contains("NaN") {
        s
    } else {
        format!("{s}.0")
    }
}

/// Significant digits Godot keeps of a float literal: its shader compiler
/// reads a literal into a 32-bit float and writes the code it hands the
/// driver with `%g` (Godot 3's `rtoss`), six digits. `0.14285715` (1/7 as
/// naga folds it) comes out `0.142857`, just below 1/7, and
/// `floor(j * (1.0 / 7.0))` in simplex noise flips at multiples of 7.
const GODOT_DIGITS: usize = 6;

/// A float literal that a reader keeping only `digits` significant digits
/// of each number still reads as exactly `v`: the number itself when it
/// has that few digits; else a fraction of two such numbers when `v` is
/// one (`(1.0 / 7.0)`, folded by the driver's compiler as it folds
/// ropkit's own GLSL); else the sum of the rounded number and the rest
/// (`(16777200.0 + 16.0)`); else (no such form found) the shortest text.
pub fn float_in_digits(v: f32, digits: usize) -> String {
    if !v.is_finite() || v == 0.0 {
        return shortest_float(v);
    }
    let rounded = |x: f64| -> f64 { format!("{x:.*e}", digits - 1).parse().unwrap_or(x) };
    let hi = rounded(v as f64);
    if hi as f32 == v {
        return decimal(hi);
    }
    // A fraction p / q with a small denominator: 1/7, 1/289, 3/16, ...
    let most = 10f64.powi(digits as i32);
    for q in 2..=1024u32 {
        let p = (v as f64 * q as f64).round();
        if p.abs() < most && p != 0.0 && (p as f32) / (q as f32) == v {
            return format!("({} / {})", decimal(p), decimal(q as f64));
        }
    }
    // The rounded number and the rest, each in `digits` digits.
    let lo = rounded(v as f64 - hi);
    if (hi as f32) + (lo as f32) == v {
        return format!("({} + {})", decimal(hi), decimal(lo));
    }
    shortest_float(v)
}

/// `x` as a float literal: plain decimals, an exponent where those would be long.
fn decimal(x: f64) -> String {
    let s = if x != 0.0 && (x.abs() < 1e-4 || x.abs() >= 1e7) {
        format!("{x:e}")
    } else {
        format!("{x}")
    };
    if s.contains(['.', 'e']) {
        s
    } else {
        format!("{s}.0")
    }
}

/// Desktop GLSL (TouchDesigner).
pub struct Glsl;

impl Syntax for Glsl {
    fn name(&self) -> &'static str {
        "GLSL"
    }
}

/// Godot 4's shading language.
pub struct Godot4;

impl Syntax for Godot4 {
    fn name(&self) -> &'static str {
        "Godot 4's shading language"
    }
    fn float_literal(&self, v: f32) -> String {
        // Godot 4 writes the driver's code again as Godot 3 does: the same
        // literals are safe in both.
        float_in_digits(v, GODOT_DIGITS)
    }
}

/// Godot 3's shading language: GLSL ES 3.0 without dynamic indexing of
/// vectors, and `5u` read as an int.
pub struct Godot3;

impl Syntax for Godot3 {
    fn name(&self) -> &'static str {
        "Godot 3's shading language"
    }
    fn uint_literal(&self, v: u64) -> String {
        format!("uint({v})")
    }
    fn float_literal(&self, v: f32) -> String {
        float_in_digits(v, GODOT_DIGITS)
    }
    fn dynamic_vector_index(&self) -> bool {
        false
    }
}

/// The name of the HLSL helper that returns a texture's size.
pub const HLSL_TEXTURE_SIZE_FN: &str = "rk_textureSize";

/// The HLSL helper the lowered code calls for GLSL's `textureSize`: the
/// width and height of mip level `level`, by `GetDimensions`.
pub const HLSL_TEXTURE_SIZE: &str = "uint2 rk_textureSize(Texture2D t, int level) {\n  uint w, h, levels;\n  t.GetDimensions((uint)level, w, h, levels);\n  return uint2(w, h);\n}\n";

/// HLSL (Unity, Unreal). A GLSL matrix is held transposed: its columns
/// are the HLSL matrix's rows.
pub struct Hlsl;

impl Syntax for Hlsl {
    fn name(&self) -> &'static str {
        "HLSL"
    }
    fn vector(&self, n: u8, s: Scalar) -> String {
        format!("{}{n}", self.scalar(s))
    }
    fn matrix(&self, columns: u8, rows: u8, s: Scalar) -> String {
        format!("{}{columns}x{rows}", self.scalar(s))
    }
    fn convert(&self, ty: &str, value: &str) -> String {
        format!("(({ty})({value}))")
    }
    fn vector_compare(&self, _glsl: &str, op: &str, a: &str, b: &str) -> String {
        format!("({a} {op} {b})")
    }
    fn vector_not(&self, a: &str) -> String {
        format!("(!{a})")
    }
    fn vector_select(&self, condition: &str, accept: &str, reject: &str) -> String {
        format!("({condition} ? {accept} : {reject})")
    }
    fn matrix_product(&self, a: &str, b: &str) -> String {
        // The HLSL matrix is the GLSL one transposed.
        format!("mul({b}, {a})")
    }
    fn function(&self, f: M) -> Option<&'static str> {
        match f {
            M::Saturate => Some("saturate"),
            M::Atan2 => Some("atan2"),
            M::Fract => Some("frac"),
            M::Mix => Some("lerp"),
            M::InverseSqrt => Some("rsqrt"),
            M::Asinh | M::Acosh | M::Atanh | M::Inverse => None,
            other => glsl_function(other),
        }
    }
    fn derivative(&self, y: bool) -> &'static str {
        if y { "ddy" } else { "ddx" }
    }
    fn bitcast(&self, _from: ScalarKind, to: ScalarKind, _ty: &str, a: &str) -> Option<String> {
        let f = match to {
            ScalarKind::Float => "asfloat",
            ScalarKind::Sint => "asint",
            ScalarKind::Uint => "asuint",
            _ => return None,
        };
        Some(format!("{f}({a})"))
    }
    fn sample(&self, t: &str, uv: &str, lod: Lod) -> String {
        // Each texture has a sampler of its own, `sampler_<name>`.
        match lod {
            Lod::Auto => format!("{t}.Sample(sampler_{t}, {uv})"),
            Lod::Exact(l) => format!("{t}.SampleLevel(sampler_{t}, {uv}, {l})"),
            Lod::Bias(b) => format!("{t}.SampleBias(sampler_{t}, {uv}, {b})"),
        }
    }
    fn texel_fetch(&self, t: &str, at: &str, level: &str) -> String {
        format!("{t}.Load(int3({at}, {level}))")
    }
    fn texture_size(&self, ty: &str, t: &str, level: &str) -> Option<String> {
        // GetDimensions writes through out parameters: a helper returns them
        // (the writer adds it where the code calls it: HLSL_TEXTURE_SIZE).
        Some(format!("(({ty})({HLSL_TEXTURE_SIZE_FN}({t}, {level})))"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each literal, read as a reader keeping six digits reads it (every
    /// number rounded to six significant digits, then the arithmetic
    /// folded in 32-bit floats), is the value written.
    fn read_in_six_digits(text: &str) -> f32 {
        let six = |t: &str| -> f32 {
            let x: f64 = t.trim().parse().unwrap();
            format!("{x:.5e}").parse::<f64>().unwrap() as f32
        };
        let inner = text.trim_start_matches('(').trim_end_matches(')');
        if let Some((a, b)) = inner.split_once(" / ") {
            six(a) / six(b)
        } else if let Some((a, b)) = inner.split_once(" + ") {
            six(a) + six(b)
        } else {
            six(inner)
        }
    }

    #[test]
    fn float_literals_survive_a_reader_that_keeps_six_digits() {
        let mut values = vec![
            1.0 / 7.0,
            -1.0 / 7.0,
            1.0 / 289.0,
            289.0,
            0.5,
            1e-6,
            3.0e-8,
            16777215.0,
            16777216.0,
            std::f32::consts::PI,
            std::f32::consts::FRAC_1_SQRT_2,
            0.1,
            123456.79,
            -2.5e12,
        ];
        // And a spread of values across many magnitudes.
        let mut x = 0.001234567f32;
        while x < 1e9 {
            values.push(x);
            values.push(-x * 1.0000123);
            x *= 3.3333;
        }
        for v in values {
            let text = float_in_digits(v, 6);
            assert_eq!(read_in_six_digits(&text), v, "{v:?} written as {text}");
        }
        assert_eq!(float_in_digits(1.0 / 7.0, 6), "(1.0 / 7.0)");
        assert_eq!(float_in_digits(0.5, 6), "0.5");
        assert_eq!(float_in_digits(1e-6, 6), "1e-6");
    }
}
