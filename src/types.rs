//! The small closed vocabularies shared by every stage: coordinate, context
//! and return types, and parameter styles.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! glsl_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name { $(#[serde(rename = $text)] $variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
            pub fn parse(text: &str) -> Option<Self> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.as_str()) }
        }
    };
}

glsl_enum!(
    /// The type of the coordinate a ROP function takes.
    CoordType { Float => "float", Vec2 => "vec2", Vec3 => "vec3" }
);
glsl_enum!(
    /// The type a ROP function returns.
    ReturnType { Float => "float", Vec4 => "vec4", Sdf => "Sdf", Ray => "Ray", Light => "Light" }
);
glsl_enum!(
    /// The context struct passed as a ROP function's second argument.
    ContextType {
        Context => "Context",
        CameraContext => "CameraContext",
        LightContext => "LightContext",
        MaterialContext => "MaterialContext",
    }
);
glsl_enum!(
    /// How a parameter is edited and how it reaches the shader.
    ParamStyle {
        Float => "float",
        Int => "int",
        Toggle => "toggle",
        Xy => "xy",
        Xyz => "xyz",
        Xyzw => "xyzw",
        Uv => "uv",
        Rgb => "rgb",
        Rgba => "rgba",
        Menu => "menu",
        String => "string",
        Texture => "texture",
        Volume => "volume",
        Rotation => "rotation",
        Points => "points",
        Font => "font",
        Path => "path",
    }
);

impl ParamStyle {
    /// Number of float components the style occupies in the uniform buffer
    /// (0 for styles that are never uniforms).
    pub fn components(self) -> usize {
        match self {
            ParamStyle::Float | ParamStyle::Int | ParamStyle::Toggle => 1,
            ParamStyle::Xy | ParamStyle::Uv => 2,
            ParamStyle::Xyz | ParamStyle::Rgb | ParamStyle::Rotation => 3,
            ParamStyle::Xyzw | ParamStyle::Rgba => 4,
            ParamStyle::Menu | ParamStyle::String | ParamStyle::Texture | ParamStyle::Volume => 0,
            ParamStyle::Points | ParamStyle::Font | ParamStyle::Path => 0,
        }
    }

    /// Suffixes of the per-component macros of a multi-part style.
    pub fn component_suffixes(self) -> &'static [&'static str] {
        match self {
            ParamStyle::Xy => &["x", "y"],
            ParamStyle::Uv => &["u", "v"],
            ParamStyle::Xyz | ParamStyle::Rotation => &["x", "y", "z"],
            ParamStyle::Xyzw => &["x", "y", "z", "w"],
            ParamStyle::Rgb => &["r", "g", "b"],
            ParamStyle::Rgba => &["r", "g", "b", "a"],
            _ => &[],
        }
    }

    /// `vec4` slots a uniform of this style takes: one, or three for a
    /// rotation (its matrix, computed on the CPU, with the angles in `.w`).
    pub fn slots(self) -> usize {
        match self {
            ParamStyle::Rotation => 3,
            _ => 1,
        }
    }

    /// Whether a value of this style is always inlined into the shader
    /// (so a change rebuilds it) rather than passed as a uniform.
    pub fn always_inlined(self) -> bool {
        matches!(self, ParamStyle::Menu | ParamStyle::String) || self.is_data()
    }

    /// Whether the value is data that [`crate::data`] loads and packs into
    /// the shader's data texture (a point list), rather than a number or
    /// text the code reads directly.
    pub fn is_data(self) -> bool {
        matches!(
            self,
            ParamStyle::Points | ParamStyle::Font | ParamStyle::Path
        )
    }
}

/// A type name that is not one of the vocabulary's.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("unknown type '{0}'")]
pub struct UnknownType(pub String);

/// Parses a list of type names, with `any` meaning all of them.
pub fn parse_type_list<T: Copy>(
    items: &[String],
    all: &[T],
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, UnknownType> {
    let mut out = Vec::new();
    for item in items {
        if item == "any" {
            return Ok(all.to_vec());
        }
        match parse(item) {
            Some(t) => out.push(t),
            None => return Err(UnknownType(item.clone())),
        }
    }
    Ok(out)
}
