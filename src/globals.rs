//! The per-frame globals every shader reads (time, resolution, mouse, the
//! viewer's camera, the tile of a picture drawn in pieces): their values
//! and, in one table, their layout. The GLSL
//! uniform block, the Shadertoy stand-ins, the packing the renderer uploads,
//! the web page's packing ([`web_js`]), what the engine exports give them
//! ([`host_values`]) and the sizes the JSON export states are all written
//! from [`SLOTS`], so they cannot drift apart.

/// Per-frame values outside the network: time, frame, mouse, camera override.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Globals {
    pub time: f32,
    pub frame: u32,
    pub delta: f32,
    pub mouse: [f32; 4],
    /// Orbit camera from the viewer: position, target, vertical fov in degrees.
    pub camera: Option<([f32; 3], [f32; 3], f32)>,
    /// Draw only a tile of a larger picture (see [`Tile`]); `None` draws
    /// the whole picture at the target's size.
    pub tile: Option<Tile>,
}

/// A rectangle of a larger picture drawn on its own: the target is the
/// tile's size, while the shader sees the whole picture's resolution and
/// the tile's offset, so every pixel gets the coordinate (and so the value)
/// it has in the whole picture. Offsets are integers, so the sums stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tile {
    /// Left and top edges of the tile in the whole picture, in pixels (top-left origin).
    pub x: u32,
    pub y: u32,
    /// Size of the whole picture.
    pub full_width: u32,
    pub full_height: u32,
}

impl Default for Globals {
    fn default() -> Self {
        Globals {
            time: 0.0,
            frame: 0,
            delta: 1.0 / 60.0,
            mouse: [0.0; 4],
            camera: None,
            tile: None,
        }
    }
}

/// One `vec4` of the uniform block.
pub struct Slot {
    /// The GLSL member name.
    pub name: &'static str,
    /// What its four components hold, for people and the JSON export.
    pub doc: &'static str,
    /// The same value in a Shadertoy image pass, from Shadertoy's uniforms.
    pub shadertoy: &'static str,
    /// The same value in the exported web page: a JavaScript array of four
    /// numbers from the page's `time`, `frame`, `delta`, `width`, `height`
    /// and `camera` (`null`, or `{ position, target, fov }` of its orbit).
    pub web: &'static str,
    /// The same value in an engine export, per component, from what the
    /// engine gives (its clock and the picture's size).
    pub host: fn(&HostInputs) -> [String; 4],
    /// Its value for a frame of `width` x `height` pixels (the whole
    /// picture's size when drawing a tile).
    pub pack: fn(&Globals, u32, u32) -> [f32; 4],
}

/// The uniform block at set 0, binding 0, in order: slot k is bytes 16k..16k+16.
pub const SLOTS: [Slot; 6] = [
    Slot {
        name: "rk_time",
        doc: "time in seconds, frame number, seconds since the last frame, 0",
        shadertoy: "vec4(iTime, float(iFrame), iTimeDelta, 0.0)",
        web: "[time, frame, delta, 0]",
        host: |h| {
            [
                h.time.into(),
                format!("floor({} * 60.0)", h.time),
                h.delta.into(),
                "0.0".into(),
            ]
        },
        pack: |g, _, _| [g.time, g.frame as f32, g.delta, 0.0],
    },
    Slot {
        name: "rk_resolution",
        doc: "width, height, 1/width, 1/height in pixels",
        shadertoy: "vec4(iResolution.xy, 1.0 / iResolution.xy)",
        web: "[width, height, 1 / width, 1 / height]",
        host: |h| {
            let r = h.resolution;
            [
                format!("{r}.x"),
                format!("{r}.y"),
                format!("1.0 / {r}.x"),
                format!("1.0 / {r}.y"),
            ]
        },
        pack: |g, w, h| {
            let (w, h) = g.tile.map_or((w, h), |t| (t.full_width, t.full_height));
            [w as f32, h as f32, 1.0 / w as f32, 1.0 / h as f32]
        },
    },
    Slot {
        name: "rk_mouse",
        doc: "mouse as Shadertoy's iMouse: position, click position",
        shadertoy: "iMouse",
        web: "[0, 0, 0, 0]",
        host: zeros,
        pack: |g, _, _| g.mouse,
    },
    Slot {
        name: "rk_camPos",
        doc: "camera override position xyz; w: 1 when the override is on",
        shadertoy: "vec4(0.0)",
        web: "camera ? [...camera.position, 1] : [0, 0, 0, 0]",
        host: zeros,
        pack: |g, _, _| match g.camera {
            Some((p, _, _)) => [p[0], p[1], p[2], 1.0],
            None => [0.0; 4],
        },
    },
    Slot {
        name: "rk_camTarget",
        doc: "camera override target xyz; w: vertical field of view in degrees",
        shadertoy: "vec4(0.0)",
        web: "camera ? [...camera.target, camera.fov] : [0, 0, 0, 0]",
        host: zeros,
        pack: |g, _, _| match g.camera {
            Some((_, t, fov)) => [t[0], t[1], t[2], fov],
            None => [0.0; 4],
        },
    },
    Slot {
        name: "rk_view",
        doc: "tile offset x, y in pixels (top-left origin) within the whole picture; 0, 0",
        shadertoy: "vec4(0.0)",
        web: "[0, 0, 0, 0]",
        host: zeros,
        pack: |g, _, _| match g.tile {
            Some(t) => [t.x as f32, t.y as f32, 0.0, 0.0],
            None => [0.0; 4],
        },
    },
];

/// What an engine gives ropkit's globals, as text in its language: its
/// clock in seconds, the seconds a frame lasts, and the picture's size in
/// pixels (a 2-vector). The engines have no mouse, no camera override and
/// draw no tiles: those globals are zero.
pub struct HostInputs<'a> {
    pub time: &'a str,
    pub delta: &'a str,
    pub resolution: &'a str,
}

fn zeros(_: &HostInputs) -> [String; 4] {
    ["0.0".into(), "0.0".into(), "0.0".into(), "0.0".into()]
}

/// Each global's components in an engine export, in block order.
pub fn host_values(inputs: &HostInputs) -> Vec<[String; 4]> {
    SLOTS.iter().map(|s| (s.host)(inputs)).collect()
}

/// The web page's globals, as JavaScript: the block's size in floats and
/// `rkGlobals(time, frame, delta, width, height, camera)`, the block's
/// contents for a frame (see [`Slot::web`]).
pub fn web_js() -> String {
    let mut s = format!(
        "// ropkit's per-frame globals, written from its table (src/globals.rs).\n\
         const RK_GLOBAL_FLOATS = {};\n\
         function rkGlobals(time, frame, delta, width, height, camera) {{\n\
         \x20 return new Float32Array([\n",
        GLOBAL_VEC4S * 4
    );
    for slot in &SLOTS {
        s.push_str(&format!("    ...({}), // {}\n", slot.web, slot.name));
    }
    s.push_str("  ]);\n}\n");
    s
}

/// Number of `vec4` globals in the uniform block.
pub const GLOBAL_VEC4S: usize = SLOTS.len();

/// Bytes of the uniform block.
pub const GLOBALS_BYTES: usize = GLOBAL_VEC4S * 16;

impl Globals {
    /// The uniform block's contents for a frame of `width` x `height`.
    pub fn pack(&self, width: u32, height: u32) -> [[f32; 4]; GLOBAL_VEC4S] {
        std::array::from_fn(|i| (SLOTS[i].pack)(self, width, height))
    }
}

/// The GLSL declaration of the block (Vulkan GLSL, set 0, binding 0).
pub fn glsl_block() -> String {
    let mut s = String::from("layout(set = 0, binding = 0) uniform Globals {\n");
    for slot in &SLOTS {
        s.push_str(&format!("  vec4 {};\n", slot.name));
    }
    s.push_str("};");
    s
}

/// Each global as a macro over Shadertoy's uniforms.
pub fn shadertoy_defines() -> String {
    SLOTS
        .iter()
        .map(|s| format!("#define {} {}", s.name, s.shadertoy))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each global as `name (what it holds)`, in block order, for the JSON export.
pub fn described() -> Vec<String> {
    SLOTS
        .iter()
        .map(|s| format!("{} ({})", s.name, s.doc))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The declared block, read back by naga, has the members of the table
    /// at 16-byte steps, and the packing has a value for each.
    #[test]
    fn glsl_block_packing_and_export_agree() {
        let src = format!(
            "#version 450\n{}\nlayout(location = 0) out vec4 o;\nvoid main() {{ o = {}; }}\n",
            glsl_block(),
            SLOTS.iter().map(|s| s.name).collect::<Vec<_>>().join(" + ")
        );
        let module = naga::front::glsl::Frontend::default()
            .parse(
                &naga::front::glsl::Options::from(naga::ShaderStage::Fragment),
                &src,
            )
            .expect("the globals block parses");
        let block = module
            .types
            .iter()
            .find(|(_, t)| t.name.as_deref() == Some("Globals"))
            .expect("a Globals struct");
        let naga::TypeInner::Struct { members, span } = &block.1.inner else {
            panic!("Globals is not a struct");
        };
        assert_eq!(*span as usize, GLOBALS_BYTES);
        assert_eq!(members.len(), SLOTS.len());
        for (k, (m, slot)) in members.iter().zip(&SLOTS).enumerate() {
            assert_eq!(m.name.as_deref(), Some(slot.name));
            assert_eq!(m.offset as usize, 16 * k, "{}", slot.name);
        }
        let g = Globals {
            time: 2.5,
            frame: 7,
            delta: 0.25,
            mouse: [1.0, 2.0, 3.0, 4.0],
            camera: Some(([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], 40.0)),
            tile: None,
        };
        let packed = g.pack(200, 100);
        assert_eq!(packed[0], [2.5, 7.0, 0.25, 0.0]);
        assert_eq!(packed[1], [200.0, 100.0, 0.005, 0.01]);
        assert_eq!(packed[3], [1.0, 2.0, 3.0, 1.0]);
        assert_eq!(packed[4], [4.0, 5.0, 6.0, 40.0]);
        assert_eq!(packed[5], [0.0; 4]);
        // A tile: the whole picture's resolution, the tile's offset.
        let tiled = Globals {
            tile: Some(Tile {
                x: 64,
                y: 32,
                full_width: 400,
                full_height: 200,
            }),
            ..g
        };
        let packed = tiled.pack(50, 40);
        assert_eq!(packed[1], [400.0, 200.0, 0.0025, 0.005]);
        assert_eq!(packed[5], [64.0, 32.0, 0.0, 0.0]);
        // Every Shadertoy stand-in defines a member of the block, in order.
        let defines = shadertoy_defines();
        let names: Vec<_> = defines
            .lines()
            .map(|l| l.split_whitespace().nth(1).unwrap_or(""))
            .collect();
        assert_eq!(names, SLOTS.iter().map(|s| s.name).collect::<Vec<_>>());
        assert_eq!(described().len(), GLOBAL_VEC4S);
        // The web page's packing and the engines' values: one entry a slot,
        // in block order.
        let js = web_js();
        assert!(js.contains(&format!("const RK_GLOBAL_FLOATS = {};", GLOBAL_VEC4S * 4)));
        let order: Vec<usize> = SLOTS
            .iter()
            .map(|s| js.find(&format!("// {}\n", s.name)).expect(s.name))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{js}");
        let host = host_values(&HostInputs {
            time: "T",
            delta: "D",
            resolution: "R",
        });
        assert_eq!(host.len(), GLOBAL_VEC4S);
        assert_eq!(host[0], ["T", "floor(T * 60.0)", "D", "0.0"]);
        assert_eq!(host[1], ["R.x", "R.y", "1.0 / R.x", "1.0 / R.y"]);
        assert!(host[2..].iter().flatten().all(|c| c == "0.0"));
    }
}
