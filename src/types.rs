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

/// What a parameter of one style is, in one place: how many float
/// components it has and what their macros are called, how its value
/// reaches the shader, which file it names, whether a field can drive it.
/// Every stage asks [`ParamStyle::kind`] rather than listing styles, so a
/// new style is one row here (and its editor in the viewer); the match in
/// `kind` is exhaustive, so the compiler asks for that row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StyleKind {
    /// Float components in the uniform buffer (0: never a uniform).
    pub components: usize,
    /// Suffixes of the per-component macros (`Sizex`, `Colorr`).
    pub suffixes: &'static [&'static str],
    /// `vec4` slots a uniform takes (a rotation: its matrix, 3).
    pub slots: usize,
    /// How the value reaches the shader.
    pub reaches: Reaches,
    /// The file the value names, when it names one.
    pub file: Option<FileKind>,
    /// Whether a field connected to the parameter's socket can drive it
    /// (a float or a vector of floats).
    pub takes_field: bool,
}

/// How a parameter's value reaches the shader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reaches {
    /// A uniform (or an inlined constant under a macro): a live value.
    Uniform,
    /// Text written into the shader (a menu option, a string): a change
    /// rebuilds it.
    Inlined,
    /// A texture binding (a picture or a volume).
    Texture,
    /// Data [`crate::data`] loads and packs into the data texture (a point
    /// list, a font's outlines): a change rebuilds it.
    Data,
}

/// A file a parameter names: what to call it in messages and the file
/// pickers' extensions (lower case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileKind {
    pub what: &'static str,
    pub extensions: &'static [&'static str],
}

impl ParamStyle {
    /// This style's row in the table every stage reads (see [`StyleKind`]).
    pub fn kind(self) -> StyleKind {
        const XYZ: &[&str] = &["x", "y", "z"];
        let number = |components, suffixes| StyleKind {
            components,
            suffixes,
            slots: 1,
            reaches: Reaches::Uniform,
            file: None,
            takes_field: true,
        };
        let other = |reaches, file| StyleKind {
            components: 0,
            suffixes: &[],
            slots: 1,
            reaches,
            file,
            takes_field: false,
        };
        let file = |what, extensions| Some(FileKind { what, extensions });
        match self {
            ParamStyle::Float => number(1, &[]),
            ParamStyle::Int | ParamStyle::Toggle => StyleKind {
                takes_field: false,
                ..number(1, &[])
            },
            ParamStyle::Xy => number(2, &["x", "y"]),
            ParamStyle::Uv => number(2, &["u", "v"]),
            ParamStyle::Xyz => number(3, XYZ),
            ParamStyle::Xyzw => number(4, &["x", "y", "z", "w"]),
            ParamStyle::Rgb => number(3, &["r", "g", "b"]),
            ParamStyle::Rgba => number(4, &["r", "g", "b", "a"]),
            ParamStyle::Rotation => StyleKind {
                slots: 3,
                takes_field: false,
                ..number(3, XYZ)
            },
            ParamStyle::Menu | ParamStyle::String => other(Reaches::Inlined, None),
            ParamStyle::Texture => other(
                Reaches::Texture,
                file("texture", &["png", "jpg", "jpeg", "hdr", "exr"]),
            ),
            ParamStyle::Volume => other(Reaches::Texture, file("volume", &[])),
            ParamStyle::Points => other(Reaches::Data, file("point list", &["csv", "ply", "obj"])),
            ParamStyle::Font => other(Reaches::Data, file("font", &["ttf", "otf"])),
            ParamStyle::Path => other(Reaches::Data, file("path file", &["svg"])),
        }
    }

    /// Number of float components the style occupies in the uniform buffer
    /// (0 for styles that are never uniforms).
    pub fn components(self) -> usize {
        self.kind().components
    }

    /// Suffixes of the per-component macros of a multi-part style.
    pub fn component_suffixes(self) -> &'static [&'static str] {
        self.kind().suffixes
    }

    /// `vec4` slots a uniform of this style takes: one, or three for a
    /// rotation (its matrix, computed on the CPU, with the angles in `.w`).
    pub fn slots(self) -> usize {
        self.kind().slots
    }

    /// Whether a value of this style is always inlined into the shader
    /// (so a change rebuilds it) rather than passed as a uniform.
    pub fn always_inlined(self) -> bool {
        matches!(self.kind().reaches, Reaches::Inlined | Reaches::Data)
    }

    /// Whether the value is data that [`crate::data`] loads and packs into
    /// the shader's data texture (a point list), rather than a number or
    /// text the code reads directly.
    pub fn is_data(self) -> bool {
        self.kind().reaches == Reaches::Data
    }

    /// Whether the value is bound as a texture (a picture or a volume).
    pub fn is_texture(self) -> bool {
        self.kind().reaches == Reaches::Texture
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
